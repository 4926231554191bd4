"""Heavy reads kept below live play: a finished match's review and records.

A 6,000-event match's review took 1.3-1.5 s of CPU and its ``.mat`` 1.4-2.0 s, on the threads
that load live matches and call the store: four anonymous clients looping on them moved other
games' p99 from 12 to 795 ms. So such a read runs on a thread of its own at a lower scheduling
priority (``nice`` 10 on Linux), at most ``PER_CLIENT`` at once for one client address and
``WAITING`` in all (more are refused 429, code ``heavy-reads``, with ``Retry-After``), and what
it made for a finished match, which cannot change, is kept (the last ``CACHED`` of them) and
answered again without any work.
"""

import asyncio
import contextlib
import os
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar, cast

from gamehall.server.refusals import Refusal

T = TypeVar("T")

PER_CLIENT = 2
"""Heavy reads one client address may have running or waiting at once."""
WAITING = 8
"""Heavy reads running or waiting at once, for every client together."""
CACHED = 64
"""Finished matches' reviews and records kept, the least recently read dropped first."""
NICE = 10
"""How much lower the heavy reads' thread is scheduled than the live play's."""

CacheKey = tuple[str, str]
"""What was read (``review``, ``record.mat``...) and of which match."""


def _lower_priority() -> None:
    """Schedule the calling thread below the others (Linux sets a thread's own nice value)."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)


class HeavyReads:
    """The heavy reads' thread, their bounds and the finished matches' answers kept."""

    def __init__(self, per_client: int = PER_CLIENT, waiting: int = WAITING) -> None:
        self.per_client = per_client
        self.waiting = waiting
        self._pool = ThreadPoolExecutor(
            1, thread_name_prefix="gamehall-heavy", initializer=_lower_priority
        )
        self._kept: OrderedDict[CacheKey, object] = OrderedDict()
        self._by_client: Counter[str] = Counter()
        self._busy = 0

    def kept(self, key: CacheKey) -> object | None:
        """What was made for ``key`` (a finished match's), if it is still kept."""
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
        return found

    async def read(self, client: str, work: Callable[[], T], keep: CacheKey | None = None) -> T:
        """Run ``work`` on the heavy reads' thread for ``client`` (refused 429 past the
        bounds); keep its answer under ``keep`` (a finished match's, which cannot change)."""
        if keep is not None and (found := self.kept(keep)) is not None:
            return cast(T, found)
        if self._by_client[client] >= self.per_client or self._busy >= self.waiting:
            raise Refusal(429, "heavy-reads", {"Retry-After": "1"})
        self._by_client[client] += 1
        self._busy += 1
        try:
            made = await asyncio.wrap_future(self._pool.submit(work))
        finally:
            self._busy -= 1
            self._by_client[client] -= 1
            if not self._by_client[client]:
                del self._by_client[client]
        if keep is not None:
            self._kept[keep] = made
            while len(self._kept) > CACHED:
                self._kept.popitem(last=False)
        return made

    def close(self) -> None:
        """Let the thread go once its current read is done; drop what waits."""
        self._pool.shutdown(wait=False, cancel_futures=True)
