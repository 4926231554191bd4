"""The server's time: a wall clock that can be injected, and the time a live match reads.

The server never calls ``time.time`` or ``asyncio.sleep`` itself: it asks its ``WallClock``, so
that tests run the grace periods, the clock's timer and restarts on a clock they move, as the
play layer's clocks take a time source.
"""

import asyncio
import math
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

    After a restart the match's time is ``held`` (``hold``): it stands still, so that no clock
    runs, until the player on move has had the time to reconnect (``release``, or the wall
    time the hold was given to end at); then it goes on from where it stood. A ``pause`` (the
    pause between two games of a match) is a hold that nothing releases before its end.
    """

    def __init__(self, wall: WallClock, offset: float = 0.0) -> None:
        self.wall = wall
        self._offset = offset
        self.pinned: float | None = None
        self.held: tuple[float, float | None] | None = None
        """The match time standing still, and the wall-clock time from which it goes on
        (None: not known yet, the server is still starting); None when not held."""
        self._paused_until = 0.0
        """The wall-clock time before which ``release`` leaves a ``pause`` as it is."""

    def __call__(self) -> float:
        if self.pinned is not None:
            return self.pinned
        return self._at(self.wall())

    def _at(self, now: float) -> float:
        """The match time at wall-clock time ``now``."""
        if self.held is not None:
            frozen, until = self.held
            return frozen if until is None or now < until else frozen + (now - until)
        return now - self._offset

    @property
    def offset(self) -> float:
        """The wall clock less the match time, now (it grows while the time is held)."""
        now = self.wall()
        return now - self._at(now)

    def hold(self, until: float | None) -> None:
        """Stop the match time where it stands until the wall-clock time ``until`` (None: until
        ``hold_until`` or ``release`` says)."""
        self.held = (self._at(self.wall()), until)

    def hold_since(self, at: float, seconds: float) -> None:
        """Stand the match time at ``at``, an earlier match time after which nothing happened,
        until ``seconds`` of wall-clock time after it (``release`` may end it sooner)."""
        self.held = (at, at + self._offset + seconds)

    def pause(self, at: float, seconds: float) -> None:
        """Stand the match time at ``at``, a match time after which nothing happened, for
        ``seconds`` of wall-clock time from now, whatever happens meanwhile: ``release`` does
        not end it sooner."""
        until = self.wall() + seconds
        self.held = (at, until)
        self._paused_until = until

    def pausing_for(self) -> float | None:
        """Seconds of wall-clock time until a ``pause`` ends, or None when there is none."""
        left = self._paused_until - self.wall()
        return left if self.held is not None and left > 0 else None

    def hold_until(self, until: float) -> None:
        """Set the end of a hold that had none yet."""
        if self.held is not None and self.held[1] is None:
            self.held = (self.held[0], until)

    def holding_for(self) -> float | None:
        """Seconds of wall-clock time until a hold ends (inf: its end is not known yet), or
        None when the time is not held."""
        if self.held is None:
            return None
        until = self.held[1]
        return math.inf if until is None else max(until - self.wall(), 0.0)

    def release(self) -> None:
        """End a hold now (a ``pause`` only once it is over): the match time goes on from
        where it stands."""
        if self.held is not None and self.pausing_for() is None:
            now = self.wall()
            self._offset = now - self._at(now)
            self.held = None
