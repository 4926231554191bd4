"""The neural engine's own fast long nardy board: legal results of a roll, compiled by numba.

A board is an ``int8`` array of shape (2, 26) as for backgammon (``board.Boards``): row 0 the
side on roll, row 1 the other side, each in its own numbering as the nardy ``Position`` keeps
them (index 0 borne off, 1..24 the points, 24 the head; index 25 is always 0, nardy has no
bar). ``successors`` gives one board per distinct position a roll can lead to, the opponent on
roll, exactly the results of the rules layer's ``legal_plays`` under every rules option (a test
compares them on random games).

The walk follows the rules layer's generator (``gamehall.tables.generator``) step for step: a
non-double's two dice in both orders, a double's four steps from any source in any order (a
table of the states already walked at each depth keeps that cheap), each single step refused as
the rules layer refuses it (no checker, the head used, not all home, a higher checker, an
opposing checker, a six-block with no opposing checker ahead), each end kept with the best
score reaching it, and the ends of the best rank kept: the most dice, then the larger dice, then
(``bearoff`` option) the most dice at full value or the most pips.
"""

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.board import Boards

CAPACITY = 4096
"""The most distinct ends one roll can have that the buffers hold."""
TABLE = 1 << 15
"""Slots of the hash tables (ends and walked states) of one call."""

BEAROFF_CODES = {"seed": 0, "standard": 1, "maxpips": 2}
"""The ``bearoff`` option as the kernels take it."""

_OPP = np.array([0] + [p + 12 if p <= 12 else p - 12 for p in range(1, 25)] + [25], np.int64)
"""The mover's point ``p`` in the opponent's numbering (and back: the map is its own inverse)."""


@njit(cache=True, nogil=True)
def _held(me, src, p):  # type: ignore[no-untyped-def]
    """Whether the mover holds his point ``p`` once a checker has left ``src``."""
    n = me[p]
    if p == src:
        n -= 1
    return n > 0


@njit(cache=True, nogil=True)
def _builds_bad_block(me, op, src, dst):  # type: ignore[no-untyped-def]
    """Whether moving from ``src`` to the empty ``dst`` closes six points in a row along the
    opponent's path with no opposing checker ahead (``op`` in the opponent's numbering)."""
    r0 = _OPP[dst]
    low = r0
    while low > 1:
        if not _held(me, src, _OPP[low - 1]):
            break
        low -= 1
    high = r0
    while high < 24 and high - low < 5:
        if not _held(me, src, _OPP[high + 1]):
            break
        high += 1
    if high - low < 5:
        return False
    for r in range(1, low):  # noqa: SIM110 (numba compiles loops, not generators)
        if op[r] > 0:
            return False
    return True


@njit(cache=True, nogil=True)
def has_bad_block(me, op):  # type: ignore[no-untyped-def]
    """Whether the mover holds six points in a row along the opponent's path (the first such
    run) with no opposing checker ahead of it."""
    run = 0
    for r in range(1, 25):
        if me[_OPP[r]] > 0:
            run += 1
            if run == 6:
                for q in range(1, r - 5):  # noqa: SIM110
                    if op[q] > 0:
                        return False
                return True
        else:
            run = 0
    return False


@njit(cache=True, nogil=True)
def _target(me, op, opv, src, die, head_left, step_block):  # type: ignore[no-untyped-def]
    """Where a checker of the mover on ``src`` lands with ``die`` (0 off), or -1."""
    if me[src] == 0:
        return -1
    if src == 24 and head_left == 0:
        return -1
    dst = src - die
    if dst <= 0:
        for p in range(7, 25):
            if me[p] > 0:
                return -1
        if dst < 0:
            for p in range(src + 1, 7):
                if me[p] > 0:
                    return -1
        return 0
    if opv[dst] > 0:
        return -1
    if step_block and me[dst] == 0 and _builds_bad_block(me, op, src, dst):
        return -1
    return dst


@njit(cache=True, nogil=True)
def _rank(used, pips, full, moved, bearoff):  # type: ignore[no-untyped-def]
    """The rules layer's ranking of a score as one number: dice used, their pips, then dice at
    full value (``seed``) or pips moved (``maxpips``)."""
    r = used * 10000 + pips * 100
    if bearoff == 0:
        r += full
    elif bearoff == 2:
        r += moved
    return r


@njit(cache=True, nogil=True)
def _keys(me):  # type: ignore[no-untyped-def]
    """The mover's points 1..12 and 13..24 packed four bits a point (the borne-off checkers
    follow from them)."""
    k1 = np.int64(0)
    k2 = np.int64(0)
    for i in range(12):
        k1 |= np.int64(me[i + 1]) << np.int64(4 * i)
        k2 |= np.int64(me[i + 13]) << np.int64(4 * i)
    return k1, k2


@njit(cache=True, nogil=True)
def _slot(k1, k2, tk1, tk2, tstamp, stamp):  # type: ignore[no-untyped-def]
    """The slot of key (k1, k2) in a table: its own if present, else the free one to take."""
    mask = tk1.shape[0] - 1
    i = ((k1 * np.int64(0x9E3779B1)) ^ (k2 * np.int64(0x85EBCA77)) ^ (k2 >> np.int64(29))) & mask
    while tstamp[i] == stamp:
        if tk1[i] == k1 and tk2[i] == k2:
            return i
        i = (i + 1) & mask
    return i


@njit(cache=True, nogil=True)
def _record(me, op, rank, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp):  # type: ignore[no-untyped-def]
    """Keep the end ``me`` with ``rank`` (the opponent on roll in ``out``); returns the new
    count of distinct ends."""
    if final and has_bad_block(me, op):
        return n
    k1, k2 = _keys(me)
    i = _slot(k1, k2, tk1, tk2, tstamp, stamp)
    if tstamp[i] == stamp:
        j = tval[i]
        if rank > ranks[j]:
            ranks[j] = rank
        return n
    if n >= out.shape[0]:
        raise ValueError("more distinct plays than the move buffer holds")
    tstamp[i] = stamp
    tk1[i] = k1
    tk2[i] = k2
    tval[i] = n
    for p in range(26):
        out[n, 0, p] = op[p]
        out[n, 1, p] = me[p]
    ranks[n] = rank
    return n + 1


@njit(cache=True, nogil=True)
def _walked(me, depth, head_left, full, moved, sk1, sk2, sstamp, stamp):  # type: ignore[no-untyped-def]
    """Whether this state of a double's walk was walked before (and mark it walked)."""
    k1, k2 = _keys(me)
    k1 |= (np.int64(depth) << np.int64(48)) | (np.int64(head_left) << np.int64(52))
    k1 |= np.int64(full) << np.int64(56)
    k2 |= np.int64(moved) << np.int64(48)
    i = _slot(k1, k2, sk1, sk2, sstamp, stamp)
    if sstamp[i] == stamp:
        return True
    sstamp[i] = stamp
    sk1[i] = k1
    sk2[i] = k2
    return False


@njit(cache=True, nogil=True)
def _head_left(me, opv, d1, d2, plain):  # type: ignore[no-untyped-def]
    """How many checkers may leave the head this turn (R6)."""
    if me[24] == 15 and d1 == d2 and (d1 == 6 or d1 == 4 or d1 == 3):
        if not plain and d1 == 4 and opv[16] > 0:
            return 1
        return 2
    return 1


@njit(cache=True, nogil=True)
def _walk_pair(me, op, opv, a, b, hl0, bearoff, final, out, ranks, t):  # type: ignore[no-untyped-def]
    tk1, tk2, tval, tstamp, _, _, _, stamp = t
    step = not final
    n = 0
    moved = False
    for order in range(2):
        x = a if order == 0 else b
        y = b if order == 0 else a
        for s1 in range(24, 0, -1):
            t1 = _target(me, op, opv, s1, x, hl0, step)
            if t1 < 0:
                continue
            moved = True
            me[s1] -= 1
            me[t1] += 1
            hl1 = hl0 - 1 if s1 == 24 else hl0
            f1 = 1 if s1 - x == t1 else 0
            m1 = s1 - t1
            if me[0] == 15:
                rank = _rank(2, x + y, f1 + 1, m1, bearoff)
                n = _record(me, op, rank, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp)
            else:
                moved2 = False
                for s2 in range(24, 0, -1):
                    t2 = _target(me, op, opv, s2, y, hl1, step)
                    if t2 < 0:
                        continue
                    moved2 = True
                    me[s2] -= 1
                    me[t2] += 1
                    f2 = f1 + (1 if s2 - y == t2 else 0)
                    rank = _rank(2, x + y, f2, m1 + s2 - t2, bearoff)
                    n = _record(me, op, rank, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp)
                    me[s2] += 1
                    me[t2] -= 1
                if not moved2 or final:
                    rank = _rank(1, x, f1, m1, bearoff)
                    n = _record(me, op, rank, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp)
            me[s1] += 1
            me[t1] -= 1
    if not moved or final:
        n = _record(me, op, 0, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp)
    return n


@njit(cache=True, nogil=True)
def _walk_double(me, op, opv, d, hl0, bearoff, final, out, ranks, t):  # type: ignore[no-untyped-def]
    tk1, tk2, tval, tstamp, sk1, sk2, sstamp, stamp = t
    step = not final
    n = 0
    moved1 = False
    for s1 in range(24, 0, -1):
        t1 = _target(me, op, opv, s1, d, hl0, step)
        if t1 < 0:
            continue
        moved1 = True
        me[s1] -= 1
        me[t1] += 1
        hl1 = hl0 - 1 if s1 == 24 else hl0
        f1 = 1 if s1 - d == t1 else 0
        m1 = s1 - t1
        if me[0] == 15:
            rank = _rank(4, 4 * d, f1 + 3, m1, bearoff)
            n = _record(me, op, rank, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp)
        elif not _walked(me, 1, hl1, f1, m1, sk1, sk2, sstamp, stamp):
            moved2 = False
            for s2 in range(24, 0, -1):
                t2 = _target(me, op, opv, s2, d, hl1, step)
                if t2 < 0:
                    continue
                moved2 = True
                me[s2] -= 1
                me[t2] += 1
                hl2 = hl1 - 1 if s2 == 24 else hl1
                f2 = f1 + (1 if s2 - d == t2 else 0)
                m2 = m1 + s2 - t2
                if me[0] == 15:
                    rank = _rank(4, 4 * d, f2 + 2, m2, bearoff)
                    n = _record(me, op, rank, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp)
                elif not _walked(me, 2, hl2, f2, m2, sk1, sk2, sstamp, stamp):
                    moved3 = False
                    for s3 in range(24, 0, -1):
                        t3 = _target(me, op, opv, s3, d, hl2, step)
                        if t3 < 0:
                            continue
                        moved3 = True
                        me[s3] -= 1
                        me[t3] += 1
                        hl3 = hl2 - 1 if s3 == 24 else hl2
                        f3 = f2 + (1 if s3 - d == t3 else 0)
                        m3 = m2 + s3 - t3
                        if me[0] == 15:
                            rank = _rank(4, 4 * d, f3 + 1, m3, bearoff)
                            n = _record(
                                me, op, rank, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp
                            )
                        elif not _walked(me, 3, hl3, f3, m3, sk1, sk2, sstamp, stamp):
                            moved4 = False
                            for s4 in range(24, 0, -1):
                                t4 = _target(me, op, opv, s4, d, hl3, step)
                                if t4 < 0:
                                    continue
                                moved4 = True
                                me[s4] -= 1
                                me[t4] += 1
                                f4 = f3 + (1 if s4 - d == t4 else 0)
                                rank = _rank(4, 4 * d, f4, m3 + s4 - t4, bearoff)
                                n = _record(
                                    me,
                                    op,
                                    rank,
                                    final,
                                    out,
                                    ranks,
                                    n,
                                    tk1,
                                    tk2,
                                    tval,
                                    tstamp,
                                    stamp,
                                )
                                me[s4] += 1
                                me[t4] -= 1
                            if not moved4 or final:
                                rank = _rank(3, 3 * d, f3, m3, bearoff)
                                n = _record(
                                    me,
                                    op,
                                    rank,
                                    final,
                                    out,
                                    ranks,
                                    n,
                                    tk1,
                                    tk2,
                                    tval,
                                    tstamp,
                                    stamp,
                                )
                        me[s3] += 1
                        me[t3] -= 1
                    if not moved3 or final:
                        rank = _rank(2, 2 * d, f2, m2, bearoff)
                        n = _record(
                            me, op, rank, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp
                        )
                me[s2] += 1
                me[t2] -= 1
            if not moved2 or final:
                rank = _rank(1, d, f1, m1, bearoff)
                n = _record(me, op, rank, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp)
        me[s1] += 1
        me[t1] -= 1
    if not moved1 or final:
        n = _record(me, op, 0, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp)
    return n


@njit(cache=True, nogil=True)
def generate(board, d1, d2, options, out, ranks, tables):  # type: ignore[no-untyped-def]
    """Write the legal results of (``d1``, ``d2``) from ``board`` into ``out[:n]`` (the
    opponent on roll) and return ``n``. ``options`` is (bearoff code, final block check,
    plain head exception) as ints; ``ranks`` and ``tables`` (``new_tables``) are scratch."""
    me = board[0].copy()
    op = board[1].copy()
    opv = np.zeros(26, np.int8)
    for p in range(1, 25):
        opv[p] = op[_OPP[p]]
    bearoff = options[0]
    final = options[1] != 0
    stamps = tables[3]
    stamp = stamps[-1] + 1
    if stamp > 2_000_000_000:
        tables[3][:] = 0
        tables[6][:] = 0
        stamp = 1
    stamps[-1] = stamp
    t = (tables[0], tables[1], tables[2], tables[3], tables[4], tables[5], tables[6], stamp)
    hl0 = _head_left(me, opv, d1, d2, options[2] != 0)
    if d1 == d2:
        n = _walk_double(me, op, opv, d1, hl0, bearoff, final, out, ranks, t)
    else:
        a = max(d1, d2)
        b = min(d1, d2)
        n = _walk_pair(me, op, opv, a, b, hl0, bearoff, final, out, ranks, t)
    best = -1
    for k in range(n):
        if ranks[k] > best:
            best = ranks[k]
    m = 0
    for k in range(n):
        if ranks[k] == best:
            if m != k:
                out[m] = out[k]
            m += 1
    return m


@njit(cache=True, nogil=True)
def new_tables():  # type: ignore[no-untyped-def]
    """The hash tables of one generator: ends (keys, value, stamps) and walked states (keys,
    stamps). The last slot of the ends' stamps holds the call counter (never a valid slot
    mark: the tables hold one more slot than they hash into)."""
    return (
        np.zeros(TABLE, np.int64),
        np.zeros(TABLE, np.int64),
        np.zeros(TABLE, np.int64),
        np.zeros(TABLE + 1, np.int64),
        np.zeros(TABLE, np.int64),
        np.zeros(TABLE, np.int64),
        np.zeros(TABLE, np.int64),
    )


def options_code(
    bearoff: str = "seed", block_check: str = "step", head_exception: str = "seed"
) -> npt.NDArray[np.int64]:
    """The rules options as ``generate`` takes them."""
    return np.array(
        (BEAROFF_CODES[bearoff], block_check == "final", head_exception == "plain"), np.int64
    )


class NardyMoveGenerator:
    """Legal results of long nardy rolls under one set of rules options, with buffers of its
    own (one per thread of use)."""

    def __init__(
        self, bearoff: str = "seed", block_check: str = "step", head_exception: str = "seed"
    ) -> None:
        self.options = options_code(bearoff, block_check, head_exception)
        self._out = np.zeros((CAPACITY, 2, 26), np.int8)
        self._ranks = np.zeros(CAPACITY, np.int64)
        self._tables = new_tables()

    def successors(self, board: Boards, d1: int, d2: int) -> Boards:
        """The distinct boards the roll (``d1``, ``d2``) leads to, the opponent on roll; the
        board itself, sides swapped, when nothing can move."""
        n = generate(board, d1, d2, self.options, self._out, self._ranks, self._tables)
        return self._out[:n].copy()


def initial_board() -> Boards:
    """The start: each side's fifteen checkers on its head (own point 24)."""
    board = np.zeros((2, 26), np.int8)
    board[:, 24] = 15
    return board
