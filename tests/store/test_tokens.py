"""Personal API tokens: shown once, kept as a hash, scoped, revoked for good."""

import hashlib

import pytest
from sqlalchemy import select

from gamehall.store import NotFoundError, Store, StoreError, make_engine
from gamehall.store.models import ApiTokenRow
from store.conftest import Clock


def test_a_token_stands_for_its_owner_and_scopes(store: Store, clock: Clock) -> None:
    ann = store.users.create("ann", "correct horse")
    token, entry = store.tokens.create(ann.id, "my bot", ("read", "play"))
    assert token.startswith("ghb_") and len(token) > 40
    assert entry.scopes == ("play", "read") and entry.last_used_at is None
    clock.advance(minutes=5)
    use = store.tokens.use(token)
    assert use is not None
    assert use.user == ann and use.scopes == ("play", "read") and not use.revoked
    assert store.tokens.list(ann.id)[0].last_used_at == clock()
    used = clock()
    clock.advance(seconds=30)  # noted to the minute: not written again yet
    assert store.tokens.use(token) is not None
    assert store.tokens.list(ann.id)[0].last_used_at == used
    clock.advance(seconds=30)
    assert store.tokens.use(token) is not None
    assert store.tokens.list(ann.id)[0].last_used_at == clock()


def test_only_the_hash_is_stored(store: Store, migrated_url: str) -> None:
    ann = store.users.create("ann", "correct horse")
    token, _ = store.tokens.create(ann.id, "bot", ("play",))
    engine = make_engine(migrated_url)
    try:
        with engine.connect() as connection:
            stored = connection.scalar(select(ApiTokenRow.token_hash))
    finally:
        engine.dispose()
    assert stored == hashlib.sha256(token.encode()).hexdigest()


def test_unknown_tokens_stand_for_nobody(store: Store) -> None:
    assert store.tokens.use("ghb_nothing") is None
    assert store.tokens.use("a session token") is None
    ann = store.users.create("ann", "correct horse")
    session_token, _ = store.users.create_session(ann.id)
    assert store.tokens.use(session_token) is None


def test_a_revoked_token_is_known_as_revoked(store: Store) -> None:
    ann = store.users.create("ann", "correct horse")
    bob = store.users.create("bob", "correct horse")
    token, entry = store.tokens.create(ann.id, "bot", ("play",))
    with pytest.raises(NotFoundError):
        store.tokens.revoke(bob.id, entry.id)
    store.tokens.revoke(ann.id, entry.id)
    store.tokens.revoke(ann.id, entry.id)
    use = store.tokens.use(token)
    assert use is not None and use.revoked
    assert store.tokens.list(ann.id)[0].revoked_at is not None


@pytest.mark.parametrize(
    ("name", "scopes"), [("", ("play",)), ("x" * 41, ("play",)), ("bot", ()), ("bot", ("all",))]
)
def test_bad_names_and_scopes_are_refused(store: Store, name: str, scopes: tuple[str, ...]) -> None:
    ann = store.users.create("ann", "correct horse")
    with pytest.raises(StoreError):
        store.tokens.create(ann.id, name, scopes)  # type: ignore[arg-type]
