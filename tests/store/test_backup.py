"""Backups: taken while matches are being written, restored to exactly the rows of one moment,
on SQLite and PostgreSQL; wrong files and kinds refused; the command line."""

import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import select

from gamehall.cli import main as cli_main
from gamehall.play.dice import ScriptedDice
from gamehall.play.registry import load_match
from gamehall.play.settings import BackgammonSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import PlayerSeat, Store, User, make_engine
from gamehall.store.backup import BackupError, back_up, file_kind, restore
from gamehall.store.models import Base
from store.conftest import FAST_HASHER
from support.matches import FakeTime, play_first

ROLLS = [(3, 1), (6, 5), (4, 2), (5, 5), (6, 1), (2, 2), (5, 3), (4, 4), (6, 2), (1, 1)]

Rows = dict[str, list[tuple[object, ...]]]


def rows(url: str) -> Rows:
    """Every row of every table of the store, in primary-key order."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return {
                table.name: [
                    tuple(row)
                    for row in connection.execute(
                        select(table).order_by(*table.primary_key.columns)
                    )
                ]
                for table in Base.metadata.sorted_tables
            }
    finally:
        engine.dispose()


class Writer:
    """Matches being played and stored a turn at a time, as the server stores them."""

    def __init__(self, store: Store, user: User, count: int) -> None:
        self.store = store
        self.matches: dict[str, TablesMatch] = {}
        seats = [
            PlayerSeat(user.id, "human", None, user.name),
            PlayerSeat(None, "computer", "beginner", "Computer"),
        ]
        for _ in range(count):
            match = TablesMatch(
                BackgammonSettings(length=0),
                (user.name, "Computer"),
                dice=ScriptedDice(ROLLS * 1000),
                time_source=FakeTime(),
            )
            match.start()
            self.matches[store.matches.create(match.to_dict(), players=seats)] = match

    def turn(self) -> None:
        """One turn of each match, stored (a new game when one ends)."""
        for match_id, match in self.matches.items():
            first = len(match.events)
            if match.phase == "between":
                match.act(0, "next_game")
            if match.phase == "roll":
                match.act(match.to_act, "roll")
            if match.phase == "move":
                play_first(match)
            self.store.matches.append(
                match_id,
                [event.to_dict() for event in match.events[first:]],
                secrets=None,
                status="playing",
                summary={"score": list(match.score)},
            )


@pytest.fixture
def user(make_user: Callable[[str], User]) -> User:
    return make_user("ann")


def test_a_backup_restores_the_rows_it_was_taken_with(
    store: Store, migrated_url: str, user: User, tmp_path: Path
) -> None:
    writer = Writer(store, user, 3)
    for _ in range(5):
        writer.turn()
    taken = rows(migrated_url)
    assert len(taken["match_events"]) > 3 * 5
    made = back_up(migrated_url, tmp_path / "saved" / "gamehall.backup")
    assert made.size > 0 and file_kind(made.path) == made.kind
    for _ in range(5):
        writer.turn()
    store.users.create("bob", "password-bob")
    assert rows(migrated_url) != taken
    restore(migrated_url, made.path)
    assert rows(migrated_url) == taken


def test_a_backup_under_load_is_one_moment_and_replays(
    store: Store, migrated_url: str, user: User, tmp_path: Path
) -> None:
    writer = Writer(store, user, 4)
    writer.turn()
    stop = threading.Event()
    turns = [0]

    def play() -> None:
        while not stop.is_set():
            writer.turn()
            turns[0] += 1

    thread = threading.Thread(target=play)
    thread.start()
    try:
        while turns[0] < 3:
            stop.wait(0.01)
        made = back_up(migrated_url, tmp_path / "under-load.backup")
        during = turns[0]
        while turns[0] < during + 3:
            stop.wait(0.01)
    finally:
        stop.set()
        thread.join()
    live = rows(migrated_url)
    restore(migrated_url, made.path)
    restored = rows(migrated_url)

    def logs(found: Rows) -> dict[str, list[tuple[object, ...]]]:
        out: dict[str, list[tuple[object, ...]]] = {}
        for row in found["match_events"]:
            out.setdefault(str(row[0]), []).append(row)
        return out

    live_logs, restored_logs = logs(live), logs(restored)
    assert restored_logs.keys() == live_logs.keys() == writer.matches.keys()
    for match_id, log in restored_logs.items():
        assert 0 < len(log) < len(live_logs[match_id])
        assert log == live_logs[match_id][: len(log)]
    assert restored["users"] == live["users"]
    with Store(migrated_url, password_hasher=FAST_HASHER) as reopened:
        for match_id in writer.matches:
            stored = reopened.matches.load(match_id)
            assert stored is not None
            replayed = load_match(stored.as_match_dict(secrets=False))
            assert len(replayed.events) == len(restored_logs[match_id])


def test_wrong_files_and_kinds_are_refused(
    migrated_url: str, backend: str, tmp_path: Path, sqlite_template: Path
) -> None:
    written = tmp_path / "written.backup"
    written.write_text("not a backup")
    with pytest.raises(BackupError, match="exists already"):
        back_up(migrated_url, written)
    with pytest.raises(BackupError, match="not a backup of gamehall"):
        restore(migrated_url, written)
    if backend == "postgresql":
        copy = tmp_path / "sqlite.db"
        shutil.copyfile(sqlite_template, copy)
        with pytest.raises(BackupError, match="is a backup of sqlite, and the database is"):
            restore(migrated_url, copy)
    with pytest.raises(BackupError, match="not mysql"):
        back_up("mysql://nobody@localhost/gamehall", tmp_path / "other.backup")
    with pytest.raises(BackupError, match="no database at"):
        back_up(f"sqlite:///{tmp_path / 'none.db'}", tmp_path / "none.backup")


def test_the_command_line_backs_up_and_restores_with_a_confirmation(
    store: Store, migrated_url: str, user: User, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cli.backup"
    assert cli_main(["backup", str(path), "--database", migrated_url]) == 0
    assert f"Backup written to {path}" in capsys.readouterr().out
    taken = rows(migrated_url)
    store.users.create("bob", "password-bob")
    assert cli_main(["restore", str(path), "--database", migrated_url]) == 2
    assert "--yes" in capsys.readouterr().err
    assert rows(migrated_url) != taken
    assert cli_main(["restore", str(path), "--database", migrated_url, "--yes"]) == 0
    assert rows(migrated_url) == taken
    assert cli_main(["backup", str(path), "--database", migrated_url]) == 1
    assert "exists already" in capsys.readouterr().err


def test_the_server_database_is_the_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, sqlite_template: Path
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    shutil.copyfile(sqlite_template, data / "gamehall.db")
    monkeypatch.setenv("GAMEHALL_DATA_DIR", str(data))
    monkeypatch.delenv("GAMEHALL_DATABASE_URL", raising=False)
    assert cli_main(["backup", str(tmp_path / "default.backup")]) == 0
    assert file_kind(tmp_path / "default.backup") == "sqlite"
