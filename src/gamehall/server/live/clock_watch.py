"""The clock's timer: the server flags a player the moment their time runs out.

While a clock runs, one task per match sleeps (on the server's wall clock) until the player to
act would flag, then lets the match check its clock; any change is stored and sent as usual.
"""

from gamehall.play.clock import Delay
from gamehall.play.match import Match

MARGIN = 0.02
"""Seconds past the flag at which the timer wakes, so that the clock has surely fallen."""


def wake_in(match: Match) -> float | None:
    """Seconds until the running clock would flag, or None if no clock runs."""
    clock = match.clock
    if clock is None or match.is_over or clock.running is None:
        return None
    snapshot = clock.snapshot()
    wait = snapshot.remaining[clock.running]
    if isinstance(clock.control, Delay):
        wait += max(clock.control.delay - snapshot.elapsed, 0.0)
    return max(wait, 0.0) + MARGIN
