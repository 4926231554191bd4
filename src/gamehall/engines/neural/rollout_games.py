"""What a rollout needs of a tables game, one small adapter per game over its compiled kernels:
the 0-ply play of a roll, the mover's probabilities after his best play of each of the 21
rolls (for variance reduction), a position's evaluation, and where its exact database takes
over.

A ``RolloutSpec`` names the game, its rules options and the weights (``None``: the shipped
network) as plain values: it is what goes to the worker processes, each of which builds its
adapter once (``spec.game()``), the networks and databases loaded there.
"""

from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt

from gamehall.engines.neural import fast, nardy_fast, nardy_rolls, rolls
from gamehall.engines.neural.board import CAPACITY, Boards, generate
from gamehall.engines.neural.nardy_board import generate as nardy_generate
from gamehall.engines.neural.nardy_board import new_tables, options_code
from gamehall.engines.neural.nardy_network import NardyEvaluator
from gamehall.engines.neural.nardy_network import equity as nardy_equity
from gamehall.engines.neural.nardy_network import flip as nardy_flip
from gamehall.engines.neural.nardy_search import NardySearcher
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.network import equity as backgammon_equity
from gamehall.engines.neural.network import flip as backgammon_flip
from gamehall.engines.neural.search import Searcher
from gamehall.errors import GameError

Vector = npt.NDArray[np.float64]
RolloutGameName = Literal["backgammon", "georgian", "nardy"]

BACKGAMMON_OUTPUTS = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")
NARDY_OUTPUTS = ("win", "win_mars", "lose_mars")
ROLL_WEIGHTS = np.array([1.0 if a == b else 2.0 for a, b in rolls.ROLLS]) / 36.0
"""The chance of each of ``rolls.ROLLS``."""
_ROLL_INDEX = {roll: k for k, roll in enumerate(rolls.ROLLS)}
DEEPER_WIDTH = 3
"""At 1-ply a trial's player searches the best few plays at 0-ply (``search``'s move
filter, as its root search does)."""


def roll_index(d1: int, d2: int) -> int:
    """The place of a roll (either order) in ``rolls.ROLLS``."""
    return _ROLL_INDEX[(min(d1, d2), max(d1, d2))]


class RolloutGame(ABC):
    """One game's kernels for a rollout (a base holding what the games share)."""

    outputs: tuple[str, ...]
    cube: bool
    """Whether the game has a doubling cube (cubeful rollouts)."""
    variant = "international"
    """The backgammon variant whose cube values the cubeful conversion uses."""

    def __init__(
        self, args: tuple[npt.NDArray[np.generic], ...], inputs: int, searcher: Searcher
    ) -> None:
        self.args = args
        self.searcher = searcher
        self._results = np.zeros((CAPACITY, 2, 26), np.int8)
        self._ranks = np.zeros(CAPACITY, np.int64)
        self._x = np.zeros(inputs, np.float32)
        self._out = np.zeros(len(self.outputs))

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

    @abstractmethod
    def searcher_results(self, board: Boards, d1: int, d2: int) -> Boards:
        """Every legal result of the roll (the opponent on roll)."""

    @abstractmethod
    def play(self, board: Boards, d1: int, d2: int) -> Boards:
        """The result of the 0-ply best play of the roll (the opponent on roll)."""

    @abstractmethod
    def after_rolls(self, board: Boards) -> Vector:
        """The mover's probabilities after his best play of each of ``rolls.ROLLS``."""

    @abstractmethod
    def evaluate(self, board: Boards) -> Vector:
        """The probabilities of the side on roll (exact when the game is over)."""

    @abstractmethod
    def exact(self, board: Boards) -> bool:
        """Whether ``evaluate`` is exact here (the bear-off database's case), so that a trial
        may stop."""

    @abstractmethod
    def flip(self, probabilities: Vector) -> Vector:
        """The same probabilities seen by the other side (rows or one vector)."""

    @abstractmethod
    def equity(self, probabilities: Vector) -> Vector:
        """The cubeless equity of each row of probabilities."""


class BackgammonRollout(RolloutGame):
    """Backgammon and Georgian: five outputs, the contact and race networks, the bear-off
    database exact once both sides have borne off a checker in a pure bear-off."""

    outputs = BACKGAMMON_OUTPUTS
    cube = True

    def __init__(self, evaluator: Evaluator, georgian: bool) -> None:
        super().__init__(
            fast.kernel_args(evaluator), evaluator.inputs, Searcher(evaluator, georgian)
        )
        self.georgian = georgian
        self.variant = "georgian" if georgian else "international"
        self._hashes = np.zeros(CAPACITY, np.int64)

    def searcher_results(self, board: Boards, d1: int, d2: int) -> Boards:
        n = generate(board, d1, d2, self.georgian, self._results, self._ranks, self._hashes)
        return np.array(self._results[:n])

    def play(self, board: Boards, d1: int, d2: int) -> Boards:
        n = generate(board, d1, d2, self.georgian, self._results, self._ranks, self._hashes)
        k = 0 if n == 1 else fast.best_index(self._results, n, self._x, self._out, *self.args)
        return np.array(self._results[k])

    def after_rolls(self, board: Boards) -> Vector:
        return rolls.best_after_rolls(board, self.georgian, self.args)[1]

    def evaluate(self, board: Boards) -> Vector:
        out = np.zeros(len(self.outputs))
        fast.probabilities_one(board, self._x, out, *self.args)
        return out

    def exact(self, board: Boards) -> bool:
        home = not board[:, 7:26].any()
        return bool(home and board[0, 0] > 0 and board[1, 0] > 0)

    def flip(self, probabilities: Vector) -> Vector:
        p = np.atleast_2d(probabilities)
        return np.asarray(backgammon_flip(p)).reshape(np.shape(probabilities))

    def equity(self, probabilities: Vector) -> Vector:
        return backgammon_equity(np.atleast_2d(probabilities))


class NardyRollout(RolloutGame):
    """Long nardy under its rules options: win, win by mars, lose by mars; the bear-off
    database exact once every checker of both sides is home."""

    outputs = NARDY_OUTPUTS
    cube = False

    def __init__(self, evaluator: NardyEvaluator, options: tuple[str, str, str]) -> None:
        super().__init__(
            evaluator.kernel_args(), evaluator.inputs, NardySearcher(evaluator, *options)
        )
        self.options = options_code(*options)
        self._tables = new_tables()

    def searcher_results(self, board: Boards, d1: int, d2: int) -> Boards:
        n = nardy_generate(board, d1, d2, self.options, self._results, self._ranks, self._tables)
        return np.array(self._results[:n])

    def play(self, board: Boards, d1: int, d2: int) -> Boards:
        n = nardy_generate(board, d1, d2, self.options, self._results, self._ranks, self._tables)
        k = 0
        if n > 1:
            k = nardy_fast.best_index(self._results, n, self._x, self._out, *self.args)
        return np.array(self._results[k])

    def after_rolls(self, board: Boards) -> Vector:
        return nardy_rolls.best_after_rolls(board, self.options, self.args)

    def evaluate(self, board: Boards) -> Vector:
        out = np.zeros(len(self.outputs))
        nardy_fast.probabilities_one(board, self._x, out, *self.args)
        return out

    def exact(self, board: Boards) -> bool:
        return not board[:, 7:26].any()

    def flip(self, probabilities: Vector) -> Vector:
        p = np.atleast_2d(probabilities)
        return np.asarray(nardy_flip(p)).reshape(np.shape(probabilities))

    def equity(self, probabilities: Vector) -> Vector:
        return nardy_equity(np.atleast_2d(probabilities))


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
        if self.name == "nardy":
            from gamehall.engines.neural.nardy_levels import shipped_evaluator as nardy_shipped

            nardy = (
                nardy_shipped() if self.weights is None else NardyEvaluator.load(self.weights)[0]
            )
            return NardyRollout(nardy, self.nardy_options)
        from gamehall.engines.neural.levels import shipped_evaluator

        evaluator = shipped_evaluator() if self.weights is None else Evaluator.load(self.weights)[0]
        return BackgammonRollout(evaluator, self.name == "georgian")
