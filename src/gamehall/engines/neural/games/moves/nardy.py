"""Long nardy's move kernel: the distinct ends of a roll under every rules option.

The walk follows the rules layer's generator (``gamehall.tables.generator``) step for step: a
non-double's two dice in both orders, a double's four steps from any source in any order (a
table of the states already walked at each depth keeps that cheap), each single step refused as
the rules layer refuses it (no checker, the head used, not all home, a higher checker, an
opposing checker, a six-block with no opposing checker ahead), each end kept with the best
score reaching it; the shared generator (``board.generate``) keeps the ends of the best rank:
the most dice, then the larger dice, then (``bearoff`` option) the most dice at full value or
the most pips.

The rules array (``board.MoveRules.code``) holds, after the game, the ``bearoff`` option's
code, whether the six-block is checked only at the end and whether the head exception is the
plain one. Boards are those of ``board`` (index 25 is always 0: nardy has no bar).
"""

import numpy as np
from numba import njit

TABLE = 1 << 15
"""Slots of the hash tables (ends and walked states) of one call."""

OPPOSITE = np.array([0] + [p + 12 if p <= 12 else p - 12 for p in range(1, 25)] + [25], np.int64)
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
    r0 = OPPOSITE[dst]
    low = r0
    while low > 1:
        if not _held(me, src, OPPOSITE[low - 1]):
            break
        low -= 1
    high = r0
    while high < 24 and high - low < 5:
        if not _held(me, src, OPPOSITE[high + 1]):
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
        if me[OPPOSITE[r]] > 0:
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
    mask = TABLE - 1
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
def _walk(me, op, opv, dice, steps, hl0, bearoff, final, out, ranks, n, t, depth):  # type: ignore[no-untyped-def]
    """Walk every legal sequence of the first ``steps`` of ``dice`` in their order (a
    double's four steps), depth first, each source from the highest point down, recording each
    end with its rank. Returns the new count of ends and whether a first step was possible.
    ``depth`` is scratch: per depth k, the step taken (source, target), the state after it
    (checkers that may still leave the head, steps at full value, pips moved), whether depth k
    found a step, and the pips of the first k dice."""
    tk1, tk2, tval, tstamp, sk1, sk2, sstamp, stamp = t
    step_block = not final
    src = depth[0]
    dst = depth[1]
    head = depth[2]
    full = depth[3]
    pips = depth[4]
    moved = depth[5]
    sums = depth[6]
    sums[0] = 0
    for k in range(steps):
        sums[k + 1] = sums[k] + dice[k]
    head[0] = hl0
    full[0] = 0
    pips[0] = 0
    k = 1
    src[1] = 25
    moved[1] = 0
    while True:
        die = dice[k - 1]
        s = src[k] - 1
        target = -1
        while s >= 1:
            target = _target(me, op, opv, s, die, head[k - 1], step_block)
            if target >= 0:
                break
            s -= 1
        if s < 1:
            if k == 1:
                return n, moved[1] != 0
            # Depth k is done: the end after k - 1 steps counts when no step followed it (or
            # when the six-block is checked only at the end), then back up a step.
            j = k - 1
            if moved[k] == 0 or final:
                rank = _rank(j, sums[j], full[j], pips[j], bearoff)
                n = _record(me, op, rank, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp)
            me[src[j]] += 1
            me[dst[j]] -= 1
            k = j
            continue
        src[k] = s
        dst[k] = target
        moved[k] = 1
        me[s] -= 1
        me[target] += 1
        head[k] = head[k - 1] - 1 if s == 24 else head[k - 1]
        full[k] = full[k - 1] + (1 if s - die == target else 0)
        pips[k] = pips[k - 1] + s - target
        if k == steps or me[0] == 15:
            # Every step used, or the last checker off (the dice left count as used, R10.1).
            rank = _rank(steps, sums[steps], full[k] + steps - k, pips[k], bearoff)
            n = _record(me, op, rank, final, out, ranks, n, tk1, tk2, tval, tstamp, stamp)
        elif steps < 4 or not _walked(me, k, head[k], full[k], pips[k], sk1, sk2, sstamp, stamp):
            k += 1
            src[k] = 25
            moved[k] = 0
            continue
        me[s] += 1
        me[target] -= 1


@njit(cache=True, nogil=True)
def walk(board, d1, d2, rules, out, scratch):  # type: ignore[no-untyped-def]
    """Write the ends of (``d1``, ``d2``) from ``board`` into ``out`` (the opponent on roll),
    their ranks into ``scratch.ranks``; returns how many."""
    me = board[0].copy()
    op = board[1].copy()
    opv = np.zeros(26, np.int8)
    for p in range(1, 25):
        opv[p] = op[OPPOSITE[p]]
    bearoff = rules[2]
    final = rules[3] != 0
    tables = scratch.tables
    stamps = tables[3]
    stamp = stamps[-1] + 1
    if stamp > 2_000_000_000:
        tables[3][:] = 0
        tables[6][:] = 0
        stamp = 1
    stamps[-1] = stamp
    t = (tables[0], tables[1], tables[2], tables[3], tables[4], tables[5], tables[6], stamp)
    hl0 = _head_left(me, opv, d1, d2, rules[4] != 0)
    ranks = scratch.ranks
    depth = np.zeros((7, 5), np.int64)
    dice = np.full(4, d1, np.int64)
    if d1 == d2:
        n, moved = _walk(me, op, opv, dice, 4, hl0, bearoff, final, out, ranks, 0, t, depth)
    else:
        dice[0] = max(d1, d2)
        dice[1] = min(d1, d2)
        n, moved = _walk(me, op, opv, dice, 2, hl0, bearoff, final, out, ranks, 0, t, depth)
        dice[0], dice[1] = dice[1], dice[0]
        n, again = _walk(me, op, opv, dice, 2, hl0, bearoff, final, out, ranks, n, t, depth)
        moved = moved or again
    if not moved or final:
        n = _record(me, op, 0, final, out, ranks, n, t[0], t[1], t[2], t[3], stamp)
    return n
