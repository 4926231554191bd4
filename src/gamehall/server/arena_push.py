"""Arenas by push (``/ws/arenas/{id}``): an arena's leaderboard and games, sent to every socket
on it when they change, so that its page (a player's, a spectator's) follows it live. The hub
(``arena_hub.py``) reads each watched arena once a second. The socket reads only pings; anyone
may open one (an arena is public, like its page).
"""

import asyncio

from fastapi import APIRouter, WebSocket

from gamehall.server.auth import same_origin, session_of
from gamehall.server.services import services_of
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.socket_places import take_place
from gamehall.server.ws import POLICY_VIOLATION, answer_pings

NO_SUCH_ARENA = 4404
"""The close code for a socket on something that is not an arena."""

router = APIRouter()


@router.websocket("/ws/arenas/{tournament_id}")
async def arena_socket(websocket: WebSocket, tournament_id: int) -> None:
    """The arena's board, now and whenever it changes (``docs/protocol.md``)."""
    if not same_origin(websocket):
        await websocket.close(POLICY_VIOLATION, "connections from other sites are not accepted")
        return
    hall = services_of(websocket)
    hub = hall.arenas
    board = await hall.workers.store(hub.read, tournament_id)
    if board is None:
        await websocket.close(NO_SUCH_ARENA, f"there is no arena {tournament_id}")
        return
    session = await hall.workers.store(session_of, websocket)
    await websocket.accept()
    place = await take_place(websocket, session)
    if place is None:
        return
    connection = SocketConnection(None)
    writer = asyncio.create_task(connection.write_to(websocket, hall.workers))
    connection.send(board.wire())
    hub.add(tournament_id, connection)
    hub.boards.setdefault(tournament_id, board)
    try:
        await answer_pings(websocket, connection, hall.live.clock, place.key)
    finally:
        hub.discard(tournament_id, connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)
        await hall.sockets.release(place)
