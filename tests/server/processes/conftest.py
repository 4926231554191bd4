"""Fixtures of the tests of several real server processes: a PostgreSQL database of the test's
own (on ``make test``'s throwaway server, ``GAMEHALL_TEST_POSTGRES_URL``, or on one started
here when there is none), a throwaway Redis, and ``gamehall serve`` processes on them."""

import os
import secrets
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import make_url, text

from gamehall.store import make_engine
from server.processes.clients import Start
from support.services import RedisServer, ServerProcess, ThrowawayPostgres


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server: ``make test``'s, or a throwaway one of this session (in
    a folder of /tmp the postgres user can reach: the server runs as that user under root)."""
    url = os.environ.get("GAMEHALL_TEST_POSTGRES_URL")
    if url:
        yield url
        return
    folder = Path(tempfile.mkdtemp(prefix="gamehall-pg-"))
    folder.rmdir()  # the tool makes it, owned by the server's user
    server = ThrowawayPostgres(folder)
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.fixture
def database_url(postgres_server: str) -> Iterator[str]:
    """A new, empty database of the test's own on the PostgreSQL server."""
    name = "gamehall_mp_" + secrets.token_hex(4)
    admin = make_engine(postgres_server).execution_options(isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(postgres_server).set(database=name).render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis server of the test's own, killed at its end."""
    server = RedisServer(tmp_path / "redis")
    server.start()
    try:
        yield server
    finally:
        server.kill()


@pytest.fixture
def start_servers(tmp_path: Path, database_url: str) -> Iterator[Start]:
    """Start ``count`` ``gamehall serve`` processes at once on the test's database, with the
    given ``GAMEHALL_*`` settings (``redis_url=...``, ``poll_seconds=...``, ``grace_seconds=``);
    returns them once all answer. Every one is stopped when the test ends."""
    started: list[ServerProcess] = []

    def start(count: int, **settings: object) -> list[ServerProcess]:
        env = {
            "GAMEHALL_DATABASE_URL": database_url,
            "GAMEHALL_BOT_DELAY": "0",
            "GAMEHALL_RATE_ACTIONS": "10000/second",  # every player is on 127.0.0.1
            "GAMEHALL_RATE_GUEST": "10000/second",
            **{f"GAMEHALL_{k.upper()}": str(v) for k, v in settings.items()},
        }
        servers = []
        for _ in range(count):
            folder = tmp_path / f"server{len(started)}"
            folder.mkdir()
            server = ServerProcess(folder, env)
            started.append(server)
            servers.append(server)
            server.launch()
        for server in servers:
            server.wait_ready()
        return servers

    try:
        yield start
    finally:
        for server in started:
            server.stop()
