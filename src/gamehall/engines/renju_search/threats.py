"""Threat-space search: VCF (a win by continuous fours) and VCT (by threes and fours).

Both know renju's asymmetry. Black's fours and threes must be legal moves (a forbidden point is
never one of his attacks; a five is always legal), and a defence point forbidden to Black is no
defence: when White's four can only be stopped on a point forbidden to Black, White has won.

The attacker is the side to move. A VCF node tries every four of the attacker (a stone that makes
a five possible on one point): the defender's reply is forced, onto that point; the attacker
wins when a four is a double four or an open four (two five points), or when Black's forced
reply is forbidden. A four of the defender made by his forced reply must be blocked at once,
and only a block that is itself a four keeps the sequence going. A VCT node first tries a VCF,
then each three (and four) of the attacker, and wins when every defence fails: every point
that stops the three in its line, and every four of the defender (which the attacker must block
before going on). Failed positions are remembered by their Zobrist hash and remaining depth.
"""

import time
from typing import NamedTuple

import numba
import numpy as np
import numpy.typing as npt

from gamehall.engines.renju_search.board import (
    BLACK,
    CELL_OF,
    EMPTY,
    RULE,
    TURN,
    Constants,
    State,
    cell_value,
    forbidden,
    place_lines,
    remove_lines,
)
from gamehall.engines.renju_search.jit import njit
from gamehall.engines.renju_search.patterns import (
    FIVE_CLASS,
    FOUR,
    OPEN_THREE,
)

Int = int | np.int64
"""The compiled code passes numpy's int64 in recursive calls (one signature, cacheable)."""
MAX_SEQUENCE = 256
MAX_FRAMES = 160
"""Nested threat nodes at most (each has its own rows of scratch arrays: numba cannot cache a
recursive function that allocates)."""
CACHE_BITS = 18


class ThreatWork(NamedTuple):
    """Scratch arrays of the threat search: the winning line found (``line[0]`` its length,
    then cells), the cache of failed positions, the node budget (``budget[0]`` nodes used,
    ``budget[1]`` the limit), the deadline (``time.perf_counter()`` seconds, 0 none: when it
    passes, the budget is spent), and per-frame rows of scratch."""

    line: npt.NDArray[np.int64]
    cache_keys: npt.NDArray[np.uint64]
    cache_depths: npt.NDArray[np.int64]
    budget: npt.NDArray[np.int64]
    deadline: npt.NDArray[np.float64]
    moves: npt.NDArray[np.int64]
    scores: npt.NDArray[np.int64]
    replies: npt.NDArray[np.int64]
    scratch: npt.NDArray[np.int64]


def threat_work() -> ThreatWork:
    """Fresh scratch arrays."""
    return ThreatWork(
        np.zeros(MAX_SEQUENCE + 1, dtype=np.int64),
        np.zeros(1 << CACHE_BITS, dtype=np.uint64),
        np.zeros(1 << CACHE_BITS, dtype=np.int64),
        np.zeros(2, dtype=np.int64),
        np.zeros(1, dtype=np.float64),
        np.zeros((MAX_FRAMES, 225), dtype=np.int64),
        np.zeros((MAX_FRAMES, 225), dtype=np.int64),
        np.zeros((MAX_FRAMES, 64), dtype=np.int64),
        np.zeros((MAX_FRAMES, 4), dtype=np.int64),
    )


@njit
def is_four_move(state: State, view: Int, cell: Int) -> bool:
    """Does a stone of colour ``view + 1`` on ``cell`` make a four (or more) in some line?"""
    for d in range(4):
        kind = state.classes[view, d, cell]
        if FOUR <= kind <= FIVE_CLASS:
            return True
    return False


@njit
def makes_five(state: State, view: Int, cell: Int) -> bool:
    """Does a stone of colour ``view + 1`` on the empty ``cell`` win at once?"""
    for d in range(4):  # noqa: SIM110 (numba compiles loops, not generators)
        if state.classes[view, d, cell] == FIVE_CLASS:
            return True
    return False


@njit
def five_points_near(
    state: State, constants: Constants, view: Int, cell: Int, out: npt.NDArray[np.int64]
) -> int:
    """The empty points on the four lines through ``cell`` where colour ``view + 1`` would make
    five; written to ``out``, their count returned (two are enough to know)."""
    count = 0
    for d in range(4):
        step = constants.steps[d]
        for k in range(-5, 6):
            other = cell + k * step
            if k == 0 or state.cells[other] != EMPTY:
                continue
            if state.classes[view, d, other] == FIVE_CLASS:
                known = False
                for i in range(count):
                    if out[i] == other:
                        known = True
                if not known:
                    out[count] = other
                    count += 1
                    if count >= 2:
                        return count
    return count


@njit
def five_points(state: State, view: int, out: npt.NDArray[np.int64]) -> int:
    """Every empty point where colour ``view + 1`` would make five (up to two)."""
    count = 0
    for cell in CELL_OF:
        if state.cells[cell] == EMPTY and state.near[cell] > 0 and makes_five(state, view, cell):
            out[count] = cell
            count += 1
            if count >= 2:
                break
    return count


@njit
def point_value(state: State, view: Int, cell: Int) -> int:
    """What a stone of colour ``view + 1`` on the empty ``cell`` is worth to it, from the
    classes (the threat search's stones leave the board's stored values as they were)."""
    renju_black = state.meta[RULE] == 0 and view == 0
    return int(cell_value(state.classes, view, cell, renju_black))


@njit
def legal_for(state: State, constants: Constants, colour: Int, cell: Int) -> bool:
    """May ``colour`` play ``cell`` without losing on a forbidden point?"""
    return colour != BLACK or not forbidden(state, constants, cell)


@njit
def now() -> float:
    """``time.perf_counter()`` from compiled code."""
    with numba.objmode(seconds="float64"):
        seconds = time.perf_counter()
    return seconds


@njit
def _spent(work: ThreatWork) -> bool:
    work.budget[0] += 1
    if work.budget[0] & 1023 == 0 and work.deadline[0] > 0 and now() > work.deadline[0]:
        work.budget[0] = work.budget[1] + 1
    return bool(work.budget[0] > work.budget[1])


@njit
def _failed(state: State, work: ThreatWork, depth: Int, kind: Int) -> bool:
    key = state.hashes[0] ^ np.uint64(kind)
    slot = key & np.uint64((1 << CACHE_BITS) - 1)
    return bool(work.cache_keys[slot] == key and work.cache_depths[slot] >= depth)


@njit
def _remember_failure(state: State, work: ThreatWork, depth: Int, kind: Int) -> None:
    key = state.hashes[0] ^ np.uint64(kind)
    slot = key & np.uint64((1 << CACHE_BITS) - 1)
    work.cache_keys[slot] = key
    work.cache_depths[slot] = depth


@njit
def _record(work: ThreatWork, ply: Int, attack: Int, defence: Int) -> None:
    """Write one step of the winning line (the defence -1 when the attack wins outright)."""
    if 2 * ply + 2 <= MAX_SEQUENCE:
        work.line[2 * ply + 1] = attack
        work.line[2 * ply + 2] = defence
        if defence < 0:
            work.line[0] = 2 * ply + 1
        elif work.line[0] < 2 * ply + 2:
            work.line[0] = 2 * ply + 2


@njit
def _four_outcome(
    state: State, constants: Constants, attacker: Int, cell: Int, scratch: npt.NDArray[np.int64]
) -> int:
    """With the attacker's four just placed on ``cell``: 1 when it already wins (two five
    points, or Black's only defence forbidden), 0 when it is no four, else the defence cell
    plus 2 (encoded so that every answer is one int)."""
    count = five_points_near(state, constants, attacker - 1, cell, scratch)
    if count >= 2:
        return 1
    if count == 0:
        return 0
    defence = scratch[0]
    if attacker != BLACK and forbidden(state, constants, defence):
        return 1
    return int(defence) + 2


@njit
def _defences(
    state: State, constants: Constants, view: Int, cell: Int, out: npt.NDArray[np.int64]
) -> int:
    """The points that stop the attacker's (colour ``view + 1``) threat through ``cell``:
    those on its lines where he would make a four or more in that line."""
    count = 0
    for d in range(4):
        step = constants.steps[d]
        for k in range(-5, 6):
            other = cell + k * step
            if k == 0 or state.cells[other] != EMPTY:
                continue
            kind = state.classes[view, d, other]
            if FOUR <= kind <= FIVE_CLASS:
                known = False
                for i in range(count):
                    if out[i] == other:
                        known = True
                if not known:
                    out[count] = other
                    count += 1
    return count


VCF, VCT, DEFEND = 0, 1, 2
"""What a :func:`threat_node` is: an attacker's node of a VCF, of a VCT, or a defender's node
of a VCT (after the attacker's three)."""


@njit
def threat_node(
    state: State,
    constants: Constants,
    work: ThreatWork,
    mode: Int,
    depth: Int,
    ply: Int,
    last: Int,
    threat: Int,
    fours_left: Int,
    frame: Int,
) -> bool:
    """One node of the threat search (one function: numba caches self-recursion, not mutual).

    ``VCF``: has the side to move a win by continuous fours within ``depth`` fours? ``last`` is
    the defender's last stone (-1 at the root: the whole board is searched for his fours).
    ``VCT``: a win by threes and fours within ``depth`` threes (a VCF of up to ``2 * depth +
    4`` fours at every node)? ``DEFEND``: the defender, to move after the attacker's three on
    ``threat``: does some defence (a point that stops it, or one of ``fours_left`` fours of his
    own) hold off a VCT within ``depth``? (True: it holds.) The winning line goes to
    ``work.line``: all of it for a VCF, the first move for a VCT. ``frame`` counts the nodes
    above this one (its rows of the scratch arrays).
    """
    if frame >= MAX_FRAMES:
        return mode == DEFEND
    none = np.int64(-1)
    zero = np.int64(0)
    four_answers = np.int64(4)
    as_vcf = np.int64(VCF)
    as_vct = np.int64(VCT)
    as_defend = np.int64(DEFEND)
    scratch = work.scratch[frame]
    if mode == VCF:
        if depth <= 0 or _spent(work) or _failed(state, work, depth, 1):
            return False
        attacker = state.meta[TURN]
        view = attacker - 1
        if last >= 0:
            threats = five_points_near(state, constants, 1 - view, last, scratch)
        else:
            threats = five_points(state, 1 - view, scratch)
        for cell in CELL_OF:
            if state.cells[cell] == EMPTY and makes_five(state, view, cell):
                _record(work, ply, cell, -1)
                return True
        if threats >= 2:
            return False
        found = False
        for cell in CELL_OF:
            if threats == 1 and cell != scratch[0]:
                continue
            if state.cells[cell] != EMPTY or state.near[cell] == 0:
                continue
            if not is_four_move(state, view, cell) or not legal_for(
                state, constants, attacker, cell
            ):
                continue
            place_lines(state, constants, cell)
            outcome = _four_outcome(state, constants, attacker, cell, scratch[2:])
            if outcome == 1:
                remove_lines(state, constants)
                _record(work, ply, cell, -1)
                return True
            if outcome >= 2:
                defence = outcome - 2
                place_lines(state, constants, defence)
                found = threat_node(
                    state,
                    constants,
                    work,
                    as_vcf,
                    depth - 1,
                    ply + 1,
                    defence,
                    none,
                    zero,
                    frame + 1,
                )
                remove_lines(state, constants)
            remove_lines(state, constants)
            if found:
                _record(work, ply, cell, outcome - 2)
                return True
        _remember_failure(state, work, depth, 1)
        return False
    if mode == DEFEND:
        defender = state.meta[TURN]
        view = defender - 1
        attacker_view = 1 - view
        replies = work.replies[frame]
        count = _defences(state, constants, attacker_view, threat, replies)
        if count == 0:
            return True
        if fours_left > 0:
            for cell in CELL_OF:
                if count >= 64:
                    break
                if (
                    state.cells[cell] == EMPTY
                    and state.near[cell] > 0
                    and is_four_move(state, view, cell)
                ):
                    known = False
                    for i in range(count):
                        if replies[i] == cell:
                            known = True
                    if not known:
                        replies[count] = cell
                        count += 1
        for i in range(count):
            reply = replies[i]
            if not legal_for(state, constants, defender, reply):
                continue
            if makes_five(state, view, reply):
                return True
            place_lines(state, constants, reply)
            blocks = five_points_near(state, constants, view, reply, scratch)
            if blocks >= 2:
                held = True
            elif blocks == 1:
                block = scratch[0]
                if not legal_for(state, constants, 3 - defender, block):
                    held = True
                else:
                    place_lines(state, constants, block)
                    held = threat_node(
                        state,
                        constants,
                        work,
                        as_defend,
                        depth,
                        ply,
                        none,
                        threat,
                        fours_left - 1,
                        frame + 1,
                    )
                    remove_lines(state, constants)
            else:
                held = not threat_node(
                    state, constants, work, as_vct, depth, ply + 1, reply, none, zero, frame + 1
                )
            remove_lines(state, constants)
            if held:
                return True
            if work.budget[0] > work.budget[1]:
                return True
        return False

    if threat_node(state, constants, work, as_vcf, 2 * depth + 4, ply, last, none, zero, frame + 1):
        return True
    if depth <= 0 or work.budget[0] > work.budget[1] or _failed(state, work, depth, 2):
        return False
    attacker = state.meta[TURN]
    view = attacker - 1
    threats = (
        five_points_near(state, constants, 1 - view, last, scratch)
        if last >= 0
        else five_points(state, 1 - view, scratch)
    )
    if threats:
        return False
    moves = work.moves[frame]
    scores = work.scores[frame]
    count = 0
    for cell in CELL_OF:
        if state.cells[cell] != EMPTY or state.near[cell] == 0:
            continue
        three = False
        for d in range(4):
            if state.classes[view, d, cell] == OPEN_THREE:
                three = True
        if three:
            moves[count] = cell
            scores[count] = point_value(state, view, cell) + point_value(state, 1 - view, cell)
            count += 1
    for i in range(count):
        best = i
        for j in range(i + 1, count):
            if scores[j] > scores[best]:
                best = j
        cell = moves[best]
        moves[best] = moves[i]
        scores[best] = scores[i]
        if not legal_for(state, constants, attacker, cell):
            continue
        place_lines(state, constants, cell)
        won = not threat_node(
            state,
            constants,
            work,
            as_defend,
            depth - 1,
            ply,
            none,
            cell,
            four_answers,
            frame + 1,
        )
        remove_lines(state, constants)
        if won:
            _record(work, ply, cell, -1)
            work.line[0] = 2 * ply + 1
            return True
        if work.budget[0] > work.budget[1]:
            return False
    _remember_failure(state, work, depth, 2)
    return False


def vcf(state: State, constants: Constants, work: ThreatWork, depth: int) -> bool:
    """A win by continuous fours for the side to move, within ``depth`` fours."""
    return bool(threat_node(state, constants, work, VCF, depth, 0, -1, -1, 0, 0))


@njit
def leaf_vcf(state: State, constants: Constants, work: ThreatWork, depth: Int, nodes: Int) -> bool:
    """A win by continuous fours for the side to move within ``depth`` fours and ``nodes``
    threat nodes, asked at the alpha-beta's leaves: no deadline (the budget is small), and the
    failures found stay in the cache (cleared when the alpha-beta starts a move). The arguments
    are numpy's int64, as in the recursion, so that the compiled code has one signature."""
    work.budget[0] = 0
    work.budget[1] = nodes
    work.deadline[0] = 0.0
    work.line[0] = 0
    none = np.int64(-1)
    zero = np.int64(0)
    return bool(
        threat_node(
            state, constants, work, np.int64(VCF), np.int64(depth), zero, none, none, zero, zero
        )
    )


def vct(state: State, constants: Constants, work: ThreatWork, depth: int) -> bool:
    """A win by threes and fours for the side to move, within ``depth`` threes."""
    return bool(threat_node(state, constants, work, VCT, depth, 0, -1, -1, 0, 0))
