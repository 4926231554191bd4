"""The clock's timer: the server flags a player the moment their time runs out.

While a clock runs, one task per match sleeps (on the server's wall clock) until the player to
act would flag, then lets the match check its clock; any change is stored and sent as usual,
and the task is set again. An action mostly moves the flag later (the other side's time runs,
an increment is added): the sleeping task is then kept, wakes early, finds no flag and sleeps
until the new one, rather than being cancelled and made anew on every action (``LiveMatches
._schedule``). It is replaced when the flag comes sooner.
"""

from gamehall.play.match import Match

MARGIN = 0.02
"""Seconds past the flag at which the timer wakes, so that the clock has surely fallen."""


def wake_in(match: Match) -> float | None:
    """Seconds until the running clock would flag, or None if no clock runs."""
    clock = match.clock
    if clock is None or match.is_over:
        return None
    wait = clock.flags_in()
    return None if wait is None else wait + MARGIN
