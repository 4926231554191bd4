"""The server's time: a wall clock that can be injected, and the time a live match reads.

The server never calls ``time.time`` or ``asyncio.sleep`` itself: it asks its ``WallClock``, so
that tests run the grace periods, the clock's timer and restarts on a clock they move, as the
play layer's clocks take a time source.
"""

import asyncio
import time
from typing import Protocol


class WallClock(Protocol):
    """The time of day (Unix seconds), and a way to wait for it to pass."""

    def __call__(self) -> float:
        """Now."""

    async def sleep(self, seconds: float) -> None:
        """Return once ``seconds`` have passed on this clock."""


class SystemClock:
    """The real time: ``time.time`` and ``asyncio.sleep``."""

    def __call__(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(seconds, 0.0))


class MatchTime:
    """The time a live match reads: the wall clock less the downtime charged to nobody.

    ``offset`` is the total time the server was down while the match was being played; event
    times are this match time, so replaying the log gives the same clocks. While another
    process's events are applied to this copy, ``pinned`` holds each event's own time.
    """

    def __init__(self, wall: WallClock, offset: float = 0.0) -> None:
        self.wall = wall
        self.offset = offset
        self.pinned: float | None = None

    def __call__(self) -> float:
        if self.pinned is not None:
            return self.pinned
        return self.wall() - self.offset
