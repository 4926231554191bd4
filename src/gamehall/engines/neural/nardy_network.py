"""The long nardy evaluator: the backgammon machinery's two networks (contact and race) with
nardy's inputs and outputs (``nardy_fast``) and its exact cases.

Outputs, for the side on roll before his roll: win, win by mars (the loser has borne off
nothing, 2 points), lose by mars. Equity is ``2 win - 1 + win_mars - lose_mars`` (no cube in
long nardy: points per game). Positions where no checker can block or pass another any more go
to the race network, the rest to the contact network; once every checker of both sides is home
the bear-off database (``nardy_bearoff``) gives the chances exactly; a finished game its result.
A whole batch of candidates is evaluated with one matrix product per layer.
"""

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from gamehall.engines.neural import nardy_bearoff, nardy_fast
from gamehall.engines.neural.bearoff import sorted_keys
from gamehall.engines.neural.board import Boards
from gamehall.engines.neural.network import Evaluator, Floats, Net, Probabilities

INPUTS = nardy_fast.INPUTS
OUTPUTS = nardy_fast.OUTPUTS

KernelArgs = tuple[npt.NDArray[np.generic], ...]


def encode(boards: Boards) -> Floats:
    """The network inputs of boards (n, 2, 26), shape (n, INPUTS)."""
    x = np.zeros((boards.shape[0], INPUTS), np.float32)
    nardy_fast.encode_batch(boards, x)
    return x


def is_race(boards: Boards) -> npt.NDArray[np.bool_]:
    """Which boards are pure races: no checker of either side can block or pass the other's."""
    out = np.zeros(boards.shape[0], np.bool_)
    nardy_fast.race_batch(boards, out)
    return out


def equity(probabilities: Probabilities) -> npt.NDArray[np.float64]:
    """Points per game each row of probabilities is worth to its side."""
    p = probabilities
    return np.asarray(2.0 * p[:, 0] - 1.0 + p[:, 1] - p[:, 2])


def flip(probabilities: Probabilities) -> Probabilities:
    """The same probabilities seen by the other side."""
    p = probabilities
    return np.stack((1.0 - p[:, 0], p[:, 2], p[:, 1]), axis=1)


def lost_outcome(boards: Boards) -> Probabilities:
    """The exact result of finished boards, the loser on roll: lost, by mars when he has borne
    off nothing."""
    out = np.zeros((boards.shape[0], OUTPUTS))
    out[:, 2] = boards[:, 0, 0] == 0
    return out


class NardyEvaluator(Evaluator):
    """The long nardy networks with the exact cases around them."""

    game = "nardy"
    inputs = INPUTS
    earlier_inputs = ()
    outputs = OUTPUTS

    def probabilities(self, boards: Boards) -> Probabilities:
        """Win, win mars, lose mars of each board (n, 2, 26) for its side on roll."""
        n = boards.shape[0]
        out = np.zeros((n, OUTPUTS))
        finished = boards[:, 1, 0] == 15
        if finished.any():
            out[finished] = lost_outcome(boards[finished])
        home = ~np.any(boards[:, :, 7:25] > 0, axis=(1, 2)) & ~finished
        live = ~finished & ~home
        if live.any():
            rows = np.flatnonzero(live)
            race = is_race(boards[rows])
            inputs = encode(boards[rows])
            for net, which in ((self.contact, ~race), (self.race, race)):
                if which.any():
                    out[rows[which]] = net.forward(inputs[which])
            out[rows[boards[rows, 1, 0] > 0], 1] = 0.0
            out[rows[boards[rows, 0, 0] > 0], 2] = 0.0
            out[rows, 1] = np.minimum(out[rows, 1], out[rows, 0])
            out[rows, 2] = np.minimum(out[rows, 2], 1.0 - out[rows, 0])
        if home.any():
            dist, first = nardy_bearoff.database()
            keys = sorted_keys()
            for i in np.flatnonzero(home):
                nardy_bearoff.race_one(boards[i], dist, first, keys, out[i])
        return out

    def equities(self, boards: Boards) -> npt.NDArray[np.float64]:
        """Points per game of each board for its side on roll."""
        return equity(self.probabilities(boards))

    def flip(self, probabilities: Probabilities) -> Probabilities:
        return flip(probabilities)

    def final(self, boards: Boards) -> Probabilities:
        return lost_outcome(boards)

    def batches(self, boards: Boards) -> list[tuple[Net, Floats, npt.NDArray[np.bool_]]]:
        """Each network with the inputs of the boards and those it evaluates (the boards the
        bear-off database settles train neither)."""
        race = is_race(boards)
        home = ~np.any(boards[:, :, 7:25] > 0, axis=(1, 2))
        inputs = encode(boards)
        return [(self.contact, inputs, ~race), (self.race, inputs, race & ~home)]

    def kernel_args(self) -> KernelArgs:
        """The arrays the kernels take after their own arguments: both networks' weights and
        the bear-off tables with their keys."""
        c, r = self.contact, self.race
        dist, first = nardy_bearoff.database()
        return (c.w1, c.b1, c.w2, c.b2, r.w1, r.b1, r.w2, r.b2, dist, first, sorted_keys())

    def self_play(self, seed: int, boards: Boards) -> int:
        return int(nardy_fast.self_play(seed, boards, *self.kernel_args()))

    def chooser(self) -> Callable[[Boards, tuple[int, int], Boards], int]:
        args = self.kernel_args()
        x = np.zeros(INPUTS, np.float32)
        out = np.zeros(OUTPUTS)

        def choose(board: Boards, dice: tuple[int, int], results: Boards) -> int:
            return int(nardy_fast.best_index(results, len(results), x, out, *args))

        return choose


def kernel_probabilities(boards: Boards, args: KernelArgs) -> Probabilities:
    """The compiled evaluator over a batch, for comparison with ``probabilities``."""
    out = np.zeros((boards.shape[0], OUTPUTS))
    x = np.zeros(INPUTS, np.float32)
    for i in range(boards.shape[0]):
        nardy_fast.probabilities_one(boards[i], x, out[i], *args)
    return out
