"""The backgammon levels that play with the trained network, International and Georgian alike
(the variants differ in rules, not in what a position is worth; one network serves both).

- ``intermediate``: 0-ply, each candidate's equity blurred by Gaussian noise of 0.04;
- ``advanced``: 0-ply with noise of 0.015;
- ``expert``: 0-ply, the network's best play;
- ``world-class``: 2-ply expectimax over the 21 rolls with a move filter (``search``).

The cube and resignations (money play; at a match score the same rule, with the beginner's
score rules on top) come from the network's cubeless probabilities by a simple rule, pending
the full cube logic (Janowski's cube life and a match equity table, a later step):

- the equities are per unit of the cube now; ``r`` is the new cube value over the old, taken
  from the variant (2 in International, 3/2 from 2 to 3 in Georgian...);
- double when the cubeless equity is at least ``DOUBLE_AT`` and below ``TOO_GOOD`` (above it,
  playing on for a gammon is worth more than the point a drop cashes);
- take when ``r`` times the cubeless equity, plus the value of owning the cube
  (``OWNERSHIP`` per unit of the new cube), is worth no less than the -1 of a drop; beaver
  (money play, when allowed) when the taker is the favourite by ``BEAVER_AT``;
- resign the least value the network gives up with near certainty; accept a resignation worth
  at least what the opponent can expect by playing on.
"""

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Literal

import numpy as np

from gamehall.engines.base import CubeAnswer, MatchContext
from gamehall.engines.neural.board import Boards, from_sides
from gamehall.engines.neural.network import Evaluator, Probabilities, equity
from gamehall.engines.neural.search import Budget, Searcher
from gamehall.engines.tables import TablesEngine
from gamehall.errors import GameError
from gamehall.tables.position import Play, TablesPosition

NeuralLevel = Literal["intermediate", "advanced", "expert", "world-class"]
NEURAL_LEVELS: tuple[NeuralLevel, ...] = ("intermediate", "advanced", "expert", "world-class")
NOISE: dict[NeuralLevel, float] = {
    "intermediate": 0.04,
    "advanced": 0.015,
    "expert": 0.0,
    "world-class": 0.0,
}
WEIGHTS = "backgammon.npz"
"""The shipped weights in ``gamehall.engines.data``, their training record beside them."""

DOUBLE_AT = 0.40
TOO_GOOD = 1.0
OWNERSHIP = 0.10
BEAVER_AT = 0.15
CERTAIN = 0.002
"""A chance below which the network's outcome counts as impossible, for resignations."""


@cache
def shipped_evaluator() -> Evaluator:
    """The network trained by ``gamehall train backgammon`` that the package ships."""
    with resources.as_file(resources.files("gamehall.engines.data") / WEIGHTS) as path:
        evaluator, _ = Evaluator.load(path)
    return evaluator


def shipped_record() -> dict[str, object]:
    """How the shipped weights were trained (the JSON record beside them)."""
    text = (resources.files("gamehall.engines.data") / f"{WEIGHTS}.json").read_text()
    record: dict[str, object] = json.loads(text)
    return record


def _board(position: TablesPosition) -> Boards:
    return from_sides(position.mover, position.opponent)


class NeuralBackgammonEngine(TablesEngine):
    """A backgammon or Georgian player at one of the network's levels."""

    def __init__(
        self,
        game: Literal["backgammon", "georgian"],
        level: NeuralLevel,
        seed: int | None = None,
        evaluator: Evaluator | None = None,
        budget: Budget | None = None,
    ) -> None:
        if game not in ("backgammon", "georgian"):
            raise GameError(f"the network plays backgammon and georgian, not {game!r}")
        if level not in NEURAL_LEVELS:
            raise GameError(f"the network's levels are {', '.join(NEURAL_LEVELS)}, not {level!r}")
        super().__init__(game, level, seed)
        self.evaluator = evaluator if evaluator is not None else shipped_evaluator()
        self.noise = NOISE[level]
        self.budget = budget if budget is not None else Budget()
        self.searcher = Searcher(self.evaluator, georgian=game == "georgian")

    # -- plays --------------------------------------------------------------------------------

    def rank(self, plays: Sequence[Play[TablesPosition]]) -> tuple[list[int], Probabilities]:
        """The plays' indices best first at this level's depth, and the mover's probabilities
        after each (without noise)."""
        results = np.stack([_board(play.result) for play in plays])
        if self.level == "world-class":
            order, probs, _ = self.searcher.rank(results, self.budget)
            return [int(i) for i in order], probs
        probs = self.searcher.static(results)
        return [int(i) for i in np.argsort(-equity(probs), kind="stable")], probs

    def choose_play(
        self, position: TablesPosition, plays: Sequence[Play[TablesPosition]]
    ) -> Play[TablesPosition]:
        if len(plays) == 1:
            return plays[0]
        order, probs = self.rank(plays)
        if not self.noise:
            return plays[order[0]]
        values = equity(probs) + [self.random.gauss(0.0, self.noise) for _ in plays]
        return plays[int(np.argmax(values))]

    # -- cube and resignations ----------------------------------------------------------------

    def probabilities(self, position: TablesPosition) -> Probabilities:
        """The cubeless probabilities of the side on roll, before his roll (0-ply)."""
        return np.asarray(self.evaluator.probabilities(_board(position)[None])[0], np.float64)

    def offer_double(self, position: TablesPosition, context: MatchContext) -> bool:
        if not context.engine_may_double:
            return False
        away = context.away
        if away is not None:
            if away[0] <= context.cube_value:
                return False  # the cube as it is already wins the match
            if away[1] == 1:
                return True  # after the Crawford game the trailer doubles at once
        value = float(equity(self.probabilities(position)[None])[0])
        return DOUBLE_AT <= value < TOO_GOOD

    def answer_double(self, position: TablesPosition, context: MatchContext) -> CubeAnswer:
        away = context.away
        if away is not None and away[1] <= context.cube_value:
            return "take"  # dropping would lose the match
        ratio = context.cube_after_double() / context.cube_value
        mine = -float(equity(self.probabilities(position)[None])[0])
        if ratio * (mine + OWNERSHIP) < -1.0:
            return "drop"
        if context.beavers and away is None and mine >= BEAVER_AT:
            return "beaver"
        return "take"

    def choose_resignation(self, position: TablesPosition, context: MatchContext) -> int | None:
        p = self.probabilities(position)
        if p[0] > CERTAIN:
            return None
        if p[3] < CERTAIN:
            return 1
        if p[3] > 1 - CERTAIN and p[4] < CERTAIN:
            return 2
        if p[4] > 1 - CERTAIN:
            return 3
        return None

    def answer_resignation(
        self, position: TablesPosition, value: int, context: MatchContext
    ) -> bool:
        if value >= self.rules.most_to_win(position):
            return True
        away = context.away
        if away is not None and value * context.cube_value >= away[0]:
            return True  # it wins the match
        mine = -float(equity(self.probabilities(position)[None])[0])
        return value >= mine
