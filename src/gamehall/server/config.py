"""The server's settings, read from ``GAMEHALL_*`` environment variables with safe defaults.

One frozen value made once at start-up (``Config.from_env()``) and passed to ``create_app``, so
that tests build the app with the settings they need instead of patching the environment. The
environment is read and checked by pydantic-settings (``Environment``); a value that cannot be
used stops the server with a message naming its variable.
"""

from dataclasses import dataclass
from pathlib import Path

from pydantic import Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

PREFIX = "GAMEHALL_"


class ConfigError(ValueError):
    """An environment variable whose value cannot be used; the message names it."""


class Environment(BaseSettings):
    """The ``GAMEHALL_*`` variables (an empty one counts as unset); see docs/server.md."""

    model_config = SettingsConfigDict(env_prefix=PREFIX, env_ignore_empty=True, extra="ignore")

    data_dir: Path = Path("data")
    database_url: str | None = None
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    grace_seconds: float = Field(default=60.0, ge=0, allow_inf_nan=False)
    secure_cookies: bool = False
    session_days: int = Field(default=30, ge=1, le=3650)
    redis_url: str | None = None
    bot_delay: float = Field(default=0.5, ge=0, allow_inf_nan=False)


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
    def from_env(cls) -> "Config":
        """The settings from the process's environment; ``ConfigError`` naming each variable
        whose value cannot be used."""
        try:
            env = Environment()
        except ValidationError as exc:
            problems = [
                f"{PREFIX}{str(error['loc'][0]).upper()}: {error['msg']} (not {error['input']!r})"
                for error in exc.errors()
            ]
            raise ConfigError("; ".join(problems)) from None
        return cls(
            database_url=env.database_url or f"sqlite:///{env.data_dir / 'gamehall.db'}",
            data_dir=env.data_dir,
            host=env.host,
            port=env.port,
            grace_seconds=env.grace_seconds,
            secure_cookies=env.secure_cookies,
            session_days=env.session_days,
            redis_url=env.redis_url,
            bot_delay=env.bot_delay,
        )
