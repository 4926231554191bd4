"""The live matches in the store: loading a match (its snapshot restored and the events after
it replayed, off the event loop: ``snapshots.py``), storing new events with the match's
summary (and a snapshot now and then), and the summary kept beside the log; a live match keeps
a bounded part of its log in memory (``KEPT_EVENTS``): the store has the rest.

Time: a match reads ``MatchTime``, the wall clock less the time the server was down while the
match was being played (its offset, kept in the stored summary), so that a restart charges
nobody's clock for the downtime and the log, whose times are match times, still replays exactly
(see ``docs/server.md``).
"""

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, cast

from gamehall.errors import GameError
from gamehall.jsontext import JsonObject
from gamehall.play.actions import AllowTakebacks
from gamehall.play.match import Match
from gamehall.play.registry import new_match
from gamehall.play.settings import MatchSettings
from gamehall.play.views import state_of
from gamehall.server.live.catch_up import LoggedDice
from gamehall.server.live.clocks import MatchTime, WallClock
from gamehall.server.live.matches import LiveMatch
from gamehall.server.live.snapshots import rebuild
from gamehall.server.live.terms import status_of
from gamehall.server.live.workers import Workers
from gamehall.server.live.writer import GroupWriter
from gamehall.server.protocol.match import LoggedEvent
from gamehall.store import MatchTerms, PlayerSeat, Store, StoredMatch
from gamehall.store.appends import Append

KEPT_EVENTS = 200
"""A live match keeps about this many events in memory, and the game in progress whole: once
it holds more, the events of its earlier games go (``EventLog.forget_before``) and are read
from the store when somebody asks for the whole log (a player's first look, a record). The
game in progress stays, as a takeback reads back through its turns."""


class NoSuchMatchError(GameError):
    """A match id that is not in the store."""


class SaveNewMatch(Protocol):
    """Stores a new match (``Match.to_dict(secrets=True)``) with its seats; returns its id."""

    def __call__(self, match_dict: Mapping[str, object], *, players: list[PlayerSeat]) -> str: ...


def new_dice(settings: MatchSettings) -> LoggedDice | None:
    """The dice source of a live copy: ``LoggedDice`` for the secure dice the server rolls
    (another process's rolls can be handed to it); None for fair dice, which the match rolls
    from its own seed."""
    return LoggedDice() if settings.dice == "secure" and settings.game != "renju" else None


def summary_of(match: Match, time_source: MatchTime) -> dict[str, object]:
    """What the store keeps beside the log, for lists and profiles without a replay, and the
    match's clock offset (``MatchTime.offset``), so that another process reads the same time.
    A finished match's summary keeps its last ``state`` too: reading it needs no replay."""
    summary: dict[str, object] = {
        "players": list(match.players),
        "score": list(match.score),
        "games": len(match.games),
        "to_act": match.to_act,
        "winner": match.winner,
        "end_reason": match.end_reason,
        "clock_offset": time_source.offset,
    }
    if match.is_over:
        summary["state"] = state_of(match)
    return summary


def secrets_of(match: Match) -> JsonObject | None:
    """The match's secrets as the store keeps them (None when there are none)."""
    return match.secrets() or None


@dataclass
class Loaded:
    """A match read from the store and rebuilt."""

    stored: StoredMatch
    match: Match
    time: MatchTime
    dice: LoggedDice | None
    snapshot_at: int | None
    """The event count of the snapshot it was restored from (None: replayed from the start)."""
    terms: MatchTerms


class Persistence:
    """The live matches' side of the store; every call runs off the event loop, on the
    workers' threads (``workers.py``)."""

    def __init__(self, store: Store, wall: WallClock, workers: Workers, *, shared: bool) -> None:
        self.store = store
        self.wall = wall
        self.workers = workers
        self.shared = shared
        """Whether other processes play the same matches (then they keep the clocks going)."""
        self.writer = GroupWriter(store, workers)
        """The one writer of the matches' saves (group commit: ``writer.py``)."""

    async def events_from(self, match_id: str, first: int) -> list[LoggedEvent]:
        """The stored events of ``match_id`` from ``first`` on, as the log keeps them."""
        stored = await self.workers.store(self.store.matches.events_from, match_id, first)
        return cast(list[LoggedEvent], stored)

    async def load(self, match_id: str, *, resuming: bool = False) -> Loaded:
        """Read and rebuild a stored match (its snapshot and the events after it, else its
        whole log; the match's log fetches its earlier events when read), in the replays'
        worker thread; ``NoSuchMatchError``, ``RecordError`` if its log does not replay."""
        return await self.workers.replay(self._load, match_id, resuming)

    def _load(self, match_id: str, resuming: bool) -> Loaded:
        found = self.store.matches.load_recent(match_id)
        if found is None:
            raise NoSuchMatchError(f"there is no match {match_id}")
        stored, first = found
        time_source = MatchTime(self.wall, self._offset(stored, stored.events or (), resuming))
        if resuming and not self.shared:  # a restart: the time stands still from here until
            time_source.hold(None)  # the manager lets it go on (``LiveMatch.hold_after_restart``)
        settings = MatchSettings.from_dict(stored.settings)
        dice = new_dice(settings)
        earlier = functools.partial(self.store.matches.read_events, match_id, first)
        match, snapshot_at = rebuild(stored, time_source, dice, first=first, earlier=earlier)
        terms = self.store.matches.terms(match_id)
        return Loaded(stored, match, time_source, dice, snapshot_at, terms)

    def _offset(self, stored: StoredMatch, events: Sequence[JsonObject], resuming: bool) -> float:
        """The match's clock offset, so that its clock goes on where it stood: at the pause of
        a server that stopped; when a lone server starts again after a crash (``resuming``),
        at the last event; else (live in another process, or reloaded) the stored offset."""
        summary = stored.summary
        offset = summary.get("clock_offset")
        offset = float(offset) if isinstance(offset, int | float) else 0.0
        paused = summary.get("paused_at")
        if isinstance(paused, int | float):
            offset = self.wall() - float(paused)
        elif resuming and not self.shared and events:
            last = events[-1]["time"]
            if not isinstance(last, int | float):
                raise TypeError(f"a stored event without its time: {last!r}")
            offset = self.wall() - float(last)
        return max(offset, 0.0)

    async def create(
        self, match: Match, seats: list[PlayerSeat], save: SaveNewMatch
    ) -> tuple[str, MatchTerms]:
        """Store a new match with ``save``; returns its id and its terms as stored."""
        data = match.to_dict(secrets=True)
        match_id = await self.workers.store(save, data, players=seats)
        return match_id, await self.workers.store(self.store.matches.terms, match_id)

    async def save_summary(self, live: LiveMatch, paused_at: float | None = None) -> None:
        """Store the match's status, secrets and summary (with the match time it was
        ``paused_at``, if it was) without new events, through the process's one writer."""
        match = live.match
        summary = summary_of(match, live.time)
        if paused_at is not None:
            summary["paused_at"] = paused_at
        await self.writer.append(
            Append(
                live.id,
                [],
                secrets=secrets_of(match),
                status=status_of(match),
                summary=summary,
            )
        )

    async def save(self, live: LiveMatch, append: Append, snapshot_at: int | None) -> None:
        """Store a change's events with the match's status, secrets, summary and snapshot
        (``changes.py`` made them ready; the snapshot stands at ``snapshot_at`` events, if
        there is one), through the process's one writer (with other matches' saves waiting
        meanwhile)."""
        await self.writer.append(append)
        if snapshot_at is not None:
            live.snapshot_at = snapshot_at
            log = live.match.events
            game = log.last_recent("game_start")  # the game in progress stays whole (takebacks)
            if log.held > KEPT_EVENTS and game is not None:
                cut = min(game, snapshot_at)
                earlier = functools.partial(self.store.matches.read_events, live.id, cut)
                log.forget_before(cut, earlier)

    async def stored(self, match_id: str) -> StoredMatch:
        """The stored match (summary, events); ``NoSuchMatchError``."""
        stored = await self.workers.store(self.store.matches.load, match_id)
        if stored is None:
            raise NoSuchMatchError(f"there is no match {match_id}")
        return stored


def started(
    settings: MatchSettings,
    seats: Sequence[PlayerSeat],
    dice: LoggedDice | None,
    time_source: MatchTime,
    seeds: Mapping[int, str] | None = None,
    takebacks: bool = False,
) -> Match:
    """A new match between ``seats`` with the players' ``seeds`` and, if ``takebacks``, the
    referee allowing them; started (a tables game's opening roll made)."""
    names = [seat.name for seat in seats]
    match = new_match(settings, names, dice=dice, time_source=time_source)
    for seat, seed in sorted((seeds or {}).items()):
        match.add_client_seed(seat, seed)
    if takebacks:
        match.apply(None, AllowTakebacks())
    match.start()
    return match
