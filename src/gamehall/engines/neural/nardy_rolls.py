"""Long nardy's counterpart of ``rolls``: for each of the 21 rolls, the side on roll's
probabilities after his best play of it at 0-ply (win, win by mars, lose by mars), in one
compiled pass, under the position's rules options."""

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.board import Boards
from gamehall.engines.neural.nardy_board import CAPACITY, generate, new_tables
from gamehall.engines.neural.nardy_fast import best_index, probabilities_one
from gamehall.engines.neural.network import KernelArgs
from gamehall.engines.neural.rolls import ROLLS


@njit(cache=True, nogil=True)
def _after_rolls(board, options, probs, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys):  # type: ignore[no-untyped-def]
    results = np.zeros((CAPACITY, 2, 26), np.int8)
    ranks = np.zeros(CAPACITY, np.int64)
    tables = new_tables()
    x = np.zeros(cw1.shape[0], np.float32)
    out = np.zeros(3)
    k = 0
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            n = generate(board, d1, d2, options, results, ranks, tables)
            b = best_index(
                results, n, x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys
            )
            probabilities_one(
                results[b], x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys
            )
            probs[k, 0] = 1.0 - out[0]
            probs[k, 1] = out[2]
            probs[k, 2] = out[1]
            k += 1


def best_after_rolls(
    board: Boards, options: npt.NDArray[np.int64], args: KernelArgs
) -> npt.NDArray[np.float64]:
    """For each roll of ``rolls.ROLLS``, the mover's probabilities after his best play of it
    from ``board`` (his side on roll) under the rules ``options`` (``options_code``)."""
    probs = np.zeros((len(ROLLS), 3))
    _after_rolls(board, options, probs, *args)
    return probs
