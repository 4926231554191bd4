"""The lobby by push (``/ws/lobby``): the open seeks, who is online and how many play each
game, sent to every lobby socket when they change, instead of each page asking every few seconds.

``LobbyHub`` reads the seeks once a second for all the sockets of this process (one query,
however many lobbies are open) and sends what changed since it looked last; a new socket gets
the list at once. With several processes each has its hub, reading the same
database, and who is online counts the user sockets of every process (``UserChannels``). The
socket reads only pings.
"""

import asyncio

from fastapi import APIRouter, WebSocket

from gamehall.server.auth import same_origin, session_of
from gamehall.server.services import services_of
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.socket_places import take_place
from gamehall.server.ws import POLICY_VIOLATION, answer_pings

router = APIRouter()


@router.websocket("/ws/lobby")
async def lobby_socket(websocket: WebSocket) -> None:
    """The open seeks, now and whenever they change (``docs/protocol.md``)."""
    if not same_origin(websocket):
        await websocket.close(POLICY_VIOLATION, "connections from other sites are not accepted")
        return
    hall = services_of(websocket)
    hub = hall.lobby
    session = await hall.workers.store(session_of, websocket)
    await websocket.accept()
    place = await take_place(websocket, session)
    if place is None:
        return
    connection = SocketConnection(None)
    writer = asyncio.create_task(connection.write_to(websocket, hall.workers))
    if hub.seeks is None or not hub.sockets:
        await hub.look()
    connection.send(hub.message())
    connection.send(hub.online_message().wire())
    connection.send(hub.playing_message().wire())
    hub.sockets.add(connection)
    try:
        await answer_pings(websocket, connection, hall.live.clock, place.key)
    finally:
        hub.sockets.discard(connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)
        await hall.sockets.release(place)
