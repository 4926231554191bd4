"""The WebSocket of a match (``/ws/matches/{id}``): players act on it, everybody watches.

The socket checks the frame (size, JSON, type) and who is on it; the live-match manager does the
rest. A frame that cannot be used is answered with an ``error`` to its sender and changes
nothing. Messages to the socket go through a bounded queue, so that a slow reader never holds
up a match: one that falls too far behind is disconnected (it can reconnect and get a new
``hello``).
"""

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, WebSocket

from gamehall.errors import GameError
from gamehall.jsontext import loads
from gamehall.play.actions import action_from_dict
from gamehall.server.auth import same_origin, session_of
from gamehall.server.guards import MAX_JSON_DEPTH, nests_deeper
from gamehall.server.limits import RateLimitedError, client_address
from gamehall.server.live import LiveMatch, NoSuchMatchError
from gamehall.server.live.manager import PlayerAction
from gamehall.server.live.presence import ClaimAbandoned
from gamehall.server.services import Services, services_of
from gamehall.server.socket_connection import SocketConnection
from gamehall.store import SessionInfo

router = APIRouter()

MAX_FRAME = 8192
"""The longest frame a client may send, in characters (an action is far shorter)."""
MAX_WIRE_FRAME = 1024 * 1024
"""The longest frame the server reads at all, in bytes (``ws_max_size``): a longer one than
``MAX_FRAME`` up to this is answered with an error, a longer one still closes the socket
(1009, as WebSocket servers do)."""
MAX_KIND = 40

POLICY_VIOLATION = 1008
NO_SUCH_MATCH = 4404


async def answer_pings(
    websocket: WebSocket, connection: SocketConnection, now: Callable[[], float]
) -> None:
    """Read a socket that only takes pings until it closes: a pong with the server's time for
    each ping, the protocol's error for anything else."""
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        message, problem = read_frame(frame.get("text") or "")
        if message.get("type") == "ping":
            connection.send({"type": "pong", "time": now()})
        else:
            connection.send(
                {
                    "type": "error",
                    "ref": message.get("ref"),
                    "message": problem or "this socket only takes pings",
                }
            )


def read_frame(text: str) -> tuple[dict[str, Any], str | None]:
    """The message of a frame and, if it cannot be used, why (in the player's words)."""
    if len(text) > MAX_FRAME:
        return {}, f"that message is too long: at most {MAX_FRAME} characters"
    if nests_deeper(text, MAX_JSON_DEPTH):
        return {}, f"that message nests too deep: at most {MAX_JSON_DEPTH} levels"
    try:
        message = loads(text)
    except ValueError:
        return {}, "that is not JSON: send a JSON object with a type"
    if not isinstance(message, dict):
        return {}, "send a JSON object with a type"
    kind = message.get("type")
    if kind == "ping":
        return message, None
    if kind != "action":
        return message, f"unknown message type {kind!r}: send an action or a ping"
    action = message.get("kind")
    if not isinstance(action, str) or not 0 < len(action) <= MAX_KIND:
        return message, 'an action needs its kind, e.g. {"kind": "roll"}'
    if not isinstance(message.get("data", {}), dict):
        return message, "an action's data must be a JSON object"
    return message, None


def read_action(message: dict[str, Any]) -> tuple[PlayerAction | None, str | None]:
    """The action of a readable action frame (``read_frame``) and, if it is not one, why: the
    play layer's declared shape (``action_from_dict``), or the server's ``claim_abandoned``."""
    kind, data = message["kind"], message.get("data", {})
    if "kind" in data:
        return None, "an action's data has no 'kind': give it as the action's kind"
    if kind == ClaimAbandoned.kind:
        return (None, "claim_abandoned takes no data") if data else (ClaimAbandoned(), None)
    try:
        return action_from_dict({**data, "kind": kind}), None
    except GameError as exc:
        return None, str(exc)


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
    opened = await open_match_socket(websocket, match_id)
    if opened is None:
        return
    hall, session, live = opened
    await websocket.accept()
    connection = SocketConnection(live.seat_of(session.user.id if session else None))
    writer = asyncio.create_task(connection.write_to(websocket, hall.workers))
    await hall.live.join(live, connection)
    try:
        await _serve(websocket, live, connection)
    finally:
        await hall.live.leave(live, connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)


async def _serve(websocket: WebSocket, live: LiveMatch, connection: SocketConnection) -> None:
    """Answer the socket's frames until it closes."""
    hall = services_of(websocket)
    limits = hall.limits
    client = client_address(websocket)
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
                connection.send({"type": "error", "ref": None, "message": "send text frames"})
                continue
        try:
            await limits.hit("actions", client)
        except RateLimitedError as exc:
            connection.send({"type": "error", "ref": None, "message": exc.detail})
            continue
        message, problem = read_frame(text)
        ref = message.get("ref")
        action = None
        if problem is None and message["type"] == "action":
            action, problem = read_action(message)
        if problem is not None:
            connection.send({"type": "error", "ref": ref, "message": problem})
        elif action is None:
            connection.send({"type": "pong", "time": hall.live.clock()})
        else:
            await hall.live.act(live, connection, action, ref)
