"""Group commit: one writer stores the new events of every live match of the process.

Each save of a live match (its new events, secrets, status, summary and snapshot: a store
``Append``) is queued here, and one task writes whatever is waiting in one transaction
(``Store.matches.append_batch``), in a store worker thread, while the next saves queue up behind it.
Under load many matches' events then share a transaction, and there is only ever one writer:
SQLite's writers no longer contend for its lock from several threads, and the cost of a
transaction (its begin, its commit, the connection's round trips) is paid once per batch instead
of once per move, as is that of its statements (``store/appends.py``: a few for the whole
batch). A lone save is written at once, as before, unless saves are coming fast (``BUSY_SAVES``
within ``BUSY_WINDOW`` seconds: a process near full load): the writer then waits
``GATHER_SECONDS`` for more before each transaction. A save then waits some milliseconds
longer, but a transaction and its hop to the store's thread and back are paid once for several
saves instead of about once per save, which is what a loaded process runs short of (1,000 games
on SQLite: 1.75-1.77 ms of CPU a stored event without waiting, 1.64 ms with 10 ms, in an
earlier round). A transaction's own cost is mostly the pages it writes (SQLite writes each page
a transaction changed to its log once): the events' last page and the indexes' are shared by
the saves of one transaction, so 20 ms (about 9 saves a transaction) costs less than 10 ms
(about 6): ``benchmarks/live_inprocess.py`` at 1,000 games, five runs each, alternating, 0.55
against 0.47 ms of CPU a stored event; it adds about 5 ms to the median reply under that load.

Each append keeps its own outcome: ``append`` returns once its batch is committed, or raises
what refused it (``EventConflictError``, ``NotFoundError``: the others are written all the
same) or what failed the whole transaction (the database gone).
"""

import asyncio
import logging
import time
from collections import deque

from gamehall.server.figures import STORE_BATCH, STORE_WRITE_SECONDS
from gamehall.server.live.workers import Workers
from gamehall.store import Store
from gamehall.store.appends import Append

log = logging.getLogger(__name__)

MAX_BATCH = 200
"""At most this many appends in one transaction."""
GATHER_SECONDS = 0.02
"""How long the writer waits for more saves before a transaction while saves come fast."""
BUSY_SAVES, BUSY_WINDOW = 20, 0.1
"""Saves come fast when this many arrived within this many seconds (200 a second)."""


class GroupWriter:
    """The one writer of a process's live matches."""

    def __init__(
        self,
        store: Store,
        workers: Workers,
        max_batch: int = MAX_BATCH,
        gather: float = GATHER_SECONDS,
        busy: tuple[int, float] = (BUSY_SAVES, BUSY_WINDOW),
    ) -> None:
        self.store = store
        self.workers = workers
        self.max_batch = max_batch
        self.gather = gather
        self._busy_window = busy[1]
        self._arrivals: deque[float] = deque(maxlen=busy[0])
        self._waiting: list[tuple[Append, asyncio.Future[None]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.batches = 0
        """Transactions written so far (with ``appends``, for the mean batch size)."""
        self.appends = 0

    async def append(self, append: Append) -> None:
        """Store ``append`` with whatever else is waiting; returns once it is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._waiting.append((append, future))
        self._arrivals.append(loop.time())
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())
        self._wake.set()
        await future

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            if self._busy():
                await asyncio.sleep(self.gather)
            self._wake.clear()
            while self._waiting:
                batch = self._waiting[: self.max_batch]
                del self._waiting[: self.max_batch]
                await self._write(batch)

    def _busy(self) -> bool:
        """Whether saves are coming fast enough to be worth gathering."""
        arrivals = self._arrivals
        return (
            len(arrivals) == arrivals.maxlen
            and asyncio.get_running_loop().time() - arrivals[0] < self._busy_window
        )

    async def _write(self, batch: list[tuple[Append, asyncio.Future[None]]]) -> None:
        """Write one batch and settle each append's future with its own outcome."""
        outcomes: list[BaseException | None]
        began = time.perf_counter()
        try:
            appends = [append for append, _ in batch]
            outcomes = list(await self.workers.store(self.store.matches.append_batch, appends))
        except Exception as exc:  # the transaction failed: every append in it did
            outcomes = [exc] * len(batch)
        STORE_WRITE_SECONDS.observe(time.perf_counter() - began)
        STORE_BATCH.observe(len(batch))
        self.batches += 1
        self.appends += len(batch)
        for (_, future), outcome in zip(batch, outcomes, strict=True):
            if future.done():  # its caller was cancelled meanwhile
                continue
            if outcome is None:
                future.set_result(None)
            else:
                future.set_exception(outcome)

    async def close(self) -> None:
        """Stop the writer once what is waiting is written."""
        if self._waiting:
            await asyncio.gather(*(f for _, f in self._waiting), return_exceptions=True)
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self.batches:
            log.info(
                "group commit: %d saves in %d transactions (%.1f a transaction)",
                self.appends,
                self.batches,
                self.appends / self.batches,
            )
