"""The server's settings, read from ``GAMEHALL_*`` environment variables with safe defaults.

One frozen value made once at start-up (``Config.from_env()``) and passed to ``create_app``, so
that tests build the app with the settings they need instead of patching the environment.
"""

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


class ConfigError(ValueError):
    """An environment variable whose value cannot be used; the message names it."""


def _number(environ: Mapping[str, str], name: str, default: float, *, minimum: float) -> float:
    text = environ.get(name)
    if text is None or not text.strip():
        return default
    try:
        value = float(text)
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds, not {text!r}") from None
    if not value >= minimum or value == float("inf"):
        raise ConfigError(f"{name} must be at least {minimum:g}, not {text!r}")
    return value


def _whole(environ: Mapping[str, str], name: str, default: int, *, low: int, high: int) -> int:
    text = environ.get(name)
    if text is None or not text.strip():
        return default
    try:
        value = int(text)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise ConfigError(f"{name} must be from {low} to {high}, not {value}")
    return value


def _flag(environ: Mapping[str, str], name: str) -> bool:
    text = environ.get(name, "").strip().lower()
    if text in ("", "0", "false", "no", "off"):
        return False
    if text in ("1", "true", "yes", "on"):
        return True
    raise ConfigError(f"{name} must be 1 or 0, not {text!r}")


@dataclass(frozen=True)
class Config:
    """Everything the server can be told; see docs/server.md for the table of variables."""

    database_url: str = "sqlite:///data/gamehall.db"
    data_dir: Path = Path("data")
    host: str = "127.0.0.1"
    port: int = 8000
    grace_seconds: float = 60.0
    """How long a dropped player has to come back before the opponent may claim the match."""
    secure_cookies: bool = False
    """Mark the session cookie Secure (serve over HTTPS, e.g. behind a proxy)."""
    session_days: int = 30
    redis_url: str | None = None
    """Share live events between several server processes through this Redis."""
    bot_delay: float = 0.5
    """Seconds a computer player waits before acting, so that people can follow its moves."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "Config":
        """The settings from ``environ`` (the process environment by default)."""
        env = os.environ if environ is None else environ
        data_dir = Path(env.get("GAMEHALL_DATA_DIR") or "data")
        return cls(
            database_url=env.get("GAMEHALL_DATABASE_URL")
            or f"sqlite:///{data_dir / 'gamehall.db'}",
            data_dir=data_dir,
            host=env.get("GAMEHALL_HOST") or "127.0.0.1",
            port=_whole(env, "GAMEHALL_PORT", 8000, low=0, high=65535),
            grace_seconds=_number(env, "GAMEHALL_GRACE_SECONDS", 60.0, minimum=0),
            secure_cookies=_flag(env, "GAMEHALL_SECURE_COOKIES"),
            session_days=_whole(env, "GAMEHALL_SESSION_DAYS", 30, low=1, high=3650),
            redis_url=env.get("GAMEHALL_REDIS_URL") or None,
            bot_delay=_number(env, "GAMEHALL_BOT_DELAY", 0.5, minimum=0),
        )
