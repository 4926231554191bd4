"""Fixtures of the server tests: a config on a temporary SQLite file, a running app."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from gamehall.server.config import Config
from server.helpers import Hall, running


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return Config(
        database_url=f"sqlite:///{tmp_path / 'gamehall.db'}",
        data_dir=tmp_path,
        grace_seconds=60,
        bot_delay=0,
    )


@pytest.fixture
def hall(config: Config) -> Iterator[Hall]:
    with running(config) as hall:
        yield hall
