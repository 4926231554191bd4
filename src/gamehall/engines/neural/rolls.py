"""What each of the 21 rolls would bring the side on roll: the result of his best play of it at
0-ply and his probabilities after it, in one compiled pass, for any tables game under its
rules (the analysis measures a roll's luck against them, as GNU Backgammon does)."""

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.board import CAPACITY, Boards, MoveRules, generate, new_scratch
from gamehall.engines.neural.fast import best_index, flip_into, probabilities_one
from gamehall.engines.neural.kernel import Model, outputs

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 rolls in the order of the results (a non-double stands for its two orders)."""


@njit(cache=True, nogil=True)
def _after_rolls(model, rules, board, probs, boards):  # type: ignore[no-untyped-def]
    results = np.zeros((CAPACITY, 2, 26), np.int8)
    scratch = new_scratch(rules[0])
    x = np.zeros(model.contact.w1.shape[0], np.float32)
    out = np.zeros(outputs(model))
    k = 0
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            n = generate(rules, board, d1, d2, results, scratch)
            b = best_index(model, results, n, x, out)
            probabilities_one(model, results[b], x, out)
            flip_into(model.game, out, probs[k], 1.0)
            boards[k] = results[b]
            k += 1


def best_after_rolls(
    board: Boards, rules: MoveRules, model: Model
) -> tuple[Boards, npt.NDArray[np.float64]]:
    """For each roll of ``ROLLS``, the result of the best play from ``board`` (its side on roll
    moving by ``rules``; the opponent on roll in the result) and the mover's probabilities
    after it."""
    probs = np.zeros((len(ROLLS), int(model.contact.b2.shape[0])))
    boards = np.zeros((len(ROLLS), 2, 26), np.int8)
    _after_rolls(model, rules.code, board, probs, boards)
    return boards, probs
