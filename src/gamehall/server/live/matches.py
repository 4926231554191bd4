"""One live match: the play layer's match, its seats and sockets, and what each reader sees.

``LiveMatch`` holds what the manager keeps per match; everything that reads or changes it does
so under its ``lock``. The messages of a match are made once per seat (``views``), not once per
socket, so that spectators cost nothing to serve.
"""

import asyncio
from dataclasses import dataclass
from typing import Protocol, cast

from gamehall.engines import Engine
from gamehall.jsontext import JsonObject
from gamehall.play.match import Match
from gamehall.play.registry import restore_match
from gamehall.play.views import legal_of, state_of
from gamehall.server.live import between_games
from gamehall.server.live.catch_up import LoggedDice
from gamehall.server.live.clocks import MatchTime
from gamehall.server.live.terms import exits_of
from gamehall.server.protocol.match import Allowed, Hello, LoggedEvent, PlayerEntry
from gamehall.store import MatchTerms, PlayerSeat

REFEREE_ACTIONS = ("start", "check_time", "allow_takebacks")
"""Actions of the play layer that only the server takes."""


class Connection(Protocol):
    """A socket watching a match, as the manager sees it."""

    seat: int | None
    """The seat of the player on this socket, or None for a spectator."""
    language: str
    """The language its reader reads (the refusals it is sent are said in it)."""

    def send(self, message: JsonObject) -> None:
        """Queue ``message`` (a message's ``wire()`` form) for the socket; never waits."""


@dataclass(frozen=True)
class Saved:
    """The match as last stored, as a failed save goes back to it without asking the store
    (which may be what failed): a ``Match.snapshot()`` taken at or before that point, the
    number of events stored (those after the snapshot's are replayed from the live log) and
    the server's secrets then."""

    snapshot: dict[str, object]
    events: int
    secrets: JsonObject | None

    def snapshot_events(self) -> int:
        """The number of events the snapshot stands after."""
        count = self.snapshot.get("events")
        if not isinstance(count, int):
            raise TypeError(f"a snapshot without its event count: {count!r}")
        return count


CASUAL = MatchTerms()
"""The terms of a match neither rated nor a tournament's."""


class LiveMatch:
    """A match being played or watched: the match, its seats, sockets and background tasks."""

    def __init__(
        self,
        match_id: str,
        match: Match,
        seats: list[PlayerSeat],
        time_source: MatchTime,
        dice: LoggedDice | None,
        saved: Saved,
        terms: MatchTerms = CASUAL,
    ) -> None:
        self.id = match_id
        self.match = match
        self.seats = seats
        self.time = time_source
        self.dice = dice
        """The match's dice source when the server rolls secure dice (see ``catch_up``)."""
        self.snapshot_at: int | None = None
        """The event count of the match's latest snapshot in the store, if known here."""
        self.saved = saved
        """The match as last stored (see ``Saved``)."""
        self.terms = terms
        """Whether it is rated, or a tournament's pairing."""
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        self.away: dict[int, float] = {}
        """Human seats with nobody connected: the wall-clock deadline of their grace period."""
        self.remote: dict[str, tuple[bool, bool]] = {}
        """The seats connected to other server processes, by process."""
        self.timer: asyncio.Task[None] | None = None
        self.timer_at = 0.0
        """The wall-clock time ``timer`` wakes at."""
        self.bot: asyncio.Task[None] | None = None
        self.engines: dict[int, Engine] = {}

    def restored(self) -> Match:
        """The match as ``saved`` says it was stored: its snapshot and the events of the live
        log after it up to the stored count replayed, on the live match's time and dice."""
        saved = self.saved
        return restore_match(
            saved.snapshot,
            self.match.events.head(saved.events),
            secrets=saved.secrets or {},
            time_source=self.time,
            dice=self.dice,
        )

    def replace(self, match: Match, time_source: MatchTime, dice: LoggedDice | None) -> None:
        """Take a freshly loaded copy of the match (after a reload)."""
        self.match, self.time, self.dice = match, time_source, dice

    def hold_after_restart(self, until: float | None) -> None:
        """A match resumed after a restart stands still (``Persistence.load`` holds its time)
        until its player on move can reconnect and has had the restart's grace to (``until``,
        once the server accepts connections; None before), or reconnects, or anything happens
        in the match: the restart then costs nobody any time. A computer's clock, or a match
        with no clock running, goes on at once. (Matches that other processes keep going are
        not held.)"""
        clock = self.match.clock
        running = None if clock is None or self.match.is_over else clock.running
        if running is None or not self.is_human(running):
            self.time.release()
        elif until is not None:
            self.time.hold_until(until)

    def go_on(self, events: list[LoggedEvent]) -> None:
        """Something happened (the new ``events``, stored): a clock held since a restart or
        for the players goes on; the end of a game pauses the clocks (``between_games``)."""
        between_games.go_on(self.match, self.time, events)

    def clocks_wait(self, events: list[LoggedEvent]) -> float | None:
        """Seconds for which no clock runs from the message of the new ``events``."""
        return between_games.clocks_wait(self.match, self.time, events)

    def is_human(self, seat: int) -> bool:
        """Whether ``seat`` is played by a person."""
        return self.seats[seat].kind == "human"

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat ``user_id`` plays, or None."""
        if user_id is None:
            return None
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)

    def local_seats(self) -> tuple[bool, bool]:
        """Which seats have a socket on this process."""
        seats = {c.seat for c in self.connections}
        return (0 in seats, 1 in seats)

    def connected(self) -> list[bool]:
        """Which players are here: a socket on any process, or a computer."""
        local = self.local_seats()
        return [
            local[seat] or any(r[seat] for r in self.remote.values()) or not self.is_human(seat)
            for seat in (0, 1)
        ]

    def players(self) -> list[PlayerEntry]:
        """The seats as the hello message lists them."""
        return [PlayerEntry(name=s.name, kind=s.kind, level=s.level, bot=s.bot) for s in self.seats]

    def actions(self, seat: int | None) -> list[str]:
        """The action kinds ``seat`` may send now (the referee's left out): the game's, and
        for a person the ways out of the match (``terms.py``)."""
        if seat is None or self.match.is_over:
            return []
        actions = [a for a in self.match.legal_actions(seat) if a not in REFEREE_ACTIONS]
        if seat < len(self.seats) and self.is_human(seat):
            actions += exits_of(self.match, self.terms, seat)
        return actions

    def views(self) -> dict[int | None, Allowed]:
        """What each reader may do now, by seat (None: spectators). Made once per change, and
        off the event loop (listing the plays takes a while)."""
        return {
            seat: Allowed(self.actions(seat), legal_of(self.match, seat)) for seat in (0, 1, None)
        }

    def hello(self, seat: int | None, claim: bool) -> Hello:
        """The first message to a socket: its seat, the players, the state, the log and what
        the seat may do (``claim``: claim the match too). Off the event loop: the log may fetch
        its earlier events from the store. Built from typed values, it is not checked again."""
        allowed = Allowed(self.actions(seat), legal_of(self.match, seat))
        if claim:
            allowed = allowed.with_claim()
        return Hello.model_construct(
            match_id=self.id,
            you=seat,
            players=self.players(),
            state=state_of(self.match),
            events=cast(list[LoggedEvent], self.match.events.dicts()),
            clocks_wait=self.time.pausing_for(),
            actions=allowed.actions,
            legal=allowed.legal,
        )
