"""Rate limits: how often one client may log in, register, become a guest, make seeks and
challenges, and send frames on a match socket.

The counting is the ``limits`` library's (a moving window), kept in memory, or in Redis when
``GAMEHALL_REDIS_URL`` is set so that several processes share the counts. The rates are
settings (``Config.rates``). A request over its limit is answered 429 with ``Retry-After``
(seconds until the next one is allowed); a socket's frame gets the protocol's ``error``.
While Redis is away each process counts in its own memory (``RateLimits.fallback``), so that
an outage neither lifts the limits nor fails the requests and sockets that are counted.
"""

import logging
import math
import time
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, HTTPException, Request
from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError
from starlette.requests import HTTPConnection

from gamehall.server.auth import user_session
from gamehall.server.config import DEFAULT_RATES, Config
from gamehall.store import SessionInfo

log = logging.getLogger(__name__)

WHAT = {
    "login": "login attempts",
    "register": "new accounts",
    "guest": "guest sessions",
    "seeks": "seeks",
    "challenges": "challenges",
    "actions": "messages",
}
"""Each limit's subject, in a player's words."""


class RateLimitedError(HTTPException):
    """Too many requests: 429, with the seconds to wait in ``Retry-After``."""

    def __init__(self, what: str, rate: RateLimitItem, retry_after: int) -> None:
        super().__init__(
            429,
            f"too many {what}: at most {rate.amount} per {_period(rate)}; "
            f"try again in {retry_after} s",
            headers={"Retry-After": str(retry_after)},
        )
        self.retry_after = retry_after


def _period(rate: RateLimitItem) -> str:
    unit = rate.GRANULARITY.name
    return unit if rate.multiples == 1 else f"{rate.multiples} {unit}s"


@dataclass(frozen=True)
class RateLimits:
    """The server's limits, counted in one storage."""

    limiter: MovingWindowRateLimiter
    rates: dict[str, RateLimitItem]
    fallback: MovingWindowRateLimiter = field(
        default_factory=lambda: MovingWindowRateLimiter(MemoryStorage())
    )
    """Counts in this process's memory while the shared storage (Redis) cannot be reached."""

    @classmethod
    def of(cls, config: Config) -> "RateLimits":
        """The configured limits, in Redis when the server shares one, else in memory."""
        storage: Storage
        if config.redis_url:
            storage = RedisStorage(
                f"async+{config.redis_url}", implementation="redispy", wrap_exceptions=True
            )
        else:
            storage = MemoryStorage()
        rates = {name: parse(config.rate(name)) for name in DEFAULT_RATES}
        return cls(MovingWindowRateLimiter(storage), rates)

    async def hit(self, name: str, key: str) -> None:
        """Count one of ``name`` by ``key``; ``RateLimitedError`` when over the limit."""
        rate = self.rates[name]
        limiter = self.limiter
        try:
            allowed = await limiter.hit(rate, name, key)
        except StorageError as exc:
            log.warning("rate limits: Redis cannot be reached (%s); counting in memory", exc)
            limiter = self.fallback
            allowed = await limiter.hit(rate, name, key)
        if allowed:
            return
        stats = await limiter.get_window_stats(rate, name, key)
        retry_after = max(1, math.ceil(stats.reset_time - time.time()))
        raise RateLimitedError(WHAT[name], rate, retry_after)


def rate_limits_of(connection: HTTPConnection) -> RateLimits:
    """The app's rate limits, for a request or a socket."""
    limits = connection.app.state.rate_limits
    assert isinstance(limits, RateLimits)
    return limits


def client_address(connection: HTTPConnection) -> str:
    """Who is asking, as far as the server can tell: the client's address."""
    return connection.client.host if connection.client else "unknown"


def per_address(name: str) -> object:
    """A dependency counting one ``name`` per client address (429 over the limit)."""

    async def limited(request: Request) -> None:
        await rate_limits_of(request).hit(name, client_address(request))

    return Depends(limited)


def per_user(name: str) -> object:
    """A dependency counting one ``name`` per logged-in user (429 over the limit)."""

    async def limited(
        request: Request, session: Annotated[SessionInfo, Depends(user_session)]
    ) -> None:
        await rate_limits_of(request).hit(name, f"user:{session.user.id}")

    return Depends(limited)


LimitedLogin = Annotated[None, per_address("login")]
LimitedRegister = Annotated[None, per_address("register")]
LimitedGuest = Annotated[None, per_address("guest")]
LimitedSeeks = Annotated[None, per_user("seeks")]
LimitedChallenges = Annotated[None, per_user("challenges")]
