"""Rate limits while Redis is away: counted in the process's memory, never a failed request."""

import asyncio
from typing import Any

import pytest
from limits import parse
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError

from gamehall.server.breaker import COOL_DOWN
from gamehall.server.limits import RateLimitedError, RateLimits
from gamehall.server.live.clocks import SystemClock
from server.helpers import FakeClock
from support import aio


class Away(MovingWindowRateLimiter):
    """A limiter whose storage cannot be reached."""

    def __init__(self) -> None:
        pass

    async def hit(self, *args: Any, **kwargs: Any) -> bool:
        raise StorageError(ConnectionError("Connection refused"))


def test_limits_are_counted_in_memory_while_redis_is_away() -> None:
    limits = RateLimits(Away(), {"actions": parse("2/second")}, SystemClock())

    async def three() -> None:
        await limits.hit("actions", "1.2.3.4")
        await limits.hit("actions", "1.2.3.4")
        await limits.hit("actions", "1.2.3.4")

    with pytest.raises(RateLimitedError, match="at most 2 per second"):
        aio.run(three())


class Hung(MovingWindowRateLimiter):
    """A limiter whose storage never answers (a Redis stopped by SIGSTOP); counts the calls."""

    def __init__(self) -> None:
        self.calls = 0

    async def hit(self, *args: Any, **kwargs: Any) -> bool:
        self.calls += 1
        await asyncio.Event().wait()
        return True


def test_a_hung_redis_is_given_up_and_not_asked_again_for_a_while() -> None:
    clock = FakeClock()
    hung = Hung()
    limits = RateLimits(hung, {"actions": parse("100/second")}, clock)

    async def hits(count: int) -> None:
        for _ in range(count):
            await limits.hit("actions", "1.2.3.4")

    aio.run(hits(10))  # one wait of REDIS_TIMEOUT, then memory at once
    assert hung.calls == 1
    clock.advance(COOL_DOWN)
    aio.run(hits(1))  # the cool-down is over: Redis is tried again
    assert hung.calls == 2
