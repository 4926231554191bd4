"""The evaluator and whole self-play games compiled by numba, for training and deep search.

The same function as ``network.Evaluator.probabilities`` (a test holds them equal), one board
at a time: the inputs are mostly zeros, so each network's first layer adds only the weight rows
of the inputs that are set. Weights come in as the ``Evaluator``'s arrays (``kernel_args``).
"""

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural import bearoff
from gamehall.engines.neural.board import CAPACITY, Boards, generate
from gamehall.engines.neural.games.backgammon import INPUTS, RACE_AT
from gamehall.engines.neural.network import Evaluator

KernelArgs = tuple[npt.NDArray[np.generic], ...]


@njit(cache=True, nogil=True)
def encode_one(board, x, db, keys):  # type: ignore[no-untyped-def]
    """``network.encode`` of one board, written into ``x``; returns whether it is a race."""
    x[:] = 0.0
    backs = 0
    for side in range(2):
        base = side * 98
        blots = 0
        home = 0
        pips = 0
        back = 0
        behind = 0
        for p in range(1, 25):
            n = board[side, p]
            pips += n * p
            if n > 0:
                back = p
                k = base + (p - 1) * 4
                x[k] = 1.0
                if n == 1:
                    blots += 1
                if n >= 2:
                    x[k + 1] = 1.0
                    if p <= 6:
                        home += 1
                if n >= 3:
                    x[k + 2] = 1.0
                if n > 3:
                    x[k + 3] = (n - 3.0) / 2.0
            if p >= 19:
                behind += n
        bar = board[side, 25]
        if bar > 0:
            back = 25
        pips += 25 * bar
        behind += bar
        x[base + 96] = bar / 2.0
        x[base + 97] = board[side, 0] / 15.0
        f = 196 + side * 6
        x[f] = pips / 100.0
        x[f + 1] = blots / 5.0
        x[f + 2] = home / 6.0
        x[f + 3] = back / 25.0
        x[f + 4] = behind / 5.0
        x[f + 5] = bar / 5.0
        backs += back
    race = backs < 25
    if race:
        bearoff.race_inputs(board, db, keys, x, RACE_AT)
    return race


@njit(cache=True, nogil=True)
def _forward(x, w1, b1, w2, b2, out):  # type: ignore[no-untyped-def]
    hidden = b1.copy()
    for i in range(x.shape[0]):
        v = x[i]
        if v != 0.0:
            for h in range(hidden.shape[0]):
                hidden[h] += v * w1[i, h]
    for h in range(hidden.shape[0]):
        z = min(max(hidden[h], -30.0), 30.0)
        hidden[h] = 1.0 / (1.0 + np.exp(-z))
    for o in range(5):
        acc = b2[o]
        for h in range(hidden.shape[0]):
            acc += hidden[h] * w2[h, o]
        z = min(max(acc, -30.0), 30.0)
        out[o] = 1.0 / (1.0 + np.exp(-z))


@njit(cache=True, nogil=True)
def _back(side):  # type: ignore[no-untyped-def]
    for p in range(25, 0, -1):
        if side[p] > 0:
            return p
    return 0


@njit(cache=True, nogil=True)
def _dist_row(side, keys):  # type: ignore[no-untyped-def]
    key = np.int64(0)
    scale = np.int64(1)
    for i in range(1, 7):
        key += side[i] * scale
        scale *= 16
    return np.searchsorted(keys, key)


@njit(cache=True, nogil=True)
def probabilities_one(board, x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys):  # type: ignore[no-untyped-def]
    """The five probabilities of ``board`` for its side on roll, written into ``out``."""
    if board[1, 0] == 15:
        out[:] = 0.0
        if board[0, 0] == 0:
            out[3] = 1.0
            behind = 0
            for p in range(19, 26):
                behind += board[0, p]
            if behind > 0:
                out[4] = 1.0
        return
    if encode_one(board, x, db, keys):
        _forward(x, rw1, rb1, rw2, rb2, out)
        if _back(board[0]) <= 6 and _back(board[1]) <= 6:
            mine = db[_dist_row(board[0], keys)]
            theirs = db[_dist_row(board[1], keys)]
            left = 1.0
            win = 0.0
            for r in range(mine.shape[0]):
                win += mine[r] * left
                left -= theirs[r]
            out[0] = win
            if board[0, 0] > 0 and board[1, 0] > 0:
                out[1] = 0.0
                out[3] = 0.0
            out[2] = 0.0
            out[4] = 0.0
    else:
        _forward(x, cw1, cb1, cw2, cb2, out)
    out[1] = min(out[1], out[0])
    out[2] = min(out[2], out[1])
    out[3] = min(out[3], 1.0 - out[0])
    out[4] = min(out[4], out[3])


@njit(cache=True, nogil=True)
def equity_one(p):  # type: ignore[no-untyped-def]
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


@njit(cache=True, nogil=True)
def best_index(results, n, x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys):  # type: ignore[no-untyped-def]
    """The result (of ``results[:n]``, the opponent on roll) worst for the opponent."""
    best = 0
    best_value = 1e9
    for k in range(n):
        probabilities_one(results[k], x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys)
        value = equity_one(out)
        if value < best_value:
            best_value = value
            best = k
    return best


@njit(cache=True, nogil=True)
def self_play(seed, boards, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys):  # type: ignore[no-untyped-def]
    """Play one greedy 0-ply game from the start with dice from ``seed``, writing its boards
    (each with its side on roll first) into ``boards``; returns how many."""
    np.random.seed(seed)
    results = np.zeros((CAPACITY, 2, 26), np.int8)
    ranks = np.zeros(CAPACITY, np.int64)
    hashes = np.zeros(CAPACITY, np.int64)
    x = np.zeros(cw1.shape[0], np.float32)
    out = np.zeros(5, np.float64)
    board = np.zeros((2, 26), np.int8)
    for side in range(2):
        board[side, 24] = 2
        board[side, 13] = 5
        board[side, 8] = 3
        board[side, 6] = 5
    boards[0] = board
    count = 1
    d1 = np.random.randint(1, 7)
    d2 = np.random.randint(1, 7)
    while d1 == d2:
        d1 = np.random.randint(1, 7)
        d2 = np.random.randint(1, 7)
    while count < boards.shape[0]:
        n = generate(board, d1, d2, False, results, ranks, hashes)
        k = 0
        if n > 1:
            k = best_index(results, n, x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, db, keys)
        board = results[k].copy()
        boards[count] = board
        count += 1
        if board[1, 0] == 15:
            return count
        d1 = np.random.randint(1, 7)
        d2 = np.random.randint(1, 7)
    return count


def kernel_args(evaluator: Evaluator) -> KernelArgs:
    """The arrays the kernels take after their own arguments: both networks' weights and the
    bear-off database with its keys."""
    c, r = evaluator.contact, evaluator.race
    return (
        c.w1, c.b1, c.w2, c.b2, r.w1, r.b1, r.w2, r.b2,
        bearoff.database(), bearoff.sorted_keys(),
    )  # fmt: skip


def probabilities(boards: Boards, args: KernelArgs) -> npt.NDArray[np.float64]:
    """The compiled evaluator over a batch, for comparison with ``Evaluator.probabilities``."""
    out = np.zeros((boards.shape[0], 5))
    x = np.zeros(INPUTS, np.float32)
    for i in range(boards.shape[0]):
        probabilities_one(boards[i], x, out[i], *args)
    return out
