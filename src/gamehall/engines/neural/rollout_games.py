"""What a rollout needs of a tables game, one adapter over the shared compiled kernels:
the 0-ply play of a roll, the mover's probabilities after his best play of each of the 21
rolls (for variance reduction), a position's evaluation, and where its exact database takes
over.

A ``RolloutSpec`` names the game, its rules options and the weights (``None``: the shipped
network) as plain values: it is what goes to the worker processes, each of which builds its
adapter once (``spec.game()``), the networks and databases loaded there.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt

from gamehall.engines.neural import fast, rolls
from gamehall.engines.neural.board import CAPACITY, Boards, MoveRules, generate, new_scratch
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.search import Searcher
from gamehall.errors import GameError

Vector = npt.NDArray[np.float64]
RolloutGameName = Literal["backgammon", "georgian", "nardy"]

ROLL_WEIGHTS = np.array([1.0 if a == b else 2.0 for a, b in rolls.ROLLS]) / 36.0
"""The chance of each of ``rolls.ROLLS``."""
_ROLL_INDEX = {roll: k for k, roll in enumerate(rolls.ROLLS)}
DEEPER_WIDTH = 3
"""At 1-ply a trial's player searches the best few plays at 0-ply (``search``'s move
filter, as its root search does)."""


def roll_index(d1: int, d2: int) -> int:
    """The place of a roll (either order) in ``rolls.ROLLS``."""
    return _ROLL_INDEX[(min(d1, d2), max(d1, d2))]


class RolloutGame:
    """A tables game's kernels for a rollout: the game's evaluator and the rules its trials
    move by (backgammon's five outputs with the cube, long nardy's three without)."""

    def __init__(self, evaluator: Evaluator, rules: MoveRules) -> None:
        self.game = evaluator.game
        self.rules = rules
        self.searcher = Searcher(evaluator, rules)
        self.model = self.searcher.model
        self.outputs: tuple[str, ...] = self.game.probabilities
        self.cube = rules.game != "nardy"
        """Whether the game has a doubling cube (cubeful rollouts)."""
        self.variant = "georgian" if rules.game == "georgian" else "international"
        """The backgammon variant whose cube values the cubeful conversion uses."""
        self._results = np.zeros((CAPACITY, 2, 26), np.int8)
        self._scratch = new_scratch(self.game.code)
        self._x = np.zeros(self.game.inputs, np.float32)
        self._out = np.zeros(self.game.outputs)

    def searcher_results(self, board: Boards, d1: int, d2: int) -> Boards:
        """Every legal result of the roll (the opponent on roll)."""
        n = generate(self.rules.code, board, d1, d2, self._results, self._scratch)
        return np.array(self._results[:n])

    def play(self, board: Boards, d1: int, d2: int) -> Boards:
        """The result of the 0-ply best play of the roll (the opponent on roll)."""
        n = generate(self.rules.code, board, d1, d2, self._results, self._scratch)
        k = 0 if n == 1 else fast.best_index(self.model, self._results, n, self._x, self._out)
        return np.array(self._results[k])

    def play_at(self, board: Boards, d1: int, d2: int, ply: int) -> Boards:
        """The result of the best play of the roll at ``ply``: 0, or 1 (the best
        ``DEEPER_WIDTH`` at 0-ply scored by the average over the opponent's 21 replies)."""
        if ply == 0:
            return self.play(board, d1, d2)
        results = self.searcher_results(board, d1, d2)
        if len(results) == 1:
            return np.array(results[0])
        values = self.searcher.equity(self.searcher.static(results))
        best, best_value = 0, -np.inf
        for i in np.argsort(-values, kind="stable")[:DEEPER_WIDTH]:
            deeper = self.searcher.deeper(results[i], 1, DEEPER_WIDTH)
            value = float(self.searcher.equity(deeper[None])[0])
            if value > best_value:
                best, best_value = int(i), value
        return np.array(results[best])

    def after_rolls(self, board: Boards) -> Vector:
        """The mover's probabilities after his best play of each of ``rolls.ROLLS``."""
        return rolls.best_after_rolls(board, self.rules, self.model)[1]

    def evaluate(self, board: Boards) -> Vector:
        """The probabilities of the side on roll (exact when the game is over)."""
        out = np.zeros(len(self.outputs))
        fast.probabilities_one(self.model, board, self._x, out)
        return out

    def exact(self, board: Boards) -> bool:
        """Whether ``evaluate`` is exact here (the bear-off database's case: long nardy's
        once every checker is home, backgammon's once both sides have also borne off one), so
        that a trial may stop."""
        home = not board[:, 7:26].any()
        return bool(home and (not self.cube or (board[0, 0] > 0 and board[1, 0] > 0)))

    def flip(self, probabilities: Vector) -> Vector:
        """The same probabilities seen by the other side (rows or one vector)."""
        p = np.atleast_2d(probabilities)
        return np.asarray(self.game.flip(p)).reshape(np.shape(probabilities))

    def equity(self, probabilities: Vector) -> Vector:
        """The cubeless equity of each row of probabilities."""
        return self.game.equity(np.atleast_2d(probabilities))


@dataclass(frozen=True)
class RolloutSpec:
    """The game of a rollout as plain values: its name, long nardy's rules options
    (bear-off preference, block check, head exception) and the weights file (``None``: the
    network the package ships)."""

    name: RolloutGameName
    nardy_options: tuple[str, str, str] = ("seed", "step", "seed")
    weights: Path | None = None

    def __post_init__(self) -> None:
        if self.name not in ("backgammon", "georgian", "nardy"):
            raise GameError(f"rollouts are for backgammon, georgian and nardy, not {self.name!r}")

    def game(self) -> RolloutGame:
        """The adapter of this game, its network loaded."""
        from gamehall.engines.neural.levels import EVALUATORS, NetworkGame, shipped_evaluator

        network: NetworkGame = "nardy" if self.name == "nardy" else "backgammon"
        evaluator = (
            shipped_evaluator(network)
            if self.weights is None
            else EVALUATORS[network].load(self.weights)[0]
        )
        rules = (
            MoveRules("nardy", *self.nardy_options) if network == "nardy" else MoveRules(self.name)
        )
        return RolloutGame(evaluator, rules)
