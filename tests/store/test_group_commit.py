"""Group commit: ``append_batch`` stores the appends of several matches in one transaction, with a
few statements for the whole batch; when one would be refused, each is written in its own
savepoint, so that one refused leaves the others written."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event

from gamehall.play.dice import ScriptedDice
from gamehall.play.settings import BackgammonSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import (
    EventConflictError,
    NotFoundError,
    PlayerSeat,
    Store,
    StoreError,
    User,
)
from gamehall.store.appends import Append
from support.matches import FakeTime, play_first


def _match() -> TablesMatch:
    dice = ScriptedDice([(3, 1), (6, 5), (4, 2), (5, 5)])
    match = TablesMatch(BackgammonSettings(), ["ann", "bob"], dice=dice, time_source=FakeTime())
    match.start()
    return match


SUMMARY = {"score": [0, 0], "winner": None, "end_reason": None}


def _seats(make_user: Callable[[str], User]) -> list[PlayerSeat]:
    ann, bob = make_user("ann"), make_user("bob")
    return [PlayerSeat(ann.id, "human", None, "ann"), PlayerSeat(bob.id, "human", None, "bob")]


def _stored_and_played(store: Store, seats: list[PlayerSeat]) -> tuple[str, TablesMatch, int]:
    """A match stored, then played on in memory: its id, the match, the events stored."""
    match = _match()
    match_id = store.matches.create(match.to_dict(secrets=True), players=seats)
    stored = len(match.events)
    play_first(match)
    return match_id, match, stored


@contextmanager
def _statements(store: Store) -> Iterator[list[str]]:
    """The SQL statements the store sends meanwhile (an executemany counts once)."""
    sent: list[str] = []

    def note(*args: Any) -> None:
        sent.append(str(args[2]))

    engine = store.transactions.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", note)


def _assert_stored_as_played(store: Store, match_id: str, match: TablesMatch) -> None:
    loaded = store.matches.load(match_id)
    assert loaded is not None and loaded.events is not None
    assert list(loaded.events) == [e.to_dict() for e in match.events]


def test_a_batch_that_can_be_written_takes_a_few_statements_whatever_its_size(
    store: Store, make_user: Callable[[str], User]
) -> None:
    seats = _seats(make_user)
    played = [_stored_and_played(store, seats) for _ in range(6)]
    appends = [
        Append(i, [e.to_dict() for e in m.events[n:]], None, "playing", SUMMARY, m.snapshot())
        if k % 2
        else Append(i, [e.to_dict() for e in m.events[n:]], None, "playing", SUMMARY)
        for k, (i, m, n) in enumerate(played)
    ]
    with _statements(store) as sent:
        assert store.matches.append_batch(appends) == [None] * 6
    assert not any("SAVEPOINT" in s for s in sent)
    assert len(sent) <= 4  # begin, two updates (with and without a snapshot), one insert
    for k, (match_id, match, _) in enumerate(played):
        _assert_stored_as_played(store, match_id, match)
        loaded = store.matches.load(match_id)
        assert loaded is not None and loaded.summary == SUMMARY
        assert loaded.snapshot == (match.snapshot() if k % 2 else None)


def test_two_appends_of_one_match_in_a_batch_are_stored_in_order(
    store: Store, make_user: Callable[[str], User]
) -> None:
    match_id, match, stored = _stored_and_played(store, _seats(make_user))
    events = [e.to_dict() for e in match.events[stored:]]
    first = Append(match_id, events[:1], None, "playing", SUMMARY)
    rest = Append(match_id, events[1:], None, "playing", SUMMARY)
    assert store.matches.append_batch([first, rest]) == [None, None]
    _assert_stored_as_played(store, match_id, match)


def test_a_gap_is_refused_alone(store: Store, make_user: Callable[[str], User]) -> None:
    seats = _seats(make_user)
    gap_id, gap_match, gap_stored = _stored_and_played(store, seats)
    match_id, match, stored = _stored_and_played(store, seats)
    skipping = [e.to_dict() for e in gap_match.events[gap_stored + 1 :]]
    results = store.matches.append_batch(
        [
            Append(gap_id, skipping, None, "playing", SUMMARY),
            Append(
                match_id, [e.to_dict() for e in match.events[stored:]], None, "playing", SUMMARY
            ),
        ]
    )
    assert isinstance(results[0], StoreError) and "missing" in str(results[0])
    assert results[1] is None
    _assert_stored_as_played(store, match_id, match)
    loaded = store.matches.load(gap_id)
    assert loaded is not None and len(loaded.events or ()) == gap_stored


def test_a_batch_stores_every_append_but_the_refused(
    store: Store, make_user: Callable[[str], User]
) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    seats = [PlayerSeat(ann.id, "human", None, "ann"), PlayerSeat(bob.id, "human", None, "bob")]
    matches = [_match() for _ in range(3)]
    ids = [store.matches.create(m.to_dict(secrets=True), players=seats) for m in matches]
    stored = [len(m.events) for m in matches]
    for match in matches:
        play_first(match)
    new = [[e.to_dict() for e in m.events[n:]] for m, n in zip(matches, stored, strict=True)]
    summary = {"score": [0, 0], "winner": None, "end_reason": None}
    appends = [
        Append(i, events, None, "playing", summary) for i, events in zip(ids, new, strict=True)
    ]
    stale = Append(ids[1], new[1], None, "playing", summary)  # the same events again
    missing = Append("nothing", [], None, "playing", summary)
    results = store.matches.append_batch([appends[0], appends[1], stale, missing, appends[2]])
    assert results[0] is None and results[1] is None and results[4] is None
    assert isinstance(results[2], EventConflictError)
    assert isinstance(results[3], NotFoundError)
    for match_id, match in zip(ids, matches, strict=True):
        loaded = store.matches.load(match_id)
        assert loaded is not None and loaded.events is not None
        assert list(loaded.events) == [e.to_dict() for e in match.events]
