"""Matches: seats, the event log appended in turns, replaying what was stored, lists, profiles."""

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamehall.play.dice import ScriptedDice
from gamehall.play.settings import BackgammonSettings, MatchSettings, NardySettings
from gamehall.play.tables_match import TablesMatch
from gamehall.play.views import state_of
from gamehall.store import (
    EventConflictError,
    MatchStats,
    NotFoundError,
    PlayerSeat,
    Store,
    StoredMatch,
    StoreError,
    User,
)
from store.conftest import Clock
from support.matches import FakeTime, play_first

ROLLS = [(3, 1), (6, 5), (4, 2), (5, 5), (6, 1), (2, 2), (5, 3), (4, 4), (6, 2), (1, 1)]


def _seats(ann: User, bob: User | None = None) -> list[PlayerSeat]:
    second = (
        PlayerSeat(bob.id, "human", None, bob.name)
        if bob is not None
        else PlayerSeat(None, "computer", "beginner", "Computer")
    )
    return [PlayerSeat(ann.id, "human", None, ann.name), second]


def _match(*names: str, game: str = "backgammon", **settings: Any) -> TablesMatch:
    return TablesMatch(
        MatchSettings.from_dict({"game": game, **settings}),  # type: ignore[arg-type]
        names,
        dice=ScriptedDice(ROLLS),
        time_source=FakeTime(),
    )


def _turn(match: TablesMatch) -> None:
    play_first(match)
    if match.phase == "roll":
        match.act(match.on_roll, "roll")


def _summary(match: TablesMatch) -> dict[str, Any]:
    return {"score": list(match.score), "winner": match.winner, "end_reason": match.end_reason}


def _append(store: Store, match_id: str, match: TablesMatch, first: int) -> None:
    store.matches.append(
        match_id,
        [event.to_dict() for event in match.events[first:]],
        secrets=match.to_dict(secrets=True).get("secrets"),
        status="over" if match.is_over else "playing",
        summary=_summary(match),
    )


@pytest.fixture
def users(make_user: Callable[[str], User]) -> tuple[User, User]:
    return make_user("ann"), make_user("bob")


def test_a_match_stored_in_turns_replays_to_the_same_state(
    store: Store, users: tuple[User, User]
) -> None:
    ann, bob = users
    match = _match("ann", "bob", length=1)
    match_id = store.matches.create(match.to_dict(secrets=True), players=_seats(ann, bob))
    assert len(match_id) == 8
    match.start()
    for _ in range(2):
        _turn(match)
    _append(store, match_id, match, 0)
    stored_so_far = len(match.events)
    for _ in range(3):
        _turn(match)
    _append(store, match_id, match, stored_so_far)

    stored = store.matches.load(match_id)
    assert stored is not None and stored.events is not None
    assert [e["seq"] for e in stored.events] == list(range(len(match.events)))
    data = stored.as_match_dict(True)
    assert data == match.to_dict(secrets=True)
    again = TablesMatch.from_dict(data)
    assert state_of(again) == state_of(match)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in match.events]


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    game=st.sampled_from(["backgammon", "georgian", "nardy"]),
    cuts=st.lists(st.integers(min_value=0, max_value=40), max_size=4),
)
def test_any_split_of_a_log_is_stored_and_replays(
    store: Store, users: tuple[User, User], game: str, cuts: list[int]
) -> None:
    ann, bob = users
    clock = FakeTime()
    match = TablesMatch(
        MatchSettings.from_dict({"game": game, "length": 3, "clock": "fischer:600+5"}),  # type: ignore[arg-type]
        ("ann", "bob"),
        time_source=clock,
    )
    match.start()
    for _ in range(12):
        clock.advance(7)
        if match.phase == "roll":
            match.act(match.on_roll, "roll")
        else:
            play_first(match)
    events = [e.to_dict() for e in match.events]
    match_id = store.matches.create({**match.to_dict(), "events": []}, players=_seats(ann, bob))
    bounds = sorted({min(cut, len(events)) for cut in cuts} | {0, len(events)})
    for start, end in itertools.pairwise(bounds):
        store.matches.append(
            match_id, events[start:end], secrets=None, status="playing", summary={}
        )
    stored = store.matches.load(match_id)
    assert stored is not None
    again = TablesMatch.from_dict(stored.as_match_dict(False), time_source=clock)
    assert state_of(again) == state_of(match)


def test_a_match_created_with_events_and_finished(store: Store, users: tuple[User, User]) -> None:
    ann, bob = users
    match = _match("ann", "bob", length=1)
    match.start()
    _turn(match)
    match_id = store.matches.create(match.to_dict(secrets=True), players=_seats(ann, bob))
    first = len(match.events)
    player = match.on_roll
    match.act(player, "resign", value=1)
    match.act(1 - player, "accept")
    _append(store, match_id, match, first)
    stored = store.matches.load(match_id)
    assert stored is not None
    assert stored.status == "over"
    assert stored.summary == {"score": [1, 0], "winner": 1 - player, "end_reason": "resign"}
    assert state_of(TablesMatch.from_dict(stored.as_match_dict(False))) == state_of(match)


def test_fair_dice_go_on_after_loading_only_with_the_secrets(
    store: Store, users: tuple[User, User]
) -> None:
    ann, bob = users
    clock = FakeTime()
    match = TablesMatch(
        BackgammonSettings(length=3, dice="fair"), ("ann", "bob"), time_source=clock
    )
    match.start()
    match_id = store.matches.create(match.to_dict(secrets=True), players=_seats(ann, bob))
    first = len(match.events)
    for _ in range(2):
        _turn(match)
    _append(store, match_id, match, first)
    stored = store.matches.load(match_id)
    assert stored is not None and stored.secrets == match.to_dict(secrets=True)["secrets"]
    assert "secrets" not in stored.as_match_dict(False)
    assert "secrets" not in stored.to_dict() and "events" not in stored.to_dict()
    assert "secrets" not in repr(stored)
    resumed = TablesMatch.from_dict(stored.as_match_dict(True), time_source=clock)
    _turn(match)
    _turn(resumed)
    assert state_of(resumed) == state_of(match)


def test_a_seq_that_is_stored_already_is_refused_and_nothing_changes(
    store: Store, users: tuple[User, User]
) -> None:
    ann, bob = users
    match = _match("ann", "bob", length=1)
    match.start()
    match_id = store.matches.create(match.to_dict(secrets=True), players=_seats(ann, bob))
    first = len(match.events)
    _turn(match)
    _append(store, match_id, match, first)
    before = store.matches.load(match_id)
    with pytest.raises(EventConflictError, match="another server"):
        store.matches.append(
            match_id,
            [e.to_dict() for e in match.events[first - 1 :]],
            secrets=None,
            status="over",
            summary={"winner": 0},
        )
    assert store.matches.load(match_id) == before


def test_appending_checks_its_events(store: Store, users: tuple[User, User]) -> None:
    ann, bob = users
    match = _match("ann", "bob", length=1)
    match.start()
    match_id = store.matches.create(match.to_dict(), players=_seats(ann, bob))
    events = [e.to_dict() for e in match.events]
    n = len(events)
    later = {"seq": n + 1, "kind": "roll"}

    def append(batch: list[dict[str, Any]], status: str = "playing") -> None:
        store.matches.append(match_id, batch, secrets=None, status=status, summary={})

    with pytest.raises(StoreError, match=f"events {n} to {n} of match {match_id} are missing"):
        append([later])
    with pytest.raises(StoreError, match="does not follow"):
        append([{"seq": n, "kind": "roll"}, {"seq": n + 2, "kind": "roll"}])
    with pytest.raises(StoreError, match="seq of 0 or more"):
        append([{"seq": "1", "kind": "roll"}])
    with pytest.raises(StoreError, match="has no kind"):
        append([{"seq": n}])
    with pytest.raises(StoreError, match="status 'won'"):
        append([], status="won")
    with pytest.raises(NotFoundError, match="no match nothing"):
        store.matches.append("nothing", [], secrets=None, status="playing", summary={})
    loaded = store.matches.load(match_id)
    assert loaded is not None and loaded.events is not None and len(loaded.events) == n


def test_creating_a_match_checks_its_seats_and_record(
    store: Store, users: tuple[User, User]
) -> None:
    ann, bob = users
    data = _match("ann", "bob").to_dict()
    seats = _seats(ann, bob)
    with pytest.raises(StoreError, match="two seats"):
        store.matches.create(data, players=seats[:1])
    with pytest.raises(StoreError, match="a seat is"):
        store.matches.create(data, players=[seats[0], (None, "computer")])  # type: ignore[list-item]
    with pytest.raises(StoreError, match="seat kind 'robot'"):
        store.matches.create(data, players=[seats[0], PlayerSeat(None, "robot", None, "bob")])
    with pytest.raises(StoreError, match="names must be the match's players"):
        store.matches.create(data, players=list(reversed(seats)))
    with pytest.raises(NotFoundError, match="no user 99"):
        store.matches.create(data, players=[seats[0], PlayerSeat(99, "human", None, "bob")])
    with pytest.raises(StoreError, match="not its settings' game"):
        store.matches.create({**data, "game": "nardy"}, players=seats)
    with pytest.raises(StoreError, match="match length"):
        store.matches.create({**data, "settings": {"length": -1}}, players=seats)
    with pytest.raises(StoreError, match="needs game, settings, players"):
        store.matches.create({"game": "backgammon"}, players=seats)
    with pytest.raises(StoreError, match="start at seq 0"):
        store.matches.create({**data, "events": [{"seq": 3, "kind": "start"}]}, players=seats)
    assert store.matches.list_matches() == []


def test_a_stored_match_as_a_client_sees_it(
    store: Store, users: tuple[User, User], clock: Clock
) -> None:
    ann, _ = users
    match_id = store.matches.create(
        _match("ann", "Computer", game="nardy").to_dict(), players=_seats(ann)
    )
    clock.advance(minutes=5)
    store.matches.append(
        match_id, [], secrets=None, status="playing", summary={"score": [0, 0], "winner": None}
    )
    stored = store.matches.load(match_id)
    assert stored is not None
    assert stored.to_dict() == {
        "id": match_id,
        "game": "nardy",
        "settings": NardySettings().to_dict(),
        "players": [
            {"user_id": ann.id, "kind": "human", "level": None, "name": "ann", "bot": False},
            {
                "user_id": None,
                "kind": "computer",
                "level": "beginner",
                "name": "Computer",
                "bot": False,
            },
        ],
        "status": "playing",
        "summary": {"score": [0, 0], "winner": None},
        "created_at": "2026-01-01T12:00:00+00:00",
        "updated_at": "2026-01-01T12:05:00+00:00",
    }
    assert stored.players == ["ann", "Computer"]
    assert stored.events == () and stored.secrets is None
    assert store.matches.load("nothing") is None


def _finished(store: Store, seats: list[PlayerSeat], winner: int | None) -> str:
    match_id = store.matches.create(
        _match(*[seat.name for seat in seats], game="georgian").to_dict(), players=seats
    )
    store.matches.append(
        match_id,
        [],
        secrets=None,
        status="over",
        summary={"score": [1, 0], "winner": winner, "end_reason": "five"},
    )
    return match_id


def test_lists_histories_and_statistics(
    store: Store, users: tuple[User, User], clock: Clock
) -> None:
    ann, bob = users
    cat = store.users.create("cat", "password-cat")
    ann_bob = _seats(ann, bob)
    bob_ann = list(reversed(ann_bob))
    ids = []
    for seats, winner in [(ann_bob, 0), (bob_ann, 0), (ann_bob, None), (_seats(ann), 1)]:
        ids.append(_finished(store, seats, winner))
        clock.advance(minutes=1)
    live = store.matches.create(_match("bob", "ann").to_dict(), players=bob_ann)
    clock.advance(minutes=1)
    store.matches.create(_match("cat", "Computer").to_dict(), players=_seats(cat))

    def listed(matches: list[StoredMatch]) -> list[str]:
        return [m.id for m in matches]

    everything = store.matches.list_matches()
    assert len(everything) == 6 and everything[1].id == live
    assert all(m.events is None and m.secrets is None for m in everything)
    with pytest.raises(StoreError, match="load it whole"):
        everything[0].as_match_dict(False)
    assert listed(store.matches.list_matches(status="over")) == ids[::-1]
    assert listed(store.matches.list_matches(status="playing", user_id=ann.id)) == [live]
    assert listed(store.matches.list_matches(user_id=bob.id, limit=2)) == [live, ids[2]]
    assert store.matches.list_matches(user_id=999) == []
    with pytest.raises(StoreError, match="status 'live'"):
        store.matches.list_matches(status="live")
    with pytest.raises(StoreError, match="limit"):
        store.matches.list_matches(limit=-1)

    assert listed(store.matches.history(ann.id)) == ids[::-1]
    assert listed(store.matches.history(bob.id, limit=2)) == [ids[2], ids[1]]
    assert store.matches.history(cat.id) == []
    assert store.matches.stats(ann.id) == MatchStats(played=4, won=1, lost=2)
    assert store.matches.stats(bob.id) == MatchStats(played=3, won=1, lost=1)
    assert store.matches.stats(cat.id) == MatchStats(played=0, won=0, lost=0)


def test_seats_accept_plain_tuples(store: Store, users: tuple[User, User]) -> None:
    ann, _ = users
    seats: list[Any] = [(ann.id, "human", None, "ann"), (None, "computer", "random", "Bot")]
    match_id = store.matches.create(_match("ann", "Bot").to_dict(), players=seats)
    stored = store.matches.load(match_id)
    assert stored is not None
    assert stored.seats == (
        PlayerSeat(ann.id, "human", None, "ann"),
        PlayerSeat(None, "computer", "random", "Bot"),
    )
