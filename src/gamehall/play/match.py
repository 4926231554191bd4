"""What every match has, whatever the game: players, score, the clock, the dice, the event log.

A match is driven by actions (``apply(player, action)``, or ``act(player, kind, **data)`` with
the action's dict form), each accepted only from the player
who may take it now and only if the rules allow it; anything else raises a ``GameError`` that
says why and changes nothing. Every accepted action is appended to the log with its time and
both clocks, and replaying a log rebuilds the same match (``Match.from_dict``). A snapshot
(``Match.snapshot``) saves the match as it stands, so that it can be restored without replaying
the log (``Match.from_snapshot``).
"""

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self, TypeVar

from gamehall.errors import GameError, IllegalMoveError, RecordError
from gamehall.jsontext import JsonObject
from gamehall.play import match_exits, takebacks
from gamehall.play.actions import (
    Abort,
    AcceptTakeback,
    Action,
    AllowTakebacks,
    AskTakeback,
    CheckTime,
    ClaimTime,
    DeclineTakeback,
    ResignMatch,
    Seed,
    Start,
    action_from_dict,
)
from gamehall.play.clock import Clock
from gamehall.play.dice import DiceRecord, DiceSource
from gamehall.play.event_keys import MatchEndOutcome
from gamehall.play.event_log import EventLog
from gamehall.play.events import (
    Aborted,
    Event,
    Flagged,
    Forfeited,
    MatchEnded,
    MatchResigned,
    SeedGiven,
    Stamp,
    event_from_dict,
)
from gamehall.play.match_dice import MatchDice
from gamehall.play.match_snapshot import MatchSnapshot
from gamehall.play.replay_script import ReplayScript
from gamehall.play.settings import GameName, MatchSettings
from gamehall.play.snapshot import Fields, is_array, is_object
from gamehall.play.summary import GameSummary

TimeSource = Callable[[], float]
TAKEBACKS = (AllowTakebacks, AskTakeback, AcceptTakeback, DeclineTakeback)
Handler = Callable[[Any, Any], None]
"""A method that applies one kind of action: ``(player, action)``."""
E = TypeVar("E", bound=Event)


class Match(ABC):
    """A game or a series of games between players 0 and 1, driven by actions."""

    def __init__(
        self,
        settings: MatchSettings,
        players: Sequence[str] = ("Player 1", "Player 2"),
        *,
        dice: DiceSource | None = None,
        time_source: TimeSource = time.time,
    ) -> None:
        if len(players) != 2:
            raise GameError("a match needs two players")
        self.settings = settings
        self.players = (str(players[0]), str(players[1]))
        self.events = EventLog()
        self.score: list[float] = [0, 0]
        self.games: list[GameSummary] = []
        self.winner: int | None = None
        self.end_reason: str | None = None
        self.started = False
        self.movers: frozenset[int] = frozenset()
        """The players who have moved: until both have, the match may be aborted."""
        self.takebacks = False
        """Whether takebacks are allowed (casual matches: ``takebacks.py``)."""
        self.takeback_asked: int | None = None
        """The player whose takeback waits for the opponent's answer."""
        self._now = time_source
        self.chance = MatchDice(fair=settings.dice == "fair", source=dice)
        self._instant: float | None = None
        self._handler_table: dict[type[Action], Handler] | None = None
        """``_handlers()``, made at the first action (they depend on the settings alone)."""
        control = settings.clock
        self.watch: Callable[[Match], None] | None = None
        """Told the match after every action that logged events (a review takes its frames)."""
        self.clock = (
            Clock(control, match_length=settings.length or None, time_source=self._time)
            if control
            else None
        )
        self._set_up()

    @abstractmethod
    def _set_up(self) -> None:
        """Check that the settings are this game's and set up its state before the start."""

    # -- what a front end asks ------------------------------------------------------------------

    @property
    def game(self) -> GameName:
        """The game's name: backgammon, georgian, nardy or renju."""
        return self.settings.game

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.winner is not None or self.end_reason is not None

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The player who must act now (whose clock runs), or ``None``."""

    def legal_actions(self, player: int) -> list[str]:
        """The kinds of action ``player`` may take now: each is accepted in some form. Once the
        clock of the player to act has run out, only his opponent's claim is."""
        clock = self.clock
        if (
            clock is not None
            and not self.is_over
            and clock.running is not None
            and clock.flagged() is not None
        ):
            return ["claim_time"] if self.may_claim_time(player) else []
        return self._legal_actions(player)

    @abstractmethod
    def _legal_actions(self, player: int) -> list[str]:
        """The kinds of action ``player`` may take now, no clock having run out."""

    # -- acting -------------------------------------------------------------------------------

    def apply(self, player: int | None, action: Action) -> list[Event]:
        """Apply ``action`` of ``player`` (``None`` for the referee: ``Start``, ``CheckTime``);
        returns the events it produced. Raises ``GameError`` and changes nothing when the
        action is not allowed now."""
        if player is not None and (type(player) is not int or player not in (0, 1)):
            raise GameError(f"there is no player {player!r}: players are 0 and 1")
        if not isinstance(action, Action):
            raise GameError(f"{action!r} is not an action")
        self._instant = self._now()
        try:
            return self._act(player, action)
        finally:
            self._instant = None

    def act(self, player: int | None, kind: str, /, **data: object) -> list[Event]:
        """``apply`` of the action ``{"kind": kind, **data}`` (read by ``action_from_dict``, so
        that a malformed one is refused as it would be from the wire)."""
        if "kind" in data:
            raise GameError("an action's kind is given once, not again among its data")
        return self.apply(player, action_from_dict({"kind": kind, **data}))

    def _act(self, player: int | None, action: Action) -> list[Event]:
        first = len(self.events)
        kind = action.kind
        if isinstance(action, CheckTime):
            self.check_time()
            return self.events[first:]
        if self._flag_fell():
            if (
                isinstance(action, ClaimTime)
                and player is not None
                and isinstance(flag := self.events[first], Flagged)
                and flag.outcome["player"] == 1 - player
            ):
                return self.events[first:]
            raise self._time_refusal()
        if self.is_over:
            raise IllegalMoveError(
                f"the match is over: no {kind} any more", reason="match-over-no", what=kind
            )
        handlers = self._handler_table
        if handlers is None:
            handlers = self._handler_table = self._handlers()
        handler = handlers.get(type(action))
        if handler is None:
            mine = next((t for t in handlers if t.kind == kind), None)
            if mine is not None:
                raise IllegalMoveError(
                    f"in {self.game}, {mine.usage}",
                    reason="usage-in-game",
                    game=self.game,
                    usage=mine.__name__,
                )
            kinds = sorted({t.kind for t in handlers})
            raise IllegalMoveError(
                f"{kind!r} is not an action of {self.game}: actions are {', '.join(kinds)}",
                reason="not-an-action-of",
                kind=repr(kind),
                game=self.game,
                kinds=", ".join(kinds),
            )
        if isinstance(action, Start):
            if self.started:
                raise IllegalMoveError("the match has already started", reason="already-started")
        elif not self.started and not isinstance(action, Seed | AllowTakebacks):
            raise IllegalMoveError("the match has not started yet", reason="not-started")
        if player is None and not isinstance(action, Start | AllowTakebacks):
            raise IllegalMoveError(f"{kind!r} must come from a player")
        if player is not None and isinstance(action, Start):
            raise IllegalMoveError("the referee starts the match, not a player")
        handler(player, action)
        self._after_action(first)
        return self.events[first:]

    def start(self) -> list[Event]:
        """Begin the match (its first game): the referee's action."""
        return self.apply(None, Start())

    def check_time(self) -> list[Event]:
        """End the match or game of a player whose time has run out; the referee calls it when
        a clock may have fallen. Returns the events it produced (none if no clock fell)."""
        first = len(self.events)
        self._instant = self._now()
        try:
            self._flag_fell()
        finally:
            self._instant = None
        return self.events[first:]

    def forfeit(self, player: int, reason: str = "abandoned") -> list[Event]:
        """End the match for a reason outside the game (``player`` left and did not come
        back): the opponent wins. The referee's action, logged and replayed like a flag."""
        if type(player) is not int or player not in (0, 1):
            raise GameError(f"there is no player {player!r}: players are 0 and 1")
        if self.is_over:
            raise IllegalMoveError("the match is over already")
        if not self.started:
            raise IllegalMoveError("the match has not started yet")
        first = len(self.events)
        self._instant = self._now()
        try:
            self._log(Forfeited(**self._stamp(None), data={"player": player, "reason": reason}))
            self._close_game()
            self._end_match(1 - player, reason)
            self._after_action(first)
        finally:
            self._instant = None
        return self.events[first:]

    def add_client_seed(self, player: int, seed: str) -> list[Event]:
        """A player's own seed for provably fair dice, before the match starts."""
        return self.apply(player, Seed(seed))

    # -- for the games ------------------------------------------------------------------------

    def _handlers(self) -> dict[type[Action], Handler]:
        """The actions of this game, each with the method that applies it."""
        return {
            Start: self._on_start,
            Seed: self._on_seed,
            ClaimTime: self._on_claim,
            ResignMatch: self._on_resign_match,
            Abort: self._on_abort,
            **dict.fromkeys(TAKEBACKS, self._on_takeback),
        }

    @abstractmethod
    def _on_start(self, player: None, action: Start) -> None:
        """Begin the first game."""

    def _on_seed(self, player: int, action: Seed) -> None:
        if self.settings.dice != "fair":
            raise IllegalMoveError(
                "this match does not use provably fair dice: no seeds", reason="no-fair-dice"
            )
        if self.started:
            raise IllegalMoveError(
                "seeds are given before the match starts", reason="seed-after-start"
            )
        self.chance.client_seeds.append(action.seed.encode())
        self._log(SeedGiven(**self._stamp(player), data={"seed": action.seed}))

    def _on_resign_match(self, player: int, action: ResignMatch) -> None:
        match_exits.check(match_exits.why_no_match_resignation(self))
        self._log(MatchResigned(**self._stamp(player)))
        self._close_game()
        self._end_match(1 - player, match_exits.MATCH_RESIGNED)

    def _on_abort(self, player: int, action: Abort) -> None:
        match_exits.check(match_exits.why_no_abort(self))
        self._log(Aborted(**self._stamp(player)))
        self._close_game()
        self._end_match(None, match_exits.ABORTED)

    def _on_takeback(self, player: int | None, action: Action) -> None:
        takebacks.apply(self, player, action)

    def may_claim_time(self, player: int) -> bool:
        """Whether ``player``'s opponent has run out of time (so that a claim wins)."""
        return (
            self.clock is not None
            and self.clock.running is not None
            and self.clock.flagged() == 1 - player
        )

    def _on_claim(self, player: int, action: ClaimTime) -> None:
        name = self.players[1 - player]
        raise IllegalMoveError(f"{name}'s clock has not run out", reason="clock-not-out", name=name)

    def _log(self, event: E) -> E:
        """Add ``event`` (made with ``_stamp``) to the log."""
        self.events.append(event)
        return event

    def _stamp(self, player: int | None, *, derived: bool = False) -> Stamp:
        """What the next event of the log has besides its own keys: its place, its player,
        the time of the action being applied, and whether the rules made it."""
        return {"seq": len(self.events), "player": player, "time": self._time(), "derived": derived}

    def _time(self) -> float:
        """The time of the action being applied: one instant for all it does."""
        return self._now() if self._instant is None else self._instant

    def _after_action(self, first: int) -> None:
        """Run the clock of whoever must act now and stamp the new events with both clocks;
        then tell whoever watches."""
        if len(self.movers) < 2:
            self.movers = match_exits.movers_after(self, self.events[first:])
        self.takeback_asked = takebacks.still_asked(self, self.events[first:])
        self._run_clock(first)
        if self.watch is not None and len(self.events) > first:
            self.watch(self)

    def _run_clock(self, first: int) -> None:
        if self.clock is None:
            return
        target = None if self.is_over else self.to_act
        clock = self.clock
        running = clock.running
        if target is None:
            snapshot = clock.stop() if running is not None else None
        elif running is None:
            snapshot = clock.start(target)
        elif running != target:
            snapshot = clock.switch(target)
        else:
            snapshot = None
        if snapshot is None:
            snapshot = clock.snapshot()
        # start, switch and stop answer at the action's one instant
        for i in range(first, len(self.events)):
            self.events[i] = self.events[i].with_clocks(snapshot)

    def _flag_fell(self) -> bool:
        """If the clock of the player to act has run out, record it and apply the loss."""
        if self.clock is None or self.is_over or self.clock.running is None:
            return False
        side = self.clock.flagged()
        if side is None:
            return False
        first = len(self.events)
        self.clock.stop()
        self._log(Flagged(**self._stamp(None), outcome={"player": side}))
        self._lose_on_time(side)
        self._after_action(first)
        return True

    def _time_refusal(self) -> IllegalMoveError:
        if self.winner is None:
            return IllegalMoveError("time has run out: the game is over", reason="time-out")
        name = self.players[self.winner]
        return IllegalMoveError(f"time has run out: {name} wins", reason="time-out-win", name=name)

    @abstractmethod
    def _close_game(self) -> None:
        """Stop the game in progress: the match is ending outside the game."""

    @abstractmethod
    def _lose_on_time(self, player: int) -> None:
        """Apply the loss of ``player`` whose time ran out."""

    def _end_match(self, winner: int | None, reason: str) -> None:
        self.winner = winner
        self.end_reason = reason
        outcome: MatchEndOutcome = {"winner": winner, "reason": reason, "score": list(self.score)}
        revealed = self.chance.reveal_cut_short()
        if revealed is not None:
            outcome["server_seed"] = revealed.seed
        self._log(MatchEnded(**self._stamp(winner, derived=True), outcome=outcome))

    # -- dice ---------------------------------------------------------------------------------

    def dice_record(self, game: int) -> DiceRecord:
        """The fair-dice record of game ``game`` (1-based) from the log, for ``verify_record``."""
        events: list[Event] = []
        number = 0
        for event in self.events:
            number += event.kind == "game_start"
            if number == game:
                events.append(event)
        return self.chance.record_of(events, f"game {game} of this match")

    def _last_game_events(self) -> list[Event]:
        """The events of the last game started, read back from the end of the log (so that a
        log whose earlier events wait in the store is not fetched whole)."""
        events: list[Event] = []
        for event in reversed(self.events):
            events.append(event)
            if event.kind == "game_start":
                break
        return events[::-1]

    # -- saving and replaying -------------------------------------------------------------------

    def to_dict(self, *, secrets: bool = False) -> dict[str, object]:
        """The match as JSON-able data: settings, players and the event log. With ``secrets``
        (for the server's own storage, never for players) also the current game's fair-dice
        seed, so that a restarted server can go on with the same dice."""
        out: dict[str, object] = {
            "game": self.game,
            "settings": self.settings.to_dict(),
            "players": list(self.players),
            "events": self.events.dicts(),
        }
        if secrets and self.chance.secrets():
            out["secrets"] = self.secrets()
        return out

    def secrets(self) -> JsonObject:
        """The server's secrets of the game in progress, for its own storage only (never for
        players): ``{"server_seed": hex}`` while a fair-dice game's seed is still secret,
        else nothing."""
        return self.chance.secrets()

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, object],
        *,
        dice: DiceSource | None = None,
        time_source: TimeSource = time.time,
        watch: "Callable[[Match], None] | None" = None,
    ) -> Self:
        """Rebuild a match by replaying its log: every action again, at its time, with its
        dice (``watch`` told after each). ``RecordError`` if the log does not replay to the
        same events."""
        missing = [key for key in ("settings", "players", "events") if key not in data]
        if missing:
            raise RecordError(
                f"a match record needs settings, players and events ({missing[0]!r})",
                reason="record-needs",
                missing=repr(missing[0]),
            )
        settings, players, events = data["settings"], data["players"], data["events"]
        if not (is_object(settings) and is_array(players) and is_array(events)):
            raise RecordError(
                "a match record's settings are a mapping, its players and events lists",
                reason="record-shape",
            )
        try:
            read = MatchSettings.from_dict(settings)
            logged = [event_from_dict(e) for e in events]
        except TypeError as exc:
            raise RecordError(
                f"a match record needs settings, players and events ({exc})",
                reason="record-needs",
                missing=str(exc),
            ) from None
        except GameError as exc:
            raise RecordError(
                f"the match record cannot be read: {exc}",
                reason="record-unreadable",
                error=str(exc),
            ) from None
        match = cls(read, [str(p) for p in players], dice=dice, time_source=time_source)
        match.watch = watch
        match._replay_log(logged, time_source)
        match._resume_fair_dice(data.get("secrets"))
        return match

    def _replay_log(self, events: Sequence[Event], time_source: TimeSource) -> None:
        """Apply the logged ``events``, which follow the match's own, again: every action at
        its time, with its dice, commitments and seeds from the log; then the match reads
        ``time_source``. ``RecordError`` if they do not replay to the same events."""
        first = len(self.events)
        replay = ReplayScript(events)
        self.chance.replay = replay
        self._now = lambda: replay.now
        try:
            for event in events:
                if event.derived:
                    continue
                replay.now = event.time
                try:
                    if isinstance(event, Flagged):
                        self.check_time()
                    elif isinstance(event, Forfeited):
                        self.forfeit(event.data["player"], event.data["reason"])
                    else:
                        self.apply(event.player, event.action())
                except GameError as exc:
                    raise RecordError(
                        f"event {event.seq} ({event.kind}) cannot be replayed: {exc}",
                        reason="record-event",
                        seq=event.seq,
                        kind=event.kind,
                        error=str(exc),
                    ) from None
        finally:
            self.chance.replay = None
            self._now = time_source
        mine = [e.to_dict() for e in self.events[first:]]
        theirs = [e.to_dict() for e in events]
        if mine != theirs:
            where = next(
                (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
                min(len(mine), len(theirs)),
            )
            raise RecordError(
                f"the log does not replay to the same match (from event {first + where} on)",
                reason="record-differs",
                seq=first + where,
            )

    def _resume_fair_dice(self, secrets: object) -> None:
        """Go on with the fair dice of the game in progress, given the server's ``secrets``
        (``{"server_seed": hex}``, as ``to_dict(secrets=True)`` gives them)."""
        secret = secrets.get("server_seed") if is_object(secrets) else None
        if secret and self._game_in_progress():
            self.chance.resume(secret, self._last_game_events())

    # -- snapshots ----------------------------------------------------------------------------

    def snapshot(self, *, secrets: bool = False) -> dict[str, object]:
        """The match as it stands, JSON-able, for ``from_snapshot`` to go on from without
        replaying the log: settings, players, score, games, the game's own state, the clock,
        the fair dice (the server's seed only with ``secrets``, as in ``to_dict``) and how
        many events of the log it stands after (with the last, to recognise the log)."""
        kept = self.chance.secrets()
        return MatchSnapshot(
            settings=self.settings,
            players=self.players,
            events=len(self.events),
            last_event=self.events[-1].to_dict() if self.events else None,
            score=(self.score[0], self.score[1]),
            games=tuple(self.games),
            winner=self.winner,
            end_reason=self.end_reason,
            started=self.started,
            movers=tuple(sorted(self.movers)),
            takebacks=(self.takebacks, self.takeback_asked),
            clock=None if self.clock is None else self.clock.saved(),
            dice=self.chance.saved(),
            state=self._snapshot_state(),
            secrets=kept if secrets and kept else None,
        ).to_dict()

    @classmethod
    def from_snapshot(
        cls,
        snapshot: object,
        events: Sequence[Event],
        *,
        secrets: Mapping[str, object] | None = None,
        time_source: TimeSource = time.time,
        dice: DiceSource | None = None,
    ) -> Self:
        """The match ``snapshot`` saved, with ``events`` as its log: the events the snapshot
        stands after are taken as they are (not replayed); any that follow them are replayed,
        as ``from_dict`` does. ``secrets`` (the server's; else the snapshot's own, if any) let
        the fair dice of the game in progress go on. ``RecordError`` for a snapshot of another
        version, of the wrong shape, or of another log: the caller then replays the log."""
        try:
            saved = MatchSnapshot.from_dict(snapshot)
            count = saved.events
            if len(events) < count:
                raise RecordError(
                    f"the snapshot stands after {count} events; the log has {len(events)}"
                )
            if (events[count - 1].to_dict() if count else None) != saved.last_event:
                raise RecordError("the snapshot is not of this log: its last event differs")
            match = cls(saved.settings, saved.players, dice=dice, time_source=time_source)
            match.events = (
                events.head(count) if isinstance(events, EventLog) else EventLog(events[:count])
            )
            match._restore(saved)
            match._replay_log(events[count:], time_source)
            match._resume_fair_dice(secrets if secrets is not None else saved.secrets)
        except RecordError:
            raise
        except GameError as exc:
            raise RecordError(f"the snapshot cannot be restored: {exc}") from None
        return match

    def _restore(self, saved: MatchSnapshot) -> None:
        """Take the state ``snapshot`` saved (the log set already)."""
        self.score = list(saved.score)
        self.games = list(saved.games)
        self.winner = saved.winner
        self.end_reason = saved.end_reason
        self.started = saved.started
        self.movers = frozenset(saved.movers)
        self.takebacks, self.takeback_asked = saved.takebacks
        if (saved.clock is None) != (self.clock is None):
            raise RecordError("the snapshot's clock does not follow the settings' time control")
        if saved.clock is not None:
            self.clock = Clock.restore(saved.clock, time_source=self._time)
        self.chance.restore(saved.dice)
        self._restore_state(Fields(saved.state, "the snapshot's state"))

    @abstractmethod
    def _snapshot_state(self) -> JsonObject:
        """The game's own state, JSON-able, for ``_restore_state``."""

    @abstractmethod
    def _restore_state(self, state: Fields) -> None:
        """Take the game's own state that ``_snapshot_state`` saved; ``GameError`` if it cannot
        be."""

    @abstractmethod
    def _game_in_progress(self) -> bool:
        """Whether a game has started and not ended."""
