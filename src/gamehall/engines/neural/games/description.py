"""What the shared evaluator (``network.Evaluator``) needs to know of one tables game.

The evaluator runs every game alike: finished boards get their exact result, the others go to
the contact or the race network by the game's race test, the boards the game settles exactly
(a pure bear-off) are corrected or replaced after the networks, and the outputs are made
consistent. A game describes the steps that are its own.
"""

from abc import ABC, abstractmethod

import numpy as np
import numpy.typing as npt

from gamehall.engines.neural.bearoff import BearoffGame
from gamehall.engines.neural.board import Boards, MoveGame

Floats = npt.NDArray[np.float32]
Probabilities = npt.NDArray[np.float64]
"""Shape (n, outputs): the game's probabilities for the side they belong to."""
Rows = npt.NDArray[np.int64]


class TablesGame(ABC):
    """One game's network: its inputs and outputs, their scoring and its exact cases."""

    name: str
    """The game as ``gamehall train`` and the shipped weights name it."""
    code: int
    """The game's code in the compiled kernels (``kernel``)."""
    moves: MoveGame
    """The rules its self-play games and, unless told, its search move by (``board``)."""
    bearoff: BearoffGame
    """Its bear-off database (``bearoff``)."""
    inputs: int
    outputs: int
    probabilities: tuple[str, ...]
    """The names of the outputs, in their order."""
    earlier_inputs: tuple[int, ...] = ()
    """Input counts of earlier versions of the networks, whose saved weights load with zero
    weights for the inputs added since."""

    @abstractmethod
    def encode(self, boards: Boards) -> Floats:
        """The network inputs of boards (n, 2, 26), shape (n, inputs)."""

    @abstractmethod
    def is_race(self, boards: Boards) -> npt.NDArray[np.bool_]:
        """Which boards go to the race network."""

    @abstractmethod
    def lost_outcome(self, boards: Boards) -> Probabilities:
        """The exact result of finished boards, the loser on roll."""

    @abstractmethod
    def equity(self, probabilities: Probabilities) -> npt.NDArray[np.float64]:
        """What each row of probabilities is worth to its side (points per game, cubeless)."""

    @abstractmethod
    def flip(self, probabilities: Probabilities) -> Probabilities:
        """The same probabilities seen by the other side."""

    def settled(self, boards: Boards) -> npt.NDArray[np.bool_]:
        """Which boards the game settles without the networks (``settle``)."""
        return np.zeros(boards.shape[0], np.bool_)

    @abstractmethod
    def settle(self, boards: Boards, out: Probabilities, rows: Rows) -> None:
        """Write the exact probabilities of ``boards[rows]`` (all ``settled``) into ``out``."""

    @abstractmethod
    def after_nets(self, boards: Boards, out: Probabilities, rows: Rows) -> None:
        """Correct the networks' outputs of ``boards[rows]`` in ``out`` by what is known."""

    def consistent(self, out: Probabilities) -> Probabilities:
        """The outputs of a whole batch, clipped so that they agree with each other."""
        return out
