"""Engines and migrations: how the store connects to its database and brings it up to date.

``make_engine`` sets an engine up for the store (on SQLite: a file, WAL, foreign keys, and
``BEGIN IMMEDIATE`` for the transactions that will write); ``upgrade_database`` applies the
Alembic scripts shipped in ``migrations/``, one server at a time, with no ``alembic.ini``.
"""

import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url

from gamehall import jsontext
from gamehall.store.errors import StoreError

MIGRATIONS = Path(__file__).with_name("migrations")
"""The Alembic scripts, shipped inside the package."""

WRITE_OPTION = "gamehall_write"
"""Execution option of a connection whose transaction will write (``BEGIN IMMEDIATE`` on
SQLite)."""
WRITING: dict[str, bool] = {WRITE_OPTION: True}
"""The execution options of a connection whose transaction will write."""
_MIGRATION_LOCK = 0x67616D6568616C6C
"""PostgreSQL advisory lock taken while migrating, so that servers starting together take
turns."""


_LOCK_KEY: dict[str, int] = {"key": _MIGRATION_LOCK}
_SQLITE_ARGS: dict[str, object] = {"check_same_thread": False, "timeout": 30}
"""Any thread may use a connection (the pool hands them out); wait up to 30 s for a lock."""


def _json_text(value: object) -> str:
    """A JSON column's text (``jsontext.dumps``)."""
    return jsontext.dumps(value)


def _sqlite_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    """Per SQLite connection: SQLAlchemy emits BEGIN itself; WAL; foreign keys enforced."""
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    """BEGIN IMMEDIATE for a transaction that will write: it waits for the write lock at once,
    rather than failing when a read turns into a write after another writer committed."""
    write = connection.get_execution_options().get(WRITE_OPTION, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def make_engine(url: str) -> Engine:
    """An engine for ``url``, set up for the store: on SQLite, usable from any thread, WAL,
    foreign keys, and the file's folders created as needed."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(parsed, pool_pre_ping=True, json_serializer=_json_text)
    database = parsed.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        raise StoreError("the store needs an SQLite file (sqlite:///path/to/file.db)")
    Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        parsed,
        connect_args=_SQLITE_ARGS,
        json_serializer=_json_text,
    )
    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def alembic_config(url: str) -> Config:
    """An Alembic configuration for the store's migrations on ``url`` (no alembic.ini)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def head_revision() -> str | None:
    """The newest migration shipped with the store (what ``upgrade_database`` brings a
    database to)."""
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def upgrade_database(url: str) -> None:
    """Apply every migration not yet applied to the database at ``url`` (creating an SQLite
    file and its folders as needed); doing it again changes nothing."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            connection.execution_options(**WRITING)
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), _LOCK_KEY)
                config = alembic_config(url)
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
    finally:
        engine.dispose()
