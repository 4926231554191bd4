"""Long nardy's network: three outputs, the inputs of ``nardy_fast`` (blocks, the head, the
six-block's reach), and the races once every checker is home settled by nardy's bear-off
database.

Outputs, for the side on roll before his roll: win, win by mars (the loser has borne off
nothing, 2 points), lose by mars. Equity is ``2 win - 1 + win_mars - lose_mars`` (no cube in
long nardy: points per game). Positions where no checker can block or pass another any more go
to the race network, the rest to the contact network; once every checker of both sides is home
the bear-off database gives the chances exactly; a finished game its result.
"""

import numpy as np
import numpy.typing as npt

from gamehall.engines.neural import nardy_bearoff, nardy_fast
from gamehall.engines.neural.bearoff import sorted_keys
from gamehall.engines.neural.board import Boards
from gamehall.engines.neural.games.description import Floats, Probabilities, Rows, TablesGame

INPUTS = nardy_fast.INPUTS
OUTPUTS = nardy_fast.OUTPUTS
PROBABILITIES = ("win", "win_mars", "lose_mars")
"""The names of the network's three outputs, in its order."""


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


class Nardy(TablesGame):
    """Long nardy's network description."""

    name = "nardy"
    inputs = INPUTS
    outputs = OUTPUTS
    probabilities = PROBABILITIES

    def encode(self, boards: Boards) -> Floats:
        return encode(boards)

    def is_race(self, boards: Boards) -> npt.NDArray[np.bool_]:
        return is_race(boards)

    def lost_outcome(self, boards: Boards) -> Probabilities:
        return lost_outcome(boards)

    def equity(self, probabilities: Probabilities) -> npt.NDArray[np.float64]:
        return equity(probabilities)

    def flip(self, probabilities: Probabilities) -> Probabilities:
        return flip(probabilities)

    def settled(self, boards: Boards) -> npt.NDArray[np.bool_]:
        """Every checker of both sides home (or off): the database's exact race."""
        return np.asarray(~np.any(boards[:, :, 7:25] > 0, axis=(1, 2)))

    def settle(self, boards: Boards, out: Probabilities, rows: Rows) -> None:
        dist, first = nardy_bearoff.database()
        keys = sorted_keys()
        for i in rows:
            nardy_bearoff.race_one(boards[i], dist, first, keys, out[i])

    def after_nets(self, boards: Boards, out: Probabilities, rows: Rows) -> None:
        """No mars for a side that has borne off; no more mars than games."""
        out[rows[boards[rows, 1, 0] > 0], 1] = 0.0
        out[rows[boards[rows, 0, 0] > 0], 2] = 0.0
        out[rows, 1] = np.minimum(out[rows, 1], out[rows, 0])
        out[rows, 2] = np.minimum(out[rows, 2], 1.0 - out[rows, 0])


NARDY = Nardy()
