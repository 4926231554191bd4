"""The worker pool in which passwords are hashed (register, login), and its queue.

An Argon2id hash takes 64 MiB of memory while it runs; in the server's general thread pool (40
threads) a flood of logins took the process from 93 MB to 2.6 GB. Here at most ``workers``
hashes run at once (``GAMEHALL_HASH_WORKERS``), so they never hold more than ``workers`` times
64 MiB. The others wait their turn, but not all of them: with forty logins at once the median
one waited 7.1 s. So at most ``queue`` hashes wait (``GAMEHALL_HASH_QUEUE``) and one client
address has at most ``per_address`` running or waiting (``GAMEHALL_HASH_PER_ADDRESS``); beyond
either a login or registration is refused at once, 429 with ``Retry-After`` (the time the queue
takes to clear, from the hashes' average time), before its password is read.
"""

import asyncio
import math
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import ParamSpec, TypeVar

from gamehall.server.refusals import Refusal

P = ParamSpec("P")
T = TypeVar("T")

FIRST_GUESS = 0.3
"""Seconds one hash is taken to last until one has been timed (about Argon2id's at 64 MiB)."""


class HashPool:
    """A small, dedicated pool of threads for the store's calls that hash a password, with a
    bounded queue in front of it, bounded per client address too."""

    def __init__(self, workers: int, queue: int = 16, per_address: int = 3) -> None:
        self.workers = workers
        self.queue = queue
        self.per_address = per_address
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="gamehall-hash")
        self._lock = threading.Lock()
        self._held: Counter[str] = Counter()
        """The hashes running or waiting, by client address."""
        self._seconds = FIRST_GUESS
        """How long a hash takes, on average of the last ones."""

    @property
    def held(self) -> int:
        """The hashes running or waiting."""
        with self._lock:
            return self._held.total()

    async def run(self, address: str, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``call(*args, **kwargs)`` in one of the pool's threads, for a client at
        ``address``; 429 ``logins-busy`` when the queue is full, ``logins-queued`` when that
        address has its share in it already."""
        with self._lock:
            if self._held.total() >= self.workers + self.queue:
                wait = max(1, math.ceil(self._seconds * self._held.total() / self.workers))
                raise Refusal(429, "logins-busy", {"Retry-After": str(wait)}, seconds=wait)
            if self._held[address] >= self.per_address:
                wait = max(1, math.ceil(self._seconds * self._held[address]))
                headers = {"Retry-After": str(wait)}
                raise Refusal(429, "logins-queued", headers, most=self.per_address)
            self._held[address] += 1
        job = self._executor.submit(self._timed, partial(call, *args, **kwargs))
        job.add_done_callback(partial(self._release, address))
        return await asyncio.wrap_future(job)

    def _timed(self, call: Callable[[], T]) -> T:
        began = time.perf_counter()
        try:
            return call()
        finally:
            taken = time.perf_counter() - began
            with self._lock:
                self._seconds = 0.8 * self._seconds + 0.2 * taken

    def _release(self, address: str, job: "Future[object]") -> None:
        """A hash ended (or was cancelled before it began, its client gone): its place is
        free."""
        with self._lock:
            self._held[address] -= 1
            if self._held[address] <= 0:
                del self._held[address]

    def close(self) -> None:
        """Let the threads go once their work is done."""
        self._executor.shutdown(wait=False)
