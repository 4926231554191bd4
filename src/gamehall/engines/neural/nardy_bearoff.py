"""The exact one-sided long nardy bear-off database: for every way of placing up to 15 checkers
on the six home points (54,264 positions), the distribution of the number of rolls needed to
bear them all off, and of the number of rolls until the first checker is off, playing each roll
to need the fewest rolls on average, by nardy's bear-off rule (R9: the seed's full-value
preference, the game over as soon as the last checker is off).

Built as backgammon's (``bearoff``: bottom-up in order of pip count, each position's
distributions from the best play of each of the 21 rolls), with the plays of the nardy fast
board; cached beside it. Once every checker of both sides is home the race is exact: the side
on roll wins when he needs no more rolls than the other; he wins a mars when he finishes before
the other (who has borne off nothing) gets a first checker off, and loses one the other way
round. The mars chances take the first checker off under the same play as the race, which
aims at finishing soonest (a player saving a mars might play for the first checker instead):
exact for the wins, very nearly so for the mars.
"""

import os
from functools import cache

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.bearoff import (
    CHECKERS,
    MAX_ROLLS,
    POINTS,
    SIZE,
    all_positions,
    cache_dir,
    keys_of,
    sorted_keys,
)
from gamehall.engines.neural.nardy_board import CAPACITY, generate, new_tables

VERSION = 1

Tables = npt.NDArray[np.float64]


@njit(cache=True, nogil=True)
def _build(positions, keys, order, dist, first, means, tables):  # type: ignore[no-untyped-def]
    """Fill ``dist``, ``first`` and ``means`` for ``positions`` (sorted by ``keys``), taken in
    ``order`` (by pip count)."""
    out = np.zeros((CAPACITY, 2, 26), np.int8)
    ranks = np.zeros(CAPACITY, np.int64)
    options = np.zeros(3, np.int64)
    board = np.zeros((2, 26), np.int8)
    # The other side waits on his own point 1: ahead of any block the mover's home can hold,
    # out of the mover's way.
    board[1, 1] = CHECKERS
    weights = np.empty(6, np.int64)
    for i in range(6):
        weights[i] = 16**i
    for idx in order:
        total = 0
        for i in range(6):
            total += positions[idx, i]
        if total < CHECKERS:
            first[idx, 0] = 1.0
        if total == 0:
            dist[idx, 0] = 1.0
            means[idx] = 0.0
            continue
        board[0, 0] = CHECKERS - total
        for i in range(6):
            board[0, i + 1] = positions[idx, i]
        for d1 in range(1, 7):
            for d2 in range(d1, 7):
                weight = (1.0 if d1 == d2 else 2.0) / 36.0
                n = generate(board, d1, d2, options, out, ranks, tables)
                best = -1
                best_mean = 1e9
                for k in range(n):
                    key = np.int64(0)
                    for i in range(6):
                        key += out[k, 1, i + 1] * weights[i]
                    j = np.searchsorted(keys, key)
                    if means[j] < best_mean:
                        best_mean = means[j]
                        best = int(j)
                for r in range(1, dist.shape[1]):
                    dist[idx, r] += weight * dist[best, r - 1]
                    if total == CHECKERS:
                        first[idx, r] += weight * first[best, r - 1]
        mean = 0.0
        for r in range(dist.shape[1]):
            mean += r * dist[idx, r]
        means[idx] = mean


def compute() -> tuple[Tables, Tables]:
    """The two tables computed afresh, each of shape (SIZE, MAX_ROLLS), rows in order of
    ``bearoff.keys_of``: the rolls to bear off all, and to bear off the first checker."""
    positions = all_positions()
    keys = keys_of(positions)
    pips = positions.astype(np.int64) @ np.arange(1, POINTS + 1)
    order = np.argsort(pips, kind="stable")
    dist = np.zeros((SIZE, MAX_ROLLS))
    first = np.zeros((SIZE, MAX_ROLLS))
    means = np.zeros(SIZE)
    _build(positions, keys, order, dist, first, means, new_tables())
    return dist, first


@cache
def database() -> tuple[Tables, Tables]:
    """The two tables, from the cache file when it holds a sound copy, else computed and saved
    there (a cache that cannot be written is only a slower start)."""
    path = cache_dir() / f"nardy-bearoff-one-sided-v{VERSION}.npy"
    try:
        both = np.load(path)
        if both.shape == (2, SIZE, MAX_ROLLS) and np.allclose(both.sum(axis=2), 1.0):
            return np.asarray(both[0], np.float64), np.asarray(both[1], np.float64)
    except (OSError, ValueError):
        pass
    dist, first = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp.npy")
        np.save(partial, np.stack((dist, first)))
        partial.replace(path)
    except OSError:
        pass
    return dist, first


def distribution(home: tuple[int, ...] | list[int]) -> Tables:
    """The chance of needing exactly 0, 1, 2, ... rolls to bear off the checkers on points
    1..6 given as ``home`` (six counts, 15 at most in all)."""
    return database()[0][_row(home)].copy()  # type: ignore[no-any-return]


def first_off(home: tuple[int, ...] | list[int]) -> Tables:
    """The chance of needing exactly 0, 1, 2, ... rolls until a first checker of ``home`` is
    borne off (0 when one already is: fewer than 15 on the board)."""
    return database()[1][_row(home)].copy()  # type: ignore[no-any-return]


def mean_rolls(home: tuple[int, ...] | list[int]) -> float:
    """The expected number of rolls to bear off ``home`` with the best play."""
    return float(np.arange(MAX_ROLLS) @ distribution(home))


def _row(home: tuple[int, ...] | list[int]) -> int:
    counts = np.array(home, dtype=np.int64).reshape(1, POINTS)
    if counts.min() < 0 or counts.sum() > CHECKERS:
        raise ValueError("a bear-off position has 0 to 15 checkers on the six home points")
    return int(np.searchsorted(sorted_keys(), keys_of(counts))[0])


@njit(cache=True, nogil=True)
def race_one(board, dist, first, keys, out):  # type: ignore[no-untyped-def]
    """Win, win mars and lose mars of a board whose checkers are all home (both sides, some
    on the board), for the side on roll, written into ``out``."""
    rows = np.zeros(2, np.int64)
    for side in range(2):
        key = np.int64(0)
        scale = np.int64(1)
        for i in range(1, 7):
            key += board[side, i] * scale
            scale *= 16
        rows[side] = np.searchsorted(keys, key)
    mine = dist[rows[0]]
    theirs = dist[rows[1]]
    my_first = first[rows[0]]
    their_first = first[rows[1]]
    win = 0.0
    win_mars = 0.0
    lose_mars = 0.0
    # Left: P(N >= n) for the other side's finish and first checker off, and for mine.
    theirs_left = 1.0
    their_first_left = 1.0
    my_first_left = 1.0
    for n in range(mine.shape[0]):
        win += mine[n] * theirs_left
        win_mars += mine[n] * their_first_left
        theirs_left -= theirs[n]
        their_first_left -= their_first[n]
        my_first_left -= my_first[n]
        # The other side finishes with his n-th roll, after my n rolls: I am marsed when my
        # first checker needs more than n rolls.
        lose_mars += theirs[n] * my_first_left
    # Sums of many terms: keep them within [0, 1] and consistent despite rounding.
    win = min(max(win, 0.0), 1.0)
    out[0] = win
    out[1] = min(max(win_mars, 0.0), win)
    out[2] = min(max(lose_mars, 0.0), 1.0 - win)
