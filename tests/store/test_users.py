"""Accounts: names, passwords, guests, logging in; and no password ever stored in clear."""

from datetime import UTC
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from sqlalchemy import select

from gamehall.errors import GameError
from gamehall.store import (
    BadNameError,
    BadPasswordError,
    NameTakenError,
    NotAllowedError,
    Store,
    StoreError,
    User,
    make_engine,
)
from gamehall.store.models import UserRow
from store.conftest import Clock

WEAK = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


class CountingHasher(PasswordHasher):
    """A cheap hasher that counts its verifications."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.verified = 0

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:  # type: ignore[override]
        self.verified += 1
        return super().verify(hash, password)


def _stored_hash(url: str, name: str) -> str | None:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return connection.scalar(select(UserRow.password_hash).where(UserRow.name == name))
    finally:
        engine.dispose()


def test_a_new_user(store: Store, clock: Clock) -> None:
    user = store.users.create("Ann_1-b", "correct horse")
    assert isinstance(user, User) and user.name == "Ann_1-b" and not user.guest
    assert user.created_at == clock() and user.created_at.tzinfo == UTC
    assert user.to_dict() == {
        "id": user.id,
        "name": "Ann_1-b",
        "guest": False,
        "bot": False,
        "created_at": "2026-01-01T12:00:00+00:00",
    }
    assert store.users.get(user.id) == user
    assert store.users.by_name("ann_1-B") == user


def test_users_are_frozen_values(store: Store) -> None:
    user = store.users.create("ann", "correct horse")
    with pytest.raises(AttributeError):
        user.name = "bob"  # type: ignore[misc]


@pytest.mark.parametrize(
    "name",
    [
        *["ab", "a" * 21, "ann smith", "ann!", "", "Guest-1234", "guest-ann", "é" * 21],
        *["ann\u200b", "\u0301ann", "ann😀", "a.b", "١٢٣"],  # a zero width, a lone accent, ...
        "Gu\u0435st-abc",  # a guest's name with a Cyrillic е
    ],
)
def test_names_that_are_refused(store: Store, name: str) -> None:
    with pytest.raises(BadNameError) as caught:
        store.users.create(name, "correct horse")
    assert isinstance(caught.value, StoreError) and isinstance(caught.value, GameError)


@pytest.mark.parametrize("name", ["anné", "Zoë-3", "漢字名", "ნინო", "Дмитрий", "Ωμέγα", "नमस्ते"])
def test_names_of_every_script(store: Store, name: str) -> None:
    user = store.users.create(name, "correct horse")
    assert user.name == name and store.users.by_name(name) == user


def test_a_name_is_kept_composed(store: Store) -> None:
    user = store.users.create("ane\u0301", "correct horse")  # e and a combining acute
    assert user.name == "ané"
    assert store.users.by_name("ané") == user and store.users.by_name("ane\u0301") == user
    with pytest.raises(NameTakenError, match="the name ANÉ is taken"):
        store.users.create("ANÉ", "correct horse")


@pytest.mark.parametrize(
    ("first", "look_alike"),
    [
        ("ann", "\u0430nn"),  # Cyrillic а
        ("\u0430nn", "ann"),  # the other way round
        ("BOB", "\u0412\u041e\u0412"),  # Cyrillic ВОВ
        ("pop", "\u0440\u03bf\u0440"),  # Cyrillic р, Greek ο
        ("ann", "\uff41\uff4e\uff4e"),  # fullwidth ａｎｎ
    ],
)
def test_a_look_alike_of_a_name_is_refused(store: Store, first: str, look_alike: str) -> None:
    taken = store.users.create(first, "correct horse")
    with pytest.raises(NameTakenError, match=f"looks like {taken.name}, which is taken"):
        store.users.create(look_alike, "correct horse")
    assert store.users.by_name(look_alike) == taken


def test_names_are_unique_whatever_the_case(store: Store) -> None:
    store.users.create("Ann", "correct horse")
    with pytest.raises(NameTakenError, match="ann is taken"):
        store.users.create("ann", "another one")
    with pytest.raises(NameTakenError):
        store.users.create("ANN", None, guest=True)


@pytest.mark.parametrize(
    ("password", "why"),
    [
        (None, "at least 8"),
        ("", "at least 8"),
        ("seven77", "at least 8"),
        ("x" * 1025, "at most 1024"),
        ("password", "most common"),
        ("12345678", "most common"),
        ("PassWord1", "most common"),  # compared without regard to case
        ("iloveyou", "most common"),
        ("aaaaaaaaaaaa", "4 different"),
        ("12121212", "4 different"),
    ],
)
def test_passwords_that_are_refused(store: Store, password: str | None, why: str) -> None:
    with pytest.raises(BadPasswordError, match=why):
        store.users.create("ann", password)
    assert store.users.by_name("ann") is None


@pytest.mark.parametrize("name", ["admin", "Computer", "EXPERT", "world-class", "gamehall"])
def test_the_sites_names_cannot_be_registered(store: Store, name: str) -> None:
    with pytest.raises(BadNameError, match="kept for the site"):
        store.users.create(name, "correct horse")
    assert store.users.by_name(name) is None


def test_a_guest_has_no_password(store: Store, migrated_url: str) -> None:
    guest = store.users.create("Guest-abcd", None, guest=True)
    assert guest.guest and guest.to_dict()["guest"] is True
    assert _stored_hash(migrated_url, "Guest-abcd") is None
    assert store.users.authenticate("Guest-abcd", "") is None
    with pytest.raises(BadPasswordError, match="guest has no password"):
        store.users.create("Guest-efgh", "correct horse", guest=True)


def test_create_guest_picks_a_free_guest_name(store: Store) -> None:
    guests = [store.users.create_guest() for _ in range(5)]
    assert len({g.name for g in guests}) == 5
    assert all(g.guest and g.name.startswith("Guest-") and len(g.name) == 10 for g in guests)


def test_authenticate(store: Store) -> None:
    ann = store.users.create("Ann", "correct horse")
    assert store.users.authenticate("Ann", "correct horse") == ann
    assert store.users.authenticate("aNN", "correct horse") == ann
    assert store.users.authenticate("Ann", "correct horsE") is None
    assert store.users.authenticate("Bob", "correct horse") is None
    assert store.users.authenticate("", "") is None


def test_an_unknown_name_costs_a_verification_too(migrated_url: str) -> None:
    hasher = CountingHasher()
    with Store(migrated_url, password_hasher=hasher) as store:
        store.users.create("ann", "correct horse")
        store.users.authenticate("nobody", "correct horse")
        assert hasher.verified == 1
        store.users.authenticate("ann", "wrong password")
        assert hasher.verified == 2


def test_a_login_replaces_a_hash_made_with_older_parameters(migrated_url: str) -> None:
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    with Store(migrated_url, password_hasher=WEAK) as old:
        ann = old.users.create("ann", "correct horse")
        weak_hash = _stored_hash(migrated_url, "ann")
    with Store(migrated_url, password_hasher=stronger) as new:
        assert new.users.authenticate("ann", "wrong password") is None
        assert _stored_hash(migrated_url, "ann") == weak_hash
        assert new.users.authenticate("ann", "correct horse") == ann
        fresh = _stored_hash(migrated_url, "ann")
        assert fresh is not None and fresh != weak_hash and "t=2" in fresh
        assert new.users.authenticate("ann", "correct horse") == ann


def test_passwords_are_never_stored_in_clear(
    store: Store, migrated_url: str, tmp_path: Path
) -> None:
    password = "Sw0rdfish-unique-7d1e"
    store.users.create("ann", password)
    ann = store.users.authenticate("ann", password)
    assert ann is not None
    token, csrf = store.users.create_session(ann.id)
    engine = make_engine(migrated_url)
    with engine.connect() as connection:
        rows = connection.execute(select(UserRow.__table__)).all()
    engine.dispose()
    assert rows and all(password not in str(value) for row in rows for value in row)
    stored = _stored_hash(migrated_url, "ann")
    assert stored is not None and stored.startswith("$argon2id$")
    if migrated_url.startswith("sqlite"):
        raw = b"".join(p.read_bytes() for p in (tmp_path / "data").iterdir())
        assert password.encode() not in raw and token.encode() not in raw
        assert csrf.encode() in raw  # the CSRF token is kept as it is: it proves nothing alone


def test_an_account_becomes_a_bot_for_good_and_a_guest_never(store: Store) -> None:
    ann = store.users.create("ann", "correct horse")
    made = store.users.make_bot(ann.id)
    assert made.bot and store.users.get(ann.id) == made
    guest = store.users.create_guest()
    with pytest.raises(NotAllowedError):
        store.users.make_bot(guest.id)
    assert store.users.get(guest.id) == guest
