"""What the store would otherwise keep for ever: expired login sessions, and the guest accounts
nobody uses (``GAMEHALL_GUEST_DAYS``: made that long ago, no match played, no tournament
entered), deleted with their sessions every ``PURGE_EVERY`` seconds and once at start-up.

Every process of a shared database purges: two purges at once delete each row once.
"""

import asyncio
import logging

from gamehall.server.background import Background
from gamehall.server.live.workers import Workers
from gamehall.store import Store

log = logging.getLogger(__name__)

PURGE_EVERY = 3600.0
"""Seconds between two purges."""


class Housekeeper(Background):
    """Purges expired sessions and idle guests older than ``guest_days`` from ``store``, on
    the ``workers``' store threads."""

    def __init__(self, store: Store, workers: Workers, guest_days: int) -> None:
        self.store = store
        self.workers = workers
        self.guest_days = guest_days

    def purge(self) -> tuple[int, int]:
        """Delete the expired sessions, then the idle guests; returns how many of each."""
        sessions = self.store.users.purge_expired_sessions()
        guests = self.store.users.purge_idle_guests(self.guest_days)
        return sessions, guests

    async def _run(self) -> None:
        while True:
            try:
                sessions, guests = await self.workers.store(self.purge)
            except Exception:  # the purge must outlive a bad moment of the database
                log.exception("the purge of old sessions and guests failed; trying again later")
            else:
                if sessions or guests:
                    log.info("purged %d expired sessions and %d idle guests", sessions, guests)
            await asyncio.sleep(PURGE_EVERY)
