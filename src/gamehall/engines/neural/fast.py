"""The compiled evaluator of every tables game, the greedy choice among a roll's results and
whole self-play games, for training and deep search.

The same function as ``network.Evaluator.probabilities`` (tests hold them equal), one board at
a time: the game's own kernel (``games.backgammon.probabilities_one``,
``games.nardy.probabilities_one``), chosen by the model's game code, encodes the board, runs the
network its race test picks (the inputs are mostly zeros, so each first layer adds only the
weight rows of the inputs that are set) and applies its exact cases. The networks and bear-off
tables come in as one ``kernel.Model`` (``network.Evaluator.model``).
"""

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.board import CAPACITY, Boards, generate, new_scratch
from gamehall.engines.neural.games import backgammon, nardy
from gamehall.engines.neural.kernel import NARDY_CODE, Model, outputs


@njit(cache=True, nogil=True)
def probabilities_one(model, board, x, out):  # type: ignore[no-untyped-def]
    """The game's probabilities of ``board`` for its side on roll, written into ``out``
    (``x`` is scratch for the inputs)."""
    if model.game == NARDY_CODE:
        nardy.probabilities_one(model, board, x, out)
    else:
        backgammon.probabilities_one(model, board, x, out)


@njit(cache=True, nogil=True)
def equity_one(game, p):  # type: ignore[no-untyped-def]
    """What the probabilities ``p`` are worth to their side (points per game, cubeless)."""
    if game == NARDY_CODE:
        return nardy.equity_one(p)
    return backgammon.equity_one(p)


@njit(cache=True, nogil=True)
def flip_into(game, p, acc, weight):  # type: ignore[no-untyped-def]
    """Add ``weight`` times the probabilities ``p`` seen by the other side to ``acc``."""
    if game == NARDY_CODE:
        nardy.flip_into(p, acc, weight)
    else:
        backgammon.flip_into(p, acc, weight)


@njit(cache=True, nogil=True)
def best_index(model, results, n, x, out):  # type: ignore[no-untyped-def]
    """The result (of ``results[:n]``, the opponent on roll) worst for the opponent."""
    values = np.empty(n)
    values_of(model, results, n, x, out, values)
    best = 0
    best_value = 1e9
    for k in range(n):
        if values[k] < best_value:
            best_value = values[k]
            best = k
    return best


@njit(cache=True, nogil=True)
def values_of(model, results, n, x, out, values):  # type: ignore[no-untyped-def]
    """The equity of each of ``results[:n]`` for its side on roll, into ``values`` (one loop
    per game: the game's kernel is chosen once, outside the loop)."""
    if model.game == NARDY_CODE:
        for k in range(n):
            nardy.probabilities_one(model, results[k], x, out)
            values[k] = nardy.equity_one(out)
    else:
        for k in range(n):
            backgammon.probabilities_one(model, results[k], x, out)
            values[k] = backgammon.equity_one(out)


@njit(cache=True, nogil=True)
def start(game, board):  # type: ignore[no-untyped-def]
    """Set ``board`` to the game's starting position."""
    if game == NARDY_CODE:
        nardy.start(board)
    else:
        backgammon.start(board)


@njit(cache=True, nogil=True)
def self_play(model, rules, seed, boards):  # type: ignore[no-untyped-def]
    """Play one greedy 0-ply game from the start under ``rules`` with dice from ``seed``,
    writing its boards (each with its side on roll first) into ``boards``; returns how many.
    Backgammon's opening roll is never a double (it is rolled again)."""
    np.random.seed(seed)
    results = np.zeros((CAPACITY, 2, 26), np.int8)
    scratch = new_scratch(rules[0])
    x = np.zeros(model.contact.w1.shape[0], np.float32)
    out = np.zeros(outputs(model), np.float64)
    board = np.zeros((2, 26), np.int8)
    start(model.game, board)
    boards[0] = board
    count = 1
    d1 = np.random.randint(1, 7)
    d2 = np.random.randint(1, 7)
    if model.game != NARDY_CODE:
        while d1 == d2:
            d1 = np.random.randint(1, 7)
            d2 = np.random.randint(1, 7)
    while count < boards.shape[0]:
        n = generate(rules, board, d1, d2, results, scratch)
        k = 0
        if n > 1:
            k = best_index(model, results, n, x, out)
        board = results[k].copy()
        boards[count] = board
        count += 1
        if board[1, 0] == 15:
            return count
        d1 = np.random.randint(1, 7)
        d2 = np.random.randint(1, 7)
    return count


def probabilities(boards: Boards, model: Model) -> npt.NDArray[np.float64]:
    """The compiled evaluator over a batch, for comparison with ``Evaluator.probabilities``."""
    out = np.zeros((boards.shape[0], int(model.contact.b2.shape[0])))
    x = np.zeros(model.contact.w1.shape[0], np.float32)
    for i in range(boards.shape[0]):
        probabilities_one(model, boards[i], x, out[i])
    return out
