"""The long nardy network as a judge: the values of a roll's plays, the luck of a roll and what
playing on and surrendering are worth, from the mover's side in EMG (and MWC in a match). Long
nardy has no cube: a play's value is its points per game (a win by mars counts two), or in a
match the MWC of the outcomes at the score (the nardy engine's ``match_chance``), as equity.
Ranked at 0-ply; with ``plies`` 1 or 2 the
best few and the one played are searched deeper, as the hints do."""

from functools import cache

import numpy as np
import numpy.typing as npt

from gamehall.analysis.judge import REPLY_WIDTH, WEIGHTS, RankedPlay, Value, kept_plays
from gamehall.engines.base import MatchContext
from gamehall.engines.neural.board import MoveRules, from_sides
from gamehall.engines.neural.cube import CubeHint
from gamehall.engines.neural.games.nardy import equity
from gamehall.engines.neural.levels import match_chance, shipped_evaluator
from gamehall.engines.neural.rolls import ROLLS, best_after_rolls
from gamehall.engines.neural.search import Searcher
from gamehall.errors import GameError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.play.records import GamePlay, GamePosition

Probabilities = npt.NDArray[np.float64]


@cache
def _searcher(bearoff: str, block_check: str, head_exception: str) -> Searcher:
    rules = MoveRules("nardy", bearoff, block_check, head_exception)
    return Searcher(shipped_evaluator("nardy"), rules)


def _stakes(context: MatchContext) -> tuple[float, float]:
    """In a match, the mover's MWC when he wins and when he loses a single game (an oin)."""
    away = context.away
    assert away is not None
    return match_chance(away[0] - 1, away[1]), match_chance(away[0], away[1] - 1)


class NardyJudge:
    """Judges the plays of one long nardy match at ``plies`` (0, 1, 2)."""

    has_cube = False

    def __init__(self, plies: int = 0) -> None:
        self.plies = plies

    def _searcher_of(self, position: NardyPosition) -> Searcher:
        rules = position.rules
        return _searcher(
            rules.bearoff_preference, rules.block_check or "step", rules.head_exception
        )

    def values(self, probs: Probabilities, context: MatchContext) -> list[Value]:
        """The mover's values of results whose probabilities (win, win mars, lose mars) for
        him are ``probs``."""
        if context.away is None:
            return [Value(float(e), None) for e in equity(probs)]
        mine, theirs = context.away
        found = []
        for p in probs:
            w, wm, lm = float(p[0]), float(p[1]), float(p[2])
            mwc = (
                (w - wm) * match_chance(mine - 1, theirs)
                + wm * match_chance(mine - 2, theirs)
                + (1.0 - w - lm) * match_chance(mine, theirs - 1)
                + lm * match_chance(mine, theirs - 2)
            )
            found.append(Value(self.as_emg(mwc, context), mwc))
        return found

    def _after_rolls(self, position: GamePosition, context: MatchContext) -> list[Value]:
        """The mover's value after his best play of each of the 21 rolls, at 0-ply."""
        assert isinstance(position, NardyPosition)
        searcher = self._searcher_of(position)
        board = from_sides(position.mover, position.opponent)
        _, probs = best_after_rolls(board, searcher.rules, searcher.model)
        return self.values(probs, context)

    def plays(
        self,
        position: GamePosition,
        dice: tuple[int, int],
        context: MatchContext,
        played: GamePlay,
    ) -> tuple[list[RankedPlay], int]:
        """The best plays of ``dice`` and the one ``played``, best first, each with its value
        to the mover; and how many legal plays the roll has."""
        assert isinstance(position, NardyPosition)
        searcher = self._searcher_of(position)
        plays = position.legal_plays(dice)
        results = np.stack([from_sides(p.result.mover, p.result.opponent) for p in plays])
        probs = searcher.static(results)
        kept = kept_plays(equity(probs), plays, played)
        if self.plies:
            for i in kept:
                probs[i] = searcher.deeper(results[i], self.plies, REPLY_WIDTH)
        values = self.values(probs[kept], context)
        ranked = [RankedPlay(plays[i], value) for i, value in zip(kept, values, strict=True)]
        ranked.sort(key=lambda r: -r.value.emg)
        return ranked, len(plays)

    def luck(
        self, position: GamePosition, dice: tuple[int, int], context: MatchContext, opening: bool
    ) -> float:
        """The luck of ``dice`` (EMG): the mover's value after his best play of them, less the
        average over the 36 rolls (the first roll of a game too: it is rolled afresh)."""
        mine = np.array([value.emg for value in self._after_rolls(position, context)])
        actual = float(mine[ROLLS.index((min(dice), max(dice)))])
        return actual - float(np.dot(WEIGHTS, mine))

    def standing(self, position: GamePosition, context: MatchContext, may_double: bool) -> Value:
        """The value of the side on roll before his roll: the average over the rolls of his
        best play's value at 0-ply (as the luck measures it; there is no cube)."""
        values = self._after_rolls(position, context)
        emg = float(np.dot(WEIGHTS, [value.emg for value in values]))
        if context.away is None:
            return Value(emg, None)
        return Value(emg, float(np.dot(WEIGHTS, [value.mwc or 0.0 for value in values])))

    def conceding(self, points: int, context: MatchContext) -> Value:
        """The value to the context's side of losing ``points`` now (a surrender): minus the
        points, or in a match the MWC at the score after."""
        away = context.away
        if away is None:
            return Value(-float(points), None)
        mwc = match_chance(away[0], away[1] - points)
        return Value(self.as_emg(mwc, context), mwc)

    def as_emg(self, mwc: float, context: MatchContext) -> float:
        """A match winning chance of the context's side as EMG (a single game's stakes)."""
        win, lose = _stakes(context)
        return 2.0 * (mwc - lose) / max(win - lose, 1e-12) - 1.0

    def cube(self, position: GamePosition, context: MatchContext) -> CubeHint:
        raise GameError("long nardy has no doubling cube")

    def points(self, emg: float, context: MatchContext) -> float:
        """An equity in EMG as points (money) or MWC (a match)."""
        if context.away is None:
            return emg
        win, lose = _stakes(context)
        return emg * (win - lose) / 2.0

    def match_value(self, context: MatchContext) -> float:
        """The MWC of the context's side before a game at its score."""
        away = context.away
        assert away is not None
        return match_chance(away[0], away[1])
