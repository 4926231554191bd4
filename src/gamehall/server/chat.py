"""Chat in a match (``/ws/chat/{match_id}``): two rooms, the players' and the spectators'
(a spectator never writes to the players during their game, and they do not read the
spectators). Anybody logged in may write in his room; a visitor without a session reads
the spectators' room only.

What may be said is ``chat_lines.admit_line``'s to say (as for every chat: its length, its
characters, the writer's rate); a refusal comes back in the writer's language with its reason
code. Every frame, a line or not, counts against the sockets' frame limits too
(``GAMEHALL_RATE_ACTIONS`` per socket, ``GAMEHALL_RATE_ACTIONS_ACCOUNT`` per account, else
address), as on the other sockets. Rooms keep their last ``HISTORY`` messages in this process's
memory, for a socket that joins later: a restart forgets them. With several processes a message
goes to the room's sockets on every process (through the ``Bus``: ``chat:<match>/<room>``); each
process keeps the history of the rooms somebody is in on it, so one that joins a room empty on
his process sees only what is said from then on. (A tournament's chat, ``tournament_chat.py``,
shares the rooms but keeps its lines in the store.)
"""

import asyncio
from typing import Literal

from fastapi import APIRouter, WebSocket

from gamehall.server.chat_lines import ChatRefusedError, admit_line, chat_frames
from gamehall.server.language import reader_language
from gamehall.server.protocol.chat import ChatError, ChatHello
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.socket_places import take_place
from gamehall.server.ws import new_socket_key, open_match_socket
from gamehall.words import words

router = APIRouter()


@router.websocket("/ws/chat/{match_id}")
async def chat_socket(websocket: WebSocket, match_id: str) -> None:
    """The chat room of a match the session belongs in (``docs/protocol.md``)."""
    opened = await open_match_socket(websocket, match_id)
    if opened is None:
        return
    hall, session, live = opened
    seat = live.seat_of(session.user.id if session else None)
    user = session.user if session else None
    kind: Literal["players", "spectators"] = "players" if seat is not None else "spectators"
    room = (match_id, kind)
    rooms = hall.chat
    said = words(reader_language(websocket))
    await websocket.accept()
    place = await take_place(websocket, session)
    if place is None:
        return
    connection = SocketConnection(seat)
    writer = asyncio.create_task(connection.write_to(websocket, hall.workers))
    history = rooms.join(room, connection)
    socket_key = new_socket_key()
    connection.send(ChatHello(room=kind, can_write=user is not None, messages=history).wire())
    try:
        async for text in chat_frames(websocket, hall, connection, socket_key, place.key):
            try:
                line = await admit_line(hall, user, text, hall.live.clock())
            except ChatRefusedError as exc:
                connection.send(ChatError(code=exc.reason, message=said.refusal(exc)).wire())
                continue
            rooms.say(room, line)
    finally:
        rooms.leave(room, connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)
        await hall.sockets.release(place)
