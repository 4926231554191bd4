"""Look-ahead over the dice: 0-, 1- and 2-ply expectimax with a move filter, as gnubg counts
plies.

A candidate play's result has the opponent on roll. At 0-ply it is scored by the evaluator
alone. At 1-ply by the average, over the opponent's 21 rolls (each non-double counted twice),
of his best reply at 0-ply. At 2-ply by the average over his 21 rolls of his best reply, where
his replies are first ranked at 0-ply, the best ``width`` kept (the move filter) and those
scored at 1-ply. At the root the candidates are narrowed the same way: the best few at 0-ply
(within ``ROOT_MARGIN`` of the best) go to 1-ply, the best few of those to 2-ply, as far as the
time budget allows; the play chosen is the best at the deepest ply every survivor reached.
"""

import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.board import CAPACITY, Boards, generate
from gamehall.engines.neural.fast import KernelArgs, best_index, equity_one, kernel_args
from gamehall.engines.neural.fast import probabilities_one as static_one
from gamehall.engines.neural.games.backgammon import equity
from gamehall.engines.neural.network import Evaluator

Probabilities = npt.NDArray[np.float64]

ROOT_MARGIN = 0.16
"""Root candidates further than this below the best at 0-ply are not searched deeper."""


@njit(cache=True, nogil=True)
def _flip_into(p, acc, weight):  # type: ignore[no-untyped-def]
    acc[0] += weight * (1.0 - p[0])
    acc[1] += weight * p[3]
    acc[2] += weight * p[4]
    acc[3] += weight * p[1]
    acc[4] += weight * p[2]


@njit(cache=True, nogil=True)
def ply1(board, georgian, acc, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys):  # type: ignore[no-untyped-def]
    """The probabilities of ``board`` for its side on roll, averaged over his 21 rolls with his
    best reply at 0-ply, written into ``acc``."""
    results = np.zeros((CAPACITY, 2, 26), np.int8)
    ranks = np.zeros(CAPACITY, np.int64)
    hashes = np.zeros(CAPACITY, np.int64)
    x = np.zeros(cw1.shape[0], np.float32)
    out = np.zeros(5)
    acc[:] = 0.0
    if board[1, 0] == 15 or board[0, 0] == 15:
        static_one(board, x, acc, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys)
        return
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            weight = (1.0 if d1 == d2 else 2.0) / 36.0
            n = generate(board, d1, d2, georgian, results, ranks, hashes)
            k = best_index(results, n, x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys)
            static_one(results[k], x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys)
            _flip_into(out, acc, weight)


@njit(cache=True, nogil=True)
def ply2(board, georgian, width, acc, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys):  # type: ignore[no-untyped-def]
    """As ``ply1``, the replies filtered at 0-ply to the best ``width`` and chosen at 1-ply."""
    results = np.zeros((CAPACITY, 2, 26), np.int8)
    ranks = np.zeros(CAPACITY, np.int64)
    hashes = np.zeros(CAPACITY, np.int64)
    x = np.zeros(cw1.shape[0], np.float32)
    out = np.zeros(5)
    inner = np.zeros(5)
    best_probs = np.zeros(5)
    acc[:] = 0.0
    if board[1, 0] == 15 or board[0, 0] == 15:
        static_one(board, x, acc, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys)
        return
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            weight = (1.0 if d1 == d2 else 2.0) / 36.0
            n = generate(board, d1, d2, georgian, results, ranks, hashes)
            values = np.empty(n)
            for k in range(n):
                static_one(results[k], x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys)
                values[k] = equity_one(out)
            order = np.argsort(values)
            best_value = 1e9
            for j in range(min(width, n)):
                ply1(
                    results[order[j]],
                    georgian,
                    inner,
                    cw1,
                    cb1,
                    cw2,
                    cb2,
                    rw1,
                    rb1,
                    rw2,
                    rb2,
                    db,
                    keys,
                )
                value = equity_one(inner)
                if value < best_value:
                    best_value = value
                    best_probs[:] = inner
            _flip_into(best_probs, acc, weight)


@dataclass(frozen=True)
class Budget:
    """How far the root search goes: the candidates kept at each ply and the time allowed."""

    plies: int = 2
    root_width: tuple[int, int] = (8, 3)
    """Candidates kept for 1-ply, and of those for 2-ply."""
    reply_width: int = 3
    """The opponent's replies kept (ranked at 0-ply) for scoring at 1-ply inside 2-ply."""
    seconds: float = 3.0
    """The time allowed a move: a deeper ply is started only while less than a quarter of it
    has passed (a ply costs several times all before it), and once it has all passed a ply
    stops after the candidate under way (having searched two at least)."""


class Searcher:
    """Scores candidate results (the opponent on roll) for the side that played them
    (backgammon's; ``nardy_search.NardySearcher`` is long nardy's, with its own kernels and
    outputs, on the same root search)."""

    def __init__(self, evaluator: Evaluator, georgian: bool) -> None:
        self.evaluator = evaluator
        self.georgian = georgian
        self._args: KernelArgs = self.kernel_args()

    def kernel_args(self) -> KernelArgs:
        """The arrays the search kernels take after their own arguments."""
        return kernel_args(self.evaluator)

    def equity(self, probabilities: Probabilities) -> npt.NDArray[np.float64]:
        """What each row of the mover's probabilities is worth to him."""
        return equity(probabilities)

    def static(self, results: Boards) -> Probabilities:
        """The mover's probabilities after each result, at 0-ply (numpy, one batch)."""
        p = self.evaluator.probabilities(results)
        return np.stack((1.0 - p[:, 0], p[:, 3], p[:, 4], p[:, 1], p[:, 2]), axis=1)

    def deeper(self, result: Boards, plies: int, reply_width: int) -> Probabilities:
        """The mover's probabilities after one result at 1 or 2 plies."""
        acc = np.zeros(5)
        if plies == 1:
            ply1(result, self.georgian, acc, *self._args)
        else:
            ply2(result, self.georgian, reply_width, acc, *self._args)
        return np.array([1.0 - acc[0], acc[3], acc[4], acc[1], acc[2]])

    def rank(
        self, results: Boards, budget: Budget
    ) -> tuple[npt.NDArray[np.int64], Probabilities, int]:
        """The candidates in order, best first (those searched deepest leading), with each
        one's probabilities at the deepest ply it reached, and the ply the best one reached.

        A ply goes through its candidates best first; when the time is up part-way, those
        searched lead, in their order, and the rest follow as the previous ply ranked them."""
        started = time.monotonic()
        probs = self.static(results)
        equity = self.equity
        order = np.argsort(-equity(probs), kind="stable")
        depth = 0
        for ply, width in zip(range(1, budget.plies + 1), budget.root_width, strict=False):
            best = equity(probs[order[:1]])[0]
            keep = [i for i in order[:width] if equity(probs[i : i + 1])[0] >= best - ROOT_MARGIN]
            if len(keep) < 2 or (ply > 1 and time.monotonic() - started > budget.seconds / 4):
                break
            deeper: dict[int, Probabilities] = {}
            for i in keep:
                if len(deeper) >= 2 and time.monotonic() - started > budget.seconds:
                    break
                deeper[int(i)] = self.deeper(results[i], ply, budget.reply_width)
            for i, p in deeper.items():
                probs[i] = p
            head = sorted(deeper, key=lambda i: -equity(probs[i : i + 1])[0])
            order = np.array(head + [i for i in order if i not in deeper], dtype=np.int64)
            depth = ply
        return order, probs, depth
