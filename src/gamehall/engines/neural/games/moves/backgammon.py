"""Backgammon's move kernel (International and Georgian): the distinct ends of a roll.

It walks every order of a non-double's two dice, and a double's steps from non-increasing
source points (any legal order of a double's steps can be so arranged), in one depth-first
loop, and records each distinct end with the best (dice used, pips) reached; the shared
generator (``board.generate``) keeps the best-ranked: "use as many dice as possible, else the
larger". Georgian's no-hit-and-run-home rule freezes a checker that hits on the mover's
points 1-6 for the rest of the turn.
"""

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _target(me, op, src, die, frozen, georgian):  # type: ignore[no-untyped-def]
    """Where a checker of the mover on ``src`` lands with ``die`` (0 off), or -1."""
    if me[src] == 0:
        return -1
    if src != 25 and me[25] > 0:
        return -1
    if georgian and me[src] <= frozen[src]:
        return -1
    dst = src - die
    if dst <= 0:
        for p in range(7, 26):
            if me[p] > 0:
                return -1
        if dst < 0:
            for p in range(src + 1, 7):
                if me[p] > 0:
                    return -1
        return 0
    if op[25 - dst] > 1:
        return -1
    return dst


@njit(cache=True, nogil=True)
def _apply(me, op, src, dst, frozen, georgian):  # type: ignore[no-untyped-def]
    me[src] -= 1
    me[dst] += 1
    if dst > 0 and op[25 - dst] == 1:
        op[25 - dst] = 0
        op[25] += 1
        if georgian and dst <= 6:
            frozen[dst] += 1
        return 1
    return 0


@njit(cache=True, nogil=True)
def _revert(me, op, src, dst, hit, frozen, georgian):  # type: ignore[no-untyped-def]
    me[src] += 1
    me[dst] -= 1
    if hit:
        op[25 - dst] = 1
        op[25] -= 1
        if georgian and dst <= 6:
            frozen[dst] -= 1


@njit(cache=True, nogil=True)
def _record(me, op, rank, out, ranks, hashes, n):  # type: ignore[no-untyped-def]
    """Keep the end ``me``/``op`` with ``rank`` (the opponent on roll in ``out``); returns the
    new count of distinct ends."""
    h = np.int64(17)
    for i in range(26):
        h = h * np.int64(31) + np.int64(me[i])
    for i in range(26):
        h = h * np.int64(31) + np.int64(op[i])
    for k in range(n):
        if hashes[k] == h:
            same = True
            for i in range(26):
                if out[k, 1, i] != me[i] or out[k, 0, i] != op[i]:
                    same = False
                    break
            if same:
                if rank > ranks[k]:
                    ranks[k] = rank
                return n
    if n >= out.shape[0]:
        raise ValueError("more distinct plays than the move buffer holds")
    for i in range(26):
        out[n, 0, i] = op[i]
        out[n, 1, i] = me[i]
    ranks[n] = rank
    hashes[n] = h
    return n + 1


@njit(cache=True, nogil=True)
def _walk(me, op, dice, steps, double, frozen, georgian, out, ranks, hashes, n, depth):  # type: ignore[no-untyped-def]
    """Walk every legal sequence of the first ``steps`` of ``dice`` in their order, depth
    first, each source from the highest point down (a double's next step from the same point or
    a lower one), recording each end with its rank: ``depth[3, k]`` after ``k`` steps.
    Returns the new count of ends and whether a first step was possible. ``depth`` is scratch:
    per depth k, the step taken (source, target, whether it hit), whether depth k found a
    step."""
    src = depth[0]
    dst = depth[1]
    hit = depth[2]
    rank = depth[3]
    moved = depth[4]
    k = 1
    src[1] = 26
    moved[1] = 0
    while True:
        die = dice[k - 1]
        s = src[k] - 1
        target = -1
        while s >= 1:
            target = _target(me, op, s, die, frozen, georgian)
            if target >= 0:
                break
            s -= 1
        if s < 1:
            if k == 1:
                return n, moved[1] != 0
            # Depth k is done: the end after k - 1 steps counts when no step followed it.
            j = k - 1
            if moved[k] == 0:
                n = _record(me, op, rank[j], out, ranks, hashes, n)
            _revert(me, op, src[j], dst[j], hit[j], frozen, georgian)
            k = j
            continue
        src[k] = s
        dst[k] = target
        moved[k] = 1
        hit[k] = _apply(me, op, s, target, frozen, georgian)
        if k == steps or me[0] == 15:
            n = _record(me, op, rank[k], out, ranks, hashes, n)
        else:
            k += 1
            src[k] = s + 1 if double else 26
            moved[k] = 0
            continue
        _revert(me, op, s, target, hit[k], frozen, georgian)


@njit(cache=True, nogil=True)
def walk(board, d1, d2, georgian, out, scratch):  # type: ignore[no-untyped-def]
    """Write the ends of (``d1``, ``d2``) from ``board`` into ``out`` (the opponent on roll),
    their ranks into ``scratch.ranks``; returns how many. A double's ends rank 101 times its
    pips per step, a non-double's 100 per die plus the pips: the most dice, then the larger."""
    me = board[0].copy()
    op = board[1].copy()
    frozen = np.zeros(26, np.int8)
    depth = np.zeros((5, 5), np.int64)
    dice = np.full(4, d1, np.int64)
    ranks = scratch.ranks
    hashes = scratch.hashes
    if d1 == d2:
        for k in range(5):
            depth[3, k] = k * 101 * d1
        n, moved = _walk(me, op, dice, 4, True, frozen, georgian, out, ranks, hashes, 0, depth)
    else:
        n = 0
        moved = False
        for a, b in ((d1, d2), (d2, d1)):
            dice[0] = a
            dice[1] = b
            depth[3, 1] = 100 + a
            depth[3, 2] = 200 + a + b
            n, again = _walk(me, op, dice, 2, False, frozen, georgian, out, ranks, hashes, n, depth)
            moved = moved or again
    if not moved:
        n = _record(me, op, 0, out, ranks, hashes, n)
    return n
