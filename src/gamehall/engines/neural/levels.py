"""The backgammon levels that play with the trained network, International and Georgian alike
(the variants differ in rules, not in what a position is worth; one network serves both).

- ``intermediate``: 0-ply, each candidate's equity blurred by Gaussian noise of 0.04;
- ``advanced``: 0-ply with noise of 0.015;
- ``expert``: 0-ply, the network's best play;
- ``world-class``: 2-ply expectimax over the 21 rolls with a move filter (``search``).

The cube (``cube``): Janowski's cubeful equities from the network's cubeless probabilities (at
0-ply; world-class searches them 2 plies deep), with the variant's cube values; in a match the
take and cash points come from the project's match equity table (``met``). The engine
doubles when double/take or double/pass beats no double (not when it is too good), takes when
taking costs no more than passing, and beavers (money play, when allowed) when it is the
favourite after taking.

Resignations: offer the least value the network gives up with near certainty (a single when a
single loss already loses the match, or when the Jacoby rule leaves gammons out); accept one
worth at least the opponent's cubeful equity (in a match: match winning chances) with the
right cube action.
"""

import json
from functools import cache
from importlib import resources
from typing import Literal

import numpy as np

from gamehall.engines.base import CubeAnswer, MatchContext
from gamehall.engines.neural.board import Boards, MoveRules, from_sides
from gamehall.engines.neural.cube import (
    CubeHint,
    before_roll,
    cube_hint,
    cube_life,
    flip,
    resignation_mwc,
)
from gamehall.engines.neural.games.description import Probabilities
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.player import NEURAL_LEVELS, NOISE, NeuralLevel, NeuralPlayer
from gamehall.engines.neural.search import Budget, Searcher
from gamehall.errors import GameError
from gamehall.tables.position import TablesPosition

WEIGHTS = "backgammon.npz"
"""The shipped weights in ``gamehall.engines.data``, their training record beside them."""

CUBE_PLIES: dict[str, int] = {"intermediate": 0, "advanced": 0, "expert": 0, "world-class": 2}
"""How deep each level looks for its cube decisions (a cube decision is made once a turn, and
2-ply probabilities agree better with GNU Backgammon's cube; see docs/engines.md)."""
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


class NeuralBackgammonEngine(NeuralPlayer):
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
        self.searcher = Searcher(self.evaluator, MoveRules(game))

    # -- cube and resignations ----------------------------------------------------------------

    def probabilities(self, position: TablesPosition) -> Probabilities:
        """The cubeless probabilities of the side on roll, before his roll (0-ply)."""
        return np.asarray(self.evaluator.probabilities(_board(position)[None])[0], np.float64)

    def cube_hint(self, position: TablesPosition, context: MatchContext | None = None) -> CubeHint:
        """The cube action for the side on roll in ``position`` (``context`` from that side's
        view; money play in this engine's variant by default), with its equities."""
        if context is None:
            context = MatchContext.for_variant(
                "georgian" if self.game == "georgian" else "international"
            )
        return cube_hint(self.cube_probabilities(position), context, cube_life(_board(position)))

    def cube_probabilities(self, position: TablesPosition) -> Probabilities:
        """The side on roll's probabilities for the cube: at 0-ply, at ``world-class`` searched
        2 plies deep (``CUBE_PLIES``)."""
        plies = CUBE_PLIES[self.level]
        if not plies:
            return self.probabilities(position)
        return before_roll(self.searcher, _board(position), plies, self.budget.reply_width)

    def offer_double(self, position: TablesPosition, context: MatchContext) -> bool:
        if not context.engine_may_double:
            return False
        return self.cube_hint(position, context).doubles

    def answer_double(self, position: TablesPosition, context: MatchContext) -> CubeAnswer:
        if context.next_cube_value is None:
            raise GameError(f"the cube is at its cap ({context.cube_value}): nobody may double")
        response = self.cube_hint(position, flip(context)).response
        return "drop" if response == "pass" else response

    def choose_resignation(self, position: TablesPosition, context: MatchContext) -> int | None:
        p = self.probabilities(position)
        if p[0] > CERTAIN:
            return None
        away = context.away
        if away is not None and away[1] <= context.cube_value:
            return 1  # a single loss already loses the match: a gammon costs nothing more
        if away is None and context.jacoby and context.cube_owner is None:
            return 1  # the Jacoby rule: gammons do not count before the cube is turned
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
        theirs = self.cube_hint(position, flip(context))
        best_mwc = theirs.best_mwc
        if best_mwc is not None:
            return resignation_mwc(context, value) >= 1.0 - best_mwc
        if context.jacoby and context.cube_owner is None:
            value = 1  # gammons do not count before the cube is turned
        return value >= -theirs.best
