"""The rate limits' moving window counted in memory (``MemoryWindows``): the same window as the
``limits`` library's, with no background work, and idle keys let go."""

import pytest
from limits import parse

from gamehall.server.config import Config
from gamehall.server.limits import SWEEP_EVERY, MemoryWindows, RateLimitedError, RateLimits
from support import aio


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def test_a_key_gets_its_rate_within_any_window_of_that_length() -> None:
    clock = Clock()
    windows = MemoryWindows(clock)
    rate = parse("3/10 seconds")

    async def scenario() -> None:
        for _ in range(3):
            assert await windows.hit(rate, "actions", "1.2.3.4")
            clock.now += 2
        assert not await windows.hit(rate, "actions", "1.2.3.4")
        assert await windows.hit(rate, "actions", "5.6.7.8")  # another key counts apart
        stats = await windows.get_window_stats(rate, "actions", "1.2.3.4")
        assert stats.reset_time == 1_010.0 and stats.remaining == 0
        clock.now = 1_010.0  # the first hit leaves the window
        assert await windows.hit(rate, "actions", "1.2.3.4")
        assert not await windows.hit(rate, "actions", "1.2.3.4")
        assert not await windows.hit(parse("1/second"), "seeks", "x", cost=2)

    aio.run(scenario())


def test_keys_with_no_hit_left_in_their_window_are_let_go() -> None:
    clock = Clock()
    windows = MemoryWindows(clock)

    async def scenario() -> None:
        for n in range(100):
            await windows.hit(parse("5/second"), "actions", f"10.0.0.{n}")
        await windows.hit(parse("5/hour"), "login", "10.0.1.1")
        clock.now += SWEEP_EVERY
        await windows.hit(parse("5/second"), "actions", "10.0.0.1")
        assert len(windows._hits) == 2  # the hour's window and the key just hit

    aio.run(scenario())


def test_the_wait_a_refusal_names_is_counted_on_the_servers_clock() -> None:
    """The wait was counted from ``time.time()`` whatever clock the server was given."""
    clock = Clock()
    limits = RateLimits.of(Config(rate_actions="2/minute"), clock)

    async def hit() -> None:
        await limits.hit("actions", "1.2.3.4")

    aio.run(hit())
    aio.run(hit())
    clock.now += 30
    with pytest.raises(RateLimitedError) as refused:
        aio.run(hit())
    assert refused.value.retry_after == 30
