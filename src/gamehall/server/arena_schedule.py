"""Scheduled arenas: the server makes them itself, per game, hourly or daily, from the
``arenas`` setting (``GAMEHALL_ARENAS``; none unless configured).

A schedule is written ``GAME EVERY MINUTES CLOCK``: the game, ``hourly`` (starting on every
full hour, UTC) or ``daily`` (every day at 18:00 UTC), the arena's length in minutes, and the
time control (``TimeControl.parse``'s text, e.g. ``fischer:180+2``). Schedules are separated by
semicolons: ``renju hourly 30 fischer:180+2; backgammon daily 60 fischer:120+12``. Renju plays
one game a pairing, the tables games a 3-point match. Scheduled arenas are rated, made by
nobody (their maker is the server), and take entries until they start; the tournament
director starts them on time. ``ArenaScheduler`` keeps the next arena of every schedule made,
looking every ``INTERVAL`` seconds.
"""

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Literal, get_args

from gamehall.errors import GameError
from gamehall.play.settings import GAME_NAMES, GameName, MatchSettings
from gamehall.server.background import Background
from gamehall.server.failures import Failures
from gamehall.store import Store
from gamehall.tournaments import TournamentSettings

if TYPE_CHECKING:  # the settings read this module, and the live matches read the settings
    from gamehall.server.live.workers import Workers

log = logging.getLogger(__name__)

Every = Literal["hourly", "daily"]
INTERVAL = 30.0
"""Seconds between two looks at the schedules."""
DAILY_HOUR = 18
"""The hour (UTC) a daily arena starts."""
TABLES_LENGTH = 3
"""The match a scheduled arena of a tables game plays: to 3 points."""
GRACE_SECONDS = 30
"""How long a paired player of a scheduled arena has to come to his game."""


@dataclass(frozen=True)
class ArenaSchedule:
    """One schedule: which game, how often, how long, with what clock."""

    game: GameName
    every: Every
    minutes: int
    clock: str

    def __post_init__(self) -> None:
        self.settings()  # refuses what cannot be played, in its own words

    @classmethod
    def parse(cls, text: str) -> "ArenaSchedule":
        """A schedule from its text (``renju hourly 30 fischer:180+2``); ``GameError`` saying
        what is wrong."""
        parts = text.split()
        if len(parts) != 4:
            raise GameError(
                f"an arena schedule is GAME EVERY MINUTES CLOCK, e.g. "
                f"'renju hourly 30 fischer:180+2', not {text!r}"
            )
        game, every, minutes, clock = parts
        if game not in GAME_NAMES:
            raise GameError(f"{game!r} is not a game: choose one of {', '.join(GAME_NAMES)}")
        if every not in get_args(Every):
            raise GameError(f"an arena is made hourly or daily, not {every!r}")
        if not minutes.isdigit():
            raise GameError(f"an arena's minutes are a whole number, not {minutes!r}")
        return cls(game, every, int(minutes), clock)  # type: ignore[arg-type]

    @property
    def name(self) -> str:
        """The arena's name: ``Hourly renju arena``."""
        return f"{self.every.capitalize()} {self.game} arena"

    def settings(self) -> TournamentSettings:
        """The arena's terms."""
        length = 1 if self.game == "renju" else TABLES_LENGTH
        match = MatchSettings.from_dict({"game": self.game, "length": length, "clock": self.clock})
        return TournamentSettings("arena", match, duration=self.minutes * 60)

    def next_start(self, now: datetime) -> datetime:
        """The first start of this schedule after ``now``."""
        hour = now.replace(minute=0, second=0, microsecond=0)
        if self.every == "hourly":
            return hour + timedelta(hours=1)
        today = hour.replace(hour=DAILY_HOUR)
        return today if today > now else today + timedelta(days=1)


def read_schedules(text: str) -> tuple[ArenaSchedule, ...]:
    """The schedules of the setting's text, separated by semicolons."""
    return tuple(ArenaSchedule.parse(part) for part in text.split(";") if part.strip())


class ArenaScheduler(Background):
    """Makes the next arena of every schedule, so that the lobby lists it with its countdown."""

    def __init__(
        self,
        store: Store,
        workers: "Workers",
        schedules: tuple[ArenaSchedule, ...],
        interval: float = INTERVAL,
    ) -> None:
        self.store = store
        self.workers = workers
        self.schedules = schedules
        self.interval = interval
        self._failures = Failures("the arena schedule", log)

    def make_due(self) -> list[int]:
        """Make each schedule's next arena if it is not made yet; the ids of those made."""
        kept = self.store.tournaments
        now = kept.now()
        made = []
        for schedule in self.schedules:
            found = kept.make_scheduled(
                schedule.name,
                schedule.settings().to_dict(),
                starts_at=schedule.next_start(now),
                grace_seconds=GRACE_SECONDS,
            )
            if found is not None:
                made.append(found)
        return made

    async def _run(self) -> None:
        while True:
            try:
                await self.workers.store(self.make_due)
            except Exception as exc:  # a bad moment of the database: the next look tries
                self._failures.failed(exc)
            else:
                self._failures.succeeded()
            await asyncio.sleep(self.interval)
