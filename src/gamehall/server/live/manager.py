"""The manager of every live match of a process, ``LiveMatches``: the one path by which a match
changes, and what runs by itself around it.

Every change follows one path, under the match's lock: the play layer decides (``Match.act``: a
fraction of a millisecond, on the event loop), the new events are written to the store, and only
then are they sent to everybody watching. A refused action changes nothing and is answered to
its sender alone. Around that path the manager runs what no player asks for: the clock's timer,
the computer players and the players' presence (``presence.py``).

Nothing heavy runs on the event loop: loading a match (its snapshot restored and the events after
it replayed, ``snapshots.py``), a player's first look, the engines and the store run in worker
threads (``workers.py``); one action's play-layer work and its messages' views run on the loop.
A loaded match stays in memory while it is played or watched: loaded once per process.

With several server processes (``GAMEHALL_REDIS_URL``) each keeps its own copy of a live match;
every stored change is published, and a process that receives one applies just those events to
its copy (``catch_up``), reloading it from the store only on a gap or a difference. The store's
unique ``(match, seq)`` key decides when two processes act at once: the loser reloads.

A save that fails (the database gone, or another process first) never leaves its events in
memory: the live copy goes back to the match as last stored (``LiveMatch.saved``: the latest
snapshot and the stored events after it, replayed without the database), nothing is sent, and
the player is told to try again; the clock's timer and the computer player try again later.
"""

import asyncio
import logging
import math
from collections.abc import Callable, Coroutine, Mapping, Sequence

from gamehall.errors import GameError, IllegalMoveError
from gamehall.jsontext import JsonObject, JsonValue
from gamehall.play.actions import Action, ClaimTime
from gamehall.play.settings import MatchSettings
from gamehall.play.views import State, state_of
from gamehall.server.bus import Bus
from gamehall.server.config import Config
from gamehall.server.live import bots, presence, sync
from gamehall.server.live.catch_up import catch_up
from gamehall.server.live.changes import (
    Change,
    Update,
    acted,
    change_of,
    events_of,
    saved_after,
    saved_of,
    update_of,
)
from gamehall.server.live.clock_watch import wake_in
from gamehall.server.live.clocks import MatchTime, SystemClock, WallClock
from gamehall.server.live.fanout import personal, publish, send_all
from gamehall.server.live.first_move import goes_on, hold_for_players
from gamehall.server.live.matches import REFEREE_ACTIONS, Connection, LiveMatch
from gamehall.server.live.peers import Seats, SeatsAsked, Stored, read_peer
from gamehall.server.live.persistence import (
    Loaded,
    Persistence,
    SaveNewMatch,
    new_dice,
    started,
)
from gamehall.server.live.snapshots import rebuilt_state, stored_state
from gamehall.server.live.workers import Workers
from gamehall.server.logs import MATCH_ID
from gamehall.server.protocol.common import SocketError
from gamehall.server.protocol.match import LoggedEvent
from gamehall.server.refusals import action_refusal, game_said
from gamehall.store import EventConflictError, PlayerSeat, Store

log = logging.getLogger(__name__)

PlayerAction = Action | presence.ClaimAbandoned
"""What a player may send: an action of the play layer, or the server's ``claim_abandoned``."""

RESUME_LIMIT = 1_000_000  # at most this many playing matches are resumed at start-up

RETRY_SECONDS = 1.0
"""After a failed save, the clock's timer and the computer player wait at least this long
before trying again (the database may be down for a while)."""

RESTART_GRACE = 30.0
"""After a restart, a resumed match's clock stands still until its player on move reconnects,
or until this many seconds after the server accepts connections again (a browser retries
within 8 s)."""


class SaveError(GameError):
    """The store refused a change (another process got there first, or the database failed);
    the match is as it was before the change."""


MOVED_ON = "the match had moved on: nothing changed, look again"
NOT_SAVED = "the game could not be saved just now: nothing changed, try again in a moment"


class LiveMatches:
    """The manager of every live match of this process. ``clock`` is the server's wall clock
    (tests pass one they move); ``workers`` the app's threads (without them, the manager makes
    its own and lets them go when it stops)."""

    def __init__(
        self,
        store: Store,
        config: Config,
        bus: Bus | None = None,
        clock: WallClock | None = None,
        workers: Workers | None = None,
    ) -> None:
        self.store = store
        self.config = config
        self.clock: WallClock = clock or SystemClock()
        self.bus = bus or Bus(None, clock=self.clock)
        self._own_workers = workers is None
        self.workers = workers or Workers()
        self.persistence = Persistence(store, self.clock, self.workers, shared=self.bus.carries_on)
        self._live: dict[str, LiveMatch] = {}
        self._loading: dict[str, asyncio.Task[LiveMatch]] = {}
        self._to_resume: set[str] = set()
        """The matches left playing at start-up and not loaded since: their first load, by
        whoever triggers it (the resume, a socket, a request), is a resume (``_load``)."""
        self.after_commit: list[Callable[[LiveMatch, list[LoggedEvent]], None]] = []
        """Called with the events of each change this process stores, once they are sent
        (``turn_notices.TurnNotices``)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.restart_grace = RESTART_GRACE
        self.serving_since: float | None = None
        """When the server began to accept connections (``serving``); None before."""

    # -- start and stop -------------------------------------------------------------------------

    async def start(self) -> int:
        """Start resuming every match left playing in the store (in the background: sockets
        and requests for a match wait for its own load only); returns how many."""
        stored = await self.workers.store(
            self.store.matches.list_matches, status="playing", limit=RESUME_LIMIT
        )
        self._to_resume = {item.id for item in stored}
        self._spawn(self._resume([item.id for item in stored]))
        self.bus.on("match", self._deliver)
        self.bus.on_reconnect(self._resynchronise)
        self.bus.on_gone(self._process_gone)
        self.bus.start()
        poll = self.config.poll_every()
        if poll or self.bus.shared:
            self._spawn(sync.poll(self, poll, lambda: self.bus.breaker.failing))
        return len(stored)

    async def _resume(self, match_ids: list[str]) -> None:
        for match_id in match_ids:
            try:
                await self.get(match_id)
            except GameError as exc:
                log.error("match %s cannot be resumed: %s", match_id, exc)

    async def stop(self) -> None:
        """Stop every timer and computer player. A lone server also notes the match time each
        match was paused at, so that the downtime until it starts again is charged to nobody;
        while other processes are alive they carry on with the matches."""
        tasks = [*self._tasks, *self._loading.values()]
        tasks += [t for live in self._live.values() for t in (live.timer, live.bot) if t]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if not self.bus.carries_on_now():  # one transaction for all (the writer groups)
            playing = [live for live in self._live.values() if not live.match.is_over]
            await asyncio.gather(
                *(self._save_summary(live, paused_at=live.time()) for live in playing)
            )
        await self.workers.engine(bots.let_go, *self._live.values())
        self._live.clear()
        await self.persistence.writer.close()
        if self._own_workers:
            self.workers.close()
        await self.bus.stop()

    def serving(self) -> None:
        """The server accepts connections from now on: the clocks held since the restart go
        on once their players have had ``restart_grace`` seconds to reconnect."""
        now = self.clock()
        self.serving_since = now
        for live in list(self._live.values()):
            if live.time.holding_for() == math.inf:
                live.time.hold_until(now + self.restart_grace)
                self._spawn(self._reschedule(live))

    async def _reschedule(self, live: LiveMatch) -> None:
        async with live.lock:
            self._schedule(live)

    def _spawn(self, work: Coroutine[object, object, None]) -> None:
        """Run a coroutine in the background, kept until it ends (``stop`` cancels it)."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _save_summary(self, live: LiveMatch, paused_at: float | None = None) -> None:
        """Store the match's summary (and its clock offset) without new events."""
        try:
            await self.persistence.save_summary(live, paused_at)
        except Exception:
            log.exception("match %s: the summary could not be saved", live.id)

    # -- matches --------------------------------------------------------------------------------

    async def create(
        self,
        settings: MatchSettings,
        seats: Sequence[PlayerSeat],
        save: SaveNewMatch | None = None,
        seeds: Mapping[int, str] | None = None,
        takebacks: bool = False,
    ) -> str:
        """Make a new match between ``seats``, start it, store it and make it live; returns
        its id. ``save`` stores it (``Store.matches.create`` by default; accepting a seek or a
        challenge stores the match in the transaction that takes it). ``seeds`` are players'
        own fair-dice seeds by seat, added before the start; ``takebacks`` allows them."""
        times = MatchTime(self.clock)
        dice = new_dice(settings)
        match = await self.workers.play(started, settings, seats, dice, times, seeds, takebacks)
        players, save = list(seats), save or self.store.matches.create
        match_id, terms = await self.persistence.create(match, players, save)
        live = LiveMatch(match_id, match, players, times, dice, saved_of(match), terms)
        self._live[match_id] = live
        async with live.lock:
            hold_for_players(live)
            self._mark_away(live)
            self._schedule(live)
        return match_id

    def cached(self, match_id: str) -> LiveMatch | None:
        """The live match ``match_id`` if this process has it in memory."""
        return self._live.get(match_id)

    async def get(self, match_id: str) -> LiveMatch:
        """The live match ``match_id``, loaded from the store if it is not in memory (a match
        that is over is kept for as long as somebody watches it). Concurrent calls for one
        match share its load."""
        live = self._live.get(match_id)
        if live is not None:
            return live
        task = self._loading.get(match_id)
        if task is None:
            task = asyncio.create_task(self._load(match_id))
            self._loading[match_id] = task
            task.add_done_callback(lambda _: self._loading.pop(match_id, None))
        return await asyncio.shield(task)

    async def _load(self, match_id: str) -> LiveMatch:
        """Load a match; the first load of a match left playing at start-up is its resume,
        whoever asks first (issue 41: a socket that came before the resume loaded its match
        without holding the clock, and the downtime was charged)."""
        resuming = match_id in self._to_resume
        loaded = await self.persistence.load(match_id, resuming=resuming)
        self._to_resume.discard(match_id)
        live = LiveMatch(
            match_id,
            loaded.match,
            list(loaded.stored.seats),
            loaded.time,
            loaded.dice,
            saved_of(loaded.match),
            loaded.terms,
        )
        live.snapshot_at = loaded.snapshot_at
        if resuming:  # the clock stands still until its player can reconnect
            serving = self.serving_since is not None
            live.hold_after_restart(self.clock() + self.restart_grace if serving else None)
        else:  # a new match: its first clock waits for both players
            hold_for_players(live)
        self._live[match_id] = live
        async with live.lock:
            if "paused_at" in loaded.stored.summary:  # resumed: from now on the offset holds
                await self._save_summary(live)
            self._mark_away(live)
            self._schedule(live)
        await publish(self.bus, live, SeatsAsked())
        return live

    async def _reload(self, live: LiveMatch) -> None:
        """Replace the live copy with the stored match (after another process's save won, or
        its change could not be applied); if the store cannot be read, go back to the match
        as last stored here (``_restore``). Caller holds the lock."""
        try:
            loaded: Loaded = await self.persistence.load(live.id)
            saved = saved_of(loaded.match)
        except Exception as exc:
            log.error("match %s cannot be reloaded (%s): kept as last stored here", live.id, exc)
            await self._restore(live)
            return
        live.replace(loaded.match, loaded.time, loaded.dice)
        live.snapshot_at = loaded.snapshot_at
        live.saved = saved

    async def _restore(self, live: LiveMatch) -> None:
        """Put the live copy back to the match as last stored (``LiveMatch.saved``), from
        memory: undoing a change that was not stored needs no database. Caller holds the
        lock."""
        if live.dice is not None:
            live.dice.queued.clear()  # rolls handed over for the events that were undone
        live.match = await self.workers.play(live.restored)

    async def state(self, match_id: str) -> State:
        """The state of a match (``play.views.state_of``): of the live copy; of an ended match,
        as stored with it (replayed only if it was stored without); else of the match loaded."""
        live = self._live.get(match_id)
        if live is None:
            stored = await self.persistence.stored(match_id)
            if stored.status != "playing":
                kept = stored_state(stored)
                if kept is not None:
                    return kept
                return await self.workers.replay(rebuilt_state, stored, self.clock)
            live = await self.get(match_id)
        async with live.lock:
            return state_of(live.match)

    # -- sockets --------------------------------------------------------------------------------

    async def join(self, live: LiveMatch, connection: Connection) -> None:
        """Add a socket: send it the hello; tell everybody if a player came (back)."""
        seat = connection.seat
        async with live.lock:
            live.connections.append(connection)
            if goes_on(live, seat):
                live.time.release()  # the player on move is back, or both came: the clock goes
                self._schedule(live)
            hello = await self.workers.play(live.hello, seat, self._may_claim(live, seat))
            connection.send(hello.wire())
            if seat is not None and sum(c.seat == seat for c in live.connections) == 1:
                live.away.pop(seat, None)
                await self._announce_presence(live)
            else:
                connection.send(presence.presence_message(live).wire())

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
                self._forget(live)

    def _forget(self, live: LiveMatch) -> None:
        """Let go of a finished match nobody watches here."""
        if self._live.get(live.id) is live:
            del self._live[live.id]

    def _mark_away(self, live: LiveMatch) -> None:
        presence.mark_away(live, self.clock(), self.config.grace_seconds)

    async def _announce_presence(self, live: LiveMatch) -> None:
        send_all(live, presence.presence_message(live))
        await publish(self.bus, live, Seats(connected=live.local_seats()))

    # -- actions --------------------------------------------------------------------------------

    async def act(
        self, live: LiveMatch, connection: Connection, action: PlayerAction, ref: JsonValue
    ) -> str | None:
        """Apply a player's action; a refusal goes to ``connection`` alone (its code returned)."""
        async with live.lock:
            try:
                await self._act(live, connection.seat, action)
            except GameError as exc:
                refusal = action_refusal(exc, connection.seat, live.match.to_act)
                said = game_said(exc, connection.language, refusal)
                refused = SocketError(ref=ref, code=refusal, message=said, reason=exc.reason)
                connection.send(refused.wire())
                return refusal
        return None

    async def forfeit(self, match_id: str, seat: int, reason: str, abort: bool = False) -> bool:
        """End a match for a reason outside the game (a tournament player who did not come):
        ``seat`` loses, or with ``abort`` the match is aborted while it may be
        (``presence.leave``). Returns False if the match was over already."""
        live = await self.get(match_id)
        async with live.lock:
            if live.match.is_over:
                return False
            first = len(live.match.events)
            presence.leave(live.match, seat, reason, abort)
            await self._commit(live, first)
            return True

    async def _act(self, live: LiveMatch, seat: int | None, action: PlayerAction) -> None:
        match = live.match
        if seat is None:
            raise IllegalMoveError(
                "spectators cannot act: only the two players can", reason="spectator-acts"
            )
        if action.kind in REFEREE_ACTIONS:
            raise IllegalMoveError(
                f"{action.kind!r} is the server's to do, not a player's",
                reason="referee-action",
                kind=repr(action.kind),
            )
        first = len(match.events)
        change = None
        try:
            if isinstance(action, presence.ClaimAbandoned):
                presence.claim_abandoned(live, seat, self.clock())
            elif isinstance(action, ClaimTime) and match.check_time():
                pass
            else:  # the action, and its change made ready, on the loop (see workers.py)
                change = acted(live, seat, action, first)
        except GameError:
            if len(match.events) > first:  # the action found a clock that had run out
                await self._commit(live, first)
            raise
        except Exception:
            log.exception("match %s: action %r failed", live.id, action)
            await self._restore(live)
            raise IllegalMoveError(
                f"{action.kind!r} could not be applied; nothing changed",
                reason="not-applied",
                kind=repr(action.kind),
            ) from None
        await self._commit(live, first, change)

    async def _commit(self, live: LiveMatch, first: int, change: Change | None = None) -> None:
        """Store the events from ``first`` on, then send them to everybody; then set the timer
        and the computer player going. ``change`` is those events' change made ready already
        (``changes.py``); without it, it is made here. Caller holds the lock."""
        match = live.match
        if change is None and len(match.events) > first:
            change = change_of(live, first)
        if change is not None:
            try:
                await self.persistence.save(live, change.append, change.snapshot_at)
            except Exception as exc:
                await self._unsaved(live, exc)
                moved = isinstance(exc, EventConflictError)
                raise SaveError(
                    MOVED_ON if moved else NOT_SAVED, reason="moved-on" if moved else "not-saved"
                ) from None
            live.go_on(change.update.events)  # a held clock goes on; a game's end pauses it
            update = change.update
            live.saved = change.saved
            self._send_update(live, update)
            for observer in self.after_commit:
                observer(live, update.events)
            await publish(self.bus, live, Stored(events=update.events))
        if match.is_over:
            live.away.clear()
            self._spawn(self.workers.engine(bots.let_go, live))  # its engines' processes
            if not live.connections:
                self._forget(live)
        self._schedule(live)

    async def _unsaved(self, live: LiveMatch, exc: Exception) -> None:
        """Undo the events a save failed to store: back to the match as last stored, from
        memory; then, if another process stored events first, to the store's match. The timer
        and the computer try again after ``RETRY_SECONDS``. Caller holds the lock."""
        log.warning("match %s: events not stored (%s); undone", live.id, exc)
        await self._restore(live)
        if isinstance(exc, EventConflictError):
            await self._reload(live)
        self._schedule(live, at_least=RETRY_SECONDS)

    def _send_update(self, live: LiveMatch, update: Update) -> None:
        """Send an update to every socket: its seat's as made ready, or with a claim."""
        for connection in list(live.connections):
            seat = connection.seat
            if self._may_claim(live, seat):
                connection.send(personal(update.message, update.views, seat, True))
            else:
                connection.send(update.prepared[seat])

    def _may_claim(self, live: LiveMatch, seat: int | None) -> bool:
        """Whether the player of ``seat`` may claim the match now (his opponent gone)."""
        return seat is not None and presence.claimable(live, seat, self.clock())

    # -- other processes ------------------------------------------------------------------------

    async def _deliver(self, match_id: str, origin: str, message: JsonObject) -> None:
        """A message of another process: bring this copy up to date and pass it on."""
        live, peer = self._live.get(match_id), read_peer(message)
        if live is None or peer is None:
            return
        async with live.lock:
            if isinstance(peer, SeatsAsked):
                await publish(self.bus, live, Seats(connected=live.local_seats()))
            elif isinstance(peer, Seats):
                live.remote[origin] = peer.connected
                self._mark_away(live)
                send_all(live, presence.presence_message(live))
            else:
                await self._apply_update(live, peer.events)

    async def sync(self) -> int:
        """Catch up with the events other processes stored for the matches held here that
        this process was not told of (a lost message, a broker outage, no broker at all);
        returns how many matches moved on. One cheap query when none did (``sync.py``)."""
        return await sync.catch_up_from_store(self)

    async def _resynchronise(self) -> None:
        """The broker is back after an outage: catch up from the store, and ask the other
        processes again who is connected where."""
        await self.sync()
        for live in list(self._live.values()):
            await publish(self.bus, live, SeatsAsked())
            await publish(self.bus, live, Seats(connected=live.local_seats()))

    async def _process_gone(self, origin: str) -> None:
        """Another process is gone (``Bus``): its players' sockets no longer count."""
        for live in list(self._live.values()):
            if origin in live.remote:
                async with live.lock:
                    live.remote.pop(origin, None)
                    self._mark_away(live)
                    send_all(live, presence.presence_message(live))

    async def apply_stored(self, live: LiveMatch, events: list[LoggedEvent]) -> None:
        """Apply ``events`` read from the store after this copy's own, as another process's
        update. Caller holds the lock."""
        await self._apply_update(live, events)

    def held(self) -> list[LiveMatch]:
        """The live matches of this process still being played."""
        return [live for live in self._live.values() if not live.match.is_over]

    async def _apply_update(self, live: LiveMatch, events: list[LoggedEvent] | None) -> None:
        """Apply another process's stored ``events`` to this copy (reloading it if they do
        not follow on from it; None: too long for the broker to carry, read from the store),
        then send them on. Caller holds the lock."""
        if events is None:
            events = await self.persistence.events_from(live.id, len(live.match.events))
        if not events:
            return
        known = len(live.match.events)
        first = events[0].get("seq")
        if isinstance(first, int) and first + len(events) <= known:
            return  # this copy has them already
        applied = catch_up(live.match, live.time, live.dice, events)
        if not applied:
            log.info("match %s: another process's events do not follow on; reloading", live.id)
            await self._reload(live)
            events = events_of(live.match, known)
        update = update_of(live, events)
        live.go_on(events)
        live.saved = saved_after(live, events)
        self._send_update(live, update)
        if live.match.is_over:
            live.away.clear()
        self._schedule(live)

    # -- what runs by itself --------------------------------------------------------------------

    def _schedule(self, live: LiveMatch, at_least: float = 0.0) -> None:
        """Set the clock's timer and start the computer player if it has to act, neither
        acting sooner than ``at_least`` seconds from now. A timer that wakes no later than
        needed is kept (``clock_watch``). Caller holds the lock."""
        wait = wake_in(live.match)
        held = live.time.holding_for()
        if wait is not None and held is not None:  # the clock starts again when the hold ends
            wait = None if held == math.inf else wait + held
        due = None if wait is None else self.clock() + max(wait, at_least)
        timer = live.timer
        # no clock runs, a later start is asked for, or the flag now comes sooner
        stale = due is None or at_least > 0 or live.timer_at > due
        if timer is not None and timer is not asyncio.current_task() and stale:
            timer.cancel()
            live.timer = None
        if due is not None and live.timer is None:
            live.timer_at = due
            live.timer = asyncio.create_task(self._watch_clock(live, due))
        if live.bot is None and bots.bot_to_act(live) is not None:
            live.bot = asyncio.create_task(self._run_bot(live, at_least))

    async def _watch_clock(self, live: LiveMatch, due: float) -> None:
        """Sleep until ``due`` (wall-clock time), when the running clock would flag: check it."""
        await self.clock.sleep(due - self.clock())
        async with live.lock:
            live.timer = None
            first = len(live.match.events)
            live.match.check_time()
            try:
                await self._commit(live, first)
            except GameError as exc:
                log.warning("match %s: the flag could not be stored: %s", live.id, exc)

    async def _run_bot(self, live: LiveMatch, at_least: float = 0.0) -> None:
        """Let the computer act while it has a decision to make (the first in ``at_least`` s)."""
        MATCH_ID.set(live.id)  # its lines and its place in the engine's queue name the match
        while True:
            await self.clock.sleep(max(self.config.bot_delay, at_least))
            at_least = 0.0
            async with live.lock:
                seat = bots.bot_to_act(live)
                if seat is None:
                    live.bot = None
                    return
                first = len(live.match.events)
                try:
                    await self.workers.engine(bots.decide, live, seat, self.config.external_engines)
                    await self._commit(live, first)
                except SaveError:  # not stored: the match is as last stored; try again later
                    live.bot = None
                    self._schedule(live, at_least=RETRY_SECONDS)
                    return
                except Exception:
                    log.exception("match %s: the computer player failed", live.id)
                    await self._restore(live)
                    live.bot = None
                    return
