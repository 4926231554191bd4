"""Catching up from the store: the events other processes stored for the matches this process
holds, which no message brought (Redis was away, a message was lost, or there is no broker).

The store is the one truth. Each process asks it, every ``Config.poll_every()`` seconds (every
``OUTAGE_POLL_SECONDS`` while the broker is failing) and whenever the broker comes back after an
outage, how many events each of its live matches has
(one query on the events' key); a match the store has more of gets just the missing events,
applied to the live copy as a message of another process would be (``catch_up``, reloading
only on a difference), and sent on to its sockets. So a game never stalls on a lost "your turn":
it waits at most one poll interval.
"""

import asyncio
import logging
import math
from collections.abc import Callable
from typing import Protocol

from gamehall.server.failures import Failures
from gamehall.server.live.matches import LiveMatch
from gamehall.server.live.persistence import Persistence
from gamehall.server.live.workers import Workers
from gamehall.server.protocol.match import LoggedEvent
from gamehall.store import Store

log = logging.getLogger(__name__)

OUTAGE_POLL_SECONDS = 1.0
"""Seconds between two looks at the store while the broker is failing (its messages lost)."""


class Holder(Protocol):
    """What catching up needs of the live matches (``LiveMatches``, which calls this module:
    a protocol, not an import of it, so that the two modules make no import circle)."""

    @property
    def store(self) -> Store: ...

    @property
    def workers(self) -> Workers: ...

    @property
    def persistence(self) -> Persistence: ...

    def held(self) -> list[LiveMatch]: ...

    def cached(self, match_id: str) -> LiveMatch | None: ...

    async def apply_stored(self, live: LiveMatch, events: list[LoggedEvent]) -> None: ...


async def catch_up_from_store(manager: Holder) -> int:
    """Bring every live match of ``manager`` still being played up to date with the store;
    returns how many moved on."""
    held = {live.id: len(live.match.events) for live in manager.held()}
    if not held:
        return 0
    stored = await manager.workers.store(manager.store.matches.event_counts, list(held))
    moved = 0
    for match_id, count in stored.items():
        live = manager.cached(match_id)
        if live is None or count <= held[match_id]:
            continue
        async with live.lock:
            known = len(live.match.events)
            if count <= known:
                continue  # a message brought them meanwhile
            events = await manager.persistence.events_from(match_id, known)
            log.info("match %s: caught up with %d stored events", match_id, count - known)
            await manager.apply_stored(live, events)
            moved += 1
    return moved


async def poll(manager: Holder, every: float, outage: Callable[[], bool]) -> None:
    """Catch up from the store every ``every`` seconds (real time; 0: only during an outage),
    and every ``OUTAGE_POLL_SECONDS`` while ``outage()`` says the broker is failing, until
    cancelled; a failed look (the database away) is logged once and the next one tries again."""
    ticks = max(1, math.ceil(every / OUTAGE_POLL_SECONDS))
    failures = Failures("the look for other processes' events", log)
    ticked = 0
    while True:
        await asyncio.sleep(every / ticks if every else OUTAGE_POLL_SECONDS)
        ticked += 1
        if not outage() and not (every and ticked >= ticks):
            continue
        ticked = 0
        try:
            await catch_up_from_store(manager)
        except Exception as exc:
            failures.failed(exc)
        else:
            failures.succeeded()
