"""Analysing a backgammon, Georgian or long nardy match: every checker play and cube decision of
its record judged by the game's network (``judge``, ``nardy_judge``), each roll's luck, and each
player's figures.

The match is read as its record (``MatRecord``: a ``.mat`` file, or ``mat_record`` of a match
played here) and replayed turn by turn by the play layer (``replay_record``), which decides what
is legal and keeps the score and the cube; before each turn the judge sees the position and the
match's context and scores the choices the player had:

- a roll: the cube decision before it (a *no double* when the player could have doubled), the
  luck of the dice, and the play against the roll's other plays (a forced play is listed, not
  judged);
- a double: the double against not doubling; a take, a pass or a beaver: against the other
  answer (a beaver is judged as the take it includes);
- a resignation: once the game it ends is scored (the play layer says what it gave), the
  offer against playing on for the resigner, and the acceptance against playing on for his
  opponent (long nardy's surrender ends the game at once: it has no acceptance), as GNU
  Backgammon judges them.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from gamehall.analysis.judge import BackgammonJudge, RankedPlay, Value
from gamehall.analysis.nardy_judge import NardyJudge
from gamehall.analysis.values import (
    BANDS,
    AnalysisError,
    Band,
    Choice,
    Decision,
    DecisionKind,
    PlayerFigures,
    TablesAnalysis,
    Thresholds,
)
from gamehall.engines.base import MatchContext
from gamehall.engines.driver import match_context
from gamehall.engines.neural.cube import CubeHint
from gamehall.play.records import GamePlay, GamePosition, MatGame, MatRecord, MatTurn
from gamehall.play.records.mat_replay import MatReplay, move_number, replay_record

CLOSE = 0.16
"""A no-double counts as a cube decision when the double's value is within this of the best
(GNU Backgammon's *close* cube decision), or when the player should have doubled."""
SHOWN = 5
"""The choices kept with a decision: the best few, and the one made."""

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` turns as the analysis goes."""


class Judge(Protocol):
    """What scores a game's decisions: backgammon's network (``judge``) or long nardy's
    (``nardy_judge``)."""

    plies: int
    has_cube: bool

    def plays(
        self, position: GamePosition, dice: tuple[int, int], context: MatchContext, played: GamePlay
    ) -> tuple[list[RankedPlay], int]: ...

    def luck(
        self, position: GamePosition, dice: tuple[int, int], context: MatchContext, opening: bool
    ) -> float: ...

    def cube(self, position: GamePosition, context: MatchContext) -> CubeHint: ...

    def points(self, emg: float, context: MatchContext) -> float: ...

    def match_value(self, context: MatchContext) -> float: ...

    def standing(
        self, position: GamePosition, context: MatchContext, may_double: bool
    ) -> Value: ...

    def conceding(self, points: int, context: MatchContext) -> Value: ...

    def as_emg(self, mwc: float, context: MatchContext) -> float: ...


@dataclass
class _Tally:
    """One player's running figures."""

    name: str
    rolls: int = 0
    checker_decisions: int = 0
    checker_error: float = 0.0
    cube_decisions: int = 0
    cube_error: float = 0.0
    luck: float = 0.0
    luck_cost: float = 0.0
    errors: dict[Band, int] = field(default_factory=dict)


@dataclass(frozen=True)
class _Resignation:
    """A resignation waiting for its game to be scored: where it was made (the resigner's
    seat last), what playing on was worth to each player (``values``, by seat), and each
    player's context."""

    where: tuple[int, int, int]
    values: tuple[Value, Value]
    contexts: tuple[MatchContext, MatchContext]


class _Analyst:
    """Walks a record's turns, judging each before the replay applies it."""

    def __init__(
        self, record: MatRecord, plies: int, thresholds: Thresholds, progress: Progress | None
    ) -> None:
        self.record = record
        self.judge: Judge = (
            NardyJudge(plies)
            if record.variant == "nardy"
            else BackgammonJudge(record.variant == "georgian", plies)
        )
        self.thresholds = thresholds
        self.progress = progress
        self.total = sum(len(game.turns) for game in record.games)
        self.done = 0
        self.decisions: list[Decision] = []
        self.tallies = [_Tally(record.players[0]), _Tally(record.players[1])]
        self.offer: CubeHint | None = None
        self.doubled_by: int | None = None
        self.resigned: _Resignation | None = None

    def __call__(self, replay: MatReplay, number: int, index: int, turn: MatTurn) -> None:
        self._settle(replay)
        game = self.record.games[number - 1]
        position = replay.games[-1].positions[-1]
        line = move_number(game.turns, index)
        context = match_context(replay.match, turn.player)
        where = (number, line, turn.player)
        if turn.kind == "roll":
            assert turn.dice is not None
            cube = self.judge.has_cube and _may_double(context)
            if self.doubled_by != turn.player and index > 0 and cube:
                self._no_double(where, self.judge.cube(position, context))
            self.doubled_by = None
            opening = index == 0 and self.record.variant != "nardy"
            self._roll(where, position, turn, context, opening)
        elif turn.kind == "double":
            hint = self.judge.cube(position, context)
            self._double(where, hint)
            self.offer, self.doubled_by = hint, turn.player
        elif turn.kind in ("take", "drop", "beaver") and self.offer is not None:
            self._answer(where, turn.kind, self.offer)
        elif turn.kind == "resign":
            self.resigned = self._playing_on(replay, game, index, where)
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)

    # -- the decisions ---------------------------------------------------------------------------

    def _roll(
        self,
        where: tuple[int, int, int],
        position: GamePosition,
        turn: MatTurn,
        context: MatchContext,
        opening: bool,
    ) -> None:
        assert turn.dice is not None
        dice = turn.dice
        tally = self.tallies[turn.player]
        luck = self.judge.luck(position, dice, context, opening)
        tally.rolls += 1
        tally.luck += luck
        tally.luck_cost += self.judge.points(luck, context)
        if turn.play is None:
            return
        played = position.find_play(turn.play, dice)
        ranked, count = self.judge.plays(position, dice, context, played)
        mine = next(i for i, r in enumerate(ranked) if r.play.result == played.result)
        best, chosen = ranked[0], ranked[mine]
        forced = count == 1
        loss = max(best.value.emg - chosen.value.emg, 0.0)
        loss_mwc = _difference(best, chosen)
        band = None if forced else self.thresholds.band(loss)
        if not forced:
            tally.checker_decisions += 1
            tally.checker_error += loss
            self._count(tally, band)
        shown = ranked[:SHOWN] + ([chosen] if mine >= SHOWN else [])
        self._add(
            where,
            "checker",
            played=played.notation or "no move",
            best=best.play.notation or "no move",
            loss=loss,
            loss_mwc=loss_mwc,
            before=best.value.emg,
            after=chosen.value.emg,
            band=band,
            luck=luck,
            dice=dice,
            forced=forced,
            choices=tuple(Choice(r.play.notation or "no move", r.value.emg) for r in shown),
            mwc_after=chosen.value.mwc,
        )

    def _no_double(self, where: tuple[int, int, int], hint: CubeHint) -> None:
        assert hint.double_take is not None and hint.double_pass is not None
        doubling = min(hint.double_take, hint.double_pass)
        loss = max(hint.best - hint.no_double, 0.0)
        close = hint.best - doubling < CLOSE or loss > 0
        self._cube(where, "no-double", hint, loss, hint.no_double, counted=close)

    def _double(self, where: tuple[int, int, int], hint: CubeHint) -> None:
        if hint.double_take is None or hint.double_pass is None:
            return
        doubling = min(hint.double_take, hint.double_pass)
        self._cube(where, "double", hint, max(hint.best - doubling, 0.0), doubling, counted=True)

    def _cube(
        self,
        where: tuple[int, int, int],
        kind: str,
        hint: CubeHint,
        loss: float,
        after: float,
        counted: bool,
    ) -> None:
        tally = self.tallies[where[2]]
        band = self.thresholds.band(loss) if counted else None
        if counted:
            tally.cube_decisions += 1
            tally.cube_error += loss
            self._count(tally, band)
        mwc = hint.mwc
        loss_mwc = None
        if mwc is not None and mwc[1] is not None and mwc[2] is not None:
            best_mwc = hint.best_mwc
            assert best_mwc is not None
            made = mwc[0] if kind == "no-double" else min(mwc[1], mwc[2])
            loss_mwc = max(best_mwc - made, 0.0)
        best = "double" if hint.doubles else "no-double"
        assert hint.double_take is not None and hint.double_pass is not None
        self._add(
            where,
            "no-double" if kind == "no-double" else "double",
            played=kind,
            best=best,
            loss=loss,
            loss_mwc=loss_mwc,
            before=hint.best,
            after=after,
            band=band,
            choices=(
                Choice("no-double", hint.no_double),
                Choice("double, take", hint.double_take),
                Choice("double, pass", hint.double_pass),
            ),
        )

    def _answer(self, where: tuple[int, int, int], kind: str, hint: CubeHint) -> None:
        assert hint.double_take is not None and hint.double_pass is not None
        take, drop = -hint.double_take, -hint.double_pass
        made = drop if kind == "drop" else take
        best = max(take, drop)
        loss = max(best - made, 0.0)
        loss_mwc = None
        if hint.mwc is not None and hint.mwc[1] is not None and hint.mwc[2] is not None:
            take_mwc, drop_mwc = 1.0 - hint.mwc[1], 1.0 - hint.mwc[2]
            made_mwc = drop_mwc if kind == "drop" else take_mwc
            loss_mwc = max(max(take_mwc, drop_mwc) - made_mwc, 0.0)
        tally = self.tallies[where[2]]
        band = self.thresholds.band(loss)
        tally.cube_decisions += 1
        tally.cube_error += loss
        self._count(tally, band)
        self._add(
            where,
            "drop" if kind == "drop" else "beaver" if kind == "beaver" else "take",
            played=kind,
            best="take" if take >= drop else "drop",
            loss=loss,
            loss_mwc=loss_mwc,
            before=best,
            after=made,
            band=band,
            choices=(Choice("take", take), Choice("drop", drop)),
        )

    # -- resignations ----------------------------------------------------------------------------

    def _playing_on(
        self, replay: MatReplay, game: MatGame, index: int, where: tuple[int, int, int]
    ) -> _Resignation:
        """What playing on is worth to each player where a resignation is offered: after the
        roll left unplayed before it (the roller's best play of it), while a double waits for
        its answer (the doubler's double), else before the roll of the side on roll (the
        cube action he has, if he may double)."""
        match = replay.match
        position = replay.games[-1].positions[-1]
        last = game.turns[index - 1] if index else None
        if last is not None and last.kind == "roll" and last.dice is not None and last.play is None:
            side, context = last.player, match_context(match, last.player)
            any_play = position.legal_plays(last.dice)[0]
            value = self.judge.plays(position, last.dice, context, any_play)[0][0].value
        elif match.phase == "double" and self.offer is not None and self.doubled_by is not None:
            side, hint = self.doubled_by, self.offer
            assert hint.double_take is not None and hint.double_pass is not None
            mwc = hint.mwc
            doubled = None
            if mwc is not None and mwc[1] is not None and mwc[2] is not None:
                doubled = min(mwc[1], mwc[2])
            value = Value(min(hint.double_take, hint.double_pass), doubled)
        else:
            side = match.on_roll
            context = match_context(match, side)
            value = self.judge.standing(position, context, match.phase == "roll")
        contexts = (match_context(match, 0), match_context(match, 1))
        other = self._turned(value, contexts[1 - side])
        values = (value, other) if side == 0 else (other, value)
        return _Resignation(where, values, contexts)

    def _turned(self, value: Value, context: MatchContext) -> Value:
        """One player's value as his opponent's (``context`` from the opponent's side)."""
        if value.mwc is None:
            return Value(-value.emg, None)
        return Value(self.judge.as_emg(1.0 - value.mwc, context), 1.0 - value.mwc)

    def _settle(self, replay: MatReplay) -> None:
        """Judge the resignation made, now that its game is scored: the points it gave."""
        pending, self.resigned = self.resigned, None
        if pending is None:
            return
        number, _, resigner = pending.where
        summary = replay.match.games[number - 1]
        taker = 1 - resigner
        given = self.judge.conceding(int(summary.points), pending.contexts[resigner])
        offer = f"resign-{summary.kind}"
        self._resignation(pending.where, "resign", pending.values[resigner], given, offer)
        if self.judge.has_cube:  # long nardy's surrender needs no acceptance
            got = self._turned(given, pending.contexts[taker])
            where = (number, pending.where[1], taker)
            self._resignation(where, "accept", pending.values[taker], got, "accept")

    def _resignation(
        self, where: tuple[int, int, int], kind: DecisionKind, on: Value, made: Value, name: str
    ) -> None:
        """A resignation's offer or acceptance (``name``, worth ``made``) against playing on
        (worth ``on``; refusing, for the acceptance), counted with the cube decisions."""
        play_on = "play-on" if kind == "resign" else "reject"
        loss = max(on.emg - made.emg, 0.0)
        loss_mwc = None
        if on.mwc is not None and made.mwc is not None:
            loss_mwc = max(on.mwc - made.mwc, 0.0)
        tally = self.tallies[where[2]]
        band = self.thresholds.band(loss)
        tally.cube_decisions += 1
        tally.cube_error += loss
        self._count(tally, band)
        choices = sorted((Choice(name, made.emg), Choice(play_on, on.emg)), key=lambda c: -c.equity)
        self._add(
            where,
            kind,
            played=name,
            best=choices[0].move,
            loss=loss,
            loss_mwc=loss_mwc,
            before=choices[0].equity,
            after=made.emg,
            band=band,
            choices=tuple(choices),
        )

    # -- bookkeeping -----------------------------------------------------------------------------

    def _add(
        self,
        where: tuple[int, int, int],
        kind: DecisionKind,
        *,
        played: str,
        best: str,
        loss: float,
        loss_mwc: float | None,
        before: float,
        after: float,
        band: Band | None,
        luck: float | None = None,
        dice: tuple[int, int] | None = None,
        forced: bool = False,
        choices: tuple[Choice, ...] = (),
        mwc_after: float | None = None,
    ) -> None:
        game, move, player = where
        self.decisions.append(
            Decision(
                game=game,
                move=move,
                player=player,
                kind=kind,
                played=played,
                best=best,
                loss=round(loss, 4),
                loss_mwc=None if loss_mwc is None else round(loss_mwc, 5),
                band=band,
                luck=None if luck is None else round(luck, 4),
                equity_before=round(before, 4),
                equity_after=round(after, 4),
                dice=dice,
                forced=forced,
                choices=tuple(Choice(c.move, round(c.equity, 4)) for c in choices),
                mwc_after=None if mwc_after is None else round(mwc_after, 5),
            )
        )

    @staticmethod
    def _count(tally: _Tally, band: Band | None) -> None:
        if band is not None:
            tally.errors[band] = tally.errors.get(band, 0) + 1

    # -- the result ------------------------------------------------------------------------------

    def finish(self, replay: MatReplay) -> TablesAnalysis:
        """The analysis once every turn is judged: the figures of each player."""
        self._settle(replay)
        if not self.decisions:
            raise AnalysisError("the match has no decisions to analyse: not a roll was played")
        results = self._results(replay)
        players = []
        for seat, tally in enumerate(self.tallies):
            other = self.tallies[1 - seat]
            players.append(
                PlayerFigures(
                    name=tally.name,
                    rolls=tally.rolls,
                    checker_decisions=tally.checker_decisions,
                    checker_error=round(tally.checker_error, 4),
                    cube_decisions=tally.cube_decisions,
                    cube_error=round(tally.cube_error, 4),
                    luck_total=round(tally.luck, 4),
                    result=round(results[seat], 4),
                    errors={band: tally.errors.get(band, 0) for band in BANDS},
                    luck_adjusted=round(results[seat] - (tally.luck_cost - other.luck_cost), 4),
                )
            )
        return TablesAnalysis(
            game=GAMES[self.record.variant],
            plies=self.judge.plies,
            match_play=self.record.length > 0,
            players=(players[0], players[1]),
            decisions=tuple(self.decisions),
            thresholds=self.thresholds,
        )

    def _results(self, replay: MatReplay) -> tuple[float, float]:
        """What each player got from the match: in money play the points won less those lost;
        in a match his MWC at the end less the 50 % he started with (+0.5 for winning it)."""
        match = replay.match
        if not match.settings.length:
            net = float(match.score[0] - match.score[1])
            return net, -net
        if match.is_over:
            won = 0.5 if match.winner == 0 else -0.5
            return won, -won
        mwc = self.judge.match_value(match_context(match, 0)) - 0.5
        return mwc, -mwc


GAMES = {"international": "backgammon", "georgian": "georgian", "nardy": "nardy"}
"""The game of each variant a record can hold."""


def _may_double(context: MatchContext) -> bool:
    """Whether the side on roll has a cube decision: he may double, and in a match the cube
    is not dead (he does not already win the match with it, as gnubg counts)."""
    away = context.away
    return context.engine_may_double and (away is None or context.cube_value < away[0])


def _difference(best: RankedPlay, chosen: RankedPlay) -> float | None:
    """The MWC the play made lost to the best (``None`` in money play)."""
    if best.value.mwc is None or chosen.value.mwc is None:
        return None
    return max(best.value.mwc - chosen.value.mwc, 0.0)


def analyse_record(
    record: MatRecord,
    *,
    plies: int = 0,
    thresholds: Thresholds | None = None,
    progress: Progress | None = None,
) -> TablesAnalysis:
    """Every decision of a backgammon, Georgian or long nardy match ``record`` judged at
    ``plies`` (0, 1 or 2), and each player's figures. Raises ``RecordError`` for a record the
    rules refuse and ``AnalysisError`` for one with nothing to analyse."""
    if plies not in (0, 1, 2):
        raise AnalysisError(f"an analysis searches 0, 1 or 2 plies, not {plies!r}")
    analyst = _Analyst(record, plies, thresholds or Thresholds(), progress)
    replay = replay_record(record, analyst)
    return analyst.finish(replay)
