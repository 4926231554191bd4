"""How many sockets one account holds open at once (one client address, for sockets without a
login): at most ``GAMEHALL_SOCKETS_PER_ACCOUNT`` over its match, chat, lobby, user and arena
sockets. Without a cap one guest could open thousands, each with its queue and its share of
every broadcast.

Each process counts its own sockets in memory. With Redis the count is shared too: each socket
is a member of its key's sorted set (``gamehall:sockets:<key>``) scored by when it lapses
(``LEASE`` seconds on, renewed every ``RENEW_EVERY`` while it is open), so that the sockets of a
process that was killed stop counting within ``LEASE`` seconds. Taking a place is one script in
Redis (drop the lapsed, count, add when under the cap), so two processes never both take the
last place. While Redis is away (its breaker open, ``breaker.py``) a process counts only its
own sockets, as it does without Redis.
"""

import asyncio
import itertools
import logging
import secrets
from collections import Counter
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass

import redis.asyncio as redis
from redis.exceptions import RedisError

from gamehall.errors import GameError
from gamehall.server.breaker import REDIS_TIMEOUT, Breaker

log = logging.getLogger(__name__)

LEASE = 60.0
"""Seconds a socket counts in Redis unless its process renews it."""
RENEW_EVERY = 20.0
"""Seconds between two renewals of this process's sockets in Redis."""
PREFIX = "gamehall:sockets:"
TAKE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""
"""Take a place in ``KEYS[1]`` for member ``ARGV[4]`` lapsing at ``ARGV[2]`` unless the
places not lapsed by ``ARGV[1]`` (now) number ``ARGV[3]`` (the cap) already: 1 if taken."""


class TooManySocketsError(GameError):
    """The account (or address) holds as many sockets as it may."""

    def __init__(self, cap: int) -> None:
        super().__init__(f"you have {cap} connections open, the most one player may have")
        self.cap = cap


@dataclass(frozen=True)
class Place:
    """One socket's place in its key's count: the key, and its member in Redis if it was
    counted there."""

    key: str
    member: str | None


class SocketCaps:
    """The open sockets of each key (``user:<id>`` or ``address:<host>``), capped at ``cap``;
    shared through Redis when ``client`` is given."""

    def __init__(
        self, cap: int, clock: Callable[[], float], client: redis.Redis | None = None
    ) -> None:
        self.cap = cap
        self.clock = clock
        self._client = client
        self._here: Counter[str] = Counter()
        """Each key's sockets open on this process."""
        self._members: dict[str, str] = {}
        """This process's sockets in Redis: member -> key."""
        self._prefix = secrets.token_hex(6)
        self._numbers = itertools.count(1)
        self.breaker = Breaker(clock)
        self._renewer: asyncio.Task[None] | None = None

    @classmethod
    def of(cls, cap: int, clock: Callable[[], float], redis_url: str | None) -> "SocketCaps":
        """The caps, shared through the Redis at ``redis_url`` if there is one."""
        client = None
        if redis_url:
            client = redis.Redis.from_url(
                redis_url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT
            )
        return cls(cap, clock, client)

    def open_here(self, key: str) -> int:
        """The sockets of ``key`` open on this process."""
        return self._here[key]

    async def take(self, key: str) -> Place:
        """A place for one more socket of ``key`` (``release`` it when the socket closes);
        ``TooManySocketsError`` when it holds ``cap`` already."""
        if self._here[key] >= self.cap:
            raise TooManySocketsError(self.cap)
        self._here[key] += 1
        member = f"{self._prefix}:{next(self._numbers)}"
        try:
            taken = await self._shared(key, member)
        except BaseException:
            self._drop(key)
            raise
        if taken is False:
            self._drop(key)
            raise TooManySocketsError(self.cap)
        if not taken:
            return Place(key, None)
        self._members[member] = key
        return Place(key, member)

    async def _shared(self, key: str, member: str) -> bool | None:
        """Whether Redis gave ``member`` a place in ``key``; None if Redis was not asked (none,
        or away)."""
        if self._client is None or self.breaker.open:
            return None
        now = self.clock()
        try:
            async with asyncio.timeout(REDIS_TIMEOUT):
                taken = await self._client.eval(
                    TAKE, 1, PREFIX + key, now, now + LEASE, self.cap, member, int(2 * LEASE)
                )
        except (RedisError, OSError, TimeoutError) as exc:
            self._failed(exc)
            return None
        self.breaker.succeeded()
        return bool(taken)

    async def release(self, place: Place) -> None:
        """The socket of ``place`` is closed: it counts no more."""
        self._drop(place.key)
        if place.member is None or self._client is None:
            return
        self._members.pop(place.member, None)
        if self.breaker.open:
            return  # it lapses by itself
        try:
            async with asyncio.timeout(REDIS_TIMEOUT):
                await self._client.zrem(PREFIX + place.key, place.member)
        except (RedisError, OSError, TimeoutError) as exc:
            self._failed(exc)

    def _drop(self, key: str) -> None:
        self._here[key] -= 1
        if self._here[key] <= 0:
            del self._here[key]

    def _failed(self, exc: BaseException) -> None:
        log.warning("socket caps: Redis did not answer (%s); counting this process's", exc)
        self.breaker.failed()

    async def renew(self) -> None:
        """Push on the lapse of every socket of this process counted in Redis."""
        if self._client is None or not self._members or self.breaker.open:
            return
        lapse = self.clock() + LEASE
        try:
            async with asyncio.timeout(REDIS_TIMEOUT * 5):
                async with self._client.pipeline(transaction=False) as pipe:
                    for member, key in list(self._members.items()):
                        pipe.zadd(PREFIX + key, {member: lapse}, xx=True)
                        pipe.expire(PREFIX + key, int(2 * LEASE))
                    await pipe.execute()
        except (RedisError, OSError, TimeoutError) as exc:
            self._failed(exc)

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(RENEW_EVERY)
            await self.renew()

    def start(self) -> None:
        """Renew this process's sockets in Redis until stopped (nothing to do without it)."""
        if self._client is not None:
            self._renewer = asyncio.create_task(self._renew_forever())

    async def stop(self) -> None:
        """Stop renewing and let Redis go."""
        if self._renewer is not None:
            self._renewer.cancel()
            with suppress(asyncio.CancelledError):
                await self._renewer
        if self._client is not None:
            await self._client.aclose()
