"""Backups of the store, taken while the server runs, and their restoring.

SQLite: SQLite's online backup API copies the database into a new file in one step, inside
one read transaction: a consistent snapshot, while the server's writers go on (in WAL mode a
reader holds no writer back; copied page by page instead, every write of another connection
would start the copy again, and under load it might never end). PostgreSQL: ``pg_dump`` in
its custom format (one transaction's snapshot, so consistent too), restored by
``pg_restore``, both Debian's client programs of the server's version. A backup is restored
into a database of the same kind, with the servers stopped: restoring replaces everything the
database holds.
"""

import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from sqlalchemy.engine import URL, make_url

from gamehall.store.errors import StoreError

Kind = Literal["sqlite", "postgresql"]

SQLITE_MAGIC = b"SQLite format 3\x00"
"""The first bytes of every SQLite database file."""
PG_DUMP_MAGIC = b"PGDMP"
"""The first bytes of a ``pg_dump`` archive in its custom format."""


class BackupError(StoreError):
    """A backup or restore that cannot be made (a wrong file, a missing program, a failure)."""


@dataclass(frozen=True, slots=True)
class Backup:
    """A backup made or restored: its file, its kind of database, and its size in bytes."""

    path: Path
    kind: Kind
    size: int


def database_kind(url: str) -> Kind:
    """The kind of database at ``url``: sqlite or postgresql (others are refused)."""
    backend = make_url(url).get_backend_name()
    if backend == "sqlite":
        return "sqlite"
    if backend == "postgresql":
        return "postgresql"
    raise BackupError(
        f"backups are made of SQLite and PostgreSQL databases, not {backend}",
        reason="backup-backend",
        backend=backend,
    )


def file_kind(path: Path) -> Kind:
    """The kind of database a backup file holds, read from its first bytes."""
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise BackupError(
            f"cannot read the backup {path}: {exc.strerror}",
            reason="backup-unread",
            path=str(path),
            error=str(exc.strerror),
        ) from None
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PG_DUMP_MAGIC):
        return "postgresql"
    raise BackupError(
        f"{path} is not a backup of gamehall (neither SQLite nor pg_dump's)",
        reason="backup-not-one",
        path=str(path),
    )


def back_up(url: str, path: Path) -> Backup:
    """Copy the database at ``url`` into the new file ``path`` while it is in use."""
    kind = database_kind(url)
    if path.exists():
        raise BackupError(
            f"{path} exists already: a backup is written to a new file",
            reason="backup-exists",
            path=str(path),
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "sqlite":
        _sqlite_copy(_sqlite_file(url), path)
    else:
        _run("pg_dump", ["--format=custom", "--no-owner", f"--file={path}"], url)
    return Backup(path, kind, path.stat().st_size)


def restore(url: str, path: Path) -> Backup:
    """Replace everything in the database at ``url`` by the backup at ``path``."""
    kind, found = database_kind(url), file_kind(path)
    if kind != found:
        raise BackupError(
            f"{path} is a backup of {found}, and the database is {kind}",
            reason="backup-other-kind",
            path=str(path),
            found=found,
            kind=kind,
        )
    if kind == "sqlite":
        target = _sqlite_file(url)
        target.parent.mkdir(parents=True, exist_ok=True)
        _sqlite_copy(path, target)
    else:
        options = ["--clean", "--if-exists", "--no-owner", "--single-transaction", str(path)]
        _run("pg_restore", options, url)
    return Backup(path, kind, path.stat().st_size)


def _sqlite_file(url: str) -> Path:
    database = make_url(url).database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        raise BackupError(
            "a backup needs an SQLite file (sqlite:///path/to/file.db)", reason="backup-no-file"
        )
    return Path(database)


def _sqlite_copy(source: Path, target: Path) -> None:
    """SQLite's online backup of ``source`` into ``target`` (whose content it replaces)."""
    if not source.exists():
        raise BackupError(
            f"there is no database at {source}", reason="backup-no-database", path=str(source)
        )
    reading = sqlite3.connect(source)
    writing = sqlite3.connect(target)
    try:
        reading.backup(writing, pages=-1)
    except sqlite3.Error as exc:
        raise BackupError(
            f"the copy of {source} failed: {exc}",
            reason="backup-copy-failed",
            path=str(source),
            error=str(exc),
        ) from None
    finally:
        writing.close()
        reading.close()


def _run(program: str, options: list[str], url: str) -> None:
    """Run PostgreSQL's ``program`` on the database at ``url``: its connection in libpq's
    variables, so that the password never shows in the list of processes."""
    found = shutil.which(program)
    if found is None:
        raise BackupError(
            f"{program} is not installed (Debian: apt install postgresql-client)",
            reason="backup-no-program",
            program=program,
        )
    done = subprocess.run(
        [found, *options, "--dbname", make_url(url).database or ""],
        env={**os.environ, **_libpq_variables(make_url(url))},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        said = done.stderr.strip().splitlines()
        last = said[-1] if said else str(done.returncode)
        raise BackupError(
            f"{program} failed: {last}", reason="backup-program-failed", program=program, error=last
        )


def _libpq_variables(url: URL) -> dict[str, str]:
    """libpq's environment for ``url`` (host, port, user, password; a socket's folder given as
    ``?host=`` in the URL)."""
    host = url.host or url.query.get("host")
    found = {
        "PGHOST": host if isinstance(host, str) else None,
        "PGPORT": str(url.port) if url.port else None,
        "PGUSER": url.username,
        "PGPASSWORD": url.password,
    }
    return {name: value for name, value in found.items() if value}
