"""The settings from the environment, and ``gamehall serve``'s ``run``."""

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamehall.server import main
from gamehall.server.config import Config, ConfigError
from gamehall.server.logs import log_config


@pytest.fixture
def environ(monkeypatch: pytest.MonkeyPatch) -> Callable[[dict[str, str]], None]:
    """Set the process's environment to exactly ``variables`` among the GAMEHALL_* ones."""
    for name in list(os.environ):
        if name.startswith("GAMEHALL_"):
            monkeypatch.delenv(name)

    def set_variables(variables: dict[str, str]) -> None:
        for name, value in variables.items():
            monkeypatch.setenv(name, value)

    return set_variables


def test_defaults(environ: Callable[[dict[str, str]], None]) -> None:
    environ({"GAMEHALL_PORT": "", "OTHER_PORT": "1"})  # empty counts as unset
    config = Config.from_env()
    assert config == Config()
    assert config.database_url == "sqlite:///data/gamehall.db"
    assert (config.host, config.port, config.grace_seconds) == ("127.0.0.1", 8000, 60)
    assert (config.secure_cookies, config.session_days, config.redis_url) == (False, 30, None)
    assert config.bot_delay == 0.5
    assert config.ws_compression is False
    assert config.warm_engines is True


def test_every_variable(environ: Callable[[dict[str, str]], None]) -> None:
    environ(
        {
            "GAMEHALL_DATA_DIR": "/var/lib/gamehall",
            "GAMEHALL_HOST": "0.0.0.0",
            "GAMEHALL_PORT": "9000",
            "GAMEHALL_GRACE_SECONDS": "2.5",
            "GAMEHALL_SECURE_COOKIES": "1",
            "GAMEHALL_SESSION_DAYS": "7",
            "GAMEHALL_REDIS_URL": "redis://localhost:6379/0",
            "GAMEHALL_BOT_DELAY": "0",
            "GAMEHALL_WS_COMPRESSION": "true",
            "GAMEHALL_WARM_ENGINES": "false",
        }
    )
    config = Config.from_env()
    assert config.database_url == "sqlite:////var/lib/gamehall/gamehall.db"
    assert config.data_dir == Path("/var/lib/gamehall")
    assert (config.host, config.port, config.grace_seconds) == ("0.0.0.0", 9000, 2.5)
    assert (config.secure_cookies, config.session_days) == (True, 7)
    assert (config.redis_url, config.bot_delay) == ("redis://localhost:6379/0", 0)
    assert config.ws_compression is True
    assert config.warm_engines is False
    environ({"GAMEHALL_DATABASE_URL": "postgresql://db/gamehall"})
    assert Config.from_env().database_url == "postgresql://db/gamehall"


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("GAMEHALL_PORT", "http", "GAMEHALL_PORT: Input should be a valid integer"),
        ("GAMEHALL_PORT", "70000", "GAMEHALL_PORT: Input should be less than or equal to 65535"),
        ("GAMEHALL_GRACE_SECONDS", "-1", "GAMEHALL_GRACE_SECONDS: Input should be greater than"),
        ("GAMEHALL_BOT_DELAY", "soon", "GAMEHALL_BOT_DELAY: Input should be a valid number"),
        ("GAMEHALL_BOT_DELAY", "nan", "GAMEHALL_BOT_DELAY: Input should be a finite number"),
        ("GAMEHALL_SECURE_COOKIES", "maybe", "GAMEHALL_SECURE_COOKIES: Input should be a valid"),
        ("GAMEHALL_SESSION_DAYS", "0", "GAMEHALL_SESSION_DAYS: Input should be greater than"),
        ("GAMEHALL_WS_COMPRESSION", "gzip", "GAMEHALL_WS_COMPRESSION: Input should be a valid"),
    ],
)
def test_bad_values_are_named(
    environ: Callable[[dict[str, str]], None], name: str, value: str, words: str
) -> None:
    environ({name: value})
    with pytest.raises(ConfigError, match=words) as refused:
        Config.from_env()
    assert f"(not {value!r})" in str(refused.value)


def test_run_serves_on_the_address_with_the_logs_configured(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(main.uvicorn, "run", lambda app, **kwargs: calls.append(kwargs))
    main.run(Config(database_url=f"sqlite:///{tmp_path / 'g.db'}", host="0.0.0.0", port=8123))
    assert calls[0]["host"] == "0.0.0.0" and calls[0]["port"] == 8123
    assert calls[0]["log_config"] == log_config("text")  # the address is logged as it starts
    assert calls[0]["ws_per_message_deflate"] is False
    main.run(Config(database_url=f"sqlite:///{tmp_path / 'g.db'}", ws_compression=True))
    assert calls[1]["ws_per_message_deflate"] is True
