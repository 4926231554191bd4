"""What a black stone on an empty point makes in one line: five, overline, fours, threes.

The input is the 11-cell window of :mod:`gamehall.renju.lines` centred on the empty point (five
cells each side decide everything: a five, an overline, two fours on one line such as
``xxx.x.xxx`` (``x`` a black stone, ``.`` an empty point), and the straight-four points of a
three together with the cells that stop them being exact). The answer depends only on the
window, so it is computed once per distinct window and kept in :data:`LINE_TABLE`.

Whether a three is *live* also depends on the other lines through its straight-four points; that
recursive part belongs to :mod:`gamehall.renju.forbidden`. Here a three is only a candidate: the
offsets of the points that would turn it into a straight four.
"""

from dataclasses import dataclass

from gamehall.renju.lines import HALF

_EMPTY, _BLACK, _BLOCKED = 0, 1, 2
_WIDTH = 2 * HALF + 1


@dataclass(frozen=True, slots=True)
class LineInfo:
    """The patterns a black stone on the window's centre makes in this one line."""

    five: bool
    """Exactly five in a row through the stone."""
    overline: bool
    """Six or more in a row through the stone."""
    fours: int
    """How many fours the stone makes here: 0, 1, or 2 (two fours on one line, ``x.xxx.x``).
    A straight four (``.xxxx.``) is one four."""
    four_points: tuple[int, ...]
    """Offsets of the points that would complete a three into a straight four (empty: no three)."""


def _cells(window: int) -> list[int]:
    """Decode a window into cell states, the centre taken as Black's new stone."""
    cells = [(window >> (2 * i)) & 3 for i in range(_WIDTH)]
    cells = [_BLOCKED if state & 2 else state for state in cells]
    cells[HALF] = _BLACK
    return cells


def _run(cells: list[int], extra: int) -> tuple[int, int]:
    """First and last cell of the black run through the centre, with a stone added on ``extra``."""

    def black(i: int) -> bool:
        return cells[i] == _BLACK or i == extra

    low = high = HALF
    while low > 0 and black(low - 1):
        low -= 1
    while high < _WIDTH - 1 and black(high + 1):
        high += 1
    return low, high


def _makes_five(cells: list[int], extra: int) -> bool:
    """Does a stone on ``extra`` join the centre into exactly five?"""
    low, high = _run(cells, extra)
    return low <= extra <= high and high - low == 4


def _makes_straight_four(cells: list[int], extra: int) -> bool:
    """Does a stone on ``extra`` join the centre into four that can become exactly five at both
    ends (a straight four)?"""
    low, high = _run(cells, extra)
    if not (low <= extra <= high and high - low == 3):
        return False
    return (
        cells[low - 1] == _EMPTY
        and cells[high + 1] == _EMPTY
        and cells[low - 2] != _BLACK
        and cells[high + 2] != _BLACK
    )


def analyse(window: int) -> LineInfo | None:
    """The patterns of a window, or None when the stone makes nothing there that can matter."""
    cells = _cells(window)
    low, high = _run(cells, HALF)
    length = high - low + 1
    empties = [i for i in range(1, _WIDTH - 1) if cells[i] == _EMPTY]
    five_points = [i for i in empties if _makes_five(cells, i)]
    if len(five_points) == 2 and five_points[1] - five_points[0] == 5:
        fours = 1
    else:
        fours = len(five_points)
    four_points = tuple(i - HALF for i in empties if _makes_straight_four(cells, i))
    info = LineInfo(length == 5, length >= 6, fours, four_points)
    if not (info.five or info.overline or info.fours or info.four_points):
        return None
    return info


class _Table(dict[int, LineInfo | None]):
    """A memo of :func:`analyse`: looking up an unseen window computes and keeps it."""

    def __missing__(self, window: int) -> LineInfo | None:
        info = self[window] = analyse(window)
        return info


LINE_TABLE: dict[int, LineInfo | None] = _Table()
"""``LINE_TABLE[window]`` is ``analyse(window)``, computed on first use."""
