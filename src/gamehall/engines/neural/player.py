"""What every network level does alike, whatever the game: rank a roll's plays with the
game's searcher (0-ply, or the root search with a time budget at ``world-class``) and pick the
best, blurred by the level's noise.

- ``intermediate``: 0-ply, each candidate's equity blurred by Gaussian noise of 0.04;
- ``advanced``: 0-ply with noise of 0.015;
- ``expert``: 0-ply, the network's best play;
- ``world-class``: 2-ply expectimax over the 21 rolls with a move filter (``search``).
"""

from collections.abc import Sequence
from typing import Literal

import numpy as np

from gamehall.engines.neural.board import Boards, from_sides
from gamehall.engines.neural.search import Budget, Probabilities, Searcher
from gamehall.engines.tables import TablesEngine
from gamehall.tables.position import Play, TablesPosition

NeuralLevel = Literal["intermediate", "advanced", "expert", "world-class"]
NEURAL_LEVELS: tuple[NeuralLevel, ...] = ("intermediate", "advanced", "expert", "world-class")
NOISE: dict[NeuralLevel, float] = {
    "intermediate": 0.04,
    "advanced": 0.015,
    "expert": 0.0,
    "world-class": 0.0,
}


def board_of(position: TablesPosition) -> Boards:
    """The fast board of a position, its side on roll first."""
    return from_sides(position.mover, position.opponent)


class NeuralPlayer(TablesEngine):
    """A tables engine that plays by a network: ``searcher``, ``noise`` and ``budget`` are set
    by the game's engine."""

    searcher: Searcher
    noise: float
    budget: Budget

    def rank_results(self, results: Boards) -> tuple[list[int], Probabilities]:
        """The results' indices best first at this level's depth, and the mover's
        probabilities after each (without noise)."""
        if self.level == "world-class":
            order, probs, _ = self.searcher.rank(results, self.budget)
            return [int(i) for i in order], probs
        probs = self.searcher.static(results)
        return [int(i) for i in np.argsort(-self.searcher.equity(probs), kind="stable")], probs

    def rank(self, plays: Sequence[Play[TablesPosition]]) -> tuple[list[int], Probabilities]:
        """The plays' indices best first at this level's depth, and the mover's probabilities
        after each (without noise)."""
        return self.rank_results(np.stack([board_of(play.result) for play in plays]))

    def pick(self, results: Boards) -> int:
        """The index of the result this level plays among a roll's ``results``."""
        if len(results) == 1:
            return 0
        order, probs = self.rank_results(results)
        if not self.noise:
            return order[0]
        noise = [self.random.gauss(0.0, self.noise) for _ in range(len(results))]
        return int(np.argmax(self.searcher.equity(probs) + noise))

    def choose_play(
        self, position: TablesPosition, plays: Sequence[Play[TablesPosition]]
    ) -> Play[TablesPosition]:
        return plays[self.pick(np.stack([board_of(play.result) for play in plays]))]
