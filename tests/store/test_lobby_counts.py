"""What the lobby reads besides the seeks: each seek's owner's rating in its game, and how
many matches of each game are being played and by how many accounts."""

from gamehall.play.registry import new_match
from gamehall.play.settings import BackgammonSettings, RenjuSettings
from gamehall.store import PlayerSeat, Store
from support.ratings import give_rating


def test_a_seek_carries_its_owners_rating_in_its_own_game(store: Store) -> None:
    ann = store.users.create("ann", "password-ann")
    bob = store.users.create("bob", "password-bob")
    give_rating(store, ann.id, "renju", 1820.4)
    give_rating(store, ann.id, "backgammon", 1390.0)
    renju = store.offers.create_seek(ann.id, RenjuSettings())
    backgammon = store.offers.create_seek(ann.id, BackgammonSettings())
    newcomer = store.offers.create_seek(bob.id, RenjuSettings())
    ratings = store.ratings.of_seeks([renju, backgammon, newcomer])
    assert ratings[renju.id].glicko2.rating == 1820.4
    assert ratings[backgammon.id].glicko2.rating == 1390.0
    assert ratings[newcomer.id].display() == "1500?"
    assert store.ratings.of_seeks([]) == {}


def _seats(store: Store, *names: str) -> list[PlayerSeat]:
    seats = []
    for name in names:
        user = store.users.by_name(name) or store.users.create(name, f"password-{name}")
        seats.append(PlayerSeat(user.id, "human", None, name))
    return seats


def test_the_matches_being_played_are_counted_by_game(store: Store) -> None:
    assert store.matches.playing_by_game() == []
    for names in (("ann", "bob"), ("cat", "ann")):
        match = new_match(RenjuSettings(), list(names))
        store.matches.create(match.to_dict(secrets=True), players=_seats(store, *names))
    match = new_match(BackgammonSettings(), ["dan", "Computer"])
    seats = [*_seats(store, "dan"), PlayerSeat(None, "computer", "random", "Computer")]
    over = store.matches.create(match.to_dict(secrets=True), players=seats)
    counted = {c.game: (c.matches, c.players) for c in store.matches.playing_by_game()}
    assert counted == {"backgammon": (1, 1), "renju": (2, 3)}  # ann is counted once
    store.matches.append(over, [], secrets=None, status="over", summary={"winner": 0})
    assert [c.game for c in store.matches.playing_by_game()] == ["renju"]
