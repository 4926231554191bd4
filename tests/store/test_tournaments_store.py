"""Tournaments in the store: entries before the start only, the state kept as the tournaments
package's dict, pairings tied to their matches in the match's own transaction."""

from datetime import timedelta

import pytest

from gamehall.play.registry import new_match
from gamehall.play.settings import RenjuSettings
from gamehall.store import ConflictError, NotAllowedError, PlayerSeat, Store, User
from gamehall.tournaments import Tournament, TournamentSettings
from store.conftest import Clock

SETTINGS = TournamentSettings("swiss", rounds=3).to_dict()


def _users(store: Store, *names: str) -> list[User]:
    return [store.users.create(name, f"password-{name}") for name in names]


def test_entries_state_and_games_are_kept(store: Store, clock: Clock) -> None:
    ann, bob, cid = _users(store, "ann", "bob", "cid")
    tournaments = store.tournaments
    made = tournaments.create(
        ann.id,
        "Autumn Swiss",
        SETTINGS,
        rated=True,
        grace_seconds=60,
        starts_at=clock.now + timedelta(hours=1),
    )
    assert (made.status, made.game, made.created_by) == ("open", "renju", "ann")
    for user in (ann, bob, cid):
        clock.advance(seconds=1)
        tournaments.join(made.id, user.id)
    with pytest.raises(ConflictError, match="in this tournament already"):
        tournaments.join(made.id, bob.id)
    tournaments.leave(made.id, cid.id)
    with pytest.raises(ConflictError, match="not in this tournament"):
        tournaments.leave(made.id, cid.id)
    assert tournaments.need(made.id).entries == ("ann", "bob")
    assert tournaments.due(clock.now) == []
    assert tournaments.due(clock.now + timedelta(hours=1)) == [made.id]
    state = Tournament.create(TournamentSettings.from_dict(SETTINGS), ["ann", "bob"])
    with pytest.raises(ConflictError, match="entries changed"):
        tournaments.begin(made.id, ["ann", "bob", "cid"], state.to_dict())
    state = state.pair_next_round()
    tournaments.begin(made.id, ["ann", "bob"], state.to_dict())
    with pytest.raises(ConflictError, match="entries are closed"):
        tournaments.join(made.id, cid.id)
    match = new_match(RenjuSettings(), ["ann", "bob"])
    match.start()
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in (ann, bob)]
    match_id = store.matches.create(
        match.to_dict(secrets=True),
        players=seats,
        rated=True,
        then=tournaments.link(made.id, 1, 1, 1),
    )
    with pytest.raises(ConflictError):  # a pairing gets one match
        store.matches.create(
            match.to_dict(secrets=True), players=seats, then=tournaments.link(made.id, 1, 1, 1)
        )
    stored = tournaments.need(made.id)
    assert stored.status == "running" and stored.state == state.to_dict()
    game = stored.game_of(1, 1, 1)
    assert game is not None and (game.match_id, game.status) == (match_id, "playing")
    assert Tournament.from_dict(stored.state) == state
    read_at = stored.updated_at
    tournaments.save_state(made.id, state.to_dict(), finished=False, read_at=read_at)
    with pytest.raises(ConflictError, match="its state changed meanwhile"):
        tournaments.save_state(made.id, state.to_dict(), finished=False, read_at=read_at)
    tournaments.save_state(made.id, state.to_dict(), finished=True)
    assert tournaments.ids("finished") == [made.id]
    with pytest.raises(ConflictError, match="not running"):
        tournaments.save_state(made.id, state.to_dict(), finished=True)


def test_guests_enter_casual_tournaments_only(store: Store) -> None:
    (ann,) = _users(store, "ann")
    guest = store.users.create_guest()
    tournaments = store.tournaments
    rated = tournaments.create(
        ann.id, "Rated", SETTINGS, rated=True, grace_seconds=60, starts_at=None
    )
    with pytest.raises(NotAllowedError, match="guests play casual games only"):
        tournaments.join(rated.id, guest.id)
    with pytest.raises(NotAllowedError, match="guests play casual games only"):
        tournaments.create(guest.id, "Mine", SETTINGS, rated=True, grace_seconds=60, starts_at=None)
    casual = tournaments.create(
        guest.id, "Mine", SETTINGS, rated=False, grace_seconds=60, starts_at=None
    )
    tournaments.join(casual.id, guest.id)
    assert [t.name for t in tournaments.list_tournaments("open")] == ["Mine", "Rated"]
