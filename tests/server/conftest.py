"""Fixtures of the server tests: a config on a temporary SQLite file, a running app, a store
on its own temporary SQLite file."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from gamehall.server.config import DEFAULT_RATES, Config
from gamehall.store import Store, upgrade_database
from server.helpers import CHEAP_HASHER, Hall, running


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return Config(
        database_url=f"sqlite:///{tmp_path / 'gamehall.db'}",
        data_dir=tmp_path,
        grace_seconds=60,
        bot_delay=0,
        allowed_hosts=("testserver",),
        **{f"rate_{name}": "10000/second" for name in DEFAULT_RATES},
    )


@pytest.fixture
def hall(config: Config) -> Iterator[Hall]:
    with running(config) as hall:
        yield hall


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    url = f"sqlite:///{tmp_path / 'gamehall.db'}"
    upgrade_database(url)
    with Store(url, password_hasher=CHEAP_HASHER) as opened:
        yield opened
