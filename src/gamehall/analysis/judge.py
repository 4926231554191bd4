"""The backgammon network as a judge: the values of a roll's plays, the cube decision before a
roll, the luck of a roll, and for a resignation what playing on and conceding are worth, all
from the decider's side in EMG (and MWC in a match).

A play's result has the opponent on roll, with his cube options: its value to the mover is the
opponent's cubeful equity with the proper cube action (``engines.neural.cube``: Janowski's
model, the match equity table in a match), turned round. This is how GNU Backgammon scores
plays in an analysis, and why a play that gives the opponent a strong double loses more than
its cubeless figure says. The plays are ranked at 0-ply; the best few (and the one played) are
scored cubeful, and with ``plies`` 1 or 2 searched deeper first, as the hints do.

A roll's luck is measured as gnubg measures it: the mover's value after his best play of the
roll, less the average over the rolls he might have had, each at 0-ply by its cubeless value
(money equity, or in a match the MWC of the outcomes at the score, as EMG).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.engines.base import MatchContext
from gamehall.engines.neural.board import Boards, MoveRules, from_sides
from gamehall.engines.neural.cube import (
    CubeHint,
    before_roll,
    crawford_played,
    cube_hint,
    cube_life,
    flip,
    live_cube,
)
from gamehall.engines.neural.fast import probabilities as fast_probabilities
from gamehall.engines.neural.games.backgammon import equity
from gamehall.engines.neural.levels import shipped_evaluator
from gamehall.engines.neural.met import match_equity_table
from gamehall.engines.neural.rolls import ROLLS, best_after_rolls
from gamehall.engines.neural.search import Searcher
from gamehall.play.records import GamePlay, GamePosition

Probabilities = npt.NDArray[np.float64]

FIRST_WIDTH = 8
"""The plays scored cubeful (and searched deeper when ``plies`` is 1 or 2): this many best at
0-ply cubeless, and the one played."""
REPLY_WIDTH = 3
"""The opponent's replies kept at 2-ply (as the hints search)."""
WEIGHTS = np.array([1.0 if a == b else 2.0 for a, b in ROLLS]) / 36.0
"""The chance of each of the 21 rolls."""


@dataclass(frozen=True)
class Value:
    """An equity of the decider: ``emg`` normalised to the cube in play, ``mwc`` his match
    winning chance in a match (``None`` in money play)."""

    emg: float
    mwc: float | None


@dataclass(frozen=True)
class RankedPlay:
    """One play of a roll, with its value to the mover."""

    play: GamePlay
    value: Value


def kept_plays(
    cubeless: npt.NDArray[np.float64], plays: Sequence[GamePlay], played: GamePlay
) -> list[int]:
    """The plays a judge scores fully: the best ``FIRST_WIDTH`` by their 0-ply ``cubeless``
    equities, and the one ``played``."""
    order = np.argsort(-cubeless, kind="stable")
    chosen = [int(i) for i in order[:FIRST_WIDTH]]
    chosen += [i for i, p in enumerate(plays) if p.result == played.result]
    return list(dict.fromkeys(chosen))


@cache
def stakes(context: MatchContext) -> tuple[float, float]:
    """In a match, the MWC of the context's side when he wins and when he loses the cube's
    points (a single game)."""
    live = live_cube(np.array([0.5, 0.0, 0.0, 0.0, 0.0]), context)
    return live.cash(context.cube_value), live.drop(context.cube_value)


def emg_of(mwc: float, context: MatchContext) -> float:
    """A match winning chance as equity at the score and the cube (gnubg's ``mwc2eq``): +1 for
    winning the cube's points, -1 for losing them."""
    win, lose = stakes(context)
    if win - lose <= 1e-12:
        return 0.0
    return 2.0 * (mwc - lose) / (win - lose) - 1.0


def points(emg: float, context: MatchContext) -> float:
    """An equity in EMG as what it is worth: points at the cube in money play, MWC in a
    match."""
    if context.away is None:
        return emg * context.cube_value
    win, lose = stakes(context)
    return emg * (win - lose) / 2.0


@cache
def _outcome_mwc(context: MatchContext) -> npt.NDArray[np.float64]:
    """The mover's MWC for each way a game ends at the cube now: wins of 1, 2, 3 and losses of
    1, 2, 3 times the cube."""
    away = context.away
    assert away is not None
    table = match_equity_table(context.variant, context.crawford_rule)
    done, v = crawford_played(context), context.cube_value
    wins = [table.mwc(away[0] - k * v, away[1], done) for k in (1, 2, 3)]
    losses = [table.mwc(away[0], away[1] - k * v, done) for k in (1, 2, 3)]
    return np.array(wins + losses)


def utility(probs: Probabilities, context: MatchContext) -> npt.NDArray[np.float64]:
    """The cubeless value (EMG) of each row of the mover's probabilities: the money equity, or
    in a match the MWC of the outcomes at the score, as EMG."""
    if context.away is None:
        return equity(probs)
    p = probs
    shares = np.stack(
        (
            p[:, 0] - p[:, 1],
            p[:, 1] - p[:, 2],
            p[:, 2],
            1 - p[:, 0] - p[:, 3],
            p[:, 3] - p[:, 4],
            p[:, 4],
        ),
        axis=1,
    )
    mwc = shares @ _outcome_mwc(context)
    win, lose = stakes(context)
    return np.asarray(2.0 * (mwc - lose) / max(win - lose, 1e-12) - 1.0)


def _swap(p: Probabilities) -> Probabilities:
    """Five probabilities from the other side."""
    return np.array([1.0 - p[0], p[3], p[4], p[1], p[2]])


@cache
def _searcher(georgian: bool) -> Searcher:
    return Searcher(shipped_evaluator(), MoveRules("georgian" if georgian else "backgammon"))


class BackgammonJudge:
    """Judges the decisions of one backgammon or Georgian match at ``plies`` (0, 1, 2)."""

    has_cube = True

    def __init__(self, georgian: bool, plies: int = 0) -> None:
        self.searcher = _searcher(georgian)
        self.model = self.searcher.model
        self.georgian = georgian
        self.plies = plies

    def static(self, results: Boards) -> Probabilities:
        """The mover's probabilities after each result, at 0-ply (compiled, one at a time:
        faster than a batch for the few results of a roll)."""
        p = fast_probabilities(results, self.model)
        return np.stack((1.0 - p[:, 0], p[:, 3], p[:, 4], p[:, 1], p[:, 2]), axis=1)

    def after(self, board: Boards, probs: Probabilities, mover: MatchContext) -> Value:
        """The mover's value of a result (``board``, the opponent on roll) whose cubeless
        probabilities for the mover are ``probs``."""
        hint = cube_hint(_swap(probs), flip(mover), cube_life(board))
        if hint.mwc is None:
            return Value(-hint.best, None)
        best_mwc = hint.best_mwc
        assert best_mwc is not None
        return Value(emg_of(1.0 - best_mwc, mover), 1.0 - best_mwc)

    def plays(
        self,
        position: GamePosition,
        dice: tuple[int, int],
        context: MatchContext,
        played: GamePlay,
    ) -> tuple[list[RankedPlay], int]:
        """The best plays of ``dice`` and the one ``played``, best first, each with its value
        to the mover; and how many legal plays the roll has."""
        assert isinstance(position, BackgammonPosition)
        plays = position.legal_plays(dice)
        results = np.stack([from_sides(p.result.mover, p.result.opponent) for p in plays])
        probs = self.static(results)
        kept = kept_plays(equity(probs), plays, played)
        if self.plies:
            for i in kept:
                probs[i] = self.searcher.deeper(results[i], self.plies, REPLY_WIDTH)
        ranked = [RankedPlay(plays[i], self.after(results[i], probs[i], context)) for i in kept]
        ranked.sort(key=lambda r: -r.value.emg)
        return ranked, len(plays)

    def cube(self, position: GamePosition, context: MatchContext) -> CubeHint:
        """The cube decision of the side on roll before his roll (``context`` from his side)."""
        board = from_sides(position.mover, position.opponent)
        probs = before_roll(self.searcher, board, self.plies, REPLY_WIDTH)
        return cube_hint(probs, context, cube_life(board))

    def luck(
        self,
        position: GamePosition,
        dice: tuple[int, int],
        context: MatchContext,
        opening: bool,
    ) -> float:
        """The luck of ``dice`` for the side on roll (EMG, see the module). An opening roll
        (no doubles; either side might have won it) is measured against the 30 ways the
        opening could have gone: each of the 15 rolls, won by either side."""
        board = from_sides(position.mover, position.opponent)
        _, probs = best_after_rolls(board, self.searcher.rules, self.model)
        mine = utility(probs, context)
        actual = float(mine[ROLLS.index((min(dice), max(dice)))])
        if not opening:
            return actual - float(np.dot(WEIGHTS, mine))
        other = flip(context)
        theirs = utility(probs, other)  # the start is the same for both: so are their plays
        total = 0.0
        for k, (a, b) in enumerate(ROLLS):
            if a != b:
                total += float(mine[k]) + self._turned(float(theirs[k]), other, context)
        return actual - total / 30.0

    def standing(self, position: GamePosition, context: MatchContext, may_double: bool) -> Value:
        """The value of the side on roll before his roll (``context`` from his side): cubeful
        at the analysis's depth as ``cube`` finds it, with the right cube action when he
        ``may_double``, else with the cube as it is."""
        hint = self.cube(position, context)
        if may_double:
            return Value(hint.best, hint.best_mwc)
        return Value(hint.no_double, None if hint.mwc is None else hint.mwc[0])

    @staticmethod
    def conceding(points: int, context: MatchContext) -> Value:
        """The value to the context's side of losing ``points`` now (a resignation accepted):
        minus the points in units of the cube, or in a match the MWC at the score after."""
        away = context.away
        if away is None:
            return Value(-points / context.cube_value, None)
        table = match_equity_table(context.variant, context.crawford_rule)
        mwc = table.mwc(away[0], away[1] - points, crawford_played(context))
        return Value(emg_of(mwc, context), mwc)

    @staticmethod
    def as_emg(mwc: float, context: MatchContext) -> float:
        """A match winning chance of the context's side as EMG."""
        return emg_of(mwc, context)

    @staticmethod
    def points(emg: float, context: MatchContext) -> float:
        """An equity in EMG as points at the cube (money) or MWC (a match)."""
        return points(emg, context)

    @staticmethod
    def match_value(context: MatchContext) -> float:
        """The MWC of the context's side before a game at its score."""
        away = context.away
        assert away is not None
        table = match_equity_table(context.variant, context.crawford_rule)
        return table.mwc(away[0], away[1], crawford_played(context))

    @staticmethod
    def _turned(emg: float, other: MatchContext, mine: MatchContext) -> float:
        """The opponent's value (EMG of his context) as mine."""
        if other.away is None:
            return -emg
        win, lose = stakes(other)
        mwc = lose + (emg + 1.0) / 2.0 * (win - lose)
        return emg_of(1.0 - mwc, mine)
