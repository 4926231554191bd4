"""Fixtures of the store's tests: a fresh database on SQLite, and on PostgreSQL too when
``GAMEHALL_TEST_POSTGRES_URL`` names one (that database's gamehall tables are dropped first)."""

import os
import shutil
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from sqlalchemy import inspect, make_url, text

from gamehall.store import Store, User, make_engine, upgrade_database
from gamehall.store.models import Base

POSTGRES_URL = os.environ.get("GAMEHALL_TEST_POSTGRES_URL")
BACKENDS = ["sqlite", "postgresql"] if POSTGRES_URL else ["sqlite"]

FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""Argon2id with the least work: the tests hash many passwords."""


class Clock:
    """A UTC clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def wipe(url: str) -> None:
    """Drop the store's tables (and Alembic's record) from the database at ``url``."""
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            Base.metadata.drop_all(connection)
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    finally:
        engine.dispose()


def empty_tables(url: str) -> None:
    """Delete every row of the store's tables, making the migrations first if need be."""
    engine = make_engine(url)
    try:
        if "alembic_version" not in inspect(engine).get_table_names():
            upgrade_database(url)
        with engine.begin() as connection:
            for table in reversed(Base.metadata.sorted_tables):
                connection.execute(table.delete())
    finally:
        engine.dispose()


@pytest.fixture(scope="session")
def worker_postgres_url() -> str:
    """The PostgreSQL database of this test process: ``GAMEHALL_TEST_POSTGRES_URL`` itself, or in
    a parallel run (pytest-xdist) a database ``gamehall_<worker>`` made on the same server, so
    that workers never empty each other's tables."""
    assert POSTGRES_URL is not None
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        return POSTGRES_URL
    name = f"gamehall_{worker}"
    engine = make_engine(POSTGRES_URL).execution_options(isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The kind of database of the test: sqlite, or postgresql too when there is one."""
    return str(request.param)


@pytest.fixture
def database_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """The URL of an empty database (an SQLite file not yet made, in a folder not yet made)."""
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'data' / 'gamehall.db'}"
    url: str = request.getfixturevalue("worker_postgres_url")
    wipe(url)
    return url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file with every migration applied, copied by each test that wants one."""
    path = tmp_path_factory.mktemp("template") / "gamehall.db"
    upgrade_database(f"sqlite:///{path}")
    return path


@pytest.fixture
def migrated_url(
    backend: str, tmp_path: Path, sqlite_template: Path, request: pytest.FixtureRequest
) -> str:
    """The URL of a database with the store's schema and no rows."""
    if backend == "sqlite":
        path = tmp_path / "data" / "gamehall.db"
        path.parent.mkdir()
        shutil.copyfile(sqlite_template, path)
        return f"sqlite:///{path}"
    url: str = request.getfixturevalue("worker_postgres_url")
    empty_tables(url)
    return url


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(migrated_url: str, clock: Clock) -> Iterator[Store]:
    """A store on a migrated, empty database, with cheap hashing and the test's clock."""
    with Store(migrated_url, password_hasher=FAST_HASHER, clock=clock) as opened:
        yield opened


@pytest.fixture
def make_user(store: Store) -> Callable[[str], User]:
    """Make a user with the password ``password-<name>``."""

    def make(name: str) -> User:
        return store.users.create(name, f"password-{name}")

    return make
