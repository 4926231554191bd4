"""A match's terms (rated, a tournament's pairing) as the store reads them, and an aborted match
left out of the players' histories and statistics."""

from gamehall.play.registry import new_match
from gamehall.play.settings import BackgammonSettings, RenjuSettings
from gamehall.store import MatchTerms, PlayerSeat, Store, User
from gamehall.tournaments import TournamentSettings


def _users(store: Store) -> list[User]:
    return [store.users.create(name, f"password-{name}") for name in ("ann", "bob")]


def _seats(users: list[User]) -> list[PlayerSeat]:
    return [PlayerSeat(u.id, "human", None, u.name) for u in users]


def test_terms_say_rated_and_pairing(store: Store) -> None:
    users = _users(store)
    match = new_match(RenjuSettings(), ["ann", "bob"])
    match.start()
    data = match.to_dict(secrets=True)
    casual = store.matches.create(data, players=_seats(users))
    rated = store.matches.create(data, players=_seats(users), rated=True)
    made = store.tournaments.create(
        users[0].id,
        "Cup",
        TournamentSettings("swiss", rounds=1).to_dict(),
        rated=False,
        grace_seconds=60,
        starts_at=None,
    )
    paired = store.matches.create(
        data, players=_seats(users), then=store.tournaments.link(made.id, 1, 1, 1)
    )
    assert store.matches.terms(casual) == MatchTerms() and MatchTerms().casual
    assert store.matches.terms(rated) == MatchTerms(rated=True)
    assert store.matches.terms(paired) == MatchTerms(pairing=True)
    assert not MatchTerms(rated=True).casual and not MatchTerms(pairing=True).casual


def test_an_aborted_match_is_not_in_history_nor_statistics(store: Store) -> None:
    users = _users(store)
    match = new_match(BackgammonSettings(), ["ann", "bob"])
    match.start()
    first = len(match.events)
    match.act(1, "abort")
    match_id = store.matches.create(
        match.to_dict(secrets=True) | {"events": []}, players=_seats(users)
    )
    events = [e.to_dict() for e in match.events]
    summary = {"winner": None, "end_reason": "aborted", "score": [0, 0]}
    store.matches.append(match_id, events, secrets=None, status="aborted", summary=summary)
    assert first < len(events)
    stored = store.matches.load(match_id)
    assert stored is not None and stored.status == "aborted"
    assert store.matches.history(users[0].id) == []
    assert store.matches.stats(users[0].id).played == 0
    assert [m.id for m in store.matches.list_matches(status="aborted")] == [match_id]
