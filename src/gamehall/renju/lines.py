"""The board's 88 lines (15 rows, 15 columns, 29 diagonals, 29 anti-diagonals) as bit masks.

Each line is one integer holding two bits per cell: bit ``2k`` is set for a black stone and bit
``2k + 1`` for a cell Black cannot use (a white stone, or a cell off the board). Cell ``k`` of a
line is the point whose column (for the row, and both diagonals) or row (for the column) is
``k - 5``: five blocked cells pad each end, so the 11 cells centred on any point can always be read
with one shift and one mask. That 22-bit *window* is what :mod:`gamehall.renju.patterns` analyses.
"""

from gamehall.renju.points import SIZE

HALF = 5
"""Cells on each side of a point that decide its patterns in one line."""
WINDOW_MASK = (1 << (2 * (2 * HALF + 1))) - 1
CENTER_BIT = 1 << (2 * HALF)
"""The black bit of the window's centre cell; the blocked bit is twice it."""

STEPS: tuple[int, int, int, int] = (1, SIZE, SIZE + 1, 1 - SIZE)
"""Point-index step along each direction: row, column, diagonal, anti-diagonal."""

_ROWS, _COLUMNS, _DIAGONALS = 0, SIZE, 2 * SIZE
_ANTI_DIAGONALS = _DIAGONALS + 2 * SIZE - 1
LINE_COUNT = _ANTI_DIAGONALS + 2 * SIZE - 1


def _lines_of(column: int, row: int) -> tuple[tuple[int, int], ...]:
    """The (line, cell-along-line) of a point in each direction, in the order of ``STEPS``."""
    return (
        (_ROWS + row, column),
        (_COLUMNS + column, row),
        (_DIAGONALS + column - row + SIZE - 1, column),
        (_ANTI_DIAGONALS + column + row, column),
    )


def _point_lines() -> tuple[tuple[int, int, int, int, int, int, int, int], ...]:
    """For every point: line and window shift for each direction, flattened for fast unpacking."""
    table = []
    for index in range(SIZE * SIZE):
        flat: list[int] = []
        for line, cell in _lines_of(index % SIZE, index // SIZE):
            flat += [line, 2 * cell]
        table.append((flat[0], flat[1], flat[2], flat[3], flat[4], flat[5], flat[6], flat[7]))
    return tuple(table)


POINT_LINES = _point_lines()
"""``POINT_LINES[p]`` is ``(line0, shift0, ..., line3, shift3)``: the window of point ``p`` in
direction ``d`` is ``(lines[line_d] >> shift_d) & WINDOW_MASK``."""

STONE_BITS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((line, CENTER_BIT << shift) for line, shift in zip(pl[0::2], pl[1::2], strict=True))
    for pl in POINT_LINES
)
"""``STONE_BITS[p]``: the (line, black bit) pairs to flip when a stone goes on or off ``p``."""


def empty_lines() -> list[int]:
    """The masks of an empty board: every cell off the board is blocked."""
    lines = [0] * LINE_COUNT
    on_board: set[tuple[int, int]] = set()
    for index in range(SIZE * SIZE):
        on_board.update(_lines_of(index % SIZE, index // SIZE))
    for line in range(LINE_COUNT):
        for cell in range(-HALF, SIZE + HALF):
            if (line, cell) not in on_board:
                lines[line] |= 2 << (2 * (cell + HALF))
    return lines


def put_stone(lines: list[int], point: int, black: bool) -> None:
    """Mark a stone on ``point`` in the four lines through it (black, or white = blocked)."""
    for line, bit in STONE_BITS[point]:
        lines[line] |= bit if black else bit << 1


def take_stone(lines: list[int], point: int, black: bool) -> None:
    """Clear the stone on ``point`` from the four lines through it."""
    for line, bit in STONE_BITS[point]:
        lines[line] &= ~(bit if black else bit << 1)
