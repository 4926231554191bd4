"""Long nardy's look-ahead: the 1- and 2-ply kernels of ``search`` with the nardy board and
evaluator, under the position's rules options, and the searcher that runs backgammon's root
search (``search.Searcher.rank``: move filter, time budget) on them.

At 1-ply a result (the opponent on roll) is scored by the average over his 21 rolls of his best
reply at 0-ply; at 2-ply by the average over his rolls of his best reply among the ``width``
best at 0-ply, those scored at 1-ply.
"""

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.board import Boards
from gamehall.engines.neural.games.nardy import equity, flip
from gamehall.engines.neural.nardy_board import CAPACITY, generate, new_tables, options_code
from gamehall.engines.neural.nardy_fast import best_index, equity_one, probabilities_one
from gamehall.engines.neural.network import KernelArgs, NardyEvaluator
from gamehall.engines.neural.search import Probabilities, Searcher


@njit(cache=True, nogil=True)
def _flip_into(p, acc, weight):  # type: ignore[no-untyped-def]
    acc[0] += weight * (1.0 - p[0])
    acc[1] += weight * p[2]
    acc[2] += weight * p[1]


@njit(cache=True, nogil=True)
def ply1(board, options, acc, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys):  # type: ignore[no-untyped-def]
    """The probabilities of ``board`` for its side on roll, averaged over his 21 rolls with his
    best reply at 0-ply, written into ``acc``."""
    results = np.zeros((CAPACITY, 2, 26), np.int8)
    ranks = np.zeros(CAPACITY, np.int64)
    tables = new_tables()
    x = np.zeros(cw1.shape[0], np.float32)
    out = np.zeros(3)
    acc[:] = 0.0
    if board[1, 0] == 15 or board[0, 0] == 15:
        probabilities_one(board, x, acc, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys)
        return
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            weight = (1.0 if d1 == d2 else 2.0) / 36.0
            n = generate(board, d1, d2, options, results, ranks, tables)
            k = best_index(
                results, n, x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys
            )
            probabilities_one(
                results[k], x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys
            )
            _flip_into(out, acc, weight)


@njit(cache=True, nogil=True)
def ply2(board, options, width, acc, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys):  # type: ignore[no-untyped-def]
    """As ``ply1``, the replies filtered at 0-ply to the best ``width`` and chosen at 1-ply."""
    results = np.zeros((CAPACITY, 2, 26), np.int8)
    ranks = np.zeros(CAPACITY, np.int64)
    tables = new_tables()
    x = np.zeros(cw1.shape[0], np.float32)
    out = np.zeros(3)
    inner = np.zeros(3)
    best_probs = np.zeros(3)
    acc[:] = 0.0
    if board[1, 0] == 15 or board[0, 0] == 15:
        probabilities_one(board, x, acc, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys)
        return
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            weight = (1.0 if d1 == d2 else 2.0) / 36.0
            n = generate(board, d1, d2, options, results, ranks, tables)
            values = np.empty(n)
            for k in range(n):
                probabilities_one(
                    results[k], x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys
                )
                values[k] = equity_one(out)
            order = np.argsort(values)
            best_value = 1e9
            for j in range(min(width, n)):
                ply1(
                    results[order[j]],
                    options,
                    inner,
                    cw1,
                    cb1,
                    cw2,
                    cb2,
                    rw1,
                    rb1,
                    rw2,
                    rb2,
                    dist,
                    first,
                    keys,
                )
                value = equity_one(inner)
                if value < best_value:
                    best_value = value
                    best_probs[:] = inner
            _flip_into(best_probs, acc, weight)


class NardySearcher(Searcher):
    """Scores long nardy candidate results (the opponent on roll) for the side that played
    them: win, win mars, lose mars, at 0, 1 or 2 plies."""

    def __init__(
        self,
        evaluator: NardyEvaluator,
        bearoff: str = "seed",
        block_check: str = "step",
        head_exception: str = "seed",
    ) -> None:
        self.nardy = evaluator
        self.options = options_code(bearoff, block_check, head_exception)
        super().__init__(evaluator, georgian=False)

    def kernel_args(self) -> KernelArgs:
        return self.nardy.kernel_args()

    def equity(self, probabilities: Probabilities) -> npt.NDArray[np.float64]:
        return equity(probabilities)

    def static(self, results: Boards) -> Probabilities:
        """The mover's probabilities after each result, at 0-ply (numpy, one batch)."""
        return flip(self.evaluator.probabilities(results))

    def deeper(self, result: Boards, plies: int, reply_width: int) -> Probabilities:
        """The mover's probabilities after one result at 1 or 2 plies."""
        acc = np.zeros(3)
        if plies == 1:
            ply1(result, self.options, acc, *self._args)
        else:
            ply2(result, self.options, reply_width, acc, *self._args)
        return np.array([1.0 - acc[0], acc[2], acc[1]])
