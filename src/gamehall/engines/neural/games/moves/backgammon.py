"""Backgammon's move kernel (International and Georgian): the distinct ends of a roll.

It walks every order of a non-double's two dice, and a double's steps from non-increasing
source points (any legal order of a double's steps can be so arranged), records each distinct
end with the best (dice used, pips) reached; the shared generator (``board.generate``) keeps
the best-ranked: "use as many dice as possible, else the larger". Georgian's
no-hit-and-run-home rule freezes a checker that hits on the mover's points 1-6 for the rest of
the turn.
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
def _walk_double(me, op, d, georgian, out, ranks, hashes):  # type: ignore[no-untyped-def]
    frozen = np.zeros(26, np.int8)
    n = 0
    rank = 101 * d
    moved1 = False
    for s1 in range(25, 0, -1):
        t1 = _target(me, op, s1, d, frozen, georgian)
        if t1 < 0:
            continue
        moved1 = True
        h1 = _apply(me, op, s1, t1, frozen, georgian)
        moved2 = False
        if me[0] < 15:
            for s2 in range(s1, 0, -1):
                t2 = _target(me, op, s2, d, frozen, georgian)
                if t2 < 0:
                    continue
                moved2 = True
                h2 = _apply(me, op, s2, t2, frozen, georgian)
                moved3 = False
                if me[0] < 15:
                    for s3 in range(s2, 0, -1):
                        t3 = _target(me, op, s3, d, frozen, georgian)
                        if t3 < 0:
                            continue
                        moved3 = True
                        h3 = _apply(me, op, s3, t3, frozen, georgian)
                        moved4 = False
                        if me[0] < 15:
                            for s4 in range(s3, 0, -1):
                                t4 = _target(me, op, s4, d, frozen, georgian)
                                if t4 < 0:
                                    continue
                                moved4 = True
                                h4 = _apply(me, op, s4, t4, frozen, georgian)
                                n = _record(me, op, 4 * rank, out, ranks, hashes, n)
                                _revert(me, op, s4, t4, h4, frozen, georgian)
                        if not moved4:
                            n = _record(me, op, 3 * rank, out, ranks, hashes, n)
                        _revert(me, op, s3, t3, h3, frozen, georgian)
                if not moved3:
                    n = _record(me, op, 2 * rank, out, ranks, hashes, n)
                _revert(me, op, s2, t2, h2, frozen, georgian)
        if not moved2:
            n = _record(me, op, rank, out, ranks, hashes, n)
        _revert(me, op, s1, t1, h1, frozen, georgian)
    if not moved1:
        n = _record(me, op, 0, out, ranks, hashes, n)
    return n


@njit(cache=True, nogil=True)
def _walk_pair(me, op, d1, d2, georgian, out, ranks, hashes):  # type: ignore[no-untyped-def]
    frozen = np.zeros(26, np.int8)
    n = 0
    moved = False
    for order in range(2):
        a = d1 if order == 0 else d2
        b = d2 if order == 0 else d1
        for s1 in range(25, 0, -1):
            t1 = _target(me, op, s1, a, frozen, georgian)
            if t1 < 0:
                continue
            moved = True
            h1 = _apply(me, op, s1, t1, frozen, georgian)
            moved2 = False
            if me[0] < 15:
                for s2 in range(25, 0, -1):
                    t2 = _target(me, op, s2, b, frozen, georgian)
                    if t2 < 0:
                        continue
                    moved2 = True
                    h2 = _apply(me, op, s2, t2, frozen, georgian)
                    n = _record(me, op, 200 + a + b, out, ranks, hashes, n)
                    _revert(me, op, s2, t2, h2, frozen, georgian)
            if not moved2:
                n = _record(me, op, 100 + a, out, ranks, hashes, n)
            _revert(me, op, s1, t1, h1, frozen, georgian)
    if not moved:
        n = _record(me, op, 0, out, ranks, hashes, n)
    return n


@njit(cache=True, nogil=True)
def walk(board, d1, d2, georgian, out, scratch):  # type: ignore[no-untyped-def]
    """Write the ends of (``d1``, ``d2``) from ``board`` into ``out`` (the opponent on roll),
    their ranks into ``scratch.ranks``; returns how many."""
    me = board[0].copy()
    op = board[1].copy()
    if d1 == d2:
        return _walk_double(me, op, d1, georgian, out, scratch.ranks, scratch.hashes)
    return _walk_pair(me, op, d1, d2, georgian, out, scratch.ranks, scratch.hashes)
