"""The evaluator: two one-hidden-layer networks (contact and race) giving, for boards with the
side on roll first, the five probabilities gnubg popularised, and the equity they make.

Outputs, for the side on roll before his roll: win, win a gammon (backgammons included), win a
backgammon, lose a gammon, lose a backgammon. Cubeless equity is
``2 win - 1 + win_gammon - lose_gammon + win_backgammon - lose_backgammon``.

Inputs (``encode``), for each side, the side on roll first: TD-Gammon's raw encoding of points
1..24 in that side's own numbering (four units per point: 1, 2, 3 or more checkers as on/off,
then (n - 3) / 2), the bar (n / 2) and the borne-off checkers (n / 15); then a few features of
the project's choosing: pips / 100, blots / 5, made home points / 6, the furthest-back
checker / 25, checkers in the opponent's home board and on the bar / 5. Races add three inputs
from the bear-off database (``bearoff.race_inputs``: each side's expected rolls to bear off and
the side on roll's chance of finishing first, the checkers outside the home board counted in);
they are zero in contact positions.

Positions with contact go to the contact network, races to the race network; a pure bear-off
(every checker of both sides home) takes its win chance exactly from the bear-off database;
finished games get their exact result. Evaluation is numpy only: one matrix product per layer
for a whole batch of candidates.
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

import numpy as np
import numpy.typing as npt

from gamehall.engines.neural import bearoff
from gamehall.engines.neural.board import Boards
from gamehall.errors import GameError

Floats = npt.NDArray[np.float32]
Probabilities = npt.NDArray[np.float64]
"""Shape (n, 5): win, win gammon, win backgammon, lose gammon, lose backgammon."""

RAW_INPUTS = 2 * (24 * 4 + 2)
FEATURES = 2 * 6
RACE_AT = RAW_INPUTS + FEATURES
"""Where the race inputs from the bear-off database begin."""
INPUTS = RACE_AT + bearoff.RACE_INPUTS
OUTPUTS = 5
NETS = ("contact", "race")


_UNITS = np.array(
    [[n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2.0] for n in range(16)], dtype=np.float32
)
"""TD-Gammon's four units for 0..15 checkers on a point."""


def encode(boards: Boards) -> Floats:
    """The network inputs of boards (n, 2, 26), shape (n, INPUTS)."""
    n = boards.shape[0]
    x = np.empty((n, INPUTS), np.float32)
    raw = x[:, :RAW_INPUTS].reshape(n, 2, 98)
    points = boards[:, :, 1:25]
    raw[:, :, :96] = _UNITS[points].reshape(n, 2, 96)
    bar = boards[:, :, 25].astype(np.float64)
    raw[:, :, 96] = bar / 2.0
    raw[:, :, 97] = boards[:, :, 0] / 15.0
    features = x[:, RAW_INPUTS:RACE_AT].reshape(n, 2, 6)
    features[:, :, 0] = (boards.astype(np.int64) @ np.arange(26)) / 100.0
    features[:, :, 1] = np.count_nonzero(points == 1, axis=2) / 5.0
    features[:, :, 2] = np.count_nonzero(boards[:, :, 1:7] >= 2, axis=2) / 6.0
    features[:, :, 3] = furthest_back(boards) / 25.0
    features[:, :, 4] = boards[:, :, 19:26].sum(axis=2) / 5.0
    features[:, :, 5] = bar / 5.0
    x[:, RACE_AT:] = 0.0
    races = np.flatnonzero(is_race(boards))
    if races.size:
        bearoff.race_inputs_batch(
            boards, races, bearoff.database(), bearoff.sorted_keys(), x, RACE_AT
        )
    return x


def furthest_back(boards: Boards) -> npt.NDArray[np.int64]:
    """Each side's furthest-back checker (own numbering, 25 the bar, 0 all off), shape (n, 2)."""
    occupied = boards[:, :, 1:26] > 0
    return np.asarray(
        np.where(occupied.any(axis=2), 25 - np.argmax(occupied[:, :, ::-1], axis=2), 0)
    )


def is_race(boards: Boards) -> npt.NDArray[np.bool_]:
    """Which boards are races: every checker of each side past every checker of the other."""
    back = furthest_back(boards)
    return np.asarray(back[:, 0] + back[:, 1] < 25)


def equity(probabilities: Probabilities) -> npt.NDArray[np.float64]:
    """Cubeless equity of each row of probabilities, for the side they belong to."""
    p = probabilities
    return np.asarray(2.0 * p[:, 0] - 1.0 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4])


def flip(probabilities: Probabilities) -> Probabilities:
    """The same probabilities seen by the other side."""
    p = probabilities
    return np.stack((1.0 - p[:, 0], p[:, 3], p[:, 4], p[:, 1], p[:, 2]), axis=1)


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
    def fresh(
        cls, hidden: int, rng: np.random.Generator, inputs: int = INPUTS, outputs: int = OUTPUTS
    ) -> "Net":
        """Small random weights (backgammon's inputs and outputs unless told)."""
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
    """The contact and race networks with the exact cases around them (backgammon's; another
    game's evaluator is a subclass with its own inputs, outputs and exact cases)."""

    game = "backgammon"
    """The game the networks evaluate, as ``gamehall train`` names it."""
    inputs = INPUTS
    outputs = OUTPUTS
    earlier_inputs: tuple[int, ...] = (RACE_AT,)
    """The input counts of earlier versions of these networks, whose saved weights load with
    zero weights for the inputs added since (before the race inputs: 208)."""

    def __init__(self, contact: Net, race: Net) -> None:
        self.contact = contact
        self.race = race

    @classmethod
    def fresh(cls, seed: int, contact_hidden: int = 80, race_hidden: int = 40) -> Self:
        """Untrained networks, their weights drawn from ``seed``."""
        rng = np.random.default_rng(seed)
        return cls(
            Net.fresh(contact_hidden, rng, cls.inputs, cls.outputs),
            Net.fresh(race_hidden, rng, cls.inputs, cls.outputs),
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
        with np.load(path) as arrays:
            evaluator = cls(
                Net.from_arrays(arrays, "contact", cls.inputs, cls.earlier_inputs),
                Net.from_arrays(arrays, "race", cls.inputs, cls.earlier_inputs),
            )
            meta = str(arrays["meta"]) if "meta" in arrays else "{}"
        return evaluator, meta

    def probabilities(self, boards: Boards) -> Probabilities:
        """The five probabilities of each board (n, 2, 26) for its side on roll."""
        n = boards.shape[0]
        out = np.zeros((n, OUTPUTS))
        finished = boards[:, 1, 0] == 15
        live = ~finished
        if finished.any():
            out[finished] = lost_outcome(boards[finished])
        if live.any():
            rows = np.flatnonzero(live)
            race = is_race(boards[rows])
            inputs = encode(boards[rows])
            for net, which in ((self.contact, ~race), (self.race, race)):
                if which.any():
                    out[rows[which]] = net.forward(inputs[which])
            exact = rows[bearoff.is_bearoff(boards[rows])]
            if exact.size:
                self._bearoff(boards[exact], out, exact)
        return _consistent(out)

    def _bearoff(self, boards: Boards, out: Probabilities, rows: npt.NDArray[np.int64]) -> None:
        out[rows, 0] = bearoff.win_chances(boards[:, 0, 1:7], boards[:, 1, 1:7])
        started = (boards[:, 0, 0] > 0) & (boards[:, 1, 0] > 0)
        out[rows[started], 1:] = 0.0
        out[rows, 2] = 0.0
        out[rows, 4] = 0.0

    def equities(self, boards: Boards) -> npt.NDArray[np.float64]:
        """Cubeless equity of each board for its side on roll."""
        return equity(self.probabilities(boards))

    # -- what training needs of a game (``training``) --------------------------------------

    def flip(self, probabilities: Probabilities) -> Probabilities:
        """The same probabilities seen by the other side."""
        return flip(probabilities)

    def final(self, boards: Boards) -> Probabilities:
        """The exact result of finished boards, the loser on roll."""
        return lost_outcome(boards)

    def batches(self, boards: Boards) -> list[tuple[Net, Floats, npt.NDArray[np.bool_]]]:
        """Each network with the inputs of all ``boards`` and which of them it evaluates."""
        race = is_race(boards)
        inputs = encode(boards)
        return [(self.contact, inputs, ~race), (self.race, inputs, race)]

    def self_play(self, seed: int, boards: Boards) -> int:
        """Play one greedy 0-ply game with dice from ``seed`` into ``boards`` (each with its
        side on roll first); returns how many boards it wrote."""
        from gamehall.engines.neural import fast

        return int(fast.self_play(seed, boards, *fast.kernel_args(self)))

    def chooser(self) -> Callable[[Boards, tuple[int, int], Boards], int]:
        """The 0-ply player of these networks (their weights as they stand at each call): given
        the board, the dice and the legal results, the index of the result it plays."""
        from gamehall.engines.neural import fast

        args = fast.kernel_args(self)
        x = np.zeros(self.inputs, np.float32)
        out = np.zeros(self.outputs)

        def choose(board: Boards, dice: tuple[int, int], results: Boards) -> int:
            return int(fast.best_index(results, len(results), x, out, *args))

        return choose


def lost_outcome(boards: Boards) -> Probabilities:
    """The exact result of finished boards, the loser on roll: lost, gammoned when he has
    borne off nothing, backgammoned when he also has a checker on the bar or in the winner's
    home board."""
    n = boards.shape[0]
    out = np.zeros((n, OUTPUTS))
    gammon = boards[:, 0, 0] == 0
    backgammon = gammon & (boards[:, 0, 19:26].sum(axis=1) > 0)
    out[:, 3] = gammon
    out[:, 4] = backgammon
    return out


def _consistent(p: Probabilities) -> Probabilities:
    """Clip the outputs so that backgammons <= gammons <= the games they belong to."""
    p[:, 1] = np.minimum(p[:, 1], p[:, 0])
    p[:, 2] = np.minimum(p[:, 2], p[:, 1])
    p[:, 3] = np.minimum(p[:, 3], 1.0 - p[:, 0])
    p[:, 4] = np.minimum(p[:, 4], p[:, 3])
    return p
