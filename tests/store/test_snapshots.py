"""A match's latest snapshot is stored with the events it stands after, in their transaction;
it comes back with the match loaded whole, not in lists; restored with the events after it, it
gives the match the whole log replays to."""

from collections.abc import Callable

import pytest

from gamehall.play.clock import TimeControl
from gamehall.play.dice import ScriptedDice
from gamehall.play.events import event_from_dict
from gamehall.play.settings import BackgammonSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.play.views import state_of
from gamehall.store import EventConflictError, PlayerSeat, Store, User
from support.matches import FakeTime, play_first

ROLLS = [(3, 1), (6, 5), (4, 2), (5, 5), (6, 1), (2, 2), (5, 3), (4, 4), (6, 2), (1, 1)] * 4


@pytest.fixture
def match_id(store: Store, make_user: Callable[[str], User]) -> str:
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in (make_user("ann"), make_user("bob"))]
    return store.matches.create(new_match().to_dict(), players=seats)


def new_match() -> TablesMatch:
    return TablesMatch(
        BackgammonSettings(length=3, clock=TimeControl.parse("fischer:600+5")),
        ("ann", "bob"),
        dice=ScriptedDice(ROLLS),
        time_source=FakeTime(),
    )


def turns(match: TablesMatch, count: int) -> None:
    for _ in range(count):
        play_first(match)
        if match.phase == "roll":
            match.act(match.on_roll, "roll")


def append(store: Store, match_id: str, match: TablesMatch, first: int, *, snapshot: bool) -> None:
    store.matches.append(
        match_id,
        [e.to_dict() for e in match.events[first:]],
        secrets=None,
        status="playing",
        summary={},
        snapshot=match.snapshot() if snapshot else None,
    )


def test_the_latest_snapshot_is_stored_and_the_events_after_it_replayed(
    store: Store, match_id: str
) -> None:
    match = new_match()
    match.start()
    turns(match, 3)
    append(store, match_id, match, 0, snapshot=True)
    saved = match.snapshot()
    first = len(match.events)
    turns(match, 2)
    append(store, match_id, match, first, snapshot=False)  # the snapshot stays

    stored = store.matches.load(match_id)
    assert stored is not None and stored.events is not None
    assert stored.snapshot == saved and stored.snapshot["events"] == first
    events = [event_from_dict(e) for e in stored.events]
    again = TablesMatch.from_snapshot(stored.snapshot, events, time_source=FakeTime())
    assert state_of(again) == state_of(match)
    assert again.to_dict() == match.to_dict()


def test_lists_and_histories_leave_the_snapshot_out(store: Store, match_id: str) -> None:
    match = new_match()
    match.start()
    append(store, match_id, match, 0, snapshot=True)
    assert all(m.snapshot is None for m in store.matches.list_matches())
    stored = store.matches.load(match_id)
    assert stored is not None and stored.snapshot is not None
    assert "snapshot" not in stored.to_dict() and "snapshot" not in repr(stored)


def test_a_refused_append_leaves_the_stored_snapshot(store: Store, match_id: str) -> None:
    match = new_match()
    match.start()
    turns(match, 1)
    append(store, match_id, match, 0, snapshot=True)
    kept = match.snapshot()
    turns(match, 1)
    with pytest.raises(EventConflictError):
        append(store, match_id, match, 0, snapshot=True)  # the first events again
    stored = store.matches.load(match_id)
    assert stored is not None and stored.snapshot == kept


def test_a_match_stored_before_any_snapshot_has_none(store: Store, match_id: str) -> None:
    stored = store.matches.load(match_id)
    assert stored is not None and stored.snapshot is None
