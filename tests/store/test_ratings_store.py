"""Ratings in the store: a rated result rates both players in the transaction that stores it,
once; casual, computer and guest games are not rated; leaderboard and history read back."""

from typing import Any

import pytest

from gamehall.play.actions import Accept, OfferDraw, Resign
from gamehall.play.match import Match
from gamehall.play.registry import new_match
from gamehall.play.settings import RenjuSettings
from gamehall.play.views import state_of
from gamehall.store import NotAllowedError, PlayerSeat, Store, User
from store.conftest import Clock


@pytest.fixture
def ann(store: Store) -> User:
    return store.users.create("ann", "password-ann")


@pytest.fixture
def bob(store: Store) -> User:
    return store.users.create("bob", "password-bob")


def _renju(*names: str) -> Match:
    match = new_match(RenjuSettings(), list(names))
    match.start()
    return match


def _seats(*users: User) -> list[PlayerSeat]:
    return [PlayerSeat(u.id, "human", None, u.name) for u in users]


def _finish(store: Store, match_id: str, match: Match, loser: int) -> None:
    first = len(match.events)
    match.forfeit(loser, "resigned")
    events = [e.to_dict() for e in match.events[first:]]
    summary: dict[str, Any] = {"winner": match.winner, "score": list(match.score)}
    store.matches.append(match_id, events, secrets=None, status="over", summary=summary)


def _played(store: Store, first: User, second: User, *, rated: bool, loser: int = 1) -> str:
    match = _renju(first.name, second.name)
    match_id = store.matches.create(
        match.to_dict(secrets=True), players=_seats(first, second), rated=rated
    )
    _finish(store, match_id, match, loser)
    return match_id


def test_a_rated_result_rates_both_players_once(
    store: Store, ann: User, bob: User, clock: Clock
) -> None:
    match_id = _played(store, ann, bob, rated=True)
    board = store.ratings.leaderboard("renju", 10)
    assert [r.name for r in board] == ["ann", "bob"]
    assert board[0].ratings.glicko2.rating > 1500 > board[1].ratings.glicko2.rating
    assert board[0].to_dict()["display"].endswith("?") and board[0].games == 1
    # Storing the summary again (a server pausing) rates nothing more.
    store.matches.append(match_id, [], secrets=None, status="over", summary={"winner": 0})
    assert [p.match_id for p in store.ratings.history(ann.id, "renju", 50)] == [match_id]
    clock.advance(minutes=5)
    _played(store, ann, bob, rated=True, loser=0)
    points = store.ratings.history(ann.id, "renju", 50)
    assert len(points) == 2 and points[1].rating < points[0].rating
    assert [r.games for r in store.ratings.of_user(bob.id)] == [2]


def test_casual_results_are_not_rated(store: Store, ann: User, bob: User) -> None:
    _played(store, ann, bob, rated=False)
    assert store.ratings.leaderboard("renju", 10) == []


def test_computer_and_guest_games_cannot_be_rated(store: Store, ann: User) -> None:
    match = _renju("ann", "Computer")
    seats = [
        PlayerSeat(ann.id, "human", None, "ann"),
        PlayerSeat(None, "computer", "random", "Computer"),
    ]
    with pytest.raises(NotAllowedError, match="against the computer are casual"):
        store.matches.create(match.to_dict(secrets=True), players=seats, rated=True)
    guest = store.users.create_guest()
    with pytest.raises(NotAllowedError, match="guests play casual games only"):
        store.offers.create_challenge(ann.id, guest.id, RenjuSettings(), rated=True)
    assert store.offers.create_challenge(ann.id, guest.id, RenjuSettings()).rated is False


def test_a_rated_challenge_makes_a_rated_match(store: Store, ann: User, bob: User) -> None:
    challenge = store.offers.create_challenge(ann.id, bob.id, RenjuSettings(), rated=True)
    assert challenge.to_dict()["rated"] is True
    match = _renju("ann", "bob")
    match_id = store.offers.accept_challenge(
        challenge.id, bob.id, match.to_dict(secrets=True), players=_seats(ann, bob), rated=True
    )
    _finish(store, match_id, match, 0)
    assert [r.name for r in store.ratings.leaderboard("renju", 10)] == ["bob", "ann"]


def test_seeding_and_shown_ratings_give_newcomers_1500(store: Store, ann: User, bob: User) -> None:
    _played(store, ann, bob, rated=True)
    ratings = store.ratings
    seeding = ratings.seeding(["ann", "bob", "cid"], "renju")
    assert seeding["ann"] > 1500 > seeding["bob"] and seeding["cid"] == 1500
    shown = ratings.shown(["ann", "cid"], "renju")
    assert shown["cid"] == "1500?" and shown["ann"].endswith("?")
    with pytest.raises(Exception, match="not rated"):
        ratings.leaderboard("chess")


def test_renju_is_rated_game_by_game_and_a_draw_is_half(store: Store, ann: User, bob: User) -> None:
    match = new_match(RenjuSettings(length=3), ["ann", "bob"])
    match.start()
    match_id = store.matches.create(
        match.to_dict(secrets=True), players=_seats(ann, bob), rated=True
    )

    def act(seat: int, action: Any) -> None:
        first = len(match.events)
        match.apply(seat, action)
        events = [e.to_dict() for e in match.events[first:]]
        summary = {"winner": match.winner, "score": list(match.score)}
        status = "over" if match.is_over else "playing"
        store.matches.append(match_id, events, secrets=None, status=status, summary=summary)

    act(0, OfferDraw())
    act(1, Accept())  # game 1 drawn: rated at once, the match goes on
    ratings = store.ratings
    first = ratings.history(ann.id, "renju", 10)
    assert len(first) == 1 and first[0].rating == pytest.approx(1500)
    assert first[0].deviation < 350
    to_move = state_of(match)["to_act"]
    act(to_move, Resign())  # game 2: rated, though the match (of 3 games) goes on
    assert not match.is_over
    points = ratings.history(ann.id, "renju", 10)
    assert len(points) == 2 and [r.games for r in ratings.of_user(bob.id)] == [2]
    assert (points[1].rating > points[0].rating) == (to_move == 1)


def test_a_bot_is_rated_among_people_and_marked(store: Store, ann: User, bob: User) -> None:
    store.users.make_bot(bob.id)
    _played(store, ann, bob, rated=True)
    board = store.ratings.leaderboard("renju", 10)
    assert [(r.name, r.bot) for r in board] == [("ann", False), ("bob", True)]
    assert board[1].to_dict()["bot"] is True
    assert [r.bot for r in store.ratings.of_user(bob.id)] == [True]
