"""The engine-assisted mark: an account's games count for no one's rating, its past rated games
are taken out of everyone's ratings exactly, and put back when the mark is taken off."""

from typing import Any

import pytest

from gamehall.play.match import Match
from gamehall.play.registry import new_match
from gamehall.play.settings import BackgammonSettings, MatchSettings, RenjuSettings
from gamehall.ratings import GameRatings, rate_result
from gamehall.store import NotAllowedError, PlayerSeat, Store, User
from gamehall.store.rerating import rerate
from store.conftest import Clock


@pytest.fixture
def ann(store: Store) -> User:
    return store.users.create("ann", "password-ann")


@pytest.fixture
def bob(store: Store) -> User:
    return store.users.create("bob", "password-bob")


@pytest.fixture
def cid(store: Store) -> User:
    return store.users.create("cid", "password-cid")


def _played(
    store: Store,
    first: User,
    second: User,
    loser: int = 1,
    settings: MatchSettings | None = None,
) -> str:
    match: Match = new_match(settings or RenjuSettings(), [first.name, second.name])
    match.start()
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in (first, second)]
    match_id = store.matches.create(match.to_dict(secrets=True), players=seats, rated=True)
    begun = len(match.events)
    match.forfeit(loser, "resigned")
    events = [e.to_dict() for e in match.events[begun:]]
    summary: dict[str, Any] = {"winner": match.winner, "score": list(match.score)}
    store.matches.append(match_id, events, secrets=None, status="over", summary=summary)
    return match_id


def _ratings(store: Store, user: User, game: str = "renju") -> GameRatings | None:
    found = [r for r in store.ratings.of_user(user.id) if r.ratings.game == game]
    return found[0].ratings if found else None


def test_marking_takes_a_players_past_games_out_of_everyones_ratings(
    store: Store, ann: User, bob: User, cid: User, clock: Clock
) -> None:
    _played(store, ann, bob)  # ann beats bob
    clock.advance(minutes=1)
    kept = _played(store, bob, cid)  # bob beats cid
    store.moderation.mark_engine("ann", True, "a perfect game every time", by="op")
    # As if ann and bob had never played: bob's one rated result is his win over cid.
    bob_alone, cid_alone = rate_result(GameRatings.new("renju"), GameRatings.new("renju"), 1.0)
    assert _ratings(store, bob) == bob_alone
    assert _ratings(store, cid) == cid_alone
    assert _ratings(store, ann) is None
    assert [r.name for r in store.ratings.leaderboard("renju", 10)] == ["bob", "cid"]
    assert [p.match_id for p in store.ratings.history(bob.id, "renju", 10)] == [kept]
    assert [r.games for r in store.ratings.of_user(bob.id)] == [1]
    assert store.moderation.standing("ann").engine_assisted_at is not None
    assert store.moderation.actions()[0].action == "mark-engine"


def test_a_marked_players_next_games_are_unrated_for_both(
    store: Store, ann: User, bob: User
) -> None:
    store.moderation.mark_engine("ann", True, "engine moves", by="op")
    match_id = _played(store, ann, bob)
    assert store.matches.terms(match_id).rated is False
    assert store.ratings.leaderboard("renju", 10) == []


def test_a_game_begun_before_the_mark_and_ended_after_it_is_not_rated(
    store: Store, ann: User, bob: User
) -> None:
    match: Match = new_match(RenjuSettings(), ["ann", "bob"])
    match.start()
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in (ann, bob)]
    match_id = store.matches.create(match.to_dict(secrets=True), players=seats, rated=True)
    store.moderation.mark_engine("bob", True, "engine moves", by="op")
    begun = len(match.events)
    match.forfeit(1, "resigned")
    events = [e.to_dict() for e in match.events[begun:]]
    store.matches.append(match_id, events, secrets=None, status="over", summary={"winner": 0})
    assert store.ratings.leaderboard("renju", 10) == []


def test_unmarking_puts_the_games_back_exactly(
    store: Store, ann: User, bob: User, cid: User, clock: Clock
) -> None:
    for first, second, loser in ((ann, bob, 1), (bob, cid, 0), (cid, ann, 1), (ann, cid, 0)):
        _played(store, first, second, loser)
        clock.advance(minutes=1)
    before = {u.name: _ratings(store, u) for u in (ann, bob, cid)}
    history = store.ratings.history(cid.id, "renju", 10)
    store.moderation.mark_engine("bob", True, "engine moves", by="op")
    assert _ratings(store, cid) != before["cid"]
    store.moderation.mark_engine("bob", False, "a mistake: he plays well", by="op")
    assert {u.name: _ratings(store, u) for u in (ann, bob, cid)} == before
    assert store.ratings.history(cid.id, "renju", 10) == history


def test_rerating_with_nobody_marked_gives_back_the_stored_ratings_in_the_tables_games(
    store: Store, ann: User, bob: User, cid: User, clock: Clock
) -> None:
    three = BackgammonSettings(length=3)
    for first, second, loser in ((ann, bob, 1), (bob, cid, 1), (cid, ann, 0)):
        _played(store, first, second, loser, three)
        clock.advance(minutes=1)
    before = {u.name: _ratings(store, u, "backgammon") for u in (ann, bob, cid)}
    assert all(r is not None and r.fibs is not None for r in before.values())
    with store.transactions.write() as session:
        rerate(session, "backgammon", store.transactions.now())
    assert {u.name: _ratings(store, u, "backgammon") for u in (ann, bob, cid)} == before


def test_marking_twice_or_unmarking_an_unmarked_player_is_refused(
    store: Store, ann: User, bob: User
) -> None:
    store.moderation.mark_engine("ann", True, "engine moves", by="op")
    with pytest.raises(NotAllowedError, match="already"):
        store.moderation.mark_engine("ann", True, "again", by="op")
    with pytest.raises(NotAllowedError, match="not marked"):
        store.moderation.mark_engine("bob", False, "no", by="op")
    assert len(store.moderation.actions()) == 1
