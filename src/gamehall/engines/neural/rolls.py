"""What each of the 21 rolls would bring the side on roll: the result of his best play of it at
0-ply and his probabilities after it, in one compiled pass (the analysis measures a roll's luck
against them, as GNU Backgammon does)."""

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.board import CAPACITY, Boards, generate
from gamehall.engines.neural.fast import KernelArgs, best_index
from gamehall.engines.neural.fast import probabilities_one as static_one

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 rolls in the order of the results (a non-double stands for its two orders)."""


@njit(cache=True, nogil=True)
def _after_rolls(board, georgian, probs, boards, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys):  # type: ignore[no-untyped-def]
    results = np.zeros((CAPACITY, 2, 26), np.int8)
    ranks = np.zeros(CAPACITY, np.int64)
    hashes = np.zeros(CAPACITY, np.int64)
    x = np.zeros(cw1.shape[0], np.float32)
    out = np.zeros(5)
    k = 0
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            n = generate(board, d1, d2, georgian, results, ranks, hashes)
            b = best_index(results, n, x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys)
            static_one(results[b], x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys)
            probs[k, 0] = 1.0 - out[0]
            probs[k, 1] = out[3]
            probs[k, 2] = out[4]
            probs[k, 3] = out[1]
            probs[k, 4] = out[2]
            boards[k] = results[b]
            k += 1


def best_after_rolls(
    board: Boards, georgian: bool, args: KernelArgs
) -> tuple[Boards, npt.NDArray[np.float64]]:
    """For each roll of ``ROLLS``, the result of the best play from ``board`` (its side on roll
    moving; the opponent on roll in the result) and the mover's five probabilities after it."""
    probs = np.zeros((len(ROLLS), 5))
    boards = np.zeros((len(ROLLS), 2, 26), np.int8)
    _after_rolls(board, georgian, probs, boards, *args)
    return boards, probs
