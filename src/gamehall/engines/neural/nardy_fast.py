"""The long nardy evaluator's kernels, compiled by numba: the inputs of a board, the race test,
one board's probabilities, the greedy choice among results and whole self-play games.

Boards are as in ``nardy_board``: (2, 26) ``int8``, the side on roll first, each side in its
own numbering. The opponent's point ``r`` is the mover's point ``r + 12`` or ``r - 12`` (R1.3).

Inputs, for each side (the side on roll first), ``SIDE_INPUTS`` of them:

- points 1..24 in that side's numbering, four units each: 1, 2, 3 or more checkers as on/off,
  then (n - 3) / 4 (the head holds up to 15);
- checkers borne off / 15;
- pips / 200; checkers on the head / 15; checkers home (points 1-6) / 15; checkers standing in
  the other side's home (own points 13-18) / 15;
- blocks: the longest run of points held along the other side's path / 6; for each of the other
  side's checkers, the run of held points straight in front of it (six at most), summed / 90;
  the die numbers each of his checkers finds blocked by a held point, summed / 90;
- the six-block's reach: the other side's most advanced checker (his own point) / 24 (a block
  is allowed only beyond it, R8);
- die numbers 1..6 with which no checker could move one step / 6 (none once all are home);
- checkers beyond three on one point below the head / 15; the rearmost checker / 24.

The outputs, for the side on roll before his roll: win, win by mars, lose by mars (R10).
"""

import numpy as np
from numba import njit

from gamehall.engines.neural.nardy_bearoff import race_one
from gamehall.engines.neural.nardy_board import _OPP, CAPACITY, generate, new_tables

RAW = 24 * 4 + 1
FEATURES = 12
SIDE_INPUTS = RAW + FEATURES
INPUTS = 2 * SIDE_INPUTS
OUTPUTS = 3


@njit(cache=True, nogil=True)
def encode_one(board, x):  # type: ignore[no-untyped-def]
    """The inputs of one board, written into ``x``."""
    x[:] = 0.0
    for side in range(2):
        me = board[side]
        them = board[1 - side]
        base = side * SIDE_INPUTS
        pips = 0
        stacks = 0
        back = 0
        home = 0
        for p in range(1, 25):
            n = me[p]
            if n > 0:
                pips += n * p
                back = p
                k = base + (p - 1) * 4
                x[k] = 1.0
                if n >= 2:
                    x[k + 1] = 1.0
                if n >= 3:
                    x[k + 2] = 1.0
                if n > 3:
                    x[k + 3] = (n - 3.0) / 4.0
                    if p < 24:
                        stacks += n - 3
                if p <= 6:
                    home += n
        x[base + 96] = me[0] / 15.0
        f = base + RAW
        x[f] = pips / 200.0
        x[f + 1] = me[24] / 15.0
        x[f + 2] = home / 15.0
        inside = 0
        for p in range(13, 19):
            inside += me[p]
        x[f + 3] = inside / 15.0
        # Runs of points held along the other side's path, in his numbering.
        longest = 0
        run = 0
        for r in range(1, 25):
            if me[_OPP[r]] > 0:
                run += 1
                if run > longest:
                    longest = run
            else:
                run = 0
        x[f + 4] = min(longest, 6) / 6.0
        trapped = 0
        blocked = 0
        advanced = 0
        for r in range(24, 0, -1):
            n = them[r]
            if n == 0:
                continue
            advanced = r
            wall = 0
            while wall < 6 and r - wall - 1 >= 1 and me[_OPP[r - wall - 1]] > 0:
                wall += 1
            trapped += n * wall
            for d in range(1, 7):
                if r - d >= 1 and me[_OPP[r - d]] > 0:
                    blocked += n
        x[f + 5] = trapped / 90.0
        x[f + 6] = blocked / 90.0
        x[f + 7] = advanced / 24.0
        if back > 6:
            stuck = 0
            for d in range(1, 7):
                free = False
                for p in range(d + 1, 25):
                    if me[p] > 0 and them[_OPP[p - d]] == 0:
                        free = True
                        break
                if not free:
                    stuck += 1
            x[f + 8] = stuck / 6.0
        x[f + 9] = stacks / 15.0
        x[f + 10] = back / 24.0
        x[f + 11] = 1.0 if back <= 6 else 0.0


@njit(cache=True, nogil=True)
def encode_batch(boards, x):  # type: ignore[no-untyped-def]
    """``encode_one`` of each board, into the rows of ``x``."""
    for i in range(boards.shape[0]):
        encode_one(boards[i], x[i])


@njit(cache=True, nogil=True)
def is_race_one(board):  # type: ignore[no-untyped-def]
    """Whether no checker of either side can ever block or pass one of the other's: each
    side's checkers are all behind every checker of the other along both paths."""
    my_back = 0
    their_back = 0
    my_front_there = 25
    their_front_here = 25
    for p in range(1, 25):
        if board[0, p] > 0:
            my_back = p
            if _OPP[p] < my_front_there:
                my_front_there = _OPP[p]
        if board[1, p] > 0:
            their_back = p
            if _OPP[p] < their_front_here:
                their_front_here = _OPP[p]
    # A checker of the other side lies ahead on my path, or one of mine ahead on his.
    return their_front_here >= my_back and my_front_there >= their_back


@njit(cache=True, nogil=True)
def race_batch(boards, out):  # type: ignore[no-untyped-def]
    for i in range(boards.shape[0]):
        out[i] = is_race_one(boards[i])


@njit(cache=True, nogil=True)
def all_home(board):  # type: ignore[no-untyped-def]
    """Whether every checker of both sides is home or borne off (the bear-off database's
    exact case)."""
    for side in range(2):
        for p in range(7, 25):
            if board[side, p] > 0:
                return False
    return True


@njit(cache=True, nogil=True)
def forward(x, w1, b1, w2, b2, out):  # type: ignore[no-untyped-def]
    """One network's sigmoid outputs for the inputs ``x`` (mostly zeros: the first layer adds
    only the rows of the inputs that are set)."""
    hidden = b1.copy()
    for i in range(x.shape[0]):
        v = x[i]
        if v != 0.0:
            for h in range(hidden.shape[0]):
                hidden[h] += v * w1[i, h]
    for h in range(hidden.shape[0]):
        z = min(max(hidden[h], -30.0), 30.0)
        hidden[h] = 1.0 / (1.0 + np.exp(-z))
    for o in range(out.shape[0]):
        acc = b2[o]
        for h in range(hidden.shape[0]):
            acc += hidden[h] * w2[h, o]
        z = min(max(acc, -30.0), 30.0)
        out[o] = 1.0 / (1.0 + np.exp(-z))


@njit(cache=True, nogil=True)
def probabilities_one(board, x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys):  # type: ignore[no-untyped-def]
    """Win, win mars, lose mars of ``board`` for its side on roll, written into ``out``."""
    if board[1, 0] == 15:
        out[0] = 0.0
        out[1] = 0.0
        out[2] = 1.0 if board[0, 0] == 0 else 0.0
        return
    if all_home(board):
        race_one(board, dist, first, keys, out)
        return
    encode_one(board, x)
    if is_race_one(board):
        forward(x, rw1, rb1, rw2, rb2, out)
    else:
        forward(x, cw1, cb1, cw2, cb2, out)
    if board[1, 0] > 0:
        out[1] = 0.0
    if board[0, 0] > 0:
        out[2] = 0.0
    out[1] = min(out[1], out[0])
    out[2] = min(out[2], 1.0 - out[0])


@njit(cache=True, nogil=True)
def equity_one(p):  # type: ignore[no-untyped-def]
    return 2.0 * p[0] - 1.0 + p[1] - p[2]


@njit(cache=True, nogil=True)
def best_index(results, n, x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys):  # type: ignore[no-untyped-def]
    """The result (of ``results[:n]``, the opponent on roll) worst for the opponent."""
    best = 0
    best_value = 1e9
    for k in range(n):
        probabilities_one(
            results[k], x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys
        )
        value = equity_one(out)
        if value < best_value:
            best_value = value
            best = k
    return best


@njit(cache=True, nogil=True)
def self_play(seed, boards, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys):  # type: ignore[no-untyped-def]
    """Play one greedy 0-ply game from the start (default rules options) with dice from
    ``seed``, writing its boards (each with its side on roll first) into ``boards``; returns
    how many."""
    np.random.seed(seed)
    results = np.zeros((CAPACITY, 2, 26), np.int8)
    ranks = np.zeros(CAPACITY, np.int64)
    tables = new_tables()
    options = np.zeros(3, np.int64)
    x = np.zeros(cw1.shape[0], np.float32)
    out = np.zeros(3, np.float64)
    board = np.zeros((2, 26), np.int8)
    board[0, 24] = 15
    board[1, 24] = 15
    boards[0] = board
    count = 1
    while count < boards.shape[0]:
        d1 = np.random.randint(1, 7)
        d2 = np.random.randint(1, 7)
        n = generate(board, d1, d2, options, results, ranks, tables)
        k = 0
        if n > 1:
            k = best_index(
                results, n, x, out, cw1, cb1, cw2, cb2, rw1, rb1, rw2, rb2, dist, first, keys
            )
        board = results[k].copy()
        boards[count] = board
        count += 1
        if board[1, 0] == 15:
            return count
    return count


def probabilities(boards, args):  # type: ignore[no-untyped-def]
    """The compiled evaluator over a batch, for comparison with ``Evaluator.probabilities``."""
    out = np.zeros((boards.shape[0], OUTPUTS))
    x = np.zeros(INPUTS, np.float32)
    for i in range(boards.shape[0]):
        probabilities_one(boards[i], x, out[i], *args)
    return out
