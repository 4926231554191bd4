"""The exact one-sided bear-off databases of the tables games: for every way of placing up to
15 checkers on the six home points (54,264 positions), the distribution of the number of rolls
needed to bear them all off, playing each roll to need the fewest rolls on average, by the
game's own rules (long nardy's R9: the seed's full-value preference, the game over as soon as
the last checker is off); for long nardy also the distribution of the rolls until the first
checker is off, under the same play (for its mars chances).

Each is computed by the project, bottom-up in order of pip count (every play lowers the pips),
each position's distributions from the best play of each of the 21 rolls, with the game's own
move kernel; that takes a few seconds, after which it is kept in memory and cached in a file
under the user's cache directory (``$GAMEHALL_CACHE_DIR``, else ``$XDG_CACHE_HOME/gamehall``,
else ``~/.cache/gamehall``). Two one-sided distributions give the exact cubeless chance of
winning a pure bear-off; backgammon's race inputs and long nardy's exact races are read from
them by each game's description (``games``).
"""

import os
from functools import cache
from math import comb
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.board import CAPACITY, Boards, MoveRules, generate, new_scratch
from gamehall.engines.neural.kernel import NARDY_CODE

POINTS = 6
CHECKERS = 15
SIZE = comb(CHECKERS + POINTS, POINTS)
"""54,264: the ways of placing 0 to 15 checkers on six points."""
MAX_ROLLS = 32
"""Rolls counted in a distribution (no position needs more than 30)."""
VERSION = 1
FILES = {"backgammon": "bearoff-one-sided", "nardy": "nardy-bearoff-one-sided"}
"""Each game's cache file, before its version."""

Distributions = npt.NDArray[np.float64]
BearoffGame = Literal["backgammon", "nardy"]


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
def row_of(side, keys):  # type: ignore[no-untyped-def]
    """The database row of one side's home points 1..6 (26 counts, its own numbering)."""
    key = np.int64(0)
    scale = np.int64(1)
    for i in range(1, 7):
        key += side[i] * scale
        scale *= 16
    return np.searchsorted(keys, key)


@njit(cache=True, nogil=True)
def _build(rules, positions, keys, order, dist, first, means):  # type: ignore[no-untyped-def]
    """Fill ``dist``, ``first`` and ``means`` for ``positions`` (sorted by ``keys``), taken in
    ``order`` (by pip count), moving by ``rules``."""
    out = np.zeros((CAPACITY, 2, 26), np.int8)
    scratch = new_scratch(rules[0])
    board = np.zeros((2, 26), np.int8)
    if rules[0] == NARDY_CODE:
        # The other side waits on his own point 1: ahead of any block the mover's home can
        # hold, out of the mover's way.
        board[1, 1] = CHECKERS
    else:
        board[1, 0] = CHECKERS
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
                n = generate(rules, board, d1, d2, out, scratch)
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


def compute(game: BearoffGame = "backgammon") -> tuple[Distributions, Distributions]:
    """The game's tables computed afresh, each of shape (SIZE, MAX_ROLLS), rows in order of
    ``keys_of``: the rolls to bear off all, and to bear off the first checker."""
    positions = all_positions()
    keys = keys_of(positions)
    pips = positions.astype(np.int64) @ np.arange(1, POINTS + 1)
    order = np.argsort(pips, kind="stable")
    dist = np.zeros((SIZE, MAX_ROLLS))
    first = np.zeros((SIZE, MAX_ROLLS))
    means = np.zeros(SIZE)
    _build(MoveRules(game).code, positions, keys, order, dist, first, means)
    return dist, first


def cache_dir() -> Path:
    """Where computed tables are kept between runs."""
    if os.environ.get("GAMEHALL_CACHE_DIR"):
        return Path(os.environ["GAMEHALL_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gamehall"


@cache
def tables(game: BearoffGame = "backgammon") -> tuple[Distributions, Distributions]:
    """The game's tables (rolls to bear off; rolls to the first checker off), from the cache
    file when it holds a sound copy, else computed and saved there (a cache that cannot be
    written is only a slower start). Backgammon keeps no first-off table (its kernels never
    read one): an empty one stands in."""
    path = cache_dir() / f"{FILES[game]}-v{VERSION}.npy"
    shape = (SIZE, MAX_ROLLS) if game == "backgammon" else (2, SIZE, MAX_ROLLS)
    none = np.zeros((0, MAX_ROLLS))
    try:
        saved = np.load(path)
        if saved.shape == shape and np.allclose(saved.sum(axis=-1), 1.0):
            if game == "backgammon":
                return np.asarray(saved, np.float64), none
            return np.asarray(saved[0], np.float64), np.asarray(saved[1], np.float64)
    except (OSError, ValueError):
        pass
    dist, first = compute(game)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp.npy")
        np.save(partial, dist if game == "backgammon" else np.stack((dist, first)))
        partial.replace(path)
    except OSError:
        pass
    return (dist, none) if game == "backgammon" else (dist, first)


def database(game: BearoffGame = "backgammon") -> Distributions:
    """The game's one-sided database: rolls to bear off, shape (SIZE, MAX_ROLLS)."""
    return tables(game)[0]


@cache
def sorted_keys() -> npt.NDArray[np.int64]:
    return keys_of(all_positions())


def indices(home: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The database rows of one-sided positions given as checkers on points 1..6, shape
    (n, 6)."""
    return np.searchsorted(sorted_keys(), keys_of(home)).astype(np.int64)


def _row(home: tuple[int, ...] | list[int]) -> int:
    counts = np.array(home, dtype=np.int64).reshape(1, POINTS)
    if counts.min() < 0 or counts.sum() > CHECKERS:
        raise ValueError("a bear-off position has 0 to 15 checkers on the six home points")
    return int(indices(counts)[0])


def distribution(
    home: tuple[int, ...] | list[int], game: BearoffGame = "backgammon"
) -> Distributions:
    """The chance of needing exactly 0, 1, 2, ... rolls to bear off the checkers on points
    1..6 given as ``home`` (six counts, 15 at most in all) by ``game``'s rules."""
    return np.array(database(game)[_row(home)], np.float64)


def first_off(home: tuple[int, ...] | list[int]) -> Distributions:
    """The chance of needing exactly 0, 1, 2, ... rolls until a first checker of ``home`` is
    borne off in long nardy (0 when one already is: fewer than 15 on the board)."""
    return np.array(tables("nardy")[1][_row(home)], np.float64)


def mean_rolls(home: tuple[int, ...] | list[int], game: BearoffGame = "backgammon") -> float:
    """The expected number of rolls to bear off ``home`` with the best play."""
    return float(np.arange(MAX_ROLLS) @ distribution(home, game))


def win_chances(
    on_roll: npt.NDArray[np.integer], other: npt.NDArray[np.integer]
) -> npt.NDArray[np.float64]:
    """The exact chance that the side on roll wins each pure backgammon bear-off race:
    checkers on points 1..6 of the side on roll and of the other side, shape (n, 6) each."""
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
