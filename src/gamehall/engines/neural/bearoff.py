"""The exact one-sided bear-off database: for every way of placing up to 15 checkers on the six
home points (54,264 positions), the distribution of the number of rolls needed to bear them all
off, playing each roll to need the fewest rolls on average.

It is computed by the project, bottom-up in order of pip count (every play lowers the pips), each
position's distribution from the best play of each of the 21 rolls; that takes a few seconds,
after which it is kept in memory and cached in a file under the user's cache directory
(``$GAMEHALL_CACHE_DIR``, else ``$XDG_CACHE_HOME/gamehall``, else ``~/.cache/gamehall``).
Two one-sided distributions give the exact cubeless chance of winning a pure bear-off, and,
with the checkers still outside the home board counted in (``race_inputs``), the race network's
estimate of every race.
"""

import os
from functools import cache
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.board import CAPACITY, Boards, generate

POINTS = 6
CHECKERS = 15
SIZE = comb(CHECKERS + POINTS, POINTS)
"""54,264: the ways of placing 0 to 15 checkers on six points."""
MAX_ROLLS = 32
"""Rolls counted in a distribution (no position needs more than 30)."""
VERSION = 1
ROLL_PIPS = 49.0 / 6.0
"""The pips an average roll moves (a double's four steps counted): 8 1/6."""
SPAN = 96
"""Rolls counted in an estimated distribution (15 checkers on the bar need fewer than 70)."""
RACE_INPUTS = 3
"""What ``race_inputs`` writes: each side's expected rolls / 20, the side on roll's chance."""

Distributions = npt.NDArray[np.float64]


def all_positions() -> npt.NDArray[np.int8]:
    """Every position, shape (SIZE, 6): checkers on points 1..6, in order of their keys."""
    grids = np.indices((CHECKERS + 1,) * POINTS).reshape(POINTS, -1).T
    found = grids[grids.sum(axis=1) <= CHECKERS].astype(np.int8)
    return np.asarray(found[np.argsort(keys_of(found))], dtype=np.int8)


def keys_of(points: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The key of each row of checkers on points 1..6 (base 16, point 1 the lowest digit)."""
    weights = 16 ** np.arange(POINTS, dtype=np.int64)
    return np.asarray(points.astype(np.int64) @ weights)


@njit(cache=True, nogil=True)
def _build(positions, keys, order, dist, means):  # type: ignore[no-untyped-def]
    """Fill ``dist`` and ``means`` for ``positions`` (sorted by ``keys``), taken in ``order``
    (by pip count)."""
    out = np.zeros((CAPACITY, 2, 26), np.int8)
    ranks = np.zeros(CAPACITY, np.int64)
    hashes = np.zeros(CAPACITY, np.int64)
    board = np.zeros((2, 26), np.int8)
    board[1, 0] = CHECKERS
    weights = np.empty(6, np.int64)
    for i in range(6):
        weights[i] = 16**i
    for idx in order:
        total = 0
        for i in range(6):
            total += positions[idx, i]
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
                n = generate(board, d1, d2, False, out, ranks, hashes)
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
        mean = 0.0
        for r in range(dist.shape[1]):
            mean += r * dist[idx, r]
        means[idx] = mean


@njit(cache=True, nogil=True)
def _estimate(side, db, keys, dist):  # type: ignore[no-untyped-def]
    """Write into ``dist`` the estimated distribution of the rolls ``side`` (26 counts, its own
    numbering) needs to bear off: the checkers outside the home board counted on the 6-point,
    the pips they need to get there added as rolls of ``ROLL_PIPS`` (split between the two
    nearest whole numbers of rolls). Exact when every checker is home."""
    outside = 0
    extra = 0
    for p in range(7, 26):
        outside += side[p]
        extra += side[p] * (p - 6)
    key = np.int64(0)
    scale = np.int64(1)
    for i in range(1, 7):
        n = side[i] + outside if i == 6 else side[i]
        key += n * scale
        scale *= 16
    row = db[np.searchsorted(keys, key)]
    shift = extra / ROLL_PIPS
    whole = int(shift)
    part = shift - whole
    dist[:] = 0.0
    for r in range(row.shape[0]):
        if r + whole + 1 < dist.shape[0]:
            dist[r + whole] += (1.0 - part) * row[r]
            dist[r + whole + 1] += part * row[r]


@njit(cache=True, nogil=True)
def race_inputs(board, db, keys, x, at):  # type: ignore[no-untyped-def]
    """The race network's database inputs of ``board`` (2, 26), written into ``x[at:at + 3]``:
    each side's expected rolls to bear off / 20 (side on roll first), then the chance that the
    side on roll finishes first, from the two ``_estimate`` distributions."""
    mine = np.zeros(SPAN)
    theirs = np.zeros(SPAN)
    _estimate(board[0], db, keys, mine)
    _estimate(board[1], db, keys, theirs)
    mean_mine = 0.0
    mean_theirs = 0.0
    left = 1.0
    win = 0.0
    for r in range(SPAN):
        mean_mine += r * mine[r]
        mean_theirs += r * theirs[r]
        win += mine[r] * left
        left -= theirs[r]
    x[at] = mean_mine / 20.0
    x[at + 1] = mean_theirs / 20.0
    x[at + 2] = win


@njit(cache=True, nogil=True)
def race_inputs_batch(boards, rows, db, keys, x, at):  # type: ignore[no-untyped-def]
    """``race_inputs`` of ``boards[rows]`` into the same rows of ``x``."""
    for i in rows:
        race_inputs(boards[i], db, keys, x[i], at)


def compute() -> Distributions:
    """The database computed afresh: shape (SIZE, MAX_ROLLS), rows in order of ``keys_of``."""
    positions = all_positions()
    keys = keys_of(positions)
    pips = positions.astype(np.int64) @ np.arange(1, POINTS + 1)
    order = np.argsort(pips, kind="stable")
    dist = np.zeros((SIZE, MAX_ROLLS))
    means = np.zeros(SIZE)
    _build(positions, keys, order, dist, means)
    return dist


def cache_dir() -> Path:
    """Where computed tables are kept between runs."""
    if os.environ.get("GAMEHALL_CACHE_DIR"):
        return Path(os.environ["GAMEHALL_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gamehall"


@cache
def database() -> Distributions:
    """The one-sided database, from the cache file when it holds a sound copy, else computed
    and saved there (a cache that cannot be written is only a slower start)."""
    path = cache_dir() / f"bearoff-one-sided-v{VERSION}.npy"
    try:
        dist = np.load(path)
        if dist.shape == (SIZE, MAX_ROLLS) and np.allclose(dist.sum(axis=1), 1.0):
            return np.asarray(dist, dtype=np.float64)
    except (OSError, ValueError):
        pass
    dist = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp.npy")
        np.save(partial, dist)
        partial.replace(path)
    except OSError:
        pass
    return dist


@cache
def sorted_keys() -> npt.NDArray[np.int64]:
    return keys_of(all_positions())


def indices(home: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The database rows of one-sided positions given as checkers on points 1..6, shape
    (n, 6)."""
    return np.searchsorted(sorted_keys(), keys_of(home)).astype(np.int64)


def distribution(home: tuple[int, ...] | list[int]) -> Distributions:
    """The chance of needing exactly 0, 1, 2, ... rolls to bear off the checkers on points
    1..6 given as ``home`` (six counts, 15 at most in all)."""
    counts = np.array(home, dtype=np.int64).reshape(1, POINTS)
    if counts.min() < 0 or counts.sum() > CHECKERS:
        raise ValueError("a bear-off position has 0 to 15 checkers on the six home points")
    return database()[indices(counts)[0]].copy()  # type: ignore[no-any-return]


def mean_rolls(home: tuple[int, ...] | list[int]) -> float:
    """The expected number of rolls to bear off ``home`` with the best play."""
    return float(np.arange(MAX_ROLLS) @ distribution(home))


def win_chances(
    on_roll: npt.NDArray[np.integer], other: npt.NDArray[np.integer]
) -> npt.NDArray[np.float64]:
    """The exact chance that the side on roll wins each pure bear-off race: checkers on points
    1..6 of the side on roll and of the other side, shape (n, 6) each."""
    db = database()
    mine = db[indices(on_roll)]
    theirs = db[indices(other)]
    # The side on roll wins when he needs no more rolls than the other: P(N_other >= n).
    theirs_left = 1.0 - np.cumsum(theirs, axis=1) + theirs
    return np.asarray(np.sum(mine * theirs_left, axis=1))


def is_bearoff(boards: Boards) -> npt.NDArray[np.bool_]:
    """Which boards (n, 2, 26) are pure bear-offs: every checker of both sides on its home
    points or borne off, so that the race is exact from the database."""
    return np.asarray(~np.any(boards[:, :, 7:] > 0, axis=(1, 2)))
