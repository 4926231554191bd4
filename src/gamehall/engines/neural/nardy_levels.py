"""The long nardy levels that play with the trained network (``player``: ``intermediate``,
``advanced``, ``expert`` at 0-ply with noise 0.04, 0.015 and none, ``world-class`` at 2-ply),
under whatever rules options the position has, and the beginner as a player of the fast boards
(for matches and benchmarks).

Long nardy has no cube: the engine never doubles. Surrender (R11) ends the game at once for
what the match's surrender setting makes it cost: 1 under ``"oin"``; under ``"mars"`` 2 while
the surrendering side has borne off nothing. The engine surrenders when that is no worse than
playing on. It compares match winning chances: playing on, each outcome (win or lose, by oin or
mars, from the network's 0-ply probabilities) moves the score, and ``match_chance`` (a table of
the chance of winning a match of games worth 1 or 2, the first player's even chances and
``MARS_SHARE`` of the games ending in mars) says what each score is worth; surrendering gives
the opponent its cost. With no match (a money context) it compares points: the cost against
the points the network expects to lose. Thus under ``"oin"`` a lost game is surrendered, the
sooner the better when a mars threatens; under ``"mars"`` a mars position only once the mars is
sure. A resignation offered to the engine (a backgammon-style offer; long nardy matches end the
game at once instead) is accepted when it gives at least what playing on would.
"""

import json
import random
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from gamehall.engines.base import CubeAnswer, MatchContext
from gamehall.engines.neural.board import Boards, MoveRules
from gamehall.engines.neural.games.description import Probabilities
from gamehall.engines.neural.games.nardy import equity
from gamehall.engines.neural.network import NardyEvaluator
from gamehall.engines.neural.player import NEURAL_LEVELS, NOISE, NeuralLevel, NeuralPlayer, board_of
from gamehall.engines.neural.search import Budget, Searcher
from gamehall.engines.tables_eval import evaluate_nardy
from gamehall.errors import GameError
from gamehall.nardy.position import Position
from gamehall.nardy.rules import nardy_rules
from gamehall.tables.position import Play, TablesPosition
from gamehall.tables.rules import TablesRules

Chooser = Callable[[Boards, tuple[int, int], Boards], int]

WEIGHTS = "nardy.npz"
"""The shipped weights in ``gamehall.engines.data``, their training record beside them."""
MARS_SHARE = 0.2
"""The share of long nardy games won by mars that the match table assumes (about what the
trained network's own games show)."""
TOLERANCE = 0.002
"""Surrendering may cost this much less than playing on (in match winning chance, or points):
the network's near-certain outcomes are not quite 0 or 1."""


@cache
def shipped_evaluator() -> NardyEvaluator:
    """The network trained by ``gamehall train nardy`` that the package ships."""
    with resources.as_file(resources.files("gamehall.engines.data") / WEIGHTS) as path:
        evaluator, _ = NardyEvaluator.load(path)
    return evaluator


def shipped_record() -> dict[str, Any]:
    """How the shipped weights were trained (the JSON record beside them)."""
    text = (resources.files("gamehall.engines.data") / f"{WEIGHTS}.json").read_text()
    record: dict[str, Any] = json.loads(text)
    return record


@cache
def match_chance(away: int, other_away: int) -> float:
    """The chance of winning a long nardy match needing ``away`` points while the opponent
    needs ``other_away``, before a game: each game won by either side alike, by mars with
    ``MARS_SHARE``."""
    if away <= 0:
        return 1.0
    if other_away <= 0:
        return 0.0
    oin, mars = 0.5 * (1.0 - MARS_SHARE), 0.5 * MARS_SHARE
    return (
        oin * match_chance(away - 1, other_away)
        + mars * match_chance(away - 2, other_away)
        + oin * match_chance(away, other_away - 1)
        + mars * match_chance(away, other_away - 2)
    )


def _playing_on(p: Probabilities, away: tuple[int, int]) -> float:
    """The match winning chance of the side whose probabilities (win, win mars, lose mars) are
    ``p`` and who needs ``away[0]`` points, the other ``away[1]``."""
    win, win_mars, lose_mars = float(p[0]), float(p[1]), float(p[2])
    mine, theirs = away
    return (
        (win - win_mars) * match_chance(mine - 1, theirs)
        + win_mars * match_chance(mine - 2, theirs)
        + (1.0 - win - lose_mars) * match_chance(mine, theirs - 1)
        + lose_mars * match_chance(mine, theirs - 2)
    )


class NeuralNardyEngine(NeuralPlayer):
    """A long nardy player at one of the network's levels."""

    def __init__(
        self,
        level: NeuralLevel,
        seed: int | None = None,
        evaluator: NardyEvaluator | None = None,
        budget: Budget | None = None,
    ) -> None:
        if level not in NEURAL_LEVELS:
            raise GameError(f"the network's levels are {', '.join(NEURAL_LEVELS)}, not {level!r}")
        super().__init__("nardy", level, seed)
        self.evaluator = evaluator if evaluator is not None else shipped_evaluator()
        self.noise = NOISE[level]
        self.budget = budget if budget is not None else Budget()
        self._searchers: dict[MoveRules, Searcher] = {}
        self.searcher = self.searcher_for(nardy_rules())

    def searcher_for(self, rules: TablesRules) -> Searcher:
        """The searcher for a set of rules options (one each, made when first needed)."""
        key = MoveRules.of(rules)
        if key not in self._searchers:
            self._searchers[key] = Searcher(self.evaluator, key)
        return self._searchers[key]

    def choose_play(
        self, position: TablesPosition, plays: Sequence[Play[TablesPosition]]
    ) -> Play[TablesPosition]:
        self.searcher = self.searcher_for(position.rules)
        return super().choose_play(position, plays)

    def probabilities(self, position: TablesPosition) -> Probabilities:
        """Win, win mars, lose mars for the side on roll, before his roll (0-ply)."""
        return np.asarray(self.evaluator.probabilities(board_of(position)[None])[0], np.float64)

    # -- no cube in long nardy ----------------------------------------------------------------

    def offer_double(self, position: TablesPosition, context: MatchContext) -> bool:
        return False

    def answer_double(self, position: TablesPosition, context: MatchContext) -> CubeAnswer:
        return "take"

    # -- surrender ----------------------------------------------------------------------------

    def surrender_cost(self, position: TablesPosition, context: MatchContext) -> int:
        """What surrendering now costs the engine (on roll) under the match's setting."""
        if context.surrender == "mars" and position.mover[0] == 0:
            return 2
        return 1

    def choose_resignation(self, position: TablesPosition, context: MatchContext) -> int | None:
        p = self.probabilities(position)
        cost = self.surrender_cost(position, context)
        away = context.away
        if away is None:
            keep = float(equity(p[None])[0])
            return cost if -cost >= keep - TOLERANCE else None
        if match_chance(away[0], away[1] - cost) >= _playing_on(p, away) - TOLERANCE:
            return cost
        return None

    def answer_resignation(
        self, position: TablesPosition, value: int, context: MatchContext
    ) -> bool:
        if value >= self.rules.most_to_win(position):
            return True
        mine = np.asarray(self.probabilities(position)[[0, 2, 1]], np.float64)
        mine[0] = 1.0 - mine[0]
        away = context.away
        if away is None:
            return value >= float(equity(mine[None])[0]) - TOLERANCE
        return match_chance(away[0] - value, away[1]) >= _playing_on(mine, away) - TOLERANCE


def position_of(board: Boards, **options: str) -> Position:
    """The nardy ``Position`` of a fast board (row 0 on roll; colours are only names in long
    nardy, so the side on roll is called white)."""
    rules = nardy_rules(**options)
    mover = tuple(int(n) for n in board[0])
    opponent = tuple(int(n) for n in board[1])
    return Position(mover, opponent, rules, "white")


def beginner_chooser(seed: int | None = None, **options: str) -> Chooser:
    """Today's ``beginner`` as a chooser among fast-board results: the result the beginner's
    evaluation likes least for the opponent, ties broken at random as the beginner breaks
    them."""
    rng = random.Random(seed)

    def choose(board: Boards, dice: tuple[int, int], results: Boards) -> int:
        scores = [evaluate_nardy(position_of(result, **options)) for result in results]
        low = min(scores)
        best = [i for i, score in enumerate(scores) if score <= low + 1e-9]
        return best[0] if len(best) == 1 else rng.choice(best)

    return choose


def engine_chooser(engine: NeuralNardyEngine, **options: str) -> Chooser:
    """A network level as a chooser among fast-board results, under the rules ``options``."""
    engine.searcher = engine.searcher_for(nardy_rules(**options))

    def choose(board: Boards, dice: tuple[int, int], results: Boards) -> int:
        return engine.pick(results)

    return choose
