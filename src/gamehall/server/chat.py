"""Chat in a match (``/ws/chat/{match_id}``): two rooms, the players' and the spectators'
(a spectator never writes to the players during their game, and they do not read the
spectators). Anybody logged in may write in his room; a visitor without a session reads
the spectators' room only.

A message is plain text of 1 to ``MAX_TEXT`` characters (control characters taken out; the
pages show it as text, never as HTML), at most one a second per socket. Rooms keep their last
``HISTORY`` messages in this process's memory, for a socket that joins later: a restart
forgets them. With several processes a message goes to the room's sockets on every process
(through the ``Bus``: ``chat:<match>/<room>``); each process keeps the history of the rooms
somebody is in on it, so one that joins a room empty on his process sees only what is said
from then on.
"""

import asyncio
import math
import unicodedata
from typing import Literal

from fastapi import APIRouter, WebSocket
from pydantic import TypeAdapter, ValidationError

from gamehall.server.guards import loads_shallow
from gamehall.server.protocol.chat import ChatError, ChatHello, ChatLine, Say
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.ws import MAX_FRAME, open_match_socket

router = APIRouter()

MAX_TEXT = 300
"""The longest message, in characters."""
MIN_INTERVAL = 1.0
"""Seconds between two messages of one socket."""


def clean_text(text: object) -> tuple[str, str | None]:
    """A message's text without control characters, and why it cannot be sent (or None)."""
    if not isinstance(text, str):
        return "", "a chat message is a text"
    spaced = text.replace("\n", " ").replace("\t", " ")
    kept = "".join(ch for ch in spaced if unicodedata.category(ch) != "Cc").strip()
    if not kept:
        return "", "write something first"
    if len(kept) > MAX_TEXT:
        return "", f"a message has at most {MAX_TEXT} characters; this one has {len(kept)}"
    return kept, None


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
    connection = SocketConnection(seat)
    writer = asyncio.create_task(connection.write_to(websocket, hall.workers))
    history = rooms.join(room, connection)
    connection.send(ChatHello(room=kind, can_write=name is not None, messages=history).wire())
    last = -math.inf  # when this socket last said something, on the server's clock
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            said = read_say(frame.get("text") or "")
            problem = None
            if said is None:
                problem = 'send {"type": "say", "text": "..."}'
            elif name is None:
                problem = "log in (or play as a guest) to write in the chat"
            elif hall.live.clock() - last < MIN_INTERVAL:
                problem = "one message a second, please"
            if said is not None and name is not None and problem is None:
                text, problem = clean_text(said.text)
                if problem is None:
                    last = hall.live.clock()
                    rooms.say(room, ChatLine(from_=name, text=text, time=last))
                    continue
            connection.send(ChatError(message=problem or "").wire())
    finally:
        rooms.leave(room, connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)
