"""The lobby's hub on this process (``LobbyHub``): the open seeks and who is online, read
once a second for every lobby socket and sent when they change (see ``lobby_push.py``)."""

import asyncio
import logging

from gamehall.server.background import Background
from gamehall.server.failures import Failures
from gamehall.server.live.workers import Workers
from gamehall.server.protocol.lobby import Online, SeekList
from gamehall.server.schemas import SeekView
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.user_channels import UserChannels
from gamehall.store import Store

log = logging.getLogger(__name__)

INTERVAL = 1.0
"""Seconds between two looks at the seeks."""


class LobbyHub(Background):
    """The lobby sockets of this process and the seek list they were last sent."""

    def __init__(
        self, store: Store, channels: UserChannels, workers: Workers, interval: float = INTERVAL
    ) -> None:
        self.store = store
        self.channels = channels
        self.workers = workers
        self.interval = interval
        self._failures = Failures("the lobby hub", log)
        self.sockets: set[SocketConnection] = set()
        self.seeks: list[SeekView] | None = None
        self.online: list[str] = []
        self.bots: list[str] = []

    def message(self) -> SeekList:
        """What a lobby socket is sent: the open seeks."""
        return SeekList(seeks=self.seeks or [])

    def online_message(self) -> Online:
        """Who is online (has a user socket open on any process), in alphabetical order."""
        return Online(players=self.online, bots=self.bots)

    async def look(self) -> bool:
        """Read the seeks and who is online; send what changed to every socket. Returns
        whether the seeks changed."""
        online = self.channels.online() if self.channels is not None else []
        if online != self.online:
            self.bots = await self.workers.store(self.store.users.bots_among, online)
            self.online = online
            online_message = self.online_message().wire()
            for connection in list(self.sockets):
                connection.send(online_message)
        stored = await self.workers.store(self.store.offers.list_seeks)
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
                except Exception as exc:  # a bad moment of the database: the next look tries
                    self._failures.failed(exc)
                else:
                    self._failures.succeeded()
            await asyncio.sleep(self.interval)
