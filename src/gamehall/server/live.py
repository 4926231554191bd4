"""The matches being played: one ``LiveMatch`` per match, the only place a match changes.

Every change follows one path, under the match's lock: the play layer decides (``Match.act``),
the new events are written to the store, and only then are they sent to everybody watching. A
refused action changes nothing and is answered to its sender alone. Around that path the
manager runs what no player asks for: the clock's timer (it calls ``check_time`` the moment the
player to act would flag), the computer players, and the presence of the players, with a grace
period for one who dropped, after which the opponent may claim the match.

Time: a match reads ``MatchTime``, the wall clock less the time the server was down while the
match was being played (its offset, kept in the stored summary), so that a restart charges
nobody's clock for the downtime and the log, whose times are match times, still replays exactly
(see ``docs/server.md``).

With several server processes (``GAMEHALL_REDIS_URL``) each keeps its own copy of a live match;
every stored change is published through a ``Broker``, and a process that receives one reloads
its copy from the store and passes the message on to its own sockets. The store's unique
``(match, seq)`` key decides when two processes act at once: the loser reloads and says so.
"""

import asyncio
import json
import logging
import math
import secrets
import time
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol

from gamehall.engines import Engine, find_engine
from gamehall.errors import GameError, IllegalMoveError
from gamehall.play.bot import step, wants_to_act
from gamehall.play.clock import Delay
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.server.config import Config
from gamehall.store import PlayerSeat, Store, StoredMatch

log = logging.getLogger(__name__)

REFEREE_ACTIONS = ("start", "check_time")
"""Actions of the play layer that only the server takes."""

RESUME_LIMIT = 1_000_000
"""At most this many playing matches are resumed at start-up."""


class NoSuchMatchError(GameError):
    """A match id that is not in the store."""


class SaveError(GameError):
    """The store refused a change (another process got there first, or the database failed)."""


class MatchTime:
    """The time a live match reads: the wall clock less the downtime charged to nobody.

    ``offset`` is the total time the server was down while the match was being played; event
    times are this match time, so replaying the log gives the same clocks.
    """

    def __init__(self, offset: float = 0.0) -> None:
        self.offset = offset

    def __call__(self) -> float:
        return time.time() - self.offset


def match_class(game: str) -> type[Match]:
    """The play layer's class for ``game``."""
    return RenjuMatch if game == "renju" else TablesMatch


def load_match(data: Mapping[str, Any], time_source: MatchTime) -> Match:
    """Rebuild a stored match (``Match.to_dict`` form) by replaying its log.
    ``RecordError`` if the log does not replay."""
    return match_class(str(data.get("game"))).from_dict(data, time_source=time_source)


def summary_of(match: Match, time_source: MatchTime) -> dict[str, Any]:
    """What the store keeps beside the log, for lists and profiles without a replay, and the
    match's clock offset (``MatchTime.offset``), so that another process reads the same time."""
    return {
        "players": list(match.players),
        "score": list(match.score),
        "games": len(match.games),
        "to_act": match.to_act,
        "winner": match.winner,
        "end_reason": match.end_reason,
        "clock_offset": time_source.offset,
    }


def legal_view(match: Match, seat: int | None) -> dict[str, Any] | None:
    """The moves ``seat`` may make now, for the player to move in a tables game: the single
    checker moves (``move`` {src, die}) and, before the first of them, the whole plays
    (``play`` {text}). None when there is nothing to list (renju: every empty point that is
    not in the state's ``forbidden``)."""
    if (
        seat is None
        or not isinstance(match, TablesMatch)
        or match.is_over
        or match.phase != "move"
        or match.to_act != seat
        or match.turn is None
        or match.position is None
        or match.dice is None
    ):
        return None
    moves = [
        {"src": m.src, "dst": m.dst, "die": m.die, "hit": m.hit} for m in match.turn.legal_moves()
    ]
    plays = [] if match.turn.moves else [p.notation for p in match.position.legal_plays(match.dice)]
    return {"moves": moves, "plays": plays}


def _wake_in(match: Match) -> float | None:
    """Seconds until the running clock would flag, or None if no clock runs."""
    clock = match.clock
    if clock is None or match.is_over or clock.running is None:
        return None
    snapshot = clock.snapshot()
    wait = snapshot.remaining[clock.running]
    if isinstance(clock.control, Delay):
        wait += max(clock.control.delay - snapshot.elapsed, 0.0)
    return max(wait, 0.0)


class SaveNewMatch(Protocol):
    """Stores a new match (``Match.to_dict(secrets=True)``) with its seats; returns its id."""

    def __call__(self, match_dict: Mapping[str, Any], *, players: list[PlayerSeat]) -> str: ...


class Connection(Protocol):
    """A socket watching a match, as the manager sees it."""

    seat: int | None
    """The seat of the player on this socket, or None for a spectator."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the socket; never waits."""


class Broker(Protocol):
    """Fan-out of live messages between server processes (``RedisBroker``)."""

    async def publish(self, match_id: str, message: dict[str, Any]) -> None:
        """Send ``message`` about ``match_id`` to the other processes."""

    async def listen(self, deliver: Callable[[str, dict[str, Any]], Awaitable[None]]) -> None:
        """Call ``deliver`` for every message of another process, until cancelled."""

    async def close(self) -> None:
        """Let go of the connection."""


class LiveMatch:
    """A match being played or watched: the match, its seats, sockets and background tasks."""

    def __init__(
        self, match_id: str, match: Match, seats: Sequence[PlayerSeat], time_source: MatchTime
    ) -> None:
        self.id = match_id
        self.match = match
        self.seats = list(seats)
        self.time = time_source
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        self.away: dict[int, float] = {}
        """Human seats with nobody connected: the wall-clock deadline of their grace period."""
        self.remote: dict[str, tuple[bool, bool]] = {}
        """The seats connected to other server processes, by process."""
        self.timer: asyncio.Task[None] | None = None
        self.bot: asyncio.Task[None] | None = None
        self.engines: dict[int, Engine] = {}

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
        out = []
        for seat in (0, 1):
            here = self.local_seats()[seat] or any(r[seat] for r in self.remote.values())
            out.append(here or not self.is_human(seat))
        return out

    def presence(self) -> dict[str, Any]:
        """The presence message: who is here, and the first running grace period."""
        grace = None
        if self.away and not self.match.is_over:
            seat = min(self.away, key=lambda s: self.away[s])
            grace = {"player": seat, "deadline": self.away[seat]}
        return {"type": "presence", "connected": self.connected(), "grace": grace}

    def personal(self, message: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """``message`` with what the reader in ``seat`` may do now (``actions``, ``legal``)."""
        actions: list[str] = []
        if seat is not None and not self.match.is_over:
            actions = [a for a in self.match.legal_actions(seat) if a not in REFEREE_ACTIONS]
            if self.claimable(seat):
                actions.append("claim_abandoned")
        return {**message, "actions": actions, "legal": legal_view(self.match, seat)}

    def claimable(self, seat: int) -> bool:
        """Whether ``seat`` may claim the match now: the opponent's grace period ran out."""
        deadline = self.away.get(1 - seat)
        return deadline is not None and time.time() >= deadline and not self.match.is_over

    def players(self) -> list[dict[str, Any]]:
        """The seats as the hello message lists them."""
        return [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats]

    def hello(self, seat: int | None) -> dict[str, Any]:
        """The first message to a socket: its seat, the players, the state and the log."""
        message = {
            "type": "hello",
            "match_id": self.id,
            "you": seat,
            "players": self.players(),
            "state": self.match.state(),
            "events": self.match.to_dict()["events"],
        }
        return self.personal(message, seat)

    def bot_to_act(self) -> int | None:
        """The computer seat that has a decision to make now, if any."""
        if not self.match.started:
            return None
        for seat in (0, 1):
            if not self.is_human(seat) and wants_to_act(self.match, seat):
                return seat
        return None

    def engine(self, seat: int) -> Engine:
        """The engine of the computer in ``seat``, made on first use."""
        if seat not in self.engines:
            level = self.seats[seat].level or "beginner"
            self.engines[seat] = find_engine(self.match.game, level, secrets.randbits(32))
        return self.engines[seat]


class LiveMatches:
    """The manager of every live match of this process."""

    def __init__(self, store: Store, config: Config, broker: Broker | None = None) -> None:
        self.store = store
        self.config = config
        self.broker = broker
        self.origin = uuid.uuid4().hex
        self._live: dict[str, LiveMatch] = {}
        self._loading = asyncio.Lock()
        self._listener: asyncio.Task[None] | None = None

    # -- start and stop -------------------------------------------------------------------------

    async def start(self) -> int:
        """Resume every match left playing in the store; returns how many."""
        stored = await asyncio.to_thread(
            self.store.list_matches, status="playing", limit=RESUME_LIMIT
        )
        for item in stored:
            try:
                await self.get(item.id, resuming=True)
            except GameError as exc:
                log.error("match %s cannot be resumed: %s", item.id, exc)
        if self.broker is not None:
            self._listener = asyncio.create_task(self.broker.listen(self._deliver))
        return len(self._live)

    async def stop(self) -> None:
        """Stop every timer and computer player. A lone server (no broker) also notes the
        match time each match was paused at, so that the downtime until it starts again is
        charged to nobody; with several processes the others carry on with the matches."""
        if self._listener is not None:
            self._listener.cancel()
        tasks = [t for live in self._live.values() for t in (live.timer, live.bot) if t]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for live in list(self._live.values()):
            if self.broker is None and not live.match.is_over:
                await self._save_summary(live, paused_at=live.time())
        self._live.clear()
        if self.broker is not None:
            await self.broker.close()

    async def _save_summary(self, live: LiveMatch, **extra: Any) -> None:
        """Store the match's summary (and its clock offset) without new events."""
        match = live.match
        try:
            await asyncio.to_thread(
                self.store.append_events,
                live.id,
                [],
                secrets=match.to_dict(secrets=True).get("secrets"),
                status="over" if match.is_over else "playing",
                summary={**summary_of(match, live.time), **extra},
            )
        except Exception:
            log.exception("match %s: the summary could not be saved", live.id)

    # -- matches --------------------------------------------------------------------------------

    async def create(
        self,
        settings: MatchSettings,
        seats: Sequence[PlayerSeat],
        save: SaveNewMatch | None = None,
    ) -> str:
        """Make a new match between ``seats``, start it, store it and make it live; returns
        its id. ``save`` stores it (``Store.create_match`` by default; accepting a seek or a
        challenge stores the match in the transaction that takes it)."""
        time_source = MatchTime()
        match = match_class(settings.game)(
            settings, [s.name for s in seats], time_source=time_source
        )
        match.start()
        data = match.to_dict(secrets=True)
        store = save or self.store.create_match
        match_id = await asyncio.to_thread(store, data, players=list(seats))
        live = LiveMatch(match_id, match, seats, time_source)
        async with self._loading:
            self._live[match_id] = live
        async with live.lock:
            self._mark_away(live)
            self._schedule(live)
        return match_id

    async def get(self, match_id: str, *, resuming: bool = False) -> LiveMatch:
        """The live match ``match_id``, loaded from the store if it is not in memory (a match
        that is over is loaded for as long as somebody watches it); ``resuming`` at start-up."""
        async with self._loading:
            live = self._live.get(match_id)
            if live is not None:
                return live
            stored = await asyncio.to_thread(self.store.load_match, match_id)
            if stored is None:
                raise NoSuchMatchError(f"there is no match {match_id}")
            time_source = MatchTime()
            match = self._rebuild(stored, time_source, resuming=resuming)
            live = LiveMatch(match_id, match, stored.seats, time_source)
            self._live[match_id] = live
        async with live.lock:
            if "paused_at" in stored.summary:  # resumed: from now on the offset holds
                await self._save_summary(live)
            self._mark_away(live)
            self._schedule(live)
        await self._publish(live, {"type": "seats?"})
        return live

    def _rebuild(
        self, stored: StoredMatch, time_source: MatchTime, *, resuming: bool = False
    ) -> Match:
        """Replay a stored match on ``time_source``, whose offset makes its clock go on where
        it stood: at the pause of a server that stopped; when a lone server starts again after
        a crash (``resuming``), at the last event; else (live in another process, or reloaded)
        with the stored offset."""
        data = stored.as_match_dict(secrets=True)
        summary = stored.summary
        offset = summary.get("clock_offset")
        offset = float(offset) if isinstance(offset, int | float) else 0.0
        paused = summary.get("paused_at")
        events = data["events"]
        if isinstance(paused, int | float):
            offset = time.time() - float(paused)
        elif resuming and self.broker is None and events:
            offset = time.time() - float(events[-1]["time"])
        time_source.offset = max(offset, 0.0)
        return load_match(data, time_source)

    async def _reload(self, live: LiveMatch) -> None:
        """Replace the live copy with the stored match (after a failed save, or another
        process's change). Caller holds the lock."""
        stored = await asyncio.to_thread(self.store.load_match, live.id)
        if stored is None:
            return
        time_source = MatchTime()
        live.match = self._rebuild(stored, time_source)
        live.time = time_source

    async def state(self, match_id: str) -> dict[str, Any]:
        """``Match.state()`` of a match, live or not."""
        live = self._live.get(match_id)
        if live is not None:
            async with live.lock:
                return live.match.state()
        stored = await asyncio.to_thread(self.store.load_match, match_id)
        if stored is None:
            raise NoSuchMatchError(f"there is no match {match_id}")
        return load_match(stored.as_match_dict(secrets=False), MatchTime()).state()

    # -- sockets --------------------------------------------------------------------------------

    async def join(self, live: LiveMatch, connection: Connection) -> None:
        """Add a socket: send it the hello; tell everybody if a player came (back)."""
        async with live.lock:
            live.connections.append(connection)
            connection.send(live.hello(connection.seat))
            seat = connection.seat
            if seat is not None and sum(c.seat == seat for c in live.connections) == 1:
                live.away.pop(seat, None)
                await self._announce_presence(live)
            else:
                connection.send(live.presence())

    async def leave(self, live: LiveMatch, connection: Connection) -> None:
        """Remove a socket; a player whose last socket it was starts a grace period."""
        async with live.lock:
            if connection in live.connections:
                live.connections.remove(connection)
            seat = connection.seat
            if seat is not None and not live.local_seats()[seat]:
                self._mark_away(live)
                await self._announce_presence(live)
            if live.match.is_over and not live.connections:
                self._live.pop(live.id, None)

    def _mark_away(self, live: LiveMatch) -> None:
        """Start the grace period of every person not connected (caller holds the lock)."""
        if live.match.is_over:
            live.away.clear()
            return
        connected = live.connected()
        for seat in (0, 1):
            if connected[seat]:
                live.away.pop(seat, None)
            elif seat not in live.away:
                live.away[seat] = time.time() + self.config.grace_seconds

    async def _announce_presence(self, live: LiveMatch) -> None:
        self._broadcast(live, live.presence())
        await self._publish(live, {"type": "seats", "connected": list(live.local_seats())})

    # -- actions --------------------------------------------------------------------------------

    async def act(
        self, live: LiveMatch, connection: Connection, kind: str, data: dict[str, Any], ref: Any
    ) -> None:
        """Apply a player's action; a refusal is answered to ``connection`` alone."""
        async with live.lock:
            try:
                await self._act(live, connection.seat, kind, data)
            except GameError as exc:
                connection.send({"type": "error", "ref": ref, "message": str(exc)})

    async def _act(
        self, live: LiveMatch, seat: int | None, kind: str, data: dict[str, Any]
    ) -> None:
        match = live.match
        if seat is None:
            raise IllegalMoveError("spectators cannot act: only the two players can")
        if kind in REFEREE_ACTIONS:
            raise IllegalMoveError(f"{kind!r} is the server's to do, not a player's")
        first = len(match.events)
        try:
            if kind == "claim_abandoned":
                if data:
                    raise IllegalMoveError("claim_abandoned takes no data")
                self._claim_abandoned(live, seat)
            elif kind == "claim_time" and match.check_time():
                pass
            else:
                match.act(seat, kind, **data)
        except GameError:
            if len(match.events) > first:  # the action found a clock that had run out
                await self._commit(live, first)
            raise
        except TypeError:  # data that the action's handler does not take
            await self._reload(live)
            raise IllegalMoveError(f"those are not the data of {kind!r}") from None
        except Exception:
            log.exception("match %s: action %s %r failed", live.id, kind, data)
            await self._reload(live)
            raise IllegalMoveError(f"{kind!r} could not be applied; nothing changed") from None
        await self._commit(live, first)

    def _claim_abandoned(self, live: LiveMatch, seat: int) -> None:
        if live.match.is_over:
            raise IllegalMoveError("the match is over: there is nothing to claim")
        other = 1 - seat
        name = live.seats[other].name
        deadline = live.away.get(other)
        if deadline is None:
            raise IllegalMoveError(f"{name} is here: there is nothing to claim")
        left = deadline - time.time()
        if left > 0:
            raise IllegalMoveError(f"{name} has {math.ceil(left)} s more to come back")
        live.match.forfeit(other, "abandoned")

    async def _commit(self, live: LiveMatch, first: int) -> None:
        """Store the events from ``first`` on, then send them to everybody; then set the timer
        and the computer player going. Caller holds the lock."""
        match = live.match
        events = [e.to_dict() for e in match.events[first:]]
        if events:
            try:
                await asyncio.to_thread(
                    self.store.append_events,
                    live.id,
                    events,
                    secrets=match.to_dict(secrets=True).get("secrets"),
                    status="over" if match.is_over else "playing",
                    summary=summary_of(match, live.time),
                )
            except Exception as exc:
                log.warning("match %s: events not stored (%s); reloading", live.id, exc)
                await self._reload(live)
                self._schedule(live)
                raise SaveError("the match had moved on: nothing changed, look again") from None
            message = {"type": "update", "events": events, "state": match.state()}
            self._broadcast(live, message)
            await self._publish(live, message)
        if match.is_over:
            live.away.clear()
            if not live.connections:
                self._live.pop(live.id, None)
        self._schedule(live)

    def _broadcast(self, live: LiveMatch, message: dict[str, Any]) -> None:
        for connection in list(live.connections):
            if message["type"] in ("update", "hello"):
                connection.send(live.personal(message, connection.seat))
            else:
                connection.send(message)

    async def _publish(self, live: LiveMatch, message: dict[str, Any]) -> None:
        if self.broker is None:
            return
        try:
            await self.broker.publish(live.id, {"origin": self.origin, **message})
        except Exception as exc:
            log.warning("match %s: could not publish to the other processes: %s", live.id, exc)

    async def _deliver(self, match_id: str, message: dict[str, Any]) -> None:
        """A message of another process: bring this copy up to date and pass it on."""
        live = self._live.get(match_id)
        origin = message.get("origin")
        if live is None or origin == self.origin or not isinstance(origin, str):
            return
        async with live.lock:
            if message.get("type") == "seats?":
                local = live.local_seats()
                await self._publish(live, {"type": "seats", "connected": list(local)})
            elif message.get("type") == "seats":
                seats = message.get("connected") or [False, False]
                live.remote[origin] = (bool(seats[0]), bool(seats[1]))
                self._mark_away(live)
                self._broadcast(live, live.presence())
            elif message.get("type") == "update":
                await self._reload(live)
                forwarded = {k: v for k, v in message.items() if k != "origin"}
                forwarded["state"] = live.match.state()
                self._broadcast(live, forwarded)
                self._schedule(live)

    # -- what runs by itself --------------------------------------------------------------------

    def _schedule(self, live: LiveMatch) -> None:
        """Restart the clock's timer and start the computer player if it has to act. Caller
        holds the lock."""
        if live.timer is not None and live.timer is not asyncio.current_task():
            live.timer.cancel()
            live.timer = None
        wait = _wake_in(live.match)
        if wait is not None and live.timer is None:
            live.timer = asyncio.create_task(self._watch_clock(live, wait))
        if live.bot is None and live.bot_to_act() is not None:
            live.bot = asyncio.create_task(self._run_bot(live))

    async def _watch_clock(self, live: LiveMatch, wait: float) -> None:
        """Sleep until the running clock would flag, then let the match check it."""
        await asyncio.sleep(wait + 0.02)
        async with live.lock:
            live.timer = None
            first = len(live.match.events)
            live.match.check_time()
            try:
                await self._commit(live, first)
            except GameError as exc:
                log.warning("match %s: the flag could not be stored: %s", live.id, exc)

    async def _run_bot(self, live: LiveMatch) -> None:
        """Let the computer act, one decision after another, while it has one to make."""
        while True:
            await asyncio.sleep(self.config.bot_delay)
            async with live.lock:
                seat = live.bot_to_act()
                if seat is None:
                    live.bot = None
                    return
                first = len(live.match.events)
                try:
                    await asyncio.to_thread(step, live.match, seat, live.engine(seat))
                    await self._commit(live, first)
                except SaveError:  # another process moved first; the match is reloaded
                    live.bot = None
                    self._schedule(live)
                    return
                except Exception:
                    log.exception("match %s: the computer player failed", live.id)
                    await self._reload(live)
                    live.bot = None
                    return


def dumps(message: Mapping[str, Any]) -> str:
    """A message as the sockets send it."""
    return json.dumps(message, separators=(",", ":"))
