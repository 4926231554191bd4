"""Matches against the computer last only while their player comes back to them: one whose
player has had no socket on it for ``GAMEHALL_COMPUTER_IDLE_SECONDS`` is ended, aborted while
it may be (before both sides have moved) and else forfeited by him (reason ``abandoned``).

Without this a player who made matches against the computer and never came back left them
``playing`` for ever, each held in memory and resumed at every start. The keeper looks at the
matches this process holds (every playing match is resumed at start-up); a seat's absence is
its presence's (``presence.mark_away``: no socket on any process), which starts when its last
socket closes, or when the match was made or resumed if none ever opened.
"""

import asyncio
import logging
from collections.abc import Callable

from gamehall.errors import GameError
from gamehall.server.background import Background
from gamehall.server.live import LiveMatches
from gamehall.server.live.matches import LiveMatch

log = logging.getLogger(__name__)


class ComputerKeeper(Background):
    """Ends the matches against the computer whose player has been away ``idle`` seconds, on
    the server's ``clock``; ``grace`` is the players' grace period, by which presence dates an
    absence."""

    def __init__(
        self, live: LiveMatches, grace: float, idle: float, clock: Callable[[], float]
    ) -> None:
        self.live = live
        self.grace = grace
        self.idle = idle
        self.clock = clock

    @property
    def interval(self) -> float:
        """How often the keeper looks."""
        return min(30.0, max(0.5, self.idle / 4))

    def abandoned(self) -> list[tuple[str, int]]:
        """The matches to end now, each with its player's seat."""
        due = self.clock() + self.grace - self.idle  # away since before idle seconds ago
        found: list[tuple[str, int]] = []
        for live in self.live.held():
            seat = _only_person(live)
            deadline = None if seat is None else live.away.get(seat)
            if seat is not None and deadline is not None and deadline <= due:
                found.append((live.id, seat))
        return found

    async def sweep(self) -> list[str]:
        """End the abandoned matches; returns their ids."""
        ended = []
        for match_id, seat in self.abandoned():
            try:
                if await self.live.forfeit(match_id, seat, "abandoned", abort=True):
                    ended.append(match_id)
            except GameError as exc:  # ended or changed meanwhile, or the store away
                log.warning("match %s against the computer could not be ended: %s", match_id, exc)
        return ended

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                ended = await self.sweep()
            except Exception:  # the keeper must outlive a bad moment of the database
                log.exception("the computer-match keeper failed; trying again")
                continue
            if ended:
                log.info("matches against the computer left by their players ended: %s", ended)


def _only_person(live: LiveMatch) -> int | None:
    """The seat of the match's one person when the other is the computer, else None."""
    people = [seat for seat in (0, 1) if live.is_human(seat)]
    return people[0] if len(people) == 1 else None
