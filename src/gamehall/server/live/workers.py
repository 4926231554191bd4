"""Where the heavy work of the live matches runs: worker threads, not the event loop.

Python threads do not run Python code in parallel (one holds the interpreter at a time), so more
threads doing CPU work only make the event loop wait longer for its turn. The work is therefore
queued by kind: the play layer's longer work (starting a match, restoring one, a player's first
look with the whole log) on one thread, the replays of matches being loaded on one, the computer
players' thinking on one, and the store's calls (which wait on the database, but run
SQLAlchemy's Python code too) on two. A long replay or a slow engine then never holds up the
moves of the other matches, and at most five threads compete with the event loop.

The play layer's work for one action (the action, its change made ready, the views of each
message; another process's events likewise) is not queued: it takes a fraction of a
millisecond, less than handing it to a thread and back, which cost a quarter of a stored
event's CPU (``benchmarks/live_inprocess.py``), so the manager runs it on the event loop.
"""

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


class Workers:
    """The worker threads of a ``LiveMatches``."""

    def __init__(self) -> None:
        self._play = ThreadPoolExecutor(1, thread_name_prefix="gamehall-play")
        self._replays = ThreadPoolExecutor(1, thread_name_prefix="gamehall-replay")
        self._engines = ThreadPoolExecutor(1, thread_name_prefix="gamehall-engine")
        self._store = ThreadPoolExecutor(2, thread_name_prefix="gamehall-store")

    async def play(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run the play layer's longer ``work`` (a start, a restore, a hello)."""
        return await self._run(self._play, partial(work, *args, **kwargs))

    async def replay(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a load: reading a match and replaying its log."""
        return await self._run(self._replays, partial(work, *args, **kwargs))

    async def engine(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a computer player's decision."""
        return await self._run(self._engines, partial(work, *args, **kwargs))

    async def store(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a call of the store."""
        return await self._run(self._store, partial(work, *args, **kwargs))

    @staticmethod
    async def _run(pool: ThreadPoolExecutor, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(pool, work)

    def close(self) -> None:
        """Drop the queued work and let the threads end once their current work is done."""
        for pool in (self._play, self._replays, self._engines, self._store):
            pool.shutdown(wait=False, cancel_futures=True)
