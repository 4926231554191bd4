"""The server's settings, read from ``GAMEHALL_*`` environment variables with safe defaults.

One frozen value made once at start-up (``Config.from_env()``) and passed to ``create_app``, so
that tests build the app with the settings they need instead of patching the environment. Its
fields are written once, with their limits; pydantic-settings reads the same fields from the
environment, and a value that cannot be used stops the server with a message naming its
variable.
"""

import ipaddress
from pathlib import Path
from typing import Annotated, Self

import limits
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from gamehall.engines.external import ExternalSpec
from gamehall.errors import GameError
from gamehall.server.arena_schedule import ArenaSchedule, read_schedules
from gamehall.server.external_engines import read_engines, specs_of
from gamehall.server.logs import LogFormat

PREFIX = "GAMEHALL_"


DEFAULT_MAX_BODY = 64 * 1024
"""The largest request body read, in bytes (a body of the API is a few hundred)."""

DEFAULT_RATES = {
    "login": "30/minute",
    "login_account": "20/hour",
    "register": "30/minute",
    "guest": "60/minute",
    "seeks": "60/minute",
    "challenges": "60/minute",
    "actions": "30/second",
    "actions_account": "60/second",
    "bot": "20/second",
    "chat": "1/second",
    "messages": "10/minute",
}
"""How often one client may do each thing (``limits``' notation, e.g. ``30/minute``): logins,
registrations and guest sessions per client address; wrong passwords per account from addresses
that never logged in to it (``login_guard.py``); seeks and challenges per user; match-socket
frames per socket, and per account (per address without one) over all its sockets, which never
refuses a seated player's action; requests of the bot API per token;
chat messages per account over all its sockets; private messages per account."""


class ConfigError(GameError):
    """An environment variable whose value cannot be used; the message names it."""


def _proxies(value: tuple[str, ...]) -> tuple[str, ...]:
    """Each an IP address or network (``10.0.0.0/8``), as the proxy middleware reads them."""
    for item in value:
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise ValueError(f"{item!r} is not an IP address or network") from None
    return value


def _rate(value: str) -> str:
    """A rate in ``limits``' notation (``30/minute``)."""
    try:
        limits.parse(value)
    except ValueError:
        raise ValueError("give a rate such as 30/minute or 5/second") from None
    return value


Rate = Annotated[str, AfterValidator(_rate)]
"""How often one client may do a thing, in ``limits``' notation (``30/minute``)."""
Seconds = Annotated[float, Field(ge=0, allow_inf_nan=False)]
Proxies = Annotated[tuple[str, ...], AfterValidator(_proxies)]
"""IP addresses and networks of trusted reverse proxies."""
ExternalEngines = Annotated[tuple[ExternalSpec, ...], BeforeValidator(specs_of)]
"""The operator's external engines, each id once."""


def _schedules(value: object) -> object:
    """The schedules' text (or their fields, as ``model_dump`` writes them) read into
    schedules (``arena_schedule.py``)."""
    try:
        if isinstance(value, str):
            return read_schedules(value)
        if isinstance(value, list | tuple):
            return tuple(ArenaSchedule(**v) if isinstance(v, dict) else v for v in value)
    except GameError as exc:
        raise ValueError(str(exc)) from None
    return value


ArenaSchedules = Annotated[tuple[ArenaSchedule, ...], BeforeValidator(_schedules)]
"""The arenas the server makes itself."""


class Config(BaseModel):
    """Everything the server can be told; see docs/server.md for the table of variables.

    Each field is written here once: ``from_env`` reads the same fields from ``GAMEHALL_*``
    variables. Built in code, a value of the wrong type is refused, not converted.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    data_dir: Path = Path("data")
    """Where the SQLite database lives unless ``database_url`` says otherwise."""
    database_url: str = ""
    """SQLAlchemy's URL of the database; empty: ``gamehall.db`` in ``data_dir``."""
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    grace_seconds: Seconds = 60.0
    """How long a dropped player has to come back before the opponent may claim the match."""
    drain_seconds: Seconds = 10.0
    """How long a process told to stop (SIGTERM) waits for its sockets to close after telling
    them to reconnect, and then for its requests to end (``drain.py``)."""
    secure_cookies: bool = False
    """Mark the session cookie Secure (serve over HTTPS, e.g. behind a proxy)."""
    session_days: int = Field(default=30, ge=1, le=3650)
    guest_days: int = Field(default=7, ge=1, le=3650)
    """A guest account that has played no match (nor entered a tournament) is deleted, with its
    session, this many days after it was made (``housekeeping.py``)."""
    redis_url: str | None = None
    """Share live events between several server processes through this Redis."""
    poll_seconds: float | None = Field(default=None, ge=0, le=3600, allow_inf_nan=False)
    """How often to read the store for the moves other processes stored in the matches held
    here (0: never); None: every 10 s with Redis or on PostgreSQL (a safety net: the broker,
    Redis or PostgreSQL's notifications, carries the changes), never on SQLite without Redis
    (one process)."""
    bot_delay: Seconds = 0.5
    """Seconds a computer player waits before acting, so that people can follow its moves."""
    allowed_hosts: tuple[str, ...] = ()
    """The host names a request's ``Host`` header may name; empty: ``host`` and the loopback
    names (``guards.allowed_hosts``). In the environment: names separated by commas."""
    trusted_proxies: Proxies = ()
    """The addresses or networks (``10.0.0.0/8``) of the reverse proxies whose
    ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed; from anywhere else the client
    is the address it connects from, whatever it says. Empty: no proxy is trusted. In the
    environment: comma-separated."""
    max_body: int = Field(default=DEFAULT_MAX_BODY, ge=1024, le=64 * 1024 * 1024)
    """The largest request body, in bytes: a larger one is answered 413."""
    hash_workers: int = Field(default=2, ge=1, le=64)
    """Password hashes computed at once (each Argon2id hash takes 64 MiB)."""
    hash_queue: int = Field(default=16, ge=0, le=10000)
    """Password hashes that may wait for a worker; beyond, a login is refused at once (429)."""
    hash_per_address: int = Field(default=3, ge=1, le=1000)
    """Password hashes one client address may have running or waiting."""
    analysis_workers: int = Field(default=2, ge=1, le=16)
    """Finished matches analysed at once, each in a process of its own at a lower priority
    (``analysis_jobs.py``); more requests wait their turn."""
    ws_compression: bool = False
    """Offer the WebSockets' per-message deflate: it cuts the players' bandwidth about tenfold
    (an update of about 1.5 KB to about 150 bytes) and costs the server about a tenth of its
    CPU a move and 100 KB of memory a game (docs/server.md, *Load*): off unless asked for."""
    warm_engines: bool = True
    """Load the engines and compile their kernels as the server starts (``gamehall serve``), in
    a thread of their own, so that the first hint or computer move does not wait for it."""
    log_format: LogFormat = "text"
    """The log's lines: ``text``, or ``json`` (one JSON object a line, naming the request and
    the match: ``logs.py``) for a log collector."""
    admin_token: str = ""
    """The bearer token of the operators' API (``/api/admin``, used by ``gamehall admin``);
    empty: only operators' sessions may use it."""
    max_computer_matches: int = Field(default=3, ge=1, le=1000)
    """Matches against the computer one player may be playing at once."""
    computer_idle_seconds: Seconds = 900.0
    """A match against the computer whose player has had no socket on it for this long is
    ended (``computer_keeper.py``): aborted while it may be, else forfeited by him."""
    sockets_per_account: int = Field(default=20, ge=1, le=100000)
    """The sockets one account (one client address, without a login) may hold open at once,
    over every process sharing a Redis (``socket_caps.py``)."""
    lobby_seeks: int = Field(default=200, ge=1, le=100000)
    """The open seeks the lobby lists (the oldest), on its socket and ``GET /api/seeks``."""
    max_seeks: int = Field(default=5, ge=1, le=1000)
    """Open seeks one player may have in the lobby."""
    max_challenges: int = Field(default=20, ge=1, le=1000)
    """Open challenges one player may have made (not yet answered)."""
    max_challenges_to_one: int = Field(default=3, ge=1, le=1000)
    """Of those, how many to one and the same player."""
    max_tournaments: int = Field(default=3, ge=1, le=1000)
    """Tournaments one player may have made that are not finished yet."""
    metrics_token: str = ""
    """The bearer token that ``GET /metrics`` asks for (Prometheus's ``authorization``);
    empty: no metrics are served (404)."""
    external_engines: ExternalEngines = ()
    """External engines the lobby offers as computer opponents (Gomocup brains for renju, GNU
    Backgammon for backgammon); none unless configured. In the environment: a JSON list, or
    the path of a TOML or JSON file (``external_engines.py``)."""
    arenas: ArenaSchedules = ()
    """The arenas the server makes itself, per game, hourly or daily (``arena_schedule.py``);
    none unless configured. In the environment: ``GAME EVERY MINUTES CLOCK`` schedules
    separated by semicolons, e.g. ``renju hourly 30 fischer:180+2``."""
    rate_login: Rate = DEFAULT_RATES["login"]
    rate_login_account: Rate = DEFAULT_RATES["login_account"]
    rate_register: Rate = DEFAULT_RATES["register"]
    rate_guest: Rate = DEFAULT_RATES["guest"]
    rate_seeks: Rate = DEFAULT_RATES["seeks"]
    rate_challenges: Rate = DEFAULT_RATES["challenges"]
    rate_actions: Rate = DEFAULT_RATES["actions"]
    rate_actions_account: Rate = DEFAULT_RATES["actions_account"]
    rate_bot: Rate = DEFAULT_RATES["bot"]
    rate_chat: Rate = DEFAULT_RATES["chat"]
    rate_messages: Rate = DEFAULT_RATES["messages"]

    @model_validator(mode="after")
    def _database_in_data_dir(self) -> Self:
        """No URL given: the SQLite file in ``data_dir``."""
        if not self.database_url:
            object.__setattr__(self, "database_url", f"sqlite:///{self.data_dir / 'gamehall.db'}")
        return self

    def poll_every(self) -> float:
        """``poll_seconds``, or its default for this database and broker (0: no polling): a
        safety net every 10 s where a broker carries the changes (Redis, or PostgreSQL's own
        notifications), none for SQLite alone (one process)."""
        if self.poll_seconds is not None:
            return self.poll_seconds
        return 0.0 if self.database_url.startswith("sqlite") and not self.redis_url else 10.0

    def rate(self, name: str) -> str:
        """The rate limit ``name`` (``login``, ``register``, ``guest``, ``seeks``,
        ``challenges``, ``actions``)."""
        rate: str = getattr(self, f"rate_{name}")
        return rate

    def changed(self, **changes: object) -> "Config":
        """This configuration with ``changes``, checked like any other."""
        return type(self).model_validate({**self.model_dump(), **changes})

    @classmethod
    def from_env(cls) -> "Config":
        """The settings from the process's environment; ``ConfigError`` naming each variable
        whose value cannot be used."""
        try:
            env = _Environment()
        except ValidationError as exc:
            problems = [
                f"{PREFIX}{str(error['loc'][0]).upper()}: {error['msg']} (not {error['input']!r})"
                for error in exc.errors()
            ]
            raise ConfigError("; ".join(problems)) from None
        return cls.model_validate(env.model_dump())


class _Environment(BaseSettings, Config):
    """``Config``'s fields read from ``GAMEHALL_*`` variables (an empty one counts as unset),
    as text: numbers and booleans are read from it."""

    model_config = SettingsConfigDict(
        env_prefix=PREFIX, env_ignore_empty=True, extra="ignore", strict=False, frozen=True
    )

    allowed_hosts: Annotated[tuple[str, ...], NoDecode] = ()
    trusted_proxies: Annotated[Proxies, NoDecode] = ()
    arenas: Annotated[ArenaSchedules, NoDecode] = ()
    external_engines: Annotated[ExternalEngines, NoDecode] = ()

    @field_validator("external_engines", mode="before")
    @classmethod
    def _engines(cls, value: object) -> object:
        """A JSON list, or the path of a TOML or JSON file, read into the engines."""
        if isinstance(value, str):
            return read_engines(value)
        return value

    @field_validator("allowed_hosts", "trusted_proxies", mode="before")
    @classmethod
    def _names(cls, value: object) -> object:
        """``a.example,b.example``: the names (or addresses), trimmed, lowercase."""
        if isinstance(value, str):
            return tuple(name.strip().lower() for name in value.split(",") if name.strip())
        return value
