"""The lobby by push (``/ws/lobby``): the open seeks and who is online, sent to every lobby
socket when they change, instead of each page asking every few seconds.

``LobbyHub`` reads the seeks once a second for all the sockets of this process (one query,
however many lobbies are open) and sends them only when they differ from what it sent last;
a new socket gets the list at once. With several processes each has its hub, reading the same
database, and who is online counts the user sockets of every process (``UserChannels``). The
socket reads only pings.
"""

import asyncio
import logging

from fastapi import APIRouter, WebSocket

from gamehall.server.auth import same_origin, services_of
from gamehall.server.background import Background
from gamehall.server.protocol.lobby import Online, SeekList
from gamehall.server.schemas import SeekView
from gamehall.server.user_socket import UserChannels
from gamehall.server.ws import POLICY_VIOLATION, SocketConnection, answer_pings
from gamehall.store import Store

log = logging.getLogger(__name__)

router = APIRouter()

INTERVAL = 1.0
"""Seconds between two looks at the seeks."""


class LobbyHub(Background):
    """The lobby sockets of this process and the seek list they were last sent."""

    def __init__(
        self, store: Store, channels: UserChannels | None = None, interval: float = INTERVAL
    ) -> None:
        self.store = store
        self.channels = channels
        self.interval = interval
        self.sockets: set[SocketConnection] = set()
        self.seeks: list[SeekView] | None = None
        self.online: list[str] = []

    def message(self) -> SeekList:
        """What a lobby socket is sent: the open seeks."""
        return SeekList(seeks=self.seeks or [])

    def online_message(self) -> Online:
        """Who is online (has a user socket open on any process), in alphabetical order."""
        return Online(players=self.online)

    async def look(self) -> bool:
        """Read the seeks and who is online; send what changed to every socket. Returns
        whether the seeks changed."""
        online = self.channels.online() if self.channels is not None else []
        if online != self.online:
            self.online = online
            online_message = self.online_message().wire()
            for connection in list(self.sockets):
                connection.send(online_message)
        stored = await asyncio.to_thread(self.store.list_seeks)
        seeks = [SeekView.model_validate(seek.to_dict()) for seek in stored]
        if seeks == self.seeks:
            return False
        self.seeks = seeks
        message = self.message().wire()
        for connection in list(self.sockets):
            connection.send(message)
        return True

    async def _run(self) -> None:
        while True:
            if self.sockets:
                try:
                    await self.look()
                except Exception:  # a bad moment of the database: the next look tries again
                    log.exception("the lobby hub could not read the seeks")
            await asyncio.sleep(self.interval)


def hub_of(websocket: WebSocket) -> LobbyHub:
    """The app's lobby hub."""
    hub = websocket.app.state.lobby
    assert isinstance(hub, LobbyHub)
    return hub


@router.websocket("/ws/lobby")
async def lobby_socket(websocket: WebSocket) -> None:
    """The open seeks, now and whenever they change (``docs/protocol.md``)."""
    if not same_origin(websocket):
        await websocket.close(POLICY_VIOLATION, "connections from other sites are not accepted")
        return
    hall = services_of(websocket)
    hub = hub_of(websocket)
    await websocket.accept()
    connection = SocketConnection(None)
    writer = asyncio.create_task(connection.write_to(websocket))
    if hub.seeks is None or not hub.sockets:
        await hub.look()
    connection.send(hub.message().wire())
    connection.send(hub.online_message().wire())
    hub.sockets.add(connection)
    try:
        await answer_pings(websocket, connection, hall.live.clock)
    finally:
        hub.sockets.discard(connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)
