"""Chat in a match (``/ws/chat/{match_id}``): two rooms, the players' and the spectators'
(a spectator never writes to the players during their game, and they do not read the
spectators). Anybody logged in may write in his room; a visitor without a session reads
the spectators' room only.

A message is plain text of 1 to ``MAX_TEXT`` characters (control characters, bidirectional
controls and zero-width characters taken out, a zero-width joiner inside an emoji sequence
kept; the pages show it as text, never as HTML), at most ``GAMEHALL_RATE_CHAT`` (one a second)
per account over all its sockets. Every frame, a message or not, counts against the sockets'
frame limits too (``GAMEHALL_RATE_ACTIONS`` per socket, ``GAMEHALL_RATE_ACTIONS_ACCOUNT`` per
account, else address), as on the other sockets. Rooms keep their last
``HISTORY`` messages in this process's memory, for a socket that joins later: a restart
forgets them. With several processes a message goes to the room's sockets on every process
(through the ``Bus``: ``chat:<match>/<room>``); each process keeps the history of the rooms
somebody is in on it, so one that joins a room empty on his process sees only what is said
from then on.
"""

import asyncio
import unicodedata
from typing import Literal

from fastapi import APIRouter, WebSocket
from pydantic import TypeAdapter, ValidationError

from gamehall.server.guards import loads_shallow
from gamehall.server.limits import RateLimitedError
from gamehall.server.protocol.chat import ChatError, ChatHello, ChatLine, Say
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.socket_places import take_place
from gamehall.server.ws import MAX_FRAME, count_frame, new_socket_key, open_match_socket

router = APIRouter()

MAX_TEXT = 300
"""The longest message, in characters."""
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e") | frozenset(
    "\u2066\u2067\u2068\u2069"
)
"""Unicode's Bidi_Control characters: they reorder the text around them (a name or a link can
be made to read backwards), so a message never carries them."""
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")
"""Characters that show nothing: they make two texts that look alike differ."""
ZWJ = "\u200d"
EMOJI_TAILS = frozenset("\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")
"""What may follow an emoji inside its sequence, before a joiner: the emoji presentation
selector and the skin tones."""


def clean_text(text: object) -> tuple[str, str | None]:
    """A message's text without control characters, bidirectional controls and zero-width
    characters (``visible``), and why it cannot be sent (or None)."""
    if not isinstance(text, str):
        return "", "a chat message is a text"
    spaced = text.replace("\n", " ").replace("\t", " ")
    kept = visible("".join(ch for ch in spaced if unicodedata.category(ch) != "Cc")).strip()
    if not kept:
        return "", "write something first"
    if len(kept) > MAX_TEXT:
        return "", f"a message has at most {MAX_TEXT} characters; this one has {len(kept)}"
    return kept, None


def visible(text: str) -> str:
    """``text`` without bidirectional controls and zero-width characters, but for a
    zero-width joiner between two pictographs (an emoji sequence such as the family 👨‍👩‍👧)."""
    kept: list[str] = []
    for index, char in enumerate(text):
        if char in BIDI_CONTROLS:
            continue
        if (char == ZWJ and _joins_emoji(text, index)) or char not in ZERO_WIDTH:
            kept.append(char)
    return "".join(kept)


def _joins_emoji(text: str, index: int) -> bool:
    """Whether the joiner at ``index`` stands between two pictographs (after the first's
    presentation selector or skin tone)."""
    before = text[:index].rstrip("".join(EMOJI_TAILS))
    after = text[index + 1 : index + 2]
    return bool(before) and bool(after) and _pictograph(before[-1]) and _pictograph(after)


def _pictograph(char: str) -> bool:
    """Whether ``char`` is an emoji's pictograph: a symbol of the emoji blocks (U+1F000 on)
    or of the older pictographic ones (arrows to dingbats, U+2190 to U+2BFF)."""
    point = ord(char)
    symbol = unicodedata.category(char) == "So"
    return symbol and (0x1F000 <= point <= 0x1FAFF or 0x2190 <= point <= 0x2BFF)


SAY: TypeAdapter[Say] = TypeAdapter(Say)


def read_say(text: str) -> Say | None:
    """What a frame says, or None if it is not a ``say`` (not JSON, too long or too deep,
    another type)."""
    try:  # a frame the match socket would refuse: too long, nested too deep
        message = loads_shallow(text) if len(text) <= MAX_FRAME else None
        return SAY.validate_python(message)
    except (ValueError, ValidationError):
        return None


@router.websocket("/ws/chat/{match_id}")
async def chat_socket(websocket: WebSocket, match_id: str) -> None:
    """The chat room of a match the session belongs in (``docs/protocol.md``)."""
    opened = await open_match_socket(websocket, match_id)
    if opened is None:
        return
    hall, session, live = opened
    seat = live.seat_of(session.user.id if session else None)
    name = session.user.name if session else None
    kind: Literal["players", "spectators"] = "players" if seat is not None else "spectators"
    room = (match_id, kind)
    rooms = hall.chat
    await websocket.accept()
    place = await take_place(websocket, session)
    if place is None:
        return
    connection = SocketConnection(seat)
    writer = asyncio.create_task(connection.write_to(websocket, hall.workers))
    history = rooms.join(room, connection)
    socket_key = new_socket_key()
    connection.send(ChatHello(room=kind, can_write=name is not None, messages=history).wire())
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            try:  # every frame, whatever it is, per socket and per account (else address)
                await count_frame(hall.limits, socket_key, place.key, seated=False)
            except RateLimitedError as exc:
                connection.send(ChatError(message=str(exc.detail)).wire())
                continue
            said = read_say(frame.get("text") or "")
            problem = None
            if said is None:
                problem = 'send {"type": "say", "text": "..."}'
            elif session is None:
                problem = "log in (or play as a guest) to write in the chat"
            else:
                text, problem = clean_text(said.text)
                if problem is None:
                    try:  # per account, over all his sockets (and processes)
                        await hall.limits.hit("chat", f"user:{session.user.id}")
                    except RateLimitedError as exc:
                        problem = str(exc.detail)
                    else:
                        line = ChatLine(from_=session.user.name, text=text, time=hall.live.clock())
                        rooms.say(room, line)
                        continue
            connection.send(ChatError(message=problem or "").wire())
    finally:
        rooms.leave(room, connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)
        await hall.sockets.release(place)
