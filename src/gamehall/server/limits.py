"""Rate limits: how often one client may log in, register, become a guest, make seeks and
challenges, and send frames on a match socket.

The counting is a moving window: the ``limits`` library's in Redis when ``GAMEHALL_REDIS_URL``
is set, so that several processes share the counts; else the same window counted in this
process's memory (``MemoryWindows``). The library's own memory storage is not used: after every
hit it starts a scan of every key it holds, each key handed to a worker thread, which cost a
busy server more CPU than the moves it counted. The rates are settings (``Config.rate_*``). A
request over its limit is answered 429 with ``Retry-After`` (seconds until the next one is
allowed); a socket's frame gets the protocol's ``error``. While Redis is away each process
counts in its own memory (``RateLimits.fallback``), so that an outage neither lifts the limits
nor fails the requests and sockets that are counted; a Redis that does not answer within
``REDIS_TIMEOUT`` counts as away, and is not asked again for ``COOL_DOWN`` seconds
(``breaker.py``), so that a hung Redis does not hold every frame.
"""

import asyncio
import logging
import math
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from fastapi import HTTPException
from limits import RateLimitItem, WindowStats, parse
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError
from starlette.requests import HTTPConnection

from gamehall.server.breaker import COOL_DOWN, REDIS_TIMEOUT, Breaker
from gamehall.server.config import DEFAULT_RATES, Config
from gamehall.server.figures import RATE_LIMITED

log = logging.getLogger(__name__)
T = TypeVar("T")

REMEMBERED_FOR = parse("1/30 day")
"""How long ``RateLimits.remember`` keeps a key: an address a player logged in from."""

WHAT = {
    "login": "login attempts",
    "login_account": "wrong passwords",
    "register": "new accounts",
    "guest": "guest sessions",
    "seeks": "seeks",
    "challenges": "challenges",
    "actions": "messages",
    "actions_account": "messages",
    "bot": "bot API requests",
    "chat": "chat messages",
    "messages": "private messages",
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


class Limiter(Protocol):
    """What the limits ask of a moving window (``MovingWindowRateLimiter``'s calls)."""

    async def hit(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        """Count one hit of ``item`` by ``identifiers``; False if it is over the limit."""

    async def get_window_stats(self, item: RateLimitItem, *identifiers: str) -> WindowStats:
        """When the window of ``item`` by ``identifiers`` frees a hit, and hits left."""


SWEEP_EVERY = 60.0
"""Seconds between two sweeps of ``MemoryWindows``' idle keys."""


class MemoryWindows:
    """The moving window of ``MovingWindowRateLimiter``, counted in this process's memory:
    the times of the hits in each key's window, the expired dropped at the key's next hit.
    Keys with no hit left in their window are swept away once a minute, at a hit."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._hits: dict[str, tuple[float, deque[float]]] = {}
        """Each key's window in seconds, and the times of its hits within it, oldest first."""
        self._swept = clock()

    def _window(self, item: RateLimitItem, identifiers: tuple[str, ...]) -> deque[float]:
        """The key's hits still in its window as of now."""
        key = item.key_for(*identifiers)
        now = self.clock()
        seconds = float(item.get_expiry())
        entry = self._hits.get(key)
        if entry is None:
            entry = self._hits[key] = (seconds, deque())
        hits = entry[1]
        while hits and hits[0] <= now - seconds:
            hits.popleft()
        if now - self._swept >= SWEEP_EVERY:
            self._sweep(now)
            self._hits[key] = entry
        return hits

    def _sweep(self, now: float) -> None:
        self._swept = now
        self._hits = {
            key: (seconds, hits)
            for key, (seconds, hits) in self._hits.items()
            if hits and hits[-1] > now - seconds
        }

    async def hit(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        hits = self._window(item, identifiers)
        if len(hits) + cost > item.amount:
            return False
        hits.extend([self.clock()] * cost)
        return True

    async def get_window_stats(self, item: RateLimitItem, *identifiers: str) -> WindowStats:
        hits = self._window(item, identifiers)
        reset = hits[0] + item.get_expiry() if hits else self.clock()
        return WindowStats(reset, max(item.amount - len(hits), 0))


@dataclass(frozen=True)
class RateLimits:
    """The server's limits, counted in one storage."""

    limiter: Limiter
    rates: dict[str, RateLimitItem]
    clock: Callable[[], float]
    """The server's wall clock: a refusal's wait is counted from it."""
    fallback: Limiter = field(init=False)
    """Counts in this process's memory, on ``clock``, while the shared storage (Redis) cannot
    be reached."""
    breaker: Breaker = field(init=False)
    """Open for a while after the shared storage failed: the fallback counts meanwhile."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "fallback", MemoryWindows(self.clock))
        object.__setattr__(self, "breaker", Breaker(self.clock))

    @classmethod
    def of(cls, config: Config, clock: Callable[[], float]) -> "RateLimits":
        """The configured limits, in Redis when the server shares one, else in memory on
        ``clock`` (the server's wall clock)."""
        limiter: Limiter
        if config.redis_url:
            storage = RedisStorage(
                f"async+{config.redis_url}",
                implementation="redispy",
                wrap_exceptions=True,
                socket_timeout=REDIS_TIMEOUT,
                socket_connect_timeout=REDIS_TIMEOUT,
            )
            limiter = MovingWindowRateLimiter(storage)
        else:
            limiter = MemoryWindows(clock)
        rates = {name: parse(config.rate(name)) for name in DEFAULT_RATES}
        return cls(limiter, rates, clock)

    async def _ask(self, ask: Callable[[Limiter], Awaitable[T]]) -> T:
        """``ask`` of the shared storage, or of the fallback while it is away (or just failed
        to answer)."""
        if self.breaker.open:
            return await ask(self.fallback)
        try:
            async with asyncio.timeout(REDIS_TIMEOUT):
                return await ask(self.limiter)
        except (StorageError, TimeoutError) as exc:
            log.warning(
                "rate limits: Redis did not answer (%s); counting in memory for %s s",
                str(exc) or "timed out",
                COOL_DOWN,
            )
            self.breaker.failed()
            return await ask(self.fallback)

    async def hit(self, name: str, key: str) -> None:
        """Count one of ``name`` by ``key``; ``RateLimitedError`` when over the limit."""
        rate = self.rates[name]
        self._check(name, await self._ask(lambda limiter: _refused(limiter, rate, name, key)))

    async def hit_here(self, name: str, key: str) -> None:
        """``hit``, counted in this process's memory only: for a key that lives in this
        process (a socket), which other processes never count."""
        self._check(name, await _refused(self.fallback, self.rates[name], name, key))

    def _check(self, name: str, refused: WindowStats | None) -> None:
        """``RateLimitedError`` if a hit of ``name`` was ``refused``."""
        if refused is None:
            return
        RATE_LIMITED.labels(name).inc()
        raise RateLimitedError(WHAT[name], self.rates[name], self._wait(refused))

    async def count(self, name: str, key: str) -> None:
        """Count one of ``name`` by ``key``, refusing nothing (``spent`` tells whether the
        limit is reached)."""
        rate = self.rates[name]
        await self._ask(lambda limiter: limiter.hit(rate, name, key))

    async def spent(self, name: str, key: str) -> int | None:
        """The seconds until ``key`` may do ``name`` again, if it has used all its limit; else
        None. Counts nothing."""
        rate = self.rates[name]
        stats = await self._ask(lambda limiter: limiter.get_window_stats(rate, name, key))
        return self._wait(stats) if stats.remaining <= 0 else None

    async def remember(self, key: str) -> None:
        """Remember ``key`` for ``REMEMBERED_FOR`` (``remembers`` tells)."""
        await self._ask(lambda limiter: limiter.hit(REMEMBERED_FOR, "remembered", key))

    async def remembers(self, key: str) -> bool:
        """Whether ``key`` was remembered within ``REMEMBERED_FOR``."""
        stats = await self._ask(
            lambda limiter: limiter.get_window_stats(REMEMBERED_FOR, "remembered", key)
        )
        return stats.remaining < REMEMBERED_FOR.amount

    def _wait(self, stats: WindowStats) -> int:
        """Whole seconds until the window of ``stats`` frees a hit (at least one)."""
        return max(1, math.ceil(stats.reset_time - self.clock()))


async def _refused(limiter: Limiter, rate: RateLimitItem, *identifiers: str) -> WindowStats | None:
    """Count one hit of ``rate`` by ``identifiers``; None if allowed, else the window's stats
    (when it frees a hit)."""
    if await limiter.hit(rate, *identifiers):
        return None
    return await limiter.get_window_stats(rate, *identifiers)


def client_address(connection: HTTPConnection) -> str:
    """Who is asking, as far as the server can tell: the client's address (the one a trusted
    proxy forwarded, ``Config.trusted_proxies``; else the one it connects from)."""
    return connection.client.host if connection.client else "unknown"
