"""Bring a live copy of a match up to date with events another process stored, one by one.

A process that receives another's update applies just the new events to its own copy, through
the play layer and in order, as a replay does: each event's action at its own time, with the
dice it logged. The copy must then have logged exactly those events; on a gap in the sequence,
any difference or any refusal the copy is no longer trusted and the caller reloads it from the
store. A match whose secure dice the server rolls gets a ``LoggedDice`` source, so that the
copy can be handed the dice rolled elsewhere; fair dice need nothing (every process rolls the
same dice from the game's stored seed, and a new game's seed makes the others reload).
"""

from collections import deque
from collections.abc import Mapping, Sequence

from gamehall.errors import GameError
from gamehall.play.dice import SecureDice
from gamehall.play.events import OpeningRolled, Rolled, event_from_dict
from gamehall.play.match import Match
from gamehall.server.live.clocks import MatchTime


class LoggedDice:
    """A dice source that gives the rolls it is handed first, then secure rolls."""

    def __init__(self) -> None:
        self.queued: deque[tuple[int, ...]] = deque()
        self._secure = SecureDice()

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        """The next handed roll, or a secure one."""
        if self.queued:
            return self.queued.popleft()
        return tuple(self._secure.roll(n_dice))


def catch_up(
    match: Match, time_source: MatchTime, dice: LoggedDice | None, events: Sequence[object]
) -> bool:
    """Apply the logged ``events`` (``Event.to_dict`` form) that follow ``match``'s own;
    whether the copy now has exactly them. After False the copy must be reloaded (it may have
    taken part of them)."""
    try:
        wanted = [event_from_dict(e) for e in events if isinstance(e, Mapping)]
    except (GameError, KeyError, TypeError, ValueError):
        return False
    if len(wanted) != len(events) or not wanted or wanted[0].seq != len(match.events):
        return False
    rolls = [tuple(e.outcome["dice"]) for e in wanted if isinstance(e, OpeningRolled | Rolled)]
    if dice is not None:
        dice.queued.extend(rolls)  # in the order the actions roll them, as a replay's script
    elif rolls and match.settings.dice != "fair":
        return False
    first = len(match.events)
    try:
        for event in wanted:
            if event.derived:
                continue
            time_source.pinned = event.time
            if event.kind == "flag":
                match.check_time()
            elif event.kind == "forfeit":
                match.forfeit(event.data["player"], event.data["reason"])
            else:
                match.apply(event.player, event.action())
    except (GameError, TypeError, ValueError):
        if dice is not None:
            dice.queued.clear()
        return False
    finally:
        time_source.pinned = None
    if dice is not None and dice.queued:
        dice.queued.clear()
        return False
    mine = [e.to_dict() for e in match.events[first:]]
    return mine == [e.to_dict() for e in wanted]
