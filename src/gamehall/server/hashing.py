"""The worker pool in which passwords are hashed (register, login).

An Argon2id hash takes 64 MiB of memory while it runs; in the server's general thread pool (40
threads) a flood of logins took the process from 93 MB to 2.6 GB. Here at most ``workers``
hashes run at once (``GAMEHALL_HASH_WORKERS``), so they never hold more than ``workers`` times
64 MiB; the other logins wait their turn.
"""

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


class HashPool:
    """A small, dedicated pool of threads for the store's calls that hash a password."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="gamehall-hash")

    async def run(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``call(*args, **kwargs)`` in one of the pool's threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, partial(call, *args, **kwargs))

    def close(self) -> None:
        """Let the threads go once their work is done."""
        self._executor.shutdown(wait=False)
