"""The analyses being made: finished matches analysed in the background, away from the games.

An analysis takes seconds to minutes of an engine's CPU, so it never runs on the event loop nor
on the server's worker threads (``Services.workers``): ``AnalysisJobs`` (``Services.analyses``)
runs each in a pool of processes of its own, at most ``GAMEHALL_ANALYSIS_WORKERS`` at once
(the rest wait their turn), each process at the least priority (``NICE``) so that the moves of
the matches being played get the CPU first while the machine's cores are busy analysing. A
process loads the engines on its first analysis and keeps them for the next.

A match has at most one analysis being made: asking again while it runs joins it. Each reports
its progress (decisions judged out of all) through a queue the processes share, read by a
thread of this process into the job; a finished analysis is stored (``store.analyses``) and
its job let go; one that fails stays as a failed job, with the reason, until it is asked for
again.
"""

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.queues import Queue
from typing import Literal, ParamSpec, TypeVar

from gamehall.analysis.frames import decision_frames
from gamehall.analysis.renju_record import RenjuAnalysis
from gamehall.analysis.results import analysis_from_dict
from gamehall.errors import GameError
from gamehall.jsontext import JsonObject
from gamehall.play.review import review_frames
from gamehall.server.live.workers import Workers
from gamehall.store import Store

log = logging.getLogger(__name__)

PLIES = 1
"""How deep the tables games' plays are searched (``analyse_record``'s ``plies``): 1-ply, as
a site's analysis does; a 7-point match takes a few seconds of a core."""
RENJU_SECONDS = 0.5
"""The renju search's time a move (``analyse_renju``'s ``seconds_per_move``)."""
NICE = 19
"""How much lower the analyses' processes run than the server's (``os.nice``): the least
priority, which still lets them go on, slowly, on a machine that is busy with other work (the
idle scheduling class would stop them there altogether)."""
REPORT_SECONDS = 0.25
"""How often an analysis reports its progress at most: the page asks every second."""
MAX_JOBS = 50
"""The most analyses being made or waiting their turn at once: beyond, a request is refused
until some are done."""

P = ParamSpec("P")
T = TypeVar("T")
Report = tuple[str, int, int]
"""A progress report: the match, the decisions judged, and all there are."""
Worked = tuple[JsonObject, list[int | None]]
"""An analysis's result as ``to_dict()`` gives it, and the review frame of each decision."""
Saved = Callable[[str, JsonObject, JsonObject], None]
"""Told of each analysis stored, on the event loop: the match, its record and the analysis."""
Work = Callable[[str, JsonObject], Worked]
"""An analysis: the match's id and record (``Match.to_dict()``) to what it found; it may
report its progress with :func:`report_progress`."""

_sink: "Queue[Report | None] | None" = None
"""The progress queue of the worker this runs in (set as it starts)."""


def _start_worker(sink: "Queue[Report | None]", nice: bool) -> None:
    """A worker's start: keep the progress queue, and when ``nice`` (a process of its own)
    take the least priority."""
    global _sink
    _sink = sink
    if nice:
        os.nice(NICE)


def report_progress(match_id: str, done: int, total: int) -> None:
    """Tell the server how far the analysis of ``match_id`` has come (from a worker)."""
    if _sink is not None:
        _sink.put((match_id, done, total))


def analyse_stored(match_id: str, record: JsonObject) -> Worked:
    """The analysis of a stored match's record, as plain values, and the review frame of each
    decision (run in a worker, so that showing it never replays the match); its progress
    reported at most every ``REPORT_SECONDS``."""
    last = 0.0

    def step(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= REPORT_SECONDS or done == total:
            last = now
            report_progress(match_id, done, total)

    # Imported here, in the worker process: the engines' modules (numpy, numba and the
    # networks) would more than double the memory of every server process that imports this.
    from gamehall.analysis.of_match import analyse_match

    found = analyse_match(record, plies=PLIES, seconds_per_move=RENJU_SECONDS, progress=step)
    return found.to_dict(), decision_frames(found, review_frames(record))


class JobsFullError(GameError):
    """As many analyses as the server takes are being made or waiting: ask again later."""


@dataclass
class Job:
    """One match's analysis being made, or failed: its progress, or why it failed."""

    match_id: str
    done: int = 0
    total: int = 0
    failure: str | None = None

    @property
    def state(self) -> Literal["running", "failed"]:
        return "running" if self.failure is None else "failed"


class AnalysisJobs:
    """The analyses being made by one server: at most one a match, ``size`` at once, ``most``
    being made or waiting.

    ``processes`` False runs them on threads of this process instead (tests, whose ``work``
    is not to be sent to another process)."""

    def __init__(
        self,
        store: Store,
        workers: Workers,
        size: int,
        *,
        processes: bool = True,
        work: Work = analyse_stored,
        most: int = MAX_JOBS,
    ) -> None:
        self._store = store
        self._most = most
        self._workers = workers
        self._work = work
        self._jobs: dict[str, Job] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._size = size
        self._processes = processes
        self._context = multiprocessing.get_context("spawn")
        self._reports: Queue[Report | None] = self._context.Queue()
        self._pool = self._new_pool()
        self._reader: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.saved: list[Saved] = []
        """Told of each analysis stored (the puzzles are made from it)."""

    def _new_pool(self) -> Executor:
        starting = (self._reports, self._processes)
        if self._processes:
            return ProcessPoolExecutor(self._size, self._context, _start_worker, starting)
        return ThreadPoolExecutor(self._size, "gamehall-analysis", _start_worker, starting)

    def counts(self) -> dict[str, int]:
        """How many analyses are running (or waiting their turn) and failed."""
        states = [job.state for job in self._jobs.values()]
        return {state: states.count(state) for state in ("running", "failed")}

    def job(self, match_id: str) -> Job | None:
        """The match's analysis being made (or failed), or None."""
        return self._jobs.get(match_id)

    def start(self, match_id: str, record: JsonObject) -> Job:
        """Analyse the finished match ``match_id`` (its record, without secrets) and store
        the result; while one is being made, that one (a failed one is begun again).
        ``JobsFullError`` when ``most`` are being made or waiting already."""
        running = self._jobs.get(match_id)
        if running is not None and running.failure is None:
            return running
        if sum(job.failure is None for job in self._jobs.values()) >= self._most:
            raise JobsFullError("the server is analysing many matches: ask again in a while")
        self._listen()
        job = self._jobs[match_id] = Job(match_id)
        task = asyncio.get_running_loop().create_task(self._run(job, record))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    async def _run(self, job: Job, record: JsonObject) -> None:
        pool = self._pool
        try:
            # submitting pickles the record and may start the pool's processes: off the loop
            submitted = await asyncio.to_thread(pool.submit, self._work, job.match_id, record)
            plain, frames = await asyncio.wrap_future(submitted)
            await self._workers.store(self._save, job.match_id, plain, frames)
            for told in self.saved:
                told(job.match_id, record, plain)
        except GameError as exc:
            job.failure = str(exc)
            return
        except BrokenExecutor:
            # a process of the pool died (killed, out of memory): the pool takes no more work
            if self._pool is pool:
                log.error("the analyses' processes stopped; new ones are started")
                pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._new_pool()
            job.failure = "the analysis stopped before its end: ask again"
            return
        except Exception as exc:
            log.exception("the analysis of match %s failed", job.match_id)
            job.failure = f"the analysis failed: {type(exc).__name__}"
            return
        self._jobs.pop(job.match_id, None)

    async def aside(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Other work of the engines (making a match's puzzles) run in the analyses' processes,
        at their low priority, never on the server's threads."""
        submitted = await asyncio.to_thread(self._pool.submit, work, *args, **kwargs)
        return await asyncio.wrap_future(submitted)

    def _save(self, match_id: str, plain: JsonObject, frames: list[int | None]) -> None:
        """Read the analysis back and store it, on a thread of the store: reading some tens of
        kilobytes into typed values would hold the event loop, and the moves of the games
        with it, for milliseconds."""
        result = analysis_from_dict(plain)
        depth = RENJU_SECONDS if isinstance(result, RenjuAnalysis) else PLIES
        self._store.analyses.save(match_id, result, frames, depth)

    def _listen(self) -> None:
        """Start reading the progress reports, on the first analysis."""
        if self._reader is not None:
            return
        self._loop = asyncio.get_running_loop()
        self._reader = threading.Thread(
            target=self._read, name="gamehall-analysis-progress", daemon=True
        )
        self._reader.start()

    def _read(self) -> None:
        loop = self._loop
        assert loop is not None
        while (report := self._reports.get()) is not None:
            try:
                loop.call_soon_threadsafe(self._progress, *report)
            except RuntimeError:  # the loop is closed: the server is stopping
                return

    def _progress(self, match_id: str, done: int, total: int) -> None:
        job = self._jobs.get(match_id)
        if job is not None and job.failure is None:
            job.done, job.total = done, total

    def close(self) -> None:
        """Drop the analyses waiting their turn; those being made end with their process."""
        for task in self._tasks:
            task.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._reports.put(None)
        if self._reader is not None:
            self._reader.join(timeout=5)
        self._reports.close()
