"""The analyses' job runner: one analysis a match (asking again joins it), at most ``size`` at
once, its progress seen as it goes, the result stored, a failure kept with its reason."""

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures.thread import BrokenThreadPool

import pytest

from gamehall.analysis.values import AnalysisError
from gamehall.jsontext import JsonObject
from gamehall.server.analysis_jobs import (
    PLIES,
    AnalysisJobs,
    JobsFullError,
    Work,
    Worked,
    report_progress,
)
from gamehall.server.live.workers import Workers
from gamehall.store import Store, User
from support.aio import run
from support.analyses import new_match_id, tables_analysis

FOUND: Worked = (tables_analysis().to_dict(), [0, None])
"""What the fake analyses find: two decisions, the first at the match's first frame."""


class Gate:
    """A fake analysis that reports half its progress and waits to be let through."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.running: set[str] = set()
        self.most = 0
        self.calls: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, match_id: str, record: JsonObject) -> Worked:
        with self.lock:
            self.calls.append(match_id)
            self.running.add(match_id)
            self.most = max(self.most, len(self.running))
        report_progress(match_id, 1, 2)
        assert self.open.wait(30)
        with self.lock:
            self.running.discard(match_id)
        return FOUND


@pytest.fixture
def users(store: Store) -> tuple[User, User]:
    return store.users.create("ann", "password-long"), store.users.create("bob", "password-long")


@pytest.fixture
def workers() -> Iterator[Workers]:
    made = Workers()
    yield made
    made.close()


async def _until(check: Callable[[], bool], seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        await asyncio.sleep(0.01)


def _jobs(
    store: Store, workers: Workers, work: Work, size: int = 2, most: int = 50
) -> AnalysisJobs:
    return AnalysisJobs(store, workers, size, processes=False, work=work, most=most)


def test_one_analysis_a_match_joined_stored_and_let_go(
    store: Store, workers: Workers, users: tuple[User, User]
) -> None:
    match_id = new_match_id(store, users, over=True)
    gate = Gate()

    async def scenario() -> None:
        jobs = _jobs(store, workers, gate)
        try:
            first = jobs.start(match_id, {})
            assert jobs.start(match_id, {}) is first
            await _until(lambda: first.total == 2)
            assert (first.state, first.done, first.total) == ("running", 1, 2)
            gate.open.set()
            await _until(lambda: jobs.job(match_id) is None)
        finally:
            jobs.close()

    run(scenario())
    assert gate.calls == [match_id]
    kept = store.analyses.load(match_id)
    assert kept is not None and kept.result == tables_analysis() and kept.depth == PLIES
    assert kept.frames == (0, None)


def test_at_most_size_analyses_run_at_once(
    store: Store, workers: Workers, users: tuple[User, User]
) -> None:
    matches = [new_match_id(store, users, over=True) for _ in range(3)]
    gate = Gate()

    async def scenario() -> None:
        jobs = _jobs(store, workers, gate, size=2)
        try:
            for match_id in matches:
                jobs.start(match_id, {})
            await _until(lambda: len(gate.running) == 2)
            await asyncio.sleep(0.2)
            assert len(gate.calls) == 2
            waiting = [jobs.job(m) for m in matches if m not in gate.calls]
            assert [(j.state, j.done, j.total) for j in waiting if j] == [("running", 0, 0)]
            gate.open.set()
            await _until(lambda: all(jobs.job(m) is None for m in matches))
        finally:
            jobs.close()

    run(scenario())
    assert gate.most == 2 and sorted(gate.calls) == sorted(matches)
    assert all(store.analyses.load(m) is not None for m in matches)


def test_a_failure_is_kept_with_its_reason_and_a_new_request_begins_again(
    store: Store, workers: Workers, users: tuple[User, User]
) -> None:
    match_id = new_match_id(store, users, over=True)
    failures: list[Exception] = [AnalysisError("nothing to analyse"), RuntimeError("boom")]

    def failing(match_id: str, record: JsonObject) -> Worked:
        if failures:
            raise failures.pop(0)
        return FOUND

    async def scenario() -> None:
        jobs = _jobs(store, workers, failing)
        try:
            job = jobs.start(match_id, {})
            await _until(lambda: job.state == "failed")
            assert job.failure == "nothing to analyse"
            assert jobs.job(match_id) is job
            again = jobs.start(match_id, {})
            assert again is not job
            await _until(lambda: again.state == "failed")
            assert again.failure == "the analysis failed: RuntimeError"
            third = jobs.start(match_id, {})
            await _until(lambda: jobs.job(match_id) is None)
            assert third.failure is None
        finally:
            jobs.close()

    run(scenario())
    assert store.analyses.load(match_id) is not None


def test_a_match_not_finished_fails_to_be_stored(
    store: Store, workers: Workers, users: tuple[User, User]
) -> None:
    match_id = new_match_id(store, users, over=False)

    async def scenario() -> str | None:
        jobs = _jobs(store, workers, lambda m, r: FOUND)
        try:
            job = jobs.start(match_id, {})
            await _until(lambda: job.state == "failed")
            return job.failure
        finally:
            jobs.close()

    assert "still being played" in (run(scenario()) or "")
    assert store.analyses.load(match_id) is None


def test_too_many_waiting_analyses_are_refused(
    store: Store, workers: Workers, users: tuple[User, User]
) -> None:
    matches = [new_match_id(store, users, over=True) for _ in range(3)]
    gate = Gate()

    async def scenario() -> None:
        jobs = _jobs(store, workers, gate, size=1, most=2)
        try:
            jobs.start(matches[0], {})
            jobs.start(matches[1], {})
            jobs.start(matches[0], {})  # joining is no new job
            with pytest.raises(JobsFullError, match="ask again"):
                jobs.start(matches[2], {})
            gate.open.set()
            await _until(lambda: jobs.job(matches[1]) is None)
            jobs.start(matches[2], {})
            await _until(lambda: jobs.job(matches[2]) is None)
        finally:
            jobs.close()

    run(scenario())


def test_a_pool_whose_process_died_is_made_again(
    store: Store, workers: Workers, users: tuple[User, User]
) -> None:
    match_id = new_match_id(store, users, over=True)
    broken = [BrokenThreadPool("a worker died")]

    def dying(match_id: str, record: JsonObject) -> Worked:
        if broken:
            raise broken.pop()
        return FOUND

    async def scenario() -> None:
        jobs = _jobs(store, workers, dying)
        try:
            job = jobs.start(match_id, {})
            await _until(lambda: job.state == "failed")
            assert job.failure == "the analysis stopped before its end: ask again"
            jobs.start(match_id, {})
            await _until(lambda: jobs.job(match_id) is None)
        finally:
            jobs.close()

    run(scenario())
    assert store.analyses.load(match_id) is not None
