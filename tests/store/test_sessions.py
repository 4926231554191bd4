"""Login sessions: a random token whose hash alone is kept, a CSRF token, and an end."""

import hashlib
from datetime import datetime, timedelta

import pytest
from sqlalchemy import select

from gamehall.store import NotFoundError, Store, StoreError, make_engine
from gamehall.store.models import SessionRow
from store.conftest import Clock


def test_a_session_gives_its_user_and_csrf_token(store: Store, clock: Clock) -> None:
    ann = store.users.create("ann", "correct horse")
    token, csrf = store.users.create_session(ann.id)
    assert len(token) >= 43 and len(csrf) >= 43 and token != csrf
    info = store.users.get_session(token)
    assert info is not None
    assert info.user == ann and info.csrf_token == csrf
    assert info.expires_at == clock() + timedelta(days=30)
    assert info.to_dict() == {
        "user": ann.to_dict(),
        "csrf_token": csrf,
        "expires_at": "2026-01-31T12:00:00+00:00",
    }


def test_only_the_tokens_hash_is_stored(store: Store, migrated_url: str) -> None:
    ann = store.users.create("ann", "correct horse")
    token, _ = store.users.create_session(ann.id)
    engine = make_engine(migrated_url)
    with engine.connect() as connection:
        stored = connection.execute(select(SessionRow.__table__)).one()
    engine.dispose()
    assert stored.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in [str(value) for value in stored]


def test_unknown_tokens(store: Store) -> None:
    ann = store.users.create("ann", "correct horse")
    token, _ = store.users.create_session(ann.id)
    assert store.users.get_session(token[:-1]) is None
    assert store.users.get_session("") is None
    assert store.users.get_session(hashlib.sha256(token.encode()).hexdigest()) is None


def test_a_session_expires(store: Store, clock: Clock) -> None:
    ann = store.users.create("ann", "correct horse")
    token, _ = store.users.create_session(ann.id, days=2)
    clock.advance(days=2, seconds=-1)
    assert store.users.get_session(token) is not None
    clock.advance(seconds=1)
    assert store.users.get_session(token) is None


def test_a_session_of_zero_days_is_over_at_once(store: Store) -> None:
    ann = store.users.create("ann", "correct horse")
    token, _ = store.users.create_session(ann.id, days=0)
    assert store.users.get_session(token) is None


def test_logging_out_ends_only_that_session(store: Store) -> None:
    ann = store.users.create("ann", "correct horse")
    first, _ = store.users.create_session(ann.id)
    second, _ = store.users.create_session(ann.id)
    store.users.delete_session(first)
    store.users.delete_session(first)
    store.users.delete_session("no such token")
    assert store.users.get_session(first) is None
    assert store.users.get_session(second) is not None


def test_purging_expired_sessions(store: Store, clock: Clock) -> None:
    ann = store.users.create("ann", "correct horse")
    short = [store.users.create_session(ann.id, days=1)[0] for _ in range(3)]
    long, _ = store.users.create_session(ann.id, days=5)
    assert store.users.purge_expired_sessions() == 0
    clock.advance(days=1)
    assert store.users.purge_expired_sessions() == 3
    assert store.users.purge_expired_sessions() == 0
    assert store.users.get_session(long) is not None
    assert all(store.users.get_session(token) is None for token in short)


def test_sessions_of_unknown_users_or_negative_length_are_refused(store: Store) -> None:
    with pytest.raises(NotFoundError, match="no user 99"):
        store.users.create_session(99)
    ann = store.users.create("ann", "correct horse")
    with pytest.raises(StoreError, match="0 days or more"):
        store.users.create_session(ann.id, days=-1)


def test_a_naive_clock_is_refused(migrated_url: str) -> None:
    with (
        Store(migrated_url, clock=datetime.now) as store,
        pytest.raises(ValueError, match="timezone-aware"),
    ):
        store.users.get_session("anything")
