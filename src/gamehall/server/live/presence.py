"""Who is at the table: the players' sockets on every process, the grace period of a player
who dropped, and claiming a match the opponent abandoned.

A human seat with no socket on any process is away: it gets a deadline (``grace_seconds`` on
the server's wall clock) to come back, after which the opponent may claim the match
(``claim_abandoned``). A computer is always here.
"""

import math
from dataclasses import dataclass
from typing import ClassVar

from gamehall.errors import IllegalMoveError
from gamehall.play.actions import Abort
from gamehall.play.match import Match
from gamehall.play.match_exits import why_no_abort
from gamehall.server.live.matches import LiveMatch
from gamehall.server.protocol.match import Grace, Presence


@dataclass(frozen=True)
class ClaimAbandoned:
    """The server's own action: end the match whose opponent's grace period ran out."""

    kind: ClassVar[str] = "claim_abandoned"


def mark_away(live: LiveMatch, now: float, grace_seconds: float) -> None:
    """Start the grace period of every person not connected, and end that of every person
    who is (caller holds the lock)."""
    if live.match.is_over:
        live.away.clear()
        return
    connected = live.connected()
    for seat in (0, 1):
        if connected[seat]:
            live.away.pop(seat, None)
        elif seat not in live.away:
            live.away[seat] = now + grace_seconds


def presence_message(live: LiveMatch) -> Presence:
    """The presence message: who is here, and the first running grace period."""
    grace = None
    if live.away and not live.match.is_over:
        deadline = min(live.away.values())
        seat = next(s for s, at in live.away.items() if at == deadline)
        grace = Grace(player=seat, deadline=deadline)
    return Presence(connected=live.connected(), grace=grace)


def claimable(live: LiveMatch, seat: int, now: float) -> bool:
    """Whether ``seat`` may claim the match now: the opponent's grace period ran out."""
    deadline = live.away.get(1 - seat)
    return deadline is not None and now >= deadline and not live.match.is_over


def claim_abandoned(live: LiveMatch, seat: int, now: float) -> None:
    """End the match, ``seat`` winning, if the opponent's grace period has run out;
    ``IllegalMoveError`` saying why not otherwise."""
    if live.match.is_over:
        raise IllegalMoveError(
            "the match is over: there is nothing to claim", reason="claim-match-over"
        )
    other = 1 - seat
    name = live.seats[other].name
    deadline = live.away.get(other)
    if deadline is None:
        raise IllegalMoveError(
            f"{name} is here: there is nothing to claim", reason="claim-here", name=name
        )
    left = deadline - now
    if left > 0:
        seconds = math.ceil(left)
        raise IllegalMoveError(
            f"{name} has {seconds} s more to come back",
            reason="claim-too-soon",
            name=name,
            seconds=seconds,
        )
    live.match.forfeit(other, "abandoned")


def leave(match: Match, seat: int, reason: str, abort: bool) -> None:
    """End ``match`` for ``seat`` leaving it: aborted if ``abort`` and it still may be (before
    both players have moved), else forfeited by him for ``reason``."""
    if abort and why_no_abort(match) is None:
        match.apply(seat, Abort())
    else:
        match.forfeit(seat, reason)
