"""What a server process asks the store to notice another process's moves: how many events
each of its matches has, and the events from a seq on."""

from collections.abc import Callable

from gamehall.play.dice import ScriptedDice
from gamehall.play.settings import BackgammonSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import PlayerSeat, Store, User
from support.matches import FakeTime, play_first


def _started(names: tuple[str, str]) -> TablesMatch:
    match = TablesMatch(
        BackgammonSettings(),
        names,
        dice=ScriptedDice([(3, 1), (6, 5)] * 20),
        time_source=FakeTime(),
    )
    match.start()
    return match


def test_event_counts_and_the_events_from_a_seq(
    store: Store, make_user: Callable[[str], User]
) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in (ann, bob)]
    match = _started(("ann", "bob"))
    first = store.matches.create(match.to_dict(secrets=True), players=seats)
    other = store.matches.create(_started(("ann", "bob")).to_dict(secrets=True), players=seats)
    stored = len(match.events)
    play_first(match)
    store.matches.append(
        first,
        [e.to_dict() for e in match.events[stored:]],
        secrets=match.to_dict(secrets=True).get("secrets"),
        status="playing",
        summary={"score": [0, 0], "winner": None, "end_reason": None},
    )
    counts = store.matches.event_counts([first, other, "no-such-match"])
    assert counts == {first: len(match.events), other: stored}
    assert store.matches.events_from(first, stored) == [e.to_dict() for e in match.events[stored:]]
    assert store.matches.events_from(first, len(match.events)) == []
    many = [first] * 1200  # asked in parts, each within the database's limit of parameters
    assert store.matches.event_counts(many) == {first: len(match.events)}
