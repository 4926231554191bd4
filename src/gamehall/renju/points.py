"""Points of the 15x15 board and their names.

A point is written as its column letter ``a``..``o`` (left to right) and its row number
``1``..``15`` (bottom to top), lower case: ``h8`` is the centre. Inside the package a point is an
index ``row * 15 + column`` (``a1`` is 0, ``o15`` is 224), which keeps the board a flat list.
"""

from gamehall.errors import GameError, IllegalMoveError

SIZE = 15
COLUMNS = "abcdefghijklmno"
CENTER = 7 * SIZE + 7
PASS = -1
"""The stack entry for a pass; its name is ``"pass"``."""
CLAIM = -2
"""The stack entry for White's claim of a forbidden move (``forbidden="claim"``); its name is
``"claim"``. It is only ever the last entry: a claim that stands ends the game."""

NAMES: tuple[str, ...] = tuple(f"{COLUMNS[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE))
_INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}


def point_name(index: int) -> str:
    """The name of a point index (or of :data:`PASS` or :data:`CLAIM`)."""
    if index < 0:
        return "pass" if index == PASS else "claim"
    return NAMES[index]


def column_row(index: int) -> tuple[int, int]:
    """The 0-based column and row of a point index."""
    return index % SIZE, index // SIZE


def from_column_row(column: int, row: int) -> int:
    """The index of the point at a 0-based column and row (both assumed on the board)."""
    return row * SIZE + column


def read_point(
    text: str, error: type[GameError] = IllegalMoveError, *, allow_pass: bool = False
) -> int:
    """Read a point name (any case, surrounding blanks ignored) and return its index.

    ``error`` is the exception raised for text that is not a point, so that each caller reports it
    in its own terms (a move, a composed position, a record). With ``allow_pass`` the word
    ``pass`` reads as :data:`PASS`.
    """
    if not isinstance(text, str):
        raise error(f"{text!r} is not a point: write a column a-o and a row 1-15, e.g. h8")
    name = text.strip().lower()
    if allow_pass and name == "pass":
        return PASS
    index = _INDEX.get(name)
    if index is None:
        raise error(f"{text.strip()!r} is not a point: write a column a-o and a row 1-15, e.g. h8")
    return index


def chebyshev_from_center(index: int) -> int:
    """How many king steps a point is from ``h8`` (the opening rule counts squares this way)."""
    column, row = column_row(index)
    center_column, center_row = column_row(CENTER)
    return max(abs(column - center_column), abs(row - center_row))
