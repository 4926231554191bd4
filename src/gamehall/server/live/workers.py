"""Where the server's blocking work runs: worker threads, not the event loop.

Python threads do not run Python code in parallel (one holds the interpreter at a time), so more
threads doing CPU work only make the event loop wait longer for its turn. The work is therefore
queued by kind on five threads, which the app makes at its start and lets go at its stop
(``Services.workers``): the play layer's longer work (starting a match, restoring one, a
player's first look with the whole log, writing out its text) on one thread, the replays of
matches being loaded on one, the computer players' thinking on one, and the store's calls
(which wait on the database, but run SQLAlchemy's Python code too) on two. The store's calls
are every route's and socket's too: a route that reads or writes the store runs on these two
threads (``services.on_store_threads``), never in the thread pool FastAPI gives plain
functions. A long replay or a slow engine then never holds up the moves of the other matches.

Besides these five, the app has two pools of its own, each for one kind of work whose cost
would otherwise fall on them: the password hashes (``hashing.py``, ``GAMEHALL_HASH_WORKERS``
threads, for the memory each hash takes) and the hints (``hint_desk.py``, one thread, for the
seconds an engine may think). Starlette still reads the web pages' files in its own threads.

The play layer's work for one action (the action, its change made ready, the views of each
message; another process's events likewise) is not queued: it takes a fraction of a
millisecond, less than handing it to a thread and back, which cost a quarter of a stored
event's CPU (``benchmarks/live_inprocess.py``), so the manager runs it on the event loop.
"""

import asyncio
import itertools
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import ParamSpec, TypeVar

from gamehall.server.figures import ENGINE_WAIT_SECONDS
from gamehall.server.live.engine_turns import EngineTurns
from gamehall.server.logs import MATCH_ID

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True)
class QueuedDecision:
    """A computer's decision waiting for the engine thread: for which match (None: work of no
    match's, such as letting an engine's process go) and since when (``time.perf_counter``)."""

    match_id: str | None
    queued: float


class Workers:
    """The app's five worker threads, by kind of work."""

    def __init__(self) -> None:
        self._play = ThreadPoolExecutor(1, thread_name_prefix="gamehall-play")
        self._replays = ThreadPoolExecutor(1, thread_name_prefix="gamehall-replay")
        self._engines = ThreadPoolExecutor(1, thread_name_prefix="gamehall-engine")
        self._store = ThreadPoolExecutor(2, thread_name_prefix="gamehall-store")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._engine_waiting: dict[int, QueuedDecision] = {}
        """Computers' decisions queued for the engine thread and not begun, by their number."""
        self._engine_count = threading.Lock()
        self._engine_numbers = itertools.count()
        self._engine_turns = EngineTurns()
        self.owner_of: Callable[[str | None], str] = lambda match_id: match_id or ""
        """Who a match's computer decisions are for, so that the engine thread takes the
        owners in turn (the app names the account playing the computer)."""

    async def play(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run the play layer's longer ``work`` (a start, a restore, a hello and its text)."""
        return await self._run(self._play, partial(work, *args, **kwargs))

    async def replay(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a load: reading a match and replaying its log."""
        return await self._run(self._replays, partial(work, *args, **kwargs))

    async def engine(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a computer player's decision, its owner's turn come (``engine_turns.py``; how
        long it waited for the thread is counted)."""
        queued = QueuedDecision(MATCH_ID.get(), time.perf_counter())
        number = next(self._engine_numbers)
        with self._engine_count:
            self._engine_waiting[number] = queued

        def begun() -> T:
            ENGINE_WAIT_SECONDS.observe(time.perf_counter() - queued.queued)
            with self._engine_count:
                self._engine_waiting.pop(number, None)
            return work(*args, **kwargs)

        try:
            await self._engine_turns.take(self.owner_of(queued.match_id))
            try:
                return await self._run(self._engines, begun)
            finally:
                self._engine_turns.give_back()
        finally:  # cancelled before it began
            with self._engine_count:
                self._engine_waiting.pop(number, None)

    def engine_queue(self) -> list[QueuedDecision]:
        """The computers' decisions waiting for the engine thread, the longest waiting first."""
        with self._engine_count:
            return sorted(self._engine_waiting.values(), key=lambda decision: decision.queued)

    async def store(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a call of the store."""
        return await self._run(self._store, partial(work, *args, **kwargs))

    async def _run(self, pool: ThreadPoolExecutor, work: Callable[[], T]) -> T:
        self._loop = asyncio.get_running_loop()
        return await self._loop.run_in_executor(pool, work)

    def on_loop(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` on the event loop, from work running on one of the threads."""
        if self._loop is None:
            raise RuntimeError("no work has run on these threads yet")
        self._loop.call_soon_threadsafe(callback)

    def close(self) -> None:
        """Drop the queued work and let the threads end once their current work is done."""
        for pool in (self._play, self._replays, self._engines, self._store):
            pool.shutdown(wait=False, cancel_futures=True)
