"""The database layer of the game server: models, migrations and the repositories.

SQLite file by default, PostgreSQL by URL::

    upgrade_database("sqlite:///var/gamehall.db")
    store = Store("sqlite:///var/gamehall.db")
    user = store.users.create("ann", "correct horse")
"""

from gamehall.store.database import alembic_config, make_engine, upgrade_database
from gamehall.store.errors import (
    BadNameError,
    BadPasswordError,
    BlockedError,
    ConflictError,
    EventConflictError,
    LimitReachedError,
    NameTakenError,
    NotAllowedError,
    NotFoundError,
    StoreError,
)
from gamehall.store.passwords import hash_password, needs_rehash, verify_password
from gamehall.store.store import Store
from gamehall.store.values import (
    Challenge,
    MatchStats,
    MatchTerms,
    PlayerSeat,
    Seek,
    SessionInfo,
    StoredMatch,
    User,
)

__all__ = [
    "BadNameError",
    "BadPasswordError",
    "BlockedError",
    "Challenge",
    "ConflictError",
    "EventConflictError",
    "LimitReachedError",
    "MatchStats",
    "MatchTerms",
    "NameTakenError",
    "NotAllowedError",
    "NotFoundError",
    "PlayerSeat",
    "Seek",
    "SessionInfo",
    "Store",
    "StoreError",
    "StoredMatch",
    "User",
    "alembic_config",
    "hash_password",
    "make_engine",
    "needs_rehash",
    "upgrade_database",
    "verify_password",
]
