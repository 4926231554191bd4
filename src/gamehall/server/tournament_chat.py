"""A tournament's chat (``/ws/tournaments/{id}/chat``), one room for every format.

Anybody who can see the tournament (its page is public) reads it; its entrants (a player who
withdrew or left an arena included, while his entry stands), its maker and the site's
operators write in it, logged in: the talk stays with the people taking part, and the maker and
the operators can answer them. A line is admitted as in every chat (``chat_lines.admit_line``:
its length, characters and the writer's rate), kept in the store first, then sent to the
room's sockets on every process (``ChatRooms``, through the ``Bus``); a socket that opens gets
the last ``HISTORY`` lines from the store, then joins the room (a line said in the moment
between the two reaches the others, and this page when it is opened again).
"""

import asyncio

from fastapi import APIRouter, WebSocket

from gamehall.server.auth import same_origin, session_of
from gamehall.server.chat_lines import ChatRefusedError, admit_line, chat_frames, writer
from gamehall.server.language import reader_language
from gamehall.server.protocol.chat import ChatError, ChatLine
from gamehall.server.protocol.tournament_chat import TournamentChatHello
from gamehall.server.services import services_of
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.socket_places import take_place
from gamehall.server.ws import POLICY_VIOLATION, new_socket_key
from gamehall.store import User
from gamehall.store.tournament_chat import TournamentChatLine
from gamehall.store.tournaments import StoredTournament
from gamehall.words import words

HISTORY = 50
"""The lines a page gets on opening."""
ROOM = "tournament"
"""The room's name beside the tournament's id (a match's rooms are ``players`` and
``spectators``, so the two never meet)."""
NO_SUCH_TOURNAMENT = 4404
"""The close code for a socket on a tournament that does not exist."""

router = APIRouter()


def may_write(stored: StoredTournament, user: User | None) -> bool:
    """Whether ``user`` writes in the tournament's chat: an entrant, its maker, an operator."""
    if user is None:
        return False
    return user.operator or user.name == stored.created_by or user.name in stored.entries


def line_of(kept: TournamentChatLine) -> ChatLine:
    """A stored line as the socket sends it."""
    return ChatLine(
        id=f"t{kept.id}", from_=kept.name, text=kept.text, time=kept.said_at.timestamp()
    )


@router.websocket("/ws/tournaments/{tournament_id}/chat")
async def tournament_chat_socket(websocket: WebSocket, tournament_id: int) -> None:
    """The tournament's chat: its last lines, then every line said (``docs/protocol.md``)."""
    if not same_origin(websocket):
        await websocket.close(POLICY_VIOLATION, "connections from other sites are not accepted")
        return
    hall = services_of(websocket)
    session = await hall.workers.store(session_of, websocket)
    tournaments = hall.store.tournaments
    stored = await hall.workers.store(tournaments.get, tournament_id)
    if stored is None:
        await websocket.close(NO_SUCH_TOURNAMENT, f"there is no tournament {tournament_id}")
        return
    user = session.user if session else None
    said = words(reader_language(websocket))
    await websocket.accept()
    place = await take_place(websocket, session)
    if place is None:
        return
    connection = SocketConnection(None)
    writer = asyncio.create_task(connection.write_to(websocket, hall.workers))
    socket_key = new_socket_key()
    room = (str(tournament_id), ROOM)
    kept = await hall.workers.store(hall.store.tournament_chat.last, tournament_id, HISTORY)
    hello = TournamentChatHello(
        tournament=tournament_id,
        can_write=may_write(stored, user),
        messages=[line_of(line) for line in kept],
    )
    connection.send(hello.wire())
    hall.chat.join(room, connection)
    try:
        async for text in chat_frames(websocket, hall, connection, socket_key, place.key):
            try:
                await _say(websocket, tournament_id, user, text)
            except ChatRefusedError as exc:
                connection.send(ChatError(code=exc.reason, message=said.refusal(exc)).wire())
    finally:
        hall.chat.leave(room, connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)
        await hall.sockets.release(place)


async def _say(websocket: WebSocket, tournament_id: int, user: User | None, frame: str) -> None:
    """Admit, keep and send a line of ``user``; ``ChatRefusedError`` saying why not."""
    hall = services_of(websocket)
    author = writer(user)
    # who is entered changes while the socket is open: asked at every line
    stored = await hall.workers.store(hall.store.tournaments.get, tournament_id)
    if stored is None or not may_write(stored, author):
        raise ChatRefusedError(
            "only the tournament's players, its maker and the operators write in its chat",
            reason="chat-not-entered",
        )
    line = await admit_line(hall, author, frame, hall.live.clock())
    kept = await hall.workers.store(
        hall.store.tournament_chat.say, tournament_id, author.id, line.text
    )
    hall.chat.say((str(tournament_id), ROOM), line_of(kept))
