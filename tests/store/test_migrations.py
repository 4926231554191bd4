"""The migrations make the schema from nothing, run again harmlessly, and agree with the models."""

import io
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Column, Integer, MetaData, inspect, text

from gamehall.store import Store, StoreError, alembic_config, make_engine, upgrade_database
from gamehall.store.models import Base

TABLES = {
    "alembic_version",
    "users",
    "sessions",
    "matches",
    "match_seats",
    "match_events",
    "seeks",
    "challenges",
    "tournaments",
    "tournament_entries",
    "tournament_computers",
    "tournament_chat",
    "tournament_games",
    "ratings",
    "rating_history",
    "analyses",
    "api_tokens",
    "follows",
    "blocks",
    "private_messages",
    "puzzles",
    "puzzle_ratings",
    "puzzle_attempts",
}


def _tables(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def _differences(url: str, metadata: MetaData) -> list[object]:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            return list(compare_metadata(context, metadata))
    finally:
        engine.dispose()


def _revision(url: str) -> str | None:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()


def test_upgrade_makes_the_schema_from_nothing(database_url: str, tmp_path: Path) -> None:
    if database_url.startswith("sqlite"):
        assert not (tmp_path / "data").exists()
    upgrade_database(database_url)
    assert _tables(database_url) >= TABLES
    assert _revision(database_url) == "0014"


def test_upgrading_twice_changes_nothing_and_keeps_the_data(database_url: str) -> None:
    upgrade_database(database_url)
    with Store(database_url) as store:
        store.users.create("ann", None, guest=True)
    upgrade_database(database_url)
    assert _revision(database_url) == "0014"
    with Store(database_url) as store:
        assert store.users.by_name("ann") is not None


def test_models_and_migrations_agree(database_url: str) -> None:
    upgrade_database(database_url)
    assert _differences(database_url, Base.metadata) == []
    # The comparison does see a difference when there is one.
    changed = MetaData(naming_convention=Base.metadata.naming_convention)
    for table in Base.metadata.tables.values():
        table.to_metadata(changed)
    changed.tables["users"].append_column(Column("rating", Integer))
    assert [diff[0] for diff in _differences(database_url, changed)] == ["add_column"]  # type: ignore[index]


def test_alembic_check_through_env_py_finds_nothing_to_generate(database_url: str) -> None:
    upgrade_database(database_url)
    command.check(alembic_config(database_url))


def test_downgrade_to_nothing_and_up_again(database_url: str) -> None:
    upgrade_database(database_url)
    config = alembic_config(database_url)
    command.downgrade(config, "base")
    assert _tables(database_url) <= {"alembic_version"}
    command.upgrade(config, "head")
    assert _tables(database_url) >= TABLES


def test_offline_mode_writes_the_sql(database_url: str) -> None:
    buffer = io.StringIO()
    config = alembic_config(database_url)
    config.output_buffer = buffer
    command.upgrade(config, "head", sql=True)
    sql = buffer.getvalue()
    assert "CREATE TABLE users" in sql and "CREATE TABLE match_events" in sql


def test_sqlite_connections_use_wal_and_enforce_foreign_keys(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    upgrade_database(url)
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
    finally:
        engine.dispose()


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_an_in_memory_sqlite_database_is_refused(url: str) -> None:
    with pytest.raises(StoreError, match="SQLite file"):
        Store(url)
