"""The evaluator: two one-hidden-layer networks (contact and race) for one tables game, with
the exact cases around them, giving for boards with the side on roll first the game's
probabilities (``games``: backgammon's five, long nardy's three) and the equity they make.

Every game is evaluated alike: a finished game gets its exact result; the other boards go to
the contact or the race network by the game's race test (the boards the game settles exactly
skip the networks), the game corrects what it knows exactly (a pure bear-off from its
database) and clips the outputs consistent. Evaluation is numpy only: one matrix product per
layer for a whole batch of candidates; the compiled kernels (``fast``) evaluate one board at a
time for search and self-play.
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from gamehall.engines.neural import bearoff, fast
from gamehall.engines.neural.board import Boards, MoveRules
from gamehall.engines.neural.games.backgammon import BACKGAMMON
from gamehall.engines.neural.games.description import Floats, Probabilities, TablesGame
from gamehall.engines.neural.games.nardy import NARDY
from gamehall.engines.neural.kernel import Layers, Model
from gamehall.errors import GameError


def _sigmoid(x: Floats) -> Floats:
    return np.asarray(1.0 / (1.0 + np.exp(-np.clip(x, -30.0, 30.0))), dtype=np.float32)


@dataclass
class Net:
    """One network: inputs -> sigmoid hidden layer -> five sigmoid outputs."""

    w1: Floats
    b1: Floats
    w2: Floats
    b2: Floats

    @classmethod
    def fresh(cls, hidden: int, rng: np.random.Generator, inputs: int, outputs: int) -> "Net":
        """Small random weights."""
        scale = 1.0 / np.sqrt(inputs)
        return cls(
            rng.uniform(-scale, scale, (inputs, hidden)).astype(np.float32),
            np.zeros(hidden, np.float32),
            rng.uniform(-0.1, 0.1, (hidden, outputs)).astype(np.float32),
            np.zeros(outputs, np.float32),
        )

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    def hidden_of(self, inputs: Floats) -> Floats:
        """The hidden layer's activations."""
        return _sigmoid(inputs @ self.w1 + self.b1)

    def forward(self, inputs: Floats) -> Floats:
        """The five outputs of each row of inputs."""
        return _sigmoid(self.hidden_of(inputs) @ self.w2 + self.b2)

    def arrays(self, prefix: str) -> dict[str, Floats]:
        return {f"{prefix}_{k}": v for k, v in vars(self).items()}

    @classmethod
    def from_arrays(
        cls, arrays: Any, prefix: str, inputs: int, earlier: tuple[int, ...] = ()
    ) -> "Net":
        """The network saved under ``prefix``, taking ``inputs`` inputs; a first layer saved
        with one of the ``earlier`` sizes (weights trained before the later inputs existed)
        gets zero weights for the rest, so that it evaluates as it did."""
        w1, b1, w2, b2 = (
            np.asarray(arrays[f"{prefix}_{k}"], np.float32) for k in ("w1", "b1", "w2", "b2")
        )
        if w1.shape[0] in earlier:
            w1 = np.vstack((w1, np.zeros((inputs - w1.shape[0], w1.shape[1]), np.float32)))
        if w1.shape[0] != inputs:
            raise GameError(
                f"the {prefix} network saved there takes {w1.shape[0]} inputs, not the "
                f"{inputs} of these networks: it was trained for another game or version"
            )
        return cls(w1, b1, w2, b2)


class Evaluator:
    """The contact and race networks of one game (``game``: backgammon's here, long nardy's in
    ``NardyEvaluator``) with the exact cases around them."""

    game: ClassVar[TablesGame] = BACKGAMMON

    def __init__(self, contact: Net, race: Net) -> None:
        self.contact = contact
        self.race = race

    @classmethod
    def fresh(cls, seed: int, contact_hidden: int = 80, race_hidden: int = 40) -> Self:
        """Untrained networks, their weights drawn from ``seed``."""
        rng = np.random.default_rng(seed)
        inputs, outputs = cls.game.inputs, cls.game.outputs
        return cls(
            Net.fresh(contact_hidden, rng, inputs, outputs),
            Net.fresh(race_hidden, rng, inputs, outputs),
        )

    def save(self, path: Path | str, meta: str = "{}") -> None:
        """Write the weights (``.npz``), with ``meta`` (JSON text) beside them in the file."""
        arrays: dict[str, Any] = {**self.contact.arrays("contact"), **self.race.arrays("race")}
        arrays["meta"] = np.array(meta)
        target = Path(path)
        partial = target.with_name(target.name + ".partial.npz")
        np.savez_compressed(partial, **arrays)
        partial.replace(target)

    @staticmethod
    def meta(path: Path | str) -> str:
        """The meta text saved with the weights in ``path`` (its training record)."""
        with np.load(path) as arrays:
            return str(arrays["meta"]) if "meta" in arrays else "{}"

    @classmethod
    def load(cls, path: Path | str) -> tuple[Self, str]:
        """The evaluator saved in ``path``, and its meta text."""
        inputs, earlier = cls.game.inputs, cls.game.earlier_inputs
        with np.load(path) as arrays:
            evaluator = cls(
                Net.from_arrays(arrays, "contact", inputs, earlier),
                Net.from_arrays(arrays, "race", inputs, earlier),
            )
            meta = str(arrays["meta"]) if "meta" in arrays else "{}"
        return evaluator, meta

    def probabilities(self, boards: Boards) -> Probabilities:
        """The game's probabilities of each board (n, 2, 26) for its side on roll."""
        game = self.game
        out = np.zeros((boards.shape[0], game.outputs))
        finished = boards[:, 1, 0] == 15
        if finished.any():
            out[finished] = game.lost_outcome(boards[finished])
        settled = game.settled(boards) & ~finished
        live = ~finished & ~settled
        if live.any():
            rows = np.flatnonzero(live)
            race = game.is_race(boards[rows])
            inputs = game.encode(boards[rows])
            for net, which in ((self.contact, ~race), (self.race, race)):
                if which.any():
                    out[rows[which]] = net.forward(inputs[which])
            game.after_nets(boards, out, rows)
        if settled.any():
            game.settle(boards, out, np.flatnonzero(settled))
        return game.consistent(out)

    def equities(self, boards: Boards) -> npt.NDArray[np.float64]:
        """Cubeless equity (points per game) of each board for its side on roll."""
        return self.game.equity(self.probabilities(boards))

    # -- what training needs of a game (``training``) --------------------------------------

    def flip(self, probabilities: Probabilities) -> Probabilities:
        """The same probabilities seen by the other side."""
        return self.game.flip(probabilities)

    def final(self, boards: Boards) -> Probabilities:
        """The exact result of finished boards, the loser on roll."""
        return self.game.lost_outcome(boards)

    def batches(self, boards: Boards) -> list[tuple[Net, Floats, npt.NDArray[np.bool_]]]:
        """Each network with the inputs of all ``boards`` and which of them it evaluates (the
        boards the game settles exactly train neither)."""
        race = self.game.is_race(boards)
        settled = self.game.settled(boards)
        inputs = self.game.encode(boards)
        return [(self.contact, inputs, ~race), (self.race, inputs, race & ~settled)]

    def model(self) -> Model:
        """The networks' weights (as they stand: the arrays themselves) and the game's bear-off
        tables, as the compiled kernels take them."""
        c, r = self.contact, self.race
        dist, first = bearoff.tables(self.game.bearoff)
        return Model(
            self.game.code,
            Layers(c.w1, c.b1, c.w2, c.b2),
            Layers(r.w1, r.b1, r.w2, r.b2),
            dist,
            first,
            bearoff.sorted_keys(),
        )

    def self_play(self, seed: int, boards: Boards) -> int:
        """Play one greedy 0-ply game with dice from ``seed`` into ``boards`` (each with its
        side on roll first); returns how many boards it wrote."""
        rules = MoveRules(self.game.moves).code
        return int(fast.self_play(self.model(), rules, seed, boards))

    def chooser(self) -> Callable[[Boards, tuple[int, int], Boards], int]:
        """The 0-ply player of these networks (their weights as they stand at each call): given
        the board, the dice and the legal results, the index of the result it plays."""
        model = self.model()
        x = np.zeros(self.game.inputs, np.float32)
        out = np.zeros(self.game.outputs)

        def choose(board: Boards, dice: tuple[int, int], results: Boards) -> int:
            return int(fast.best_index(model, results, len(results), x, out))

        return choose


class NardyEvaluator(Evaluator):
    """Long nardy's networks."""

    game = NARDY
