"""The engine's board: numpy arrays updated incrementally, and Black's forbidden points.

The 15x15 board sits in a 25x25 grid with five off-board cells on every side, so that the ten
neighbours of a point in a line are always inside the array. For every point, direction and
colour the board keeps the line's key (:mod:`.patterns`), its pattern class and the point's
value for each colour (what a stone there would make); placing or removing a stone updates the
keys of the 40 points within five steps in its four lines, their classes and values, the
running sum of values per colour (the evaluation), the count of stones near each point (the
candidate moves) and the Zobrist hash. A stone placed keeps the values it changed (``undo``),
and its removal puts them back rather than computing them again: that halves the alpha-beta's
work per node. All of it is in :class:`State`, a tuple of arrays that
the compiled search (:mod:`.search`, :mod:`.threats`) receives as it is.
"""

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from gamehall.engines.renju_search.jit import inline, njit
from gamehall.engines.renju_search.patterns import (
    CLASS,
    DOUBLE_FOUR,
    EXACT,
    FIVE,
    FIVE_CLASS,
    FOUR,
    FOURS,
    FREE,
    OPEN_FOUR,
    OPEN_THREE,
    OVER,
    OVERLINE,
    STRAIGHT_MASK,
    TABLES,
)
from gamehall.renju.board import Board
from gamehall.renju.points import read_point

SIZE = 15
PAD = 5
WIDTH = SIZE + 2 * PAD
CELLS = WIDTH * WIDTH
EMPTY, BLACK, WHITE, OFF = 0, 1, 2, 3
STEPS = np.array([1, WIDTH, WIDTH + 1, WIDTH - 1], dtype=np.int64)
DIGITS = np.array([3**i for i in range(10)], dtype=np.int64)
RULE_CODES = {"renju": 0, "gomoku-freestyle": 1, "gomoku-standard": 2}
MAX_STONES = SIZE * SIZE + 8
UNDO_ROWS = 2 + 4 * 10
"""A stone's undo rows: the totals, its own point, the 40 points on its lines."""

# meta fields
TURN, TOTAL_BLACK, TOTAL_WHITE, STONES, RULE, NODES = range(6)
META = 8

# Forbidden verdicts, as in gamehall.renju.forbidden.
NOTHING, MADE_FIVE, DOUBLE_FOUR_VERDICT, DOUBLE_THREE_VERDICT, OVERLINE_VERDICT = range(5)

WIN_VALUE, DOUBLE_THREAT_VALUE, FOUR_THREE_VALUE, DOUBLE_THREE_VALUE = 10000, 5000, 2000, 800
LINE_VALUES = np.array([0, 3, 10, 12, 50, 60, 300, 300, 0, 0], dtype=np.int64)
"""The value of a stone's pattern in one line, by class (``NONE`` .. ``OVER``); a five, four
and three together and double threats have the values above instead."""
FOUR_VALUE = int(LINE_VALUES[FOUR])
"""The least value of a point where a stone makes a four (and may be played)."""


def cell_of(point: int) -> int:
    """The grid cell of a rules-layer point index (``row * 15 + column``)."""
    return (point // SIZE + PAD) * WIDTH + point % SIZE + PAD


def point_of(cell: int) -> int:
    """The rules-layer point index of a grid cell."""
    return (cell // WIDTH - PAD) * SIZE + cell % WIDTH - PAD


CELL_OF = np.array([cell_of(p) for p in range(SIZE * SIZE)], dtype=np.int64)
"""Grid cell of each point, a1 to o15."""


class State(NamedTuple):
    """The arrays of one engine board (see the module's doc)."""

    cells: npt.NDArray[np.int8]
    keys: npt.NDArray[np.int32]
    classes: npt.NDArray[np.int8]
    values: npt.NDArray[np.int32]
    near: npt.NDArray[np.int16]
    meta: npt.NDArray[np.int64]
    hashes: npt.NDArray[np.uint64]
    stack: npt.NDArray[np.int64]
    undo: npt.NDArray[np.int32]
    """Per stone placed (``undo[stones]``), what its removal puts back: both colours' totals,
    then the values of its point and of the empty points on its lines, in the order visited."""
    judging: npt.NDArray[np.int64]
    """The frames of :func:`judge`'s recursion (scratch: the compiled code allocates nothing)."""


class Constants(NamedTuple):
    """What every compiled function reads and nobody changes."""

    tables: npt.NDArray[np.int16]
    zobrist: npt.NDArray[np.uint64]
    rows: npt.NDArray[np.int64]
    steps: npt.NDArray[np.int64]
    digits: npt.NDArray[np.int64]
    classes: npt.NDArray[np.int8]
    """Each colour's pattern class by line key (``tables[rows[view], key, CLASS]``) in a table
    of its own, 118 KB, that stays in the processor's cache: every stone placed or removed
    reads it about 80 times."""


@inline
def cell_value(
    classes: npt.NDArray[np.int8], view: "int | np.int64", cell: "int | np.int64", renju_black: bool
) -> int:
    """What a stone of colour ``view + 1`` on the empty ``cell`` is worth to that colour."""
    fours = 0
    threes = 0
    straight = False
    over = False
    total = 0
    for d in range(4):
        kind = classes[view, d, cell]
        if kind == FIVE_CLASS:
            return WIN_VALUE
        if kind == FOUR:
            fours += 1
        elif kind == OPEN_FOUR:
            straight = True
            fours += 1
        elif kind == DOUBLE_FOUR:
            fours += 2
        elif kind == OPEN_THREE:
            threes += 1
        elif kind == OVER:
            over = True
        total += LINE_VALUES[kind]
    if renju_black and (fours >= 2 or over):
        return 0
    if straight or fours >= 2:
        return DOUBLE_THREAT_VALUE
    if fours and threes:
        return FOUR_THREE_VALUE
    if threes >= 2:
        return DOUBLE_THREE_VALUE // 4 if renju_black else DOUBLE_THREE_VALUE
    return total


VALUED, OCCUPIED, LINES_ONLY = 1, 0, -1
"""How :func:`_refresh` treats a point's value: recomputed (an empty point), set to 0 (the stone
just placed), or left as it was (the threat search's stones, which read no value)."""


@inline
def _refresh(
    state: State, constants: Constants, cell: int, direction: int, value_kind: int
) -> None:
    """Recompute a cell's class in ``direction`` (all four when it is -1) and, by
    ``value_kind``, its value."""
    keys, classes, values, meta = state.keys, state.classes, state.values, state.meta
    class_of = constants.classes
    renju = meta[RULE] == 0
    for view in range(2):
        if direction < 0:
            for d in range(4):
                classes[view, d, cell] = class_of[view, keys[view, d, cell]]
        else:
            classes[view, direction, cell] = class_of[view, keys[view, direction, cell]]
        if value_kind == LINES_ONLY:
            continue
        value = cell_value(classes, view, cell, renju and view == 0) if value_kind == VALUED else 0
        meta[TOTAL_BLACK + view] += value - values[view, cell]
        values[view, cell] = value


@njit
def place(state: State, constants: Constants, cell: int) -> None:
    """Put a stone of the side to move on the empty ``cell`` and pass the turn."""
    _place(state, constants, cell, VALUED)


@njit
def place_lines(state: State, constants: Constants, cell: int) -> None:
    """As :func:`place`, leaving the points' values (the threat search reads none)."""
    _place(state, constants, cell, LINES_ONLY)


@njit
def remove_lines(state: State, constants: Constants) -> int:
    """Take back a stone of :func:`place_lines`."""
    return _remove(state, constants, LINES_ONLY)


@inline
def _place(state: State, constants: Constants, cell: int, value_kind: int) -> None:
    cells, keys, meta, values = state.cells, state.keys, state.meta, state.values
    steps, digits = constants.steps, constants.digits
    colour = meta[TURN]
    cells[cell] = colour
    kept = value_kind == VALUED
    undo = state.undo[meta[STONES]]
    if kept:
        for view in range(2):
            undo[0, view] = meta[TOTAL_BLACK + view]
            undo[1, view] = values[view, cell]
    saved = 2
    _refresh(state, constants, cell, -1, OCCUPIED if kept else LINES_ONLY)
    for d in range(4):
        step = steps[d]
        for k in range(-5, 6):
            if k == 0:
                continue
            other = cell + k * step
            if cells[other] == OFF:
                continue
            # ``cell`` is at offset -k from ``other``
            pos = -k + 5 if k > 0 else -k + 4
            for view in range(2):
                keys[view, d, other] += (1 if colour == view + 1 else 2) * digits[pos]
            if cells[other] == EMPTY:
                if kept:
                    undo[saved, 0] = values[0, other]
                    undo[saved, 1] = values[1, other]
                    saved += 1
                _refresh(state, constants, other, d, value_kind)
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            state.near[cell + dr * WIDTH + dc] += 1
    state.hashes[0] ^= constants.zobrist[colour, cell] ^ constants.zobrist[0, 0]
    state.stack[meta[STONES]] = cell
    meta[STONES] += 1
    meta[TURN] = 3 - colour


@njit
def remove(state: State, constants: Constants) -> int:
    """Take back the last stone placed and return its cell."""
    return _remove(state, constants, VALUED)


@inline
def _remove(state: State, constants: Constants, value_kind: int) -> int:
    """Take back the last stone: its lines anew, and (``VALUED``) the values and totals put
    back from ``undo`` as they were before it (not computed again)."""
    cells, keys, meta, values = state.cells, state.keys, state.meta, state.values
    steps, digits = constants.steps, constants.digits
    meta[STONES] -= 1
    cell = state.stack[meta[STONES]]
    colour = cells[cell]
    meta[TURN] = colour
    cells[cell] = EMPTY
    kept = value_kind == VALUED
    undo = state.undo[meta[STONES]]
    saved = 2
    for d in range(4):
        step = steps[d]
        for k in range(-5, 6):
            if k == 0:
                continue
            other = cell + k * step
            if cells[other] == OFF:
                continue
            pos = -k + 5 if k > 0 else -k + 4
            for view in range(2):
                keys[view, d, other] -= (1 if colour == view + 1 else 2) * digits[pos]
            if cells[other] == EMPTY:
                _refresh(state, constants, other, d, LINES_ONLY)
                if kept:
                    values[0, other] = undo[saved, 0]
                    values[1, other] = undo[saved, 1]
                    saved += 1
    _refresh(state, constants, cell, -1, LINES_ONLY)
    if kept:
        for view in range(2):
            values[view, cell] = undo[1, view]
            meta[TOTAL_BLACK + view] = undo[0, view]
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            state.near[cell + dr * WIDTH + dc] -= 1
    state.hashes[0] ^= constants.zobrist[colour, cell] ^ constants.zobrist[0, 0]
    return int(cell)


@inline
def _black_keys(state: State, constants: Constants, cell: "int | np.int64", sign: int) -> None:
    """Add (``sign`` 1) or take away (-1) a black stone on ``cell`` in Black's keys only: the
    light touch the forbidden-point recursion needs."""
    keys, steps, digits = state.keys, constants.steps, constants.digits
    for d in range(4):
        step = steps[d]
        for k in range(-5, 6):
            if k == 0:
                continue
            pos = -k + 5 if k > 0 else -k + 4
            keys[0, d, cell + k * step] += sign * digits[pos]


MAX_JUDGE_DEPTH = 64
"""Frames of the forbidden-point recursion (each adds a stone: far more than a board holds)."""
JUDGE_FIELDS = 11
"""A frame's fields: its cell, six of :func:`_open`'s, and four of the walk's."""


@inline
def _open(
    state: State, constants: Constants, cell: "int | np.int64", masks: npt.NDArray[np.int64]
) -> int:
    """The first look at a black stone on ``cell``: its verdict when the patterns decide it at
    once, else -1 with the straight-four masks of its candidate threes in ``masks``."""
    keys, tables = state.keys, constants.tables
    fours = 0
    threes = 0
    over = False
    for d in range(4):
        key = keys[0, d, cell]
        if tables[EXACT, key, FIVE]:
            return MADE_FIVE
        fours += tables[EXACT, key, FOURS]
        masks[d] = tables[EXACT, key, STRAIGHT_MASK]
        if masks[d]:
            threes += 1
        if tables[EXACT, key, OVERLINE]:
            over = True
    if fours >= 2:
        return DOUBLE_FOUR_VERDICT
    if threes < 2:
        return OVERLINE_VERDICT if over else NOTHING
    masks[4] = threes
    masks[5] = 1 if over else 0
    return -1


@njit
def judge(state: State, constants: Constants, cell: "int | np.int64") -> int:
    """The renju verdict for a black stone on the empty ``cell``: ``NOTHING``, ``MADE_FIVE``,
    or the forbidden pattern (the rules layer's order: double-four, double-three, overline).
    A three is live only when one of its straight-four points is itself judged ``NOTHING``
    with the stone in place. The recursion of the rules layer runs here on an explicit stack
    of frames (numba cannot cache recursive functions); each frame adds a stone, so it ends."""
    steps = constants.steps
    frames = state.judging
    cells = frames[:, 0]
    # per frame: masks of the 4 directions, candidates left, overline; then direction, bit,
    # whether the direction's candidate was counted, live threes found
    masks = frames[:, 1:7]
    direction = frames[:, 7]
    bit = frames[:, 8]
    counted = frames[:, 9]
    live = frames[:, 10]
    top = 0
    cells[0] = cell
    verdict = _open(state, constants, cell, masks[0])
    if verdict >= 0:
        return verdict
    _black_keys(state, constants, cell, 1)
    direction[0] = 0
    bit[0] = 1
    counted[0] = 0
    live[0] = 0
    returned = False
    while True:
        finished = False
        if returned:
            returned = False
            if verdict == NOTHING:
                live[top] += 1
                if live[top] >= 2 or live[top] + masks[top, 4] < 2:
                    finished = True
                else:
                    direction[top] += 1
                    bit[top] = 1
                    counted[top] = 0
            else:
                bit[top] += 1
        child = -1
        while not finished:
            d = direction[top]
            if d >= 4:
                finished = True
                break
            mask = masks[top, d]
            if mask == 0:
                direction[top] += 1
                bit[top] = 1
                continue
            if not counted[top]:
                masks[top, 4] -= 1
                counted[top] = 1
            i = bit[top]
            while i < 10 and not (mask >> i) & 1:
                i += 1
            if i >= 10:
                if live[top] >= 2 or live[top] + masks[top, 4] < 2:
                    finished = True
                    break
                direction[top] += 1
                bit[top] = 1
                counted[top] = 0
                continue
            bit[top] = i
            child = cells[top] + (i - 5) * steps[d]
            break
        if finished:
            _black_keys(state, constants, cells[top], -1)
            if live[top] >= 2:
                verdict = DOUBLE_THREE_VERDICT
            else:
                verdict = OVERLINE_VERDICT if masks[top, 5] else NOTHING
            if top == 0:
                return verdict
            top -= 1
            returned = True
            continue
        if top + 1 >= MAX_JUDGE_DEPTH:
            verdict = NOTHING
            returned = True
            continue
        verdict = _open(state, constants, child, masks[top + 1])
        if verdict >= 0:
            returned = True
            continue
        top += 1
        cells[top] = child
        direction[top] = 0
        bit[top] = 1
        counted[top] = 0
        live[top] = 0
        _black_keys(state, constants, child, 1)


@inline
def forbidden(state: State, constants: Constants, cell: "int | np.int64") -> bool:
    """Is a black stone on the empty ``cell`` forbidden (renju rule only)? Cheap unless the
    point's patterns could make it so."""
    if state.meta[RULE] != 0:
        return False
    keys, tables = state.keys, constants.tables
    count = 0
    over = False
    for d in range(4):
        key = keys[0, d, cell]
        if tables[EXACT, key, FIVE]:
            return False
        over = over or tables[EXACT, key, OVERLINE] != 0
        count += tables[EXACT, key, FOURS] + (tables[EXACT, key, STRAIGHT_MASK] != 0)
    if count < 2 and not over:
        return False
    return judge(state, constants, cell) >= DOUBLE_FOUR_VERDICT


@njit
def _forbidden_cells(state: State, constants: Constants, out: npt.NDArray[np.int64]) -> None:
    """Fill ``out[cell]`` with the verdict of every empty cell (0 where not forbidden)."""
    for cell in range(CELLS):
        if state.cells[cell] == EMPTY and forbidden(state, constants, cell):
            out[cell] = judge(state, constants, cell)


def _zobrist() -> npt.NDArray[np.uint64]:
    generator = np.random.default_rng(20261201)
    return generator.integers(0, 2**63, size=(3, CELLS), dtype=np.uint64) * np.uint64(2) + 1


_ZOBRIST = _zobrist()


def constants_for(rule: str) -> Constants:
    """The constants for a rule: which table row each colour's patterns are read from."""
    exact_black = rule in ("renju", "gomoku-standard")
    exact_white = rule == "gomoku-standard"
    rows = np.array([EXACT if exact_black else FREE, EXACT if exact_white else FREE])
    classes = np.ascontiguousarray(TABLES[rows, :, CLASS]).astype(np.int8)
    return Constants(TABLES, _ZOBRIST, rows.astype(np.int64), STEPS, DIGITS, classes)


def empty_state(rule: str) -> State:
    """The state of an empty board under ``rule`` with Black to move."""
    cells = np.full(CELLS, OFF, dtype=np.int8)
    cells[CELL_OF] = EMPTY
    keys = np.zeros((2, 4, CELLS), dtype=np.int32)
    for cell in CELL_OF:
        for d, step in enumerate(STEPS):
            key = 0
            for k in range(-5, 6):
                if k and cells[cell + k * step] == OFF:
                    key += 2 * int(DIGITS[k + 5 if k < 0 else k + 4])
            keys[:, d, cell] = key
    meta = np.zeros(META, dtype=np.int64)
    meta[TURN] = BLACK
    meta[RULE] = RULE_CODES[rule]
    state = State(
        cells,
        keys,
        np.zeros((2, 4, CELLS), dtype=np.int8),
        np.zeros((2, CELLS), dtype=np.int32),
        np.zeros(CELLS, dtype=np.int16),
        meta,
        np.zeros(2, dtype=np.uint64),
        np.zeros(MAX_STONES, dtype=np.int64),
        np.zeros((MAX_STONES, UNDO_ROWS, 2), dtype=np.int32),
        np.zeros((MAX_JUDGE_DEPTH, JUDGE_FIELDS), dtype=np.int64),
    )
    constants = constants_for(rule)
    for cell in CELL_OF:
        _refresh(state, constants, int(cell), -1, VALUED)
    return state


class FastBoard:
    """An engine board for one rule, built from a rules-layer :class:`Board`; ``play`` and
    ``undo`` work on grid cells (see :func:`cell_of`)."""

    def __init__(self, rule: str = "renju") -> None:
        self.rule = rule
        self.state = empty_state(rule)
        self.constants = constants_for(rule)

    @classmethod
    def from_board(cls, board: Board) -> "FastBoard":
        """The engine board of a rules-layer board's stones, its side to move to move."""
        fast = cls(board.rule)
        for name, colour in board.stones().items():
            fast.state.meta[TURN] = BLACK if colour == "black" else WHITE
            place(fast.state, fast.constants, cell_of(read_point(name)))
        fast.state.meta[TURN] = BLACK if board.turn == "black" else WHITE
        return fast

    @property
    def turn(self) -> int:
        """``BLACK`` (1) or ``WHITE`` (2)."""
        return int(self.state.meta[TURN])

    def play(self, cell: int) -> None:
        """Place the side to move's stone on an empty cell."""
        if self.state.cells[cell] != EMPTY:
            raise ValueError(f"cell {cell} is not an empty point")
        place(self.state, self.constants, cell)

    def undo(self) -> int:
        """Take back the last stone; returns its cell."""
        return remove(self.state, self.constants)

    def forbidden_points(self) -> dict[int, int]:
        """Black's forbidden points as rules-layer point index -> verdict (2 double-four,
        3 double-three, 4 overline); empty under the gomoku rules."""
        out = np.zeros(CELLS, dtype=np.int64)
        _forbidden_cells(self.state, self.constants, out)
        return {point_of(int(c)): int(out[c]) for c in np.nonzero(out)[0]}

    def is_forbidden(self, cell: int) -> bool:
        """Whether Black may not play the empty ``cell`` (renju only)."""
        return bool(forbidden(self.state, self.constants, cell))

    def may_play(self, cell: int) -> bool:
        """Whether the side to move may play the empty ``cell``: White anywhere, Black
        anywhere but a forbidden point."""
        return self.turn != BLACK or not self.is_forbidden(cell)
