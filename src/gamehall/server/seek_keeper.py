"""Seeks last only while their owner is on the site: a seek whose owner has had no user socket
(``/ws/user``, open on every page of a logged-in player) for the grace period is taken down,
so that nobody accepts the seek of a player who closed the browser and waits alone.

The keeper looks every few seconds; an owner is away from the first look that finds him
without a socket, so a seek goes between one and a little over one grace period after its
owner left. With several server processes the owner's socket may be on another one:
``UserChannels.connected`` counts the sockets of every process (each publishes who has one on
it), so every process runs a keeper and none takes down the seek of an owner connected
elsewhere (two keepers taking down one seek is harmless: the second finds it gone).
"""

import asyncio
import logging
from collections.abc import Callable

from gamehall.errors import GameError
from gamehall.server.background import Background
from gamehall.server.failures import Failures
from gamehall.server.live.workers import Workers
from gamehall.server.user_channels import UserChannels
from gamehall.store import Store

log = logging.getLogger(__name__)


class SeekKeeper(Background):
    """Takes down the open seeks of owners away for ``grace`` seconds, on the server's
    ``clock``; it reads the store on the ``workers``' store threads."""

    def __init__(
        self,
        store: Store,
        channels: UserChannels,
        grace: float,
        workers: Workers,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.channels = channels
        self.grace = grace
        self.workers = workers
        self.clock = clock
        self._away: dict[int, float] = {}
        self._failures = Failures("the seek keeper", log)

    @property
    def interval(self) -> float:
        """How often the keeper looks: often enough to keep the grace period."""
        return min(5.0, max(0.5, self.grace / 2))

    def sweep(self) -> list[int]:
        """Take down the seeks whose owner is away too long; returns their ids."""
        now = self.clock()
        gone: list[int] = []
        owners: set[int] = set()
        for seek in self.store.offers.list_seeks():
            owners.add(seek.user_id)
            if self.channels.connected(seek.user_id):
                self._away.pop(seek.user_id, None)
                continue
            since = self._away.setdefault(seek.user_id, now)
            if now - since < self.grace:
                continue
            try:
                self.store.offers.delete_seek(seek.id, seek.user_id)
            except GameError:
                continue  # accepted or withdrawn meanwhile
            gone.append(seek.id)
        for user_id in set(self._away) - owners:
            del self._away[user_id]
        return gone

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                gone = await self.workers.store(self.sweep)
            except Exception as exc:  # the keeper must outlive a bad moment of the database
                self._failures.failed(exc)
                continue
            self._failures.succeeded()
            if gone:
                log.info("seeks of absent players taken down: %s", gone)
