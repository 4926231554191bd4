"""Two stores (two servers) on one database, and many threads on each: no lost or doubled
writes, and no "database is locked"."""

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TypeVar

import pytest

from gamehall.play.settings import BackgammonSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import (
    ConflictError,
    EventConflictError,
    PlayerSeat,
    Store,
    StoreError,
)
from store.conftest import FAST_HASHER
from support.matches import FakeTime

T = TypeVar("T")


@pytest.fixture
def stores(migrated_url: str) -> Iterator[tuple[Store, Store]]:
    with (
        Store(migrated_url, password_hasher=FAST_HASHER) as first,
        Store(migrated_url, password_hasher=FAST_HASHER) as second,
    ):
        yield first, second


def _race(jobs: list[Callable[[], T]]) -> list[T | StoreError]:
    """Run the jobs in threads that start together; each gives its result or its StoreError."""
    barrier = threading.Barrier(len(jobs))

    def run(job: Callable[[], T]) -> T | StoreError:
        barrier.wait()
        try:
            return job()
        except StoreError as exc:
            return exc

    with ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(run, jobs))


def test_a_seek_goes_to_exactly_one_taker(stores: tuple[Store, Store]) -> None:
    owner = stores[0].users.create("owner", "password-owner")
    takers = [stores[i % 2].users.create(f"taker{i}", f"password-{i}") for i in range(6)]
    for _ in range(3):
        seek = stores[0].offers.create_seek(owner.id, BackgammonSettings())
        jobs = []
        for i, user in enumerate(takers):
            match = TablesMatch(BackgammonSettings(), ("owner", user.name), time_source=FakeTime())
            seats = [
                PlayerSeat(owner.id, "human", None, "owner"),
                PlayerSeat(user.id, "human", None, user.name),
            ]
            jobs.append(
                partial(
                    stores[i % 2].offers.accept_seek,
                    seek.id,
                    user.id,
                    match.to_dict(),
                    players=seats,
                )
            )
        outcomes = _race(jobs)
        won = [i for i, o in enumerate(outcomes) if not isinstance(o, StoreError)]
        assert len(won) == 1
        assert all(isinstance(o, ConflictError) for i, o in enumerate(outcomes) if i not in won)
        stored = stores[1].offers.get_seek(seek.id)
        assert stored is not None and stored.taken_by == takers[won[0]].id
        match_id = outcomes[won[0]]
        assert isinstance(match_id, str) and stores[1].matches.load(match_id) is not None


def test_two_servers_appending_the_same_seq_one_wins(stores: tuple[Store, Store]) -> None:
    ann = stores[0].users.create("ann", "password-ann")
    match = TablesMatch(BackgammonSettings(), ("ann", "Computer"), time_source=FakeTime())
    seats = [
        PlayerSeat(ann.id, "human", None, "ann"),
        PlayerSeat(None, "computer", "r", "Computer"),
    ]
    match_id = stores[0].matches.create(match.to_dict(), players=seats)
    events = [e.to_dict() for e in match.start()]
    for round_ in range(3):
        outcomes = _race(
            [
                partial(
                    store.matches.append,
                    match_id,
                    [{**e, "outcome": {"writer": n}} for e in events],
                    secrets=None,
                    status="playing",
                    summary={"writer": n},
                )
                for n, store in enumerate(stores)
            ]
        )
        assert sorted(type(o).__name__ for o in outcomes) == ["EventConflictError", "NoneType"]
        assert isinstance(next(o for o in outcomes if o is not None), EventConflictError)
        winner = outcomes.index(None)
        loaded = stores[round_ % 2].matches.load(match_id)
        assert loaded is not None and loaded.events is not None
        assert loaded.summary == {"writer": winner}
        assert [e["outcome"] for e in loaded.events[-len(events) :]] == [{"writer": winner}] * len(
            events
        )
        events = [{**e, "seq": e["seq"] + len(events)} for e in events]


def test_many_threads_writing_and_reading_through_two_stores(
    stores: tuple[Store, Store],
) -> None:
    def work(n: int) -> list[str]:
        store = stores[n % 2]
        tokens = []
        for i in range(8):
            user = store.users.create(f"u{n}x{i}", "password-1")
            token, _ = store.users.create_session(user.id)
            assert store.users.get_session(token) is not None
            assert store.users.authenticate(user.name, "password-1") == user
            tokens.append(token)
        return tokens

    with ThreadPoolExecutor(4) as pool:
        tokens = [t for batch in pool.map(work, range(4)) for t in batch]
    assert len(tokens) == 32
    assert all(stores[1].users.get_session(token) is not None for token in tokens)
    assert len({stores[0].users.by_name(f"u{n}x{i}") for n in range(4) for i in range(8)}) == 32


def test_the_same_name_registered_at_once_is_given_once(stores: tuple[Store, Store]) -> None:
    outcomes = _race([partial(stores[n % 2].users.create, "Ann", "password-1") for n in range(4)])
    assert sum(not isinstance(o, StoreError) for o in outcomes) == 1
    assert sum(type(o).__name__ == "NameTakenError" for o in outcomes) == 3
