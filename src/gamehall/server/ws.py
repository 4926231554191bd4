"""The WebSocket of a match (``/ws/matches/{id}``): players act on it, everybody watches.

The socket checks the frame (size, JSON, type) and who is on it; the live-match manager does the
rest. A frame that cannot be used is answered with an ``error`` to its sender and changes
nothing. Messages to the socket go through a bounded queue, so that a slow reader never holds
up a match: one that falls too far behind is disconnected (it can reconnect and get a new
``hello``).
"""

import asyncio
import itertools
import time
from collections.abc import Callable

from fastapi import APIRouter, WebSocket
from pydantic import TypeAdapter, ValidationError

from gamehall.errors import GameError
from gamehall.jsontext import JsonValue, loads
from gamehall.play.actions import action_from_dict
from gamehall.server.auth import same_origin, session_of
from gamehall.server.figures import acted_in
from gamehall.server.guards import MAX_JSON_DEPTH, nests_deeper
from gamehall.server.language import reader_language
from gamehall.server.limits import RateLimitedError, RateLimits
from gamehall.server.live import LiveMatch, NoSuchMatchError
from gamehall.server.live.manager import PlayerAction
from gamehall.server.live.presence import ClaimAbandoned
from gamehall.server.logs import match_context
from gamehall.server.protocol import schema as protocol_schema
from gamehall.server.protocol.common import Ping, Pong, SocketError
from gamehall.server.protocol.match import ActionFrame, MatchClientMessage
from gamehall.server.refusals import game_said
from gamehall.server.services import Services, services_of
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.socket_places import take_place
from gamehall.store import SessionInfo

router = APIRouter()
router.include_router(protocol_schema.router)  # the sockets' protocol, beside the OpenAPI

MAX_FRAME = 8192
"""The longest frame a client may send, in characters (an action is far shorter)."""
MAX_WIRE_FRAME = 1024 * 1024
"""The longest frame the server reads at all, in bytes (``ws_max_size``): a longer one than
``MAX_FRAME`` up to this is answered with an error, a longer one still closes the socket
(1009, as WebSocket servers do)."""

SOCKET_NUMBERS = itertools.count(1)
"""Each socket's number in this process: its frames are counted under it."""


def new_socket_key() -> str:
    """The key a new socket's frames are counted under (in this process's memory)."""
    return f"socket:{next(SOCKET_NUMBERS)}"


POLICY_VIOLATION = 1008
NO_SUCH_MATCH = 4404


async def answer_pings(
    websocket: WebSocket, connection: SocketConnection, now: Callable[[], float], owner: str
) -> None:
    """Read a socket that only takes pings until it closes: a pong with the server's time for
    each ping, the protocol's error for anything else, and for frames beyond the socket's
    limit (``rate_actions``) or its ``owner``'s over all his sockets (``rate_actions_account``)."""
    limits = services_of(websocket).limits
    socket_key = new_socket_key()
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        read = read_frame(frame.get("text") or "")
        try:
            await count_frame(limits, socket_key, owner, seated=False)
        except RateLimitedError as exc:
            connection.send(too_many(read, exc).wire())
            continue
        if isinstance(read, Ping):
            connection.send(Pong(time=now()).wire())
        elif isinstance(read, ActionFrame):
            connection.send(
                SocketError(
                    ref=read.ref, code="pings-only", message="this socket only takes pings"
                ).wire()
            )
        else:
            connection.send(read.wire())


MATCH_FRAMES: TypeAdapter[ActionFrame | Ping] = TypeAdapter(MatchClientMessage)
"""A client's frame on a match's socket, read through the protocol's union."""


def read_frame(text: str) -> ActionFrame | Ping | SocketError:
    """The message of a frame or, if it cannot be used, the error that says why (in the
    player's words)."""
    if len(text) > MAX_FRAME:
        return SocketError(
            code="too-long", message=f"that message is too long: at most {MAX_FRAME} characters"
        )
    if nests_deeper(text, MAX_JSON_DEPTH):
        return SocketError(
            code="too-deep", message=f"that message nests too deep: at most {MAX_JSON_DEPTH} levels"
        )
    try:
        message: JsonValue = loads(text)
    except ValueError:
        return SocketError(
            code="not-json", message="that is not JSON: send a JSON object with a type"
        )
    if not isinstance(message, dict):
        return SocketError(code="not-an-object", message="send a JSON object with a type")
    try:
        return MATCH_FRAMES.validate_python(message)
    except ValidationError as exc:
        return SocketError(
            ref=message.get("ref"), code="bad-message", message=_problem(message.get("type"), exc)
        )


def _problem(kind: JsonValue, exc: ValidationError) -> str:
    """Why a JSON object is not a frame of the match's socket."""
    fields = {str(part) for error in exc.errors() for part in error["loc"]}
    if "action" not in fields:
        return f"unknown message type {kind!r}: send an action or a ping"
    if "kind" in fields:
        return 'an action needs its kind, e.g. {"kind": "roll"}'
    if "data" in fields:
        return "an action's data must be a JSON object"
    return f"that action cannot be read: {exc.errors()[0]['msg']}"


def too_many(read: ActionFrame | Ping | SocketError, exc: RateLimitedError) -> SocketError:
    """The error of a frame over its socket's limit, with the frame's ``ref`` if it has one."""
    ref = read.ref if isinstance(read, ActionFrame | SocketError) else None
    return SocketError(ref=ref, code="too-many-requests", message=exc.detail)


def read_action(frame: ActionFrame) -> PlayerAction | GameError:
    """The action of an action frame or, if it is not one, the refusal saying why (with its
    reason): the play layer's declared shape (``action_from_dict``), or the server's
    ``claim_abandoned``."""
    kind, data = frame.kind, frame.data
    if "kind" in data:
        return GameError(
            "an action's data has no 'kind': give it as the action's kind", reason="kind-in-data"
        )
    if kind == ClaimAbandoned.kind:
        if data:
            return GameError(
                "claim_abandoned takes no data", reason="takes-no-data", kind=ClaimAbandoned.kind
            )
        return ClaimAbandoned()
    try:
        return action_from_dict({**data, "kind": kind})
    except GameError as exc:
        return exc


async def open_match_socket(
    websocket: WebSocket, match_id: str
) -> tuple[Services, SessionInfo | None, LiveMatch] | None:
    """The services, the session (None: nobody logged in) and the live match of a socket
    opened on ``match_id``; None once the socket is closed with the reason (another site's
    page, no such match). The socket is not accepted yet."""
    if not same_origin(websocket):
        await websocket.close(POLICY_VIOLATION, "connections from other sites are not accepted")
        return None
    hall = services_of(websocket)
    session = await hall.workers.store(session_of, websocket)
    try:
        live = await hall.live.get(match_id)
    except NoSuchMatchError:
        await websocket.close(NO_SUCH_MATCH, f"there is no match {match_id}")
        return None
    return hall, session, live


@router.websocket("/ws/matches/{match_id}")
async def match_socket(websocket: WebSocket, match_id: str) -> None:
    """Watch a match, and play it from a player's session (``docs/protocol.md``)."""
    with match_context(match_id):  # every line logged for the socket names the match
        opened = await open_match_socket(websocket, match_id)
        if opened is None:
            return
        hall, session, live = opened
        await websocket.accept()
        place = await take_place(websocket, session)
        if place is None:
            return
        seat = live.seat_of(session.user.id if session else None)
        connection = SocketConnection(seat, reader_language(websocket))
        writer = asyncio.create_task(connection.write_to(websocket, hall.workers))
        try:
            await hall.live.join(live, connection)
            try:
                await _serve(websocket, live, connection, place.key)
            finally:
                await hall.live.leave(live, connection)
        finally:
            connection.close()
            await asyncio.gather(writer, return_exceptions=True)
            await hall.sockets.release(place)


async def _serve(
    websocket: WebSocket, live: LiveMatch, connection: SocketConnection, sender: str
) -> None:
    """Answer the socket's frames until it closes; ``sender`` is the key its account (else its
    address) is counted under."""
    hall = services_of(websocket)
    socket_key = new_socket_key()
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        if text is None:
            raw = frame.get("bytes") or b""
            try:
                text = raw.decode("utf-8") if len(raw) <= MAX_FRAME * 4 else "x" * (MAX_FRAME + 1)
            except UnicodeDecodeError:
                connection.send(
                    SocketError(code="text-frames-only", message="send text frames").wire()
                )
                continue
        read = read_frame(text)
        seated_action = isinstance(read, ActionFrame) and connection.seat is not None
        try:
            await count_frame(hall.limits, socket_key, sender, seated_action)
        except RateLimitedError as exc:
            connection.send(too_many(read, exc).wire())
            continue
        if isinstance(read, ActionFrame):
            action = read_action(read)
            if isinstance(action, GameError):
                said = game_said(action, connection.language, "bad-action")
                bad = SocketError(
                    ref=read.ref, code="bad-action", message=said, reason=action.reason
                )
                connection.send(bad.wire())
            else:
                began = time.perf_counter()
                refused = await hall.live.act(live, connection, action, read.ref)
                acted_in(live.match.settings.game, began, refused)
        elif isinstance(read, Ping):
            connection.send(Pong(time=hall.live.clock()).wire())
        else:
            connection.send(read.wire())


async def count_frame(limits: RateLimits, socket_key: str, sender: str, seated: bool) -> None:
    """Count a frame against its socket's limit and its sender's over all his sockets
    (``RateLimitedError`` over either). A seated player's action is never refused for the
    sender's other sockets' frames: only its own socket's count can stop it."""
    await limits.hit_here("actions", socket_key)
    if seated:
        await limits.count("actions_account", sender)
    else:
        await limits.hit("actions_account", sender)
