"""The server's settings, read from ``GAMEHALL_*`` environment variables with safe defaults.

One frozen value made once at start-up (``Config.from_env()``) and passed to ``create_app``, so
that tests build the app with the settings they need instead of patching the environment. The
environment is read and checked by pydantic-settings (``Environment``); a value that cannot be
used stops the server with a message naming its variable.
"""

from dataclasses import dataclass
from pathlib import Path

import limits
from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PREFIX = "GAMEHALL_"


DEFAULT_MAX_BODY = 64 * 1024
"""The largest request body read, in bytes (a body of the API is a few hundred)."""

DEFAULT_RATES = {
    "login": "30/minute",
    "register": "30/minute",
    "guest": "60/minute",
    "seeks": "60/minute",
    "challenges": "60/minute",
    "actions": "30/second",
}
"""How often one client may do each thing (``limits``' notation, e.g. ``30/minute``): logins,
registrations and guest sessions per client address; seeks and challenges per user; WebSocket
frames per socket."""


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
    poll_seconds: float | None = Field(default=None, ge=0, le=3600, allow_inf_nan=False)
    bot_delay: float = Field(default=0.5, ge=0, allow_inf_nan=False)
    allowed_hosts: str | None = None
    max_body: int = Field(default=DEFAULT_MAX_BODY, ge=1024, le=64 * 1024 * 1024)
    hash_workers: int = Field(default=2, ge=1, le=64)
    ws_compression: bool = False
    warm_engines: bool = True
    rate_login: str = DEFAULT_RATES["login"]
    rate_register: str = DEFAULT_RATES["register"]
    rate_guest: str = DEFAULT_RATES["guest"]
    rate_seeks: str = DEFAULT_RATES["seeks"]
    rate_challenges: str = DEFAULT_RATES["challenges"]
    rate_actions: str = DEFAULT_RATES["actions"]

    @field_validator(*(f"rate_{name}" for name in DEFAULT_RATES))
    @classmethod
    def _a_rate(cls, value: str) -> str:
        """A rate in ``limits``' notation (``30/minute``)."""
        try:
            limits.parse(value)
        except ValueError:
            raise ValueError("give a rate such as 30/minute or 5/second") from None
        return value


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
    poll_seconds: float | None = None
    """How often to read the store for the moves other processes stored in the matches held
    here (0: never); None: every 10 s with Redis (a safety net), every second on PostgreSQL
    without Redis (the only way), never on SQLite without Redis (one process)."""
    bot_delay: float = 0.5
    """Seconds a computer player waits before acting, so that people can follow its moves."""
    allowed_hosts: tuple[str, ...] = ()
    """The host names a request's ``Host`` header may name; empty: ``host`` and the loopback
    names (``guards.allowed_hosts``)."""
    max_body: int = DEFAULT_MAX_BODY
    """The largest request body, in bytes: a larger one is answered 413."""
    hash_workers: int = 2
    """Password hashes computed at once (each Argon2id hash takes 64 MiB)."""
    ws_compression: bool = False
    """Offer the WebSockets' per-message deflate: it cuts the players' bandwidth about tenfold
    (an update of about 1.5 KB to about 150 bytes) and costs the server about a tenth of its
    CPU a move and 100 KB of memory a game (docs/server.md, *Load*): off unless asked for."""
    warm_engines: bool = True
    """Load the engines and compile their kernels as the server starts (``gamehall serve``), in
    a thread of their own, so that the first hint or computer move does not wait for it."""
    rates: tuple[tuple[str, str], ...] = tuple(DEFAULT_RATES.items())
    """Each rate limit by name (``DEFAULT_RATES``'s names), in ``limits``' notation."""

    def poll_every(self) -> float:
        """``poll_seconds``, or its default for this database and broker (0: no polling)."""
        if self.poll_seconds is not None:
            return self.poll_seconds
        if self.redis_url:
            return 10.0
        return 0.0 if self.database_url.startswith("sqlite") else 1.0

    def rate(self, name: str) -> str:
        """The rate limit ``name`` (``login``, ``register``, ``guest``, ``seeks``,
        ``challenges``, ``actions``)."""
        return dict(self.rates).get(name, DEFAULT_RATES[name])

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
            poll_seconds=env.poll_seconds,
            bot_delay=env.bot_delay,
            allowed_hosts=tuple(
                name.strip().lower()
                for name in (env.allowed_hosts or "").split(",")
                if name.strip()
            ),
            max_body=env.max_body,
            hash_workers=env.hash_workers,
            ws_compression=env.ws_compression,
            warm_engines=env.warm_engines,
            rates=tuple((name, getattr(env, f"rate_{name}")) for name in DEFAULT_RATES),
        )
