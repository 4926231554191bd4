"""Alpha-beta search: negamax with principal-variation search and iterative deepening.

Each node first settles the forcing facts the patterns show at once: a five to make wins; two
fives of the opponent to stop lose; one must be blocked (a block forbidden to Black loses);
an open four or a double four of one's own wins two moves later. Otherwise the candidates are
the empty points within two steps of a stone (only the fours and the points that stop a three
when the opponent threatens an open four), ordered by the transposition-table move, two killer
moves per ply, then the points' pattern values for both colours plus the history score; late
quiet moves are searched one ply shallower first (and again at full depth if they surprise).
Positions are stored in a transposition table keyed by the board's Zobrist hash.

At world-class (a VCT four threes deep) the root is guarded against the opponent's threes: when
he would win by threes and fours were he to move, the move the alpha-beta chose is checked, and
while he would still win after it, it is left out and the first move of his win is tried next
(taken before he plays it), or when that point is not free to play, the root is searched again (a
quarter of the nodes each time; ``VCT_GUARD_TRIES`` moves at most, then the first choice stands).

The leaves are scored by the board's running pattern sums (:mod:`.board`), plus an optional
noise that is a fixed function of the position and the seed (so the same seed plays alike). At
world-class a leaf where the side to move has a four is first asked for a VCF within a small
budget of threat nodes (not counted as nodes); when one is found, the leaf is a won position.
Time is checked every 1,024 nodes; the node limit is exact.
"""

import time
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from gamehall.engines.renju_search.board import (
    BLACK,
    CELL_OF,
    CELLS,
    DOUBLE_THREAT_VALUE,
    EMPTY,
    FOUR_VALUE,
    TOTAL_BLACK,
    TURN,
    WIDTH,
    WIN_VALUE,
    Constants,
    FastBoard,
    State,
    forbidden,
    place,
    point_of,
    remove,
)
from gamehall.engines.renju_search.jit import njit
from gamehall.engines.renju_search.scores import WIN
from gamehall.engines.renju_search.threats import (
    ThreatWork,
    is_four_move,
    leaf_vcf,
    now,
    threat_work,
    vcf,
    vct,
)

MAX_PLY = 64
INFINITY = 10 * WIN
TT_BITS = 19
BREADTH = 24
"""Moves tried at most at a node (the rest are pruned)."""
EXACT_BOUND, LOWER_BOUND, UPPER_BOUND = 0, 1, 2
VCF_DEPTH = 40
"""Fours the search's VCF checks may play (the hints' winning lines look further:
``sequence.VCF_DEPTH``)."""

VCT_GUARD_DEPTH = 4
"""From this VCT depth on (world-class): when the opponent threatens a VCT, the move chosen is
checked, and while he would still win after it, another is tried (``Searcher._guard``)."""
VCT_GUARD_TRIES = 6
"""Moves checked at most (then the first choice is played: every one tried loses)."""

# a transposition-table entry's fields
TT_VALUE, TT_DEPTH, TT_FLAG, TT_MOVE = range(4)

# counters
NODE_COUNT, NODE_LIMIT, STOPPED, BEST_MOVE, NOISE, SEED, LEAF_VCF = range(7)


class SearchWork(NamedTuple):
    """The search's tables and scratch arrays, kept from move to move."""

    tt_keys: npt.NDArray[np.uint64]
    tt_entries: npt.NDArray[np.int64]
    """A stored position's value, depth, bound and move (``TT_VALUE`` ..), side by side: a
    probe then reads two cache lines, the key's and the entry's, not five."""
    killers: npt.NDArray[np.int64]
    history: npt.NDArray[np.int64]
    moves: npt.NDArray[np.int64]
    scores: npt.NDArray[np.int64]
    counters: npt.NDArray[np.int64]
    deadline: npt.NDArray[np.float64]
    root_allowed: npt.NDArray[np.int64]


def _empty_entries(size: int) -> npt.NDArray[np.int64]:
    entries = np.zeros((size, 4), dtype=np.int64)
    entries[:, TT_MOVE] = -1
    return entries


def search_work() -> SearchWork:
    """Fresh, empty tables."""
    size = 1 << TT_BITS
    return SearchWork(
        np.zeros(size, dtype=np.uint64),
        _empty_entries(size),
        np.full((MAX_PLY, 2), -1, dtype=np.int64),
        np.zeros((2, CELLS), dtype=np.int64),
        np.zeros((MAX_PLY, 225), dtype=np.int64),
        np.zeros((MAX_PLY, 225), dtype=np.int64),
        np.zeros(8, dtype=np.int64),
        np.zeros(1, dtype=np.float64),
        np.ones(CELLS, dtype=np.int64),
    )


@njit
def evaluate(state: State, work: SearchWork) -> int:
    """The side to move's score from the pattern sums (the side to move weighs a fifth more:
    it moves first), plus the seeded noise."""
    view = state.meta[TURN] - 1
    own = state.meta[TOTAL_BLACK + view]
    other = state.meta[TOTAL_BLACK + 1 - view]
    score = (own * 6) // 5 - other
    amplitude = work.counters[NOISE]
    if amplitude > 0:
        mixed = (state.hashes[0] ^ np.uint64(work.counters[SEED])) * np.uint64(0x9E3779B97F4A7C15)
        score += int(mixed >> np.uint64(40)) % (2 * amplitude + 1) - amplitude
    return int(score)


@njit
def _stop(work: SearchWork) -> bool:
    counters = work.counters
    if counters[STOPPED]:
        return True
    out_of_nodes = counters[NODE_COUNT] >= counters[NODE_LIMIT]
    clock_due = counters[NODE_COUNT] & 1023 == 0 and work.deadline[0] > 0
    if out_of_nodes or (clock_due and now() > work.deadline[0]):
        counters[STOPPED] = 1
    return bool(counters[STOPPED] != 0)


@njit
def _to_tt(score: int, ply: int) -> int:
    if score > WIN - 1000:
        return score + ply
    if score < -WIN + 1000:
        return score - ply
    return score


@njit
def _from_tt(score: int, ply: int) -> int:
    if score > WIN - 1000:
        return score - ply
    if score < -WIN + 1000:
        return score + ply
    return score


@njit
def negamax(
    state: State,
    constants: Constants,
    work: SearchWork,
    threats: ThreatWork,
    depth: int,
    alpha: int,
    beta: int,
    ply: int,
) -> int:
    """The score of the position for the side to move, searched ``depth`` plies (``threats``:
    the scratch of the leaves' VCF checks)."""
    work.counters[NODE_COUNT] += 1
    if _stop(work):
        return 0
    cells, values, near = state.cells, state.values, state.near
    colour = state.meta[TURN]
    view = colour - 1
    moves = work.moves[ply]
    scores = work.scores[ply]
    count = 0
    opponent_five = -1
    opponent_fives = 0
    own_double = False
    opponent_threat = False
    own_four = False
    look_for_fours = depth <= 0 and work.counters[LEAF_VCF] > 0
    for cell in CELL_OF:
        if cells[cell] != EMPTY or near[cell] == 0:
            continue
        mine = values[view, cell]
        theirs = values[1 - view, cell]
        if mine >= WIN_VALUE:
            if ply == 0:
                work.counters[BEST_MOVE] = cell
            return WIN - ply
        if theirs >= WIN_VALUE and cell != opponent_five:
            opponent_fives += 1
            opponent_five = cell
        if mine >= DOUBLE_THREAT_VALUE:
            own_double = True
        if theirs >= DOUBLE_THREAT_VALUE:
            opponent_threat = True
        if look_for_fours and not own_four and mine >= FOUR_VALUE:
            own_four = is_four_move(state, view, cell)
        if ply > 0 or work.root_allowed[cell]:
            moves[count] = cell
            count += 1
    if count == 0 and opponent_fives == 0:
        return 0
    if opponent_fives >= 1:
        lost = opponent_fives >= 2 or (
            colour == BLACK and forbidden(state, constants, opponent_five)
        )
        if (
            ply == 0
            and work.root_allowed[opponent_five]
            and not (colour == BLACK and forbidden(state, constants, opponent_five))
        ):
            work.counters[BEST_MOVE] = opponent_five
        if lost:
            return -(WIN - ply - 1)
        if ply + 1 >= MAX_PLY:
            return evaluate(state, work)
        place(state, constants, opponent_five)
        score = -negamax(state, constants, work, threats, depth, -beta, -alpha, ply + 1)
        remove(state, constants)
        return score
    if own_double:
        for i in range(count):
            cell = moves[i]
            if values[view, cell] >= DOUBLE_THREAT_VALUE and (
                colour != BLACK or not forbidden(state, constants, cell)
            ):
                if ply == 0:
                    work.counters[BEST_MOVE] = cell
                return WIN - ply - 2
    if depth <= 0 or ply + 1 >= MAX_PLY:
        if own_four and leaf_vcf(state, constants, threats, VCF_DEPTH, work.counters[LEAF_VCF]):
            return int(WIN - ply - threats.line[0] + 1)
        return evaluate(state, work)

    key = state.hashes[0]
    slot = key & np.uint64((1 << TT_BITS) - 1)
    tt_move = -1
    entry = work.tt_entries[slot]
    if work.tt_keys[slot] == key:
        tt_move = entry[TT_MOVE]
        if entry[TT_DEPTH] >= depth and ply > 0:
            stored = _from_tt(entry[TT_VALUE], ply)
            flag = entry[TT_FLAG]
            if (
                flag == EXACT_BOUND
                or (flag == LOWER_BOUND and stored >= beta)
                or (flag == UPPER_BOUND and stored <= alpha)
            ):
                return stored

    kept = 0
    for i in range(count):
        cell = moves[i]
        mine = values[view, cell]
        theirs = values[1 - view, cell]
        if opponent_threat and not (
            is_four_move(state, view, cell) or is_four_move(state, 1 - view, cell)
        ):
            continue
        score = mine + mine // 8 + theirs + work.history[view, cell] // 64
        if cell == tt_move:
            score += 1 << 40
        elif cell == work.killers[ply, 0] or cell == work.killers[ply, 1]:
            score += 1 << 20
        moves[kept] = cell
        scores[kept] = score
        kept += 1

    original_alpha = alpha
    best = -INFINITY
    best_move = -1
    searched = 0
    for i in range(kept):
        top = i
        for j in range(i + 1, kept):
            if scores[j] > scores[top]:
                top = j
        cell = moves[top]
        quiet = scores[top] < 60
        moves[top] = moves[i]
        scores[top] = scores[i]
        moves[i] = cell
        if searched >= BREADTH:
            break
        if colour == BLACK and forbidden(state, constants, cell):
            continue
        place(state, constants, cell)
        if searched == 0:
            score = -negamax(state, constants, work, threats, depth - 1, -beta, -alpha, ply + 1)
        else:
            reduction = 1 if searched >= 4 and depth >= 3 and quiet else 0
            score = -negamax(
                state, constants, work, threats, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1
            )
            if score > alpha and (reduction or score < beta):
                score = -negamax(state, constants, work, threats, depth - 1, -beta, -alpha, ply + 1)
        remove(state, constants)
        if work.counters[STOPPED]:
            return 0
        searched += 1
        if score > best:
            best = score
            best_move = cell
            if ply == 0:
                work.counters[BEST_MOVE] = cell
        if score > alpha:
            alpha = score
        if alpha >= beta:
            if cell != work.killers[ply, 0]:
                work.killers[ply, 1] = work.killers[ply, 0]
                work.killers[ply, 0] = cell
            work.history[view, cell] += depth * depth
            break
    if searched == 0:
        return -(WIN - ply - 1)
    flag = EXACT_BOUND
    if best <= original_alpha:
        flag = UPPER_BOUND
    elif best >= beta:
        flag = LOWER_BOUND
    work.tt_keys[slot] = key
    entry[TT_VALUE] = _to_tt(best, ply)
    entry[TT_DEPTH] = depth
    entry[TT_FLAG] = flag
    entry[TT_MOVE] = best_move
    return best


@njit
def pass_turn(state: State, constants: Constants) -> None:
    """Give the move to the other side without a stone (to ask what it threatens)."""
    state.meta[TURN] = 3 - state.meta[TURN]
    state.hashes[0] ^= constants.zobrist[0, 0]


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the move (a rules-layer point index), its score for the side to
    move (``WIN`` less the plies to a win; negative for a loss), the depth completed, the nodes
    searched and the seconds spent; ``threat`` names a threat-space win (``"vcf"``, ``"vct"``)
    or is empty."""

    point: int
    score: int
    depth: int
    nodes: int
    seconds: float
    threat: str = ""


class _Plan(NamedTuple):
    """One search's limits for its alpha-beta runs."""

    max_depth: int
    nodes: int
    noise: int
    seed: int
    start: float
    seconds: float
    threat_nodes: int
    vct_depth: int
    leaf_vcf: int


class Searcher:
    """A search with its tables: one per engine, reused from move to move."""

    def __init__(self) -> None:
        self.work = search_work()
        self.threats = threat_work()

    def threat_line(
        self, fast: FastBoard, kind: str, depth: int, nodes: int, deadline: float = 0.0
    ) -> list[int] | None:
        """The side to move's winning line by fours (``kind`` ``"vcf"``) or threes and fours
        (``"vct"``) as grid cells, attacker's and defender's moves alternating (only the first
        move for a VCT), or None when none is found within ``depth``, ``nodes`` and the
        ``deadline`` (``time.perf_counter()`` seconds; 0 none)."""
        work = self.threats
        work.budget[0] = 0
        work.budget[1] = nodes
        work.deadline[0] = deadline
        work.line[0] = 0
        work.cache_keys[:] = 0
        search = vcf if kind == "vcf" else vct
        if not search(fast.state, fast.constants, work, depth):
            return None
        line = [int(c) for c in work.line[1 : 1 + work.line[0]]]
        return [c for c in line if c >= 0]

    def opponent_threat(
        self, fast: FastBoard, kind: str, depth: int, nodes: int, deadline: float = 0.0
    ) -> bool:
        """Would the opponent win by fours (``kind`` ``"vcf"``) or by threes and fours
        (``"vct"``) within ``depth`` (fours or threes) if he were to move now?"""
        pass_turn(fast.state, fast.constants)
        try:
            return self.threat_line(fast, kind, depth, nodes, deadline) is not None
        finally:
            pass_turn(fast.state, fast.constants)

    def opponent_win_after(
        self, fast: FastBoard, cell: int, nodes: int, vct_depth: int = 0, deadline: float = 0.0
    ) -> list[int] | None:
        """After the side to move plays ``cell``, the opponent's win by fours, or (``vct_depth``
        > 0) by threes and fours within ``vct_depth`` threes, as :meth:`threat_line` gives it
        (each searched within ``nodes``); None when he has none."""
        place(fast.state, fast.constants, cell)
        try:
            line = self.threat_line(fast, "vcf", VCF_DEPTH, nodes, deadline)
            if line is None and vct_depth > 0:
                line = self.threat_line(fast, "vct", vct_depth, nodes, deadline)
            return line
        finally:
            remove(fast.state, fast.constants)

    def search(
        self,
        fast: FastBoard,
        *,
        max_depth: int,
        seconds: float,
        nodes: int,
        noise: int = 0,
        seed: int = 0,
        threat_nodes: int = 20_000,
        vct_depth: int = 0,
        leaf_vcf: int = 0,
        allowed: list[int] | None = None,
    ) -> SearchResult:
        """The best move by threat search, then iterative deepening to ``max_depth`` plies
        within ``seconds`` and ``nodes`` (the threat searches count against the time too),
        among the ``allowed`` grid cells (default: every empty point). ``leaf_vcf`` > 0: a leaf
        where the side to move has a four is won when a VCF within that many threat nodes is
        found there."""
        start = time.perf_counter()
        work = self.work
        if threat_nodes:
            line = self.threat_line(fast, "vcf", VCF_DEPTH, threat_nodes, start + seconds * 0.15)
            kind = "vcf"
            if line is None and vct_depth:
                line = self.threat_line(fast, "vct", vct_depth, threat_nodes, start + seconds * 0.3)
                kind = "vct"
            if line and (allowed is None or line[0] in allowed):
                return SearchResult(
                    point_of(line[0]),
                    WIN,
                    0,
                    int(self.threats.budget[0]),
                    time.perf_counter() - start,
                    kind,
                )
        work.root_allowed[:] = 1 if allowed is None else 0
        if allowed is not None:
            work.root_allowed[np.array(allowed, dtype=np.int64)] = 1
        vcf_threat = threat_nodes > 0 and self.opponent_threat(
            fast, "vcf", VCF_DEPTH, threat_nodes, start + seconds * 0.4
        )
        if vcf_threat:
            self._keep_vcf_defences(fast, threat_nodes // 8, start + seconds * 0.55)
        guard = (
            not vcf_threat
            and threat_nodes > 0
            and vct_depth >= VCT_GUARD_DEPTH
            and self.opponent_threat(fast, "vct", vct_depth, threat_nodes, start + seconds * 0.4)
        )
        work.killers[:] = -1
        work.history[:] //= 4
        plan = _Plan(
            max_depth, nodes, noise, seed, start, seconds, threat_nodes, vct_depth, leaf_vcf
        )
        best, score, depth_done = self._deepen(fast, plan, nodes)
        spent = int(work.counters[NODE_COUNT])
        if guard:
            best, score, depth_done, spent = self._guard(
                fast, plan, (best, score, depth_done), spent
            )
        return SearchResult(point_of(best), score, depth_done, spent, time.perf_counter() - start)

    def _guard(
        self, fast: FastBoard, plan: _Plan, first: tuple[int, int, int], spent: int
    ) -> tuple[int, int, int, int]:
        """The root's VCT guard: while the opponent still wins after the move chosen, leave it
        out and take next the first move of his win (taken before he plays it), or when that
        is not free to play, the alpha-beta's next choice (not after 60 % of the move's time);
        the first choice stands when every move tried loses or time is gone. The move, the
        score and depth of the alpha-beta's last choice, and the nodes spent."""
        work = self.work
        start, seconds = plan.start, plan.seconds
        best, score, depth_done = first
        for _ in range(VCT_GUARD_TRIES):
            line = self.opponent_win_after(
                fast, best, plan.threat_nodes, plan.vct_depth, start + seconds
            )
            if line is None:
                return best, score, depth_done, spent
            work.root_allowed[best] = 0
            if not work.root_allowed.any():
                break
            key = line[0]
            if work.root_allowed[key] and fast.may_play(key):
                best = key  # checked next: a check within the move's time, no alpha-beta
                continue
            if time.perf_counter() - start > seconds * 0.6:
                break
            best, score, depth_done = self._deepen(fast, plan, plan.nodes // 4)
            spent += int(work.counters[NODE_COUNT])
        return (*first, spent)

    def _deepen(self, fast: FastBoard, plan: _Plan, nodes: int) -> tuple[int, int, int]:
        """Iterative deepening among the root's allowed cells within ``nodes``: the best cell,
        its score and the depth completed."""
        work = self.work
        work.counters[:] = 0
        work.counters[NODE_LIMIT] = nodes
        work.counters[NOISE] = plan.noise
        work.counters[SEED] = plan.seed
        work.counters[LEAF_VCF] = plan.leaf_vcf
        work.deadline[0] = plan.start + plan.seconds
        self.threats.cache_keys[:] = 0
        best = -1
        score = 0
        depth_done = 0
        for depth in range(1, plan.max_depth + 1):
            work.counters[BEST_MOVE] = -1
            value = negamax(
                fast.state, fast.constants, work, self.threats, depth, -INFINITY, INFINITY, 0
            )
            if work.counters[STOPPED]:
                if best < 0 and work.counters[BEST_MOVE] >= 0:
                    best = int(work.counters[BEST_MOVE])
                break
            best = int(work.counters[BEST_MOVE])
            score = value
            depth_done = depth
            if abs(value) > WIN - 1000 or best < 0:
                break
            if time.perf_counter() - plan.start > plan.seconds * 0.45:
                break
        if best < 0:
            best = _fallback(fast, work)
        return best, score, depth_done

    def _keep_vcf_defences(self, fast: FastBoard, nodes: int, deadline: float) -> None:
        """Allow at the root only the moves after which the opponent has no VCF (all of them
        when none is found, or time runs short)."""
        state = fast.state
        allowed = self.work.root_allowed
        before = allowed.copy()
        allowed[:] = 0
        view = int(state.meta[TURN]) - 1
        cells = [int(c) for c in CELL_OF if state.cells[c] == EMPTY and state.near[c] > 0]
        cells.sort(key=lambda c: -int(state.values[view, c] + state.values[1 - view, c]))
        found = False
        for cell in [c for c in cells if before[c]][:40]:
            if time.perf_counter() > deadline:
                found = False
                break
            if not fast.may_play(cell):
                continue
            if self.opponent_win_after(fast, cell, nodes, deadline=deadline) is None:
                allowed[cell] = 1
                found = True
        if not found:
            allowed[:] = before


def _fallback(fast: FastBoard, work: SearchWork) -> int:
    """A move when the search found none (no time at all, or every move loses at once): the
    best-valued allowed point, Black's forbidden points only when nothing else is left (the
    last empty points of a full board can all be forbidden to him; he must play one)."""
    state = fast.state
    view = int(state.meta[TURN]) - 1
    cells = [int(c) for c in CELL_OF if state.cells[c] == EMPTY and work.root_allowed[c]]
    cells = [c for c in cells if fast.may_play(c)] or cells
    centre = 7 * WIDTH + 7 + 5 * WIDTH + 5

    def value(cell: int) -> int:
        distance = max(abs(cell // WIDTH - centre // WIDTH), abs(cell % WIDTH - centre % WIDTH))
        return 16 * int(state.values[view, cell] + state.values[1 - view, cell]) - distance

    return max(cells, key=value, default=-1)
