"""The first move's clock: it waits for both players to be on the board.

A match is made before its players reach it (a seek accepted, a tournament pairing): a clock
that ran from then on charged the player on move the way to the board. So a match with a clock
in which no player has acted yet stands still from its start until both players are here, or
until ``FIRST_MOVE_WAIT`` seconds after it started: from then on the clock runs whoever came.
"""

from gamehall.play.match import Match
from gamehall.server.live.matches import LiveMatch

FIRST_MOVE_WAIT = 30.0
"""Seconds from a match's start after which its first clock runs even if a player is not here."""


def untouched(match: Match) -> bool:
    """Whether no player has acted in ``match`` yet (only its own start is logged). Read back
    from the end, so that a match under way does not fetch its earlier events."""
    if match.games:
        return False
    return all(event.player is None or event.derived for event in reversed(match.events))


def hold_for_players(live: LiveMatch) -> None:
    """When ``live`` is loaded: hold its time from its start while its players come (see the
    module's doc); a match already going, over, or without a clock is left as it is."""
    match = live.match
    if match.clock is None or match.is_over or not match.events or not untouched(match):
        return
    live.time.hold_since(match.events[-1].time, FIRST_MOVE_WAIT)


def goes_on(live: LiveMatch, seat: int | None) -> bool:
    """Whether a held clock goes on as ``seat`` joins: in a match nobody has acted in, once
    both players are here; else (after a restart) once the player on move is back."""
    clock = live.match.clock
    if live.time.held is None or clock is None:
        return False
    if untouched(live.match):
        return all(live.connected())
    return clock.running == seat
