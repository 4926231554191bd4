"""Group commit: ``append_batch`` stores the appends of several matches in one transaction, each
in its own savepoint, so that one refused leaves the others written."""

from collections.abc import Callable

from gamehall.play.dice import ScriptedDice
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import EventConflictError, NotFoundError, PlayerSeat, Store, User
from gamehall.store.repository import Append
from support.matches import FakeTime, play_first


def _match() -> TablesMatch:
    dice = ScriptedDice([(3, 1), (6, 5), (4, 2), (5, 5)])
    match = TablesMatch(
        MatchSettings(game="backgammon"), ["ann", "bob"], dice=dice, time_source=FakeTime()
    )
    match.start()
    return match


def test_a_batch_stores_every_append_but_the_refused(
    store: Store, make_user: Callable[[str], User]
) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    seats = [PlayerSeat(ann.id, "human", None, "ann"), PlayerSeat(bob.id, "human", None, "bob")]
    matches = [_match() for _ in range(3)]
    ids = [store.create_match(m.to_dict(secrets=True), players=seats) for m in matches]
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
    results = store.append_batch([appends[0], appends[1], stale, missing, appends[2]])
    assert results[0] is None and results[1] is None and results[4] is None
    assert isinstance(results[2], EventConflictError)
    assert isinstance(results[3], NotFoundError)
    for match_id, match in zip(ids, matches, strict=True):
        loaded = store.load_match(match_id)
        assert loaded is not None and loaded.events is not None
        assert list(loaded.events) == [e.to_dict() for e in match.events]
