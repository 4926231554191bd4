"""Rate limits while Redis is away: counted in the process's memory, never a failed request."""

from typing import Any

import pytest
from limits import parse
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError

from gamehall.server.limits import RateLimitedError, RateLimits
from gamehall.server.live.clocks import SystemClock
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
