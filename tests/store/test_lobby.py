"""Seeks (offers to anybody) and challenges (offers to one user), and their matches: taking a
seek or accepting a challenge stores its match in the same transaction, both or neither."""

from collections.abc import Callable
from typing import Any

import pytest

from gamehall.play.settings import BackgammonSettings, NardySettings, RenjuSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import (
    Challenge,
    ConflictError,
    NotAllowedError,
    NotFoundError,
    PlayerSeat,
    Seek,
    Store,
    StoreError,
    User,
    new_matches,
)
from store.conftest import Clock
from support.matches import FakeTime

SETTINGS = NardySettings(length=3)
FULL = {
    "game": "nardy",
    "length": 3,
    "clock": None,
    "dice": "secure",
    "crawford": None,
    "jacoby": False,
    "beavers": False,
    "cube_cap": None,
    "first_move": "alternate",
    "surrender_value": "oin",
    "options": {},
}


def _new_match(*users: User) -> tuple[dict[str, Any], list[PlayerSeat]]:
    """A started nardy match of ``SETTINGS`` between ``users`` and its seats, to be stored."""
    match = TablesMatch(SETTINGS, [u.name for u in users], time_source=FakeTime())
    match.start()
    return match.to_dict(secrets=True), [PlayerSeat(u.id, "human", None, u.name) for u in users]


def _accept_seek(store: Store, seek_id: int, taker: User, maker: User) -> str:
    data, seats = _new_match(maker, taker)
    return store.offers.accept_seek(seek_id, taker.id, data, players=seats)


@pytest.fixture
def ann(make_user: Callable[[str], User]) -> User:
    return make_user("ann")


@pytest.fixture
def bob(make_user: Callable[[str], User]) -> User:
    return make_user("bob")


def test_a_seek_is_listed_until_taken(store: Store, ann: User, bob: User, clock: Clock) -> None:
    seek = store.offers.create_seek(ann.id, SETTINGS)
    assert isinstance(seek, Seek)
    assert (seek.user_id, seek.user_name, seek.settings, seek.rated) == (
        ann.id,
        "ann",
        SETTINGS,
        False,
    )
    assert seek.to_dict() == {
        "id": seek.id,
        "user": "ann",
        "settings": FULL,
        "rated": False,
        "created_at": "2026-01-01T12:00:00+00:00",
    }
    assert store.offers.list_seeks() == [seek] and store.offers.get_seek(seek.id) == seek
    clock.advance(seconds=30)
    match_id = _accept_seek(store, seek.id, bob, ann)
    taken = store.offers.get_seek(seek.id)
    assert taken is not None and taken.taken_by == bob.id and taken.taken_at == clock()
    assert store.offers.list_seeks() == []
    stored = store.matches.load(match_id)
    assert stored is not None and [s.user_id for s in stored.seats] == [ann.id, bob.id]
    assert store.offers.get_seek(12345) is None


def test_seeks_are_listed_oldest_first(store: Store, ann: User, bob: User, clock: Clock) -> None:
    first = store.offers.create_seek(bob.id, SETTINGS)
    clock.advance(seconds=1)
    second = store.offers.create_seek(ann.id, BackgammonSettings(length=5), rated=True)
    clock.advance(seconds=1)
    third = store.offers.create_seek(bob.id, RenjuSettings())
    assert [s.id for s in store.offers.list_seeks()] == [first.id, second.id, third.id]
    assert second.rated


def test_a_seek_is_taken_once_and_not_by_its_owner(store: Store, ann: User, bob: User) -> None:
    cat = store.users.create("cat", "password-cat")
    seek = store.offers.create_seek(ann.id, SETTINGS)
    with pytest.raises(NotAllowedError, match="your own seek"):
        _accept_seek(store, seek.id, ann, ann)
    _accept_seek(store, seek.id, bob, ann)
    with pytest.raises(ConflictError, match="accepted already"):
        _accept_seek(store, seek.id, cat, ann)
    with pytest.raises(NotFoundError, match="no seek 999"):
        _accept_seek(store, 999, bob, ann)
    data, seats = _new_match(ann, bob)
    with pytest.raises(NotFoundError, match="no user 999"):
        store.offers.accept_seek(seek.id, 999, data, players=seats)
    taken = store.offers.get_seek(seek.id)
    assert taken is not None and taken.taken_by == bob.id


def test_only_the_owner_withdraws_an_open_seek(store: Store, ann: User, bob: User) -> None:
    seek = store.offers.create_seek(ann.id, SETTINGS)
    with pytest.raises(NotAllowedError, match="only the player who made"):
        store.offers.delete_seek(seek.id, bob.id)
    store.offers.delete_seek(seek.id, ann.id)
    assert store.offers.get_seek(seek.id) is None
    with pytest.raises(NotFoundError):
        store.offers.delete_seek(seek.id, ann.id)
    taken = store.offers.create_seek(ann.id, SETTINGS)
    _accept_seek(store, taken.id, bob, ann)
    with pytest.raises(ConflictError):
        store.offers.delete_seek(taken.id, ann.id)


def test_seeks_check_their_settings_and_owner(store: Store, ann: User) -> None:
    with pytest.raises(StoreError, match=r"must be a game's settings .*not dict"):
        store.offers.create_seek(ann.id, {"game": "backgammon"})  # type: ignore[arg-type]
    with pytest.raises(StoreError, match=r"must be a game's settings .*not list"):
        store.offers.create_seek(ann.id, ["backgammon"])  # type: ignore[arg-type]
    with pytest.raises(NotFoundError):
        store.offers.create_seek(999, SETTINGS)
    guest = store.users.create_guest()
    with pytest.raises(NotAllowedError, match="guests play casual games only"):
        store.offers.create_seek(guest.id, SETTINGS, rated=True)
    assert store.offers.create_seek(guest.id, SETTINGS).user_name == guest.name
    assert len(store.offers.list_seeks()) == 1


def test_a_challenge_is_answered_once_by_the_challenged(
    store: Store, ann: User, bob: User, clock: Clock
) -> None:
    challenge = store.offers.create_challenge(ann.id, bob.id, SETTINGS)
    assert isinstance(challenge, Challenge)
    assert (challenge.from_name, challenge.to_name, challenge.status) == ("ann", "bob", "open")
    assert challenge.to_dict() == {
        "id": challenge.id,
        "from": "ann",
        "to": "bob",
        "settings": FULL,
        "rated": False,
        "status": "open",
        "created_at": "2026-01-01T12:00:00+00:00",
        "answered_at": None,
    }
    assert (
        store.offers.list_challenges(ann.id) == [challenge] == store.offers.list_challenges(bob.id)
    )
    data, seats = _new_match(bob, ann)
    with pytest.raises(NotAllowedError, match="only the challenged player"):
        store.offers.accept_challenge(challenge.id, ann.id, data, players=seats)
    clock.advance(minutes=1)
    match_id = store.offers.accept_challenge(challenge.id, bob.id, data, players=seats)
    accepted = store.offers.get_challenge(challenge.id)
    assert accepted is not None
    assert accepted.status == "accepted" and accepted.answered_at == clock()
    with pytest.raises(ConflictError, match="accepted already"):
        store.offers.decline_challenge(challenge.id, bob.id)
    assert store.offers.list_challenges(ann.id) == [] == store.offers.list_challenges(bob.id)
    stored = store.matches.load(match_id)
    assert stored is not None and stored.players == ["bob", "ann"]


def test_challenges_declined_and_listed(store: Store, ann: User, bob: User, clock: Clock) -> None:
    cat = store.users.create("cat", "password-cat")
    first = store.offers.create_challenge(ann.id, bob.id, SETTINGS)
    clock.advance(seconds=1)
    second = store.offers.create_challenge(cat.id, ann.id, RenjuSettings())
    clock.advance(seconds=1)
    third = store.offers.create_challenge(bob.id, cat.id, SETTINGS)
    assert [c.id for c in store.offers.list_challenges(ann.id)] == [first.id, second.id]
    assert [c.id for c in store.offers.list_challenges(cat.id)] == [second.id, third.id]
    declined = store.offers.decline_challenge(second.id, ann.id)
    assert declined.status == "declined"
    data, seats = _new_match(cat, ann)
    with pytest.raises(ConflictError, match="declined already"):
        store.offers.accept_challenge(second.id, ann.id, data, players=seats)
    assert [c.id for c in store.offers.list_challenges(ann.id)] == [first.id]
    assert store.offers.get_challenge(999) is None


def test_challenges_that_are_refused(store: Store, ann: User, bob: User) -> None:
    with pytest.raises(NotAllowedError, match="challenge yourself"):
        store.offers.create_challenge(ann.id, ann.id, SETTINGS)
    with pytest.raises(NotFoundError, match="no user 999"):
        store.offers.create_challenge(ann.id, 999, SETTINGS)
    with pytest.raises(StoreError, match="must be a game's settings"):
        store.offers.create_challenge(ann.id, bob.id, {"game": "renju"})  # type: ignore[arg-type]
    with pytest.raises(NotFoundError, match="no challenge 999"):
        store.offers.decline_challenge(999, bob.id)
    assert store.offers.list_challenges(ann.id) == []


def test_a_seek_whose_match_cannot_be_stored_stays_open(
    store: Store, ann: User, bob: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug 7: the seek was taken in one transaction and its match stored in another, so a
    failure in between lost the seek and made no match."""
    seek = store.offers.create_seek(ann.id, SETTINGS)
    data, seats = _new_match(ann, bob)

    def broken(*args: Any) -> Any:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(new_matches, "event_rows", broken)
    with pytest.raises(RuntimeError, match="disk is full"):
        store.offers.accept_seek(seek.id, bob.id, data, players=seats)
    assert store.offers.list_seeks() == [seek]
    assert store.matches.list_matches() == []
    monkeypatch.undo()
    cat = store.users.create("cat", "password-cat")
    with pytest.raises(StoreError, match="between the two players"):
        store.offers.accept_seek(seek.id, cat.id, data, players=seats)
    assert store.offers.list_seeks() == [seek]
    match_id = store.offers.accept_seek(seek.id, bob.id, data, players=seats)
    assert [m.id for m in store.matches.list_matches()] == [match_id]


def test_a_challenge_whose_match_cannot_be_stored_stays_open(
    store: Store, ann: User, bob: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug 7, for challenges: accepted only together with its match."""
    challenge = store.offers.create_challenge(ann.id, bob.id, SETTINGS)
    data, seats = _new_match(bob, ann)

    def broken(*args: Any) -> Any:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(new_matches, "event_rows", broken)
    with pytest.raises(RuntimeError, match="disk is full"):
        store.offers.accept_challenge(challenge.id, bob.id, data, players=seats)
    assert store.offers.list_challenges(bob.id) == [challenge]
    assert store.matches.list_matches() == []
