"""Catching up from the store: the events other processes stored for the matches this process
holds, which no message brought (Redis was away, a message was lost, or there is no broker).

The store is the one truth. Each process asks it, every ``Config.poll_every()`` seconds and
whenever the broker comes back after an outage, how many events each of its live matches has
(one query on the events' key); a match the store has more of gets just the missing events,
applied to the live copy as a message of another process would be (``catch_up``, reloading
only on a difference), and sent on to its sockets. So a game never stalls on a lost "your turn":
it waits at most one poll interval.
"""

import asyncio
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamehall.server.live.manager import LiveMatches

log = logging.getLogger(__name__)


async def catch_up_from_store(manager: "LiveMatches") -> int:
    """Bring every live match of ``manager`` still being played up to date with the store;
    returns how many moved on."""
    held = {live.id: len(live.match.events) for live in manager.held()}
    if not held:
        return 0
    stored = await manager.workers.store(manager.store.event_counts, list(held))
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


async def poll(manager: "LiveMatches", every: float) -> None:
    """Catch up from the store every ``every`` seconds (real time), until cancelled; a failed
    look (the database away) is logged and the next one tries again."""
    while True:
        await asyncio.sleep(every)
        try:
            await catch_up_from_store(manager)
        except Exception as exc:
            log.warning("could not look for other processes' events: %s", exc)
