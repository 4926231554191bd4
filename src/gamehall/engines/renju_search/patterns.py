"""Precomputed line patterns: what one stone on an empty point makes in one line.

A point's line is read as its 10 neighbours, five on each side, from one colour's view: each
cell empty (0), own (1) or blocked (2: the other colour or off the board), so a line is a
base-3 number below 3**10 = 59,049 (the *key*; the nearest neighbour on the negative side is
digit 4, on the positive side digit 5). :data:`TABLES` holds, for every key and for both ways
of winning (``EXACT``: only exactly five wins, as for Black in renju and both colours in
gomoku-standard; ``FREE``: five or more wins), the fields below. The fields for ``EXACT`` are
the rules layer's (:mod:`gamehall.renju.patterns`) for Black, computed the same way, so that the
engine's forbidden points are the referee's.
"""

import numpy as np
import numpy.typing as npt

from gamehall.engines.renju_search.jit import njit

KEYS = 3**10
"""How many line keys there are."""
EXACT, FREE = 0, 1
"""Table rows: only exactly five wins; five or more wins."""

# Fields of a table entry.
CLASS, FIVE, OVERLINE, FOURS, STRAIGHT_MASK, FIVE_MASK = range(6)
FIELDS = 6
"""``CLASS``: the pattern class below; ``FIVE``: the stone makes a winning five; ``OVERLINE``:
it makes six or more (``EXACT`` only); ``FOURS``: how many fours it makes (two on one line as
in ``x.xxx.x``; a straight four is one); ``STRAIGHT_MASK``: bit ``i`` set when a stone on window
cell ``i`` (0..10, the point is 5) would then make a straight four with it (a three's key
points); ``FIVE_MASK``: bit ``i`` set when a stone on cell ``i`` would then make five (a
four's five points)."""

NONE, TWO, OPEN_TWO, THREE, OPEN_THREE, FOUR, OPEN_FOUR, DOUBLE_FOUR, FIVE_CLASS, OVER = range(10)
"""Pattern classes, weakest first: a *two* can become a three with one more stone, an *open
two* an open three; a *three* a four, an *open three* a straight (open) four; a *four* a five
on one point, an *open four* on two; a *double four* is two fours on one line; ``OVER`` an
overline that does not win (``EXACT`` only)."""

_DIGIT = np.array([3**i for i in range(10)], dtype=np.int64)


@njit
def _run(cells: npt.NDArray[np.int64], extra: int) -> tuple[int, int]:
    """First and last window cell of the own run through the centre, with ``extra`` own."""
    low = 5
    high = 5
    while low > 0 and (cells[low - 1] == 1 or low - 1 == extra):
        low -= 1
    while high < 10 and (cells[high + 1] == 1 or high + 1 == extra):
        high += 1
    return low, high


@njit
def _fill(table: npt.NDArray[np.int16], exact: bool, cells: npt.NDArray[np.int64]) -> None:
    """Fill one row of the tables (``table`` is ``TABLES[EXACT]`` or ``TABLES[FREE]``;
    ``cells``: scratch for a key's 11 window cells)."""
    for key in range(KEYS):
        rest = key
        for i in range(11):
            if i == 5:
                cells[i] = 1
                continue
            cells[i] = rest % 3
            rest //= 3
        low, high = _run(cells, -1)
        length = high - low + 1
        five = length == 5 or (length > 5 and not exact)
        over = length > 5 and exact
        five_mask = 0
        count = 0
        first = -1
        last = -1
        straight = 0
        for i in range(1, 10):
            if cells[i] != 0:
                continue
            lo, hi = _run(cells, i)
            if lo <= i <= hi and (hi - lo == 4 or (hi - lo > 4 and not exact)):
                five_mask |= 1 << i
                count += 1
                if first < 0:
                    first = i
                last = i
            if lo <= i <= hi and hi - lo == 3:
                ends = cells[lo - 1] == 0 and cells[hi + 1] == 0
                if exact:
                    ends = ends and cells[lo - 2] != 1 and cells[hi + 2] != 1
                if ends:
                    straight |= 1 << i
        fours = count
        if count == 2 and last - first == 5:
            fours = 1
        if five:
            kind = FIVE_CLASS
        elif over:
            kind = OVER
        elif fours >= 2:
            kind = DOUBLE_FOUR
        elif count == 2:
            kind = OPEN_FOUR
        elif fours == 1:
            kind = FOUR
        elif straight:
            kind = OPEN_THREE
        else:
            kind = NONE
        table[key, CLASS] = kind
        table[key, FIVE] = five
        table[key, OVERLINE] = over
        table[key, FOURS] = 0 if five else fours
        table[key, STRAIGHT_MASK] = straight
        table[key, FIVE_MASK] = five_mask


@njit
def _weaker(table: npt.NDArray[np.int16], digit: npt.NDArray[np.int64]) -> None:
    """Classify the keys that make no four and no open three: a three, an open two or a two,
    by what one more stone on the line would make."""
    for step in range(2):
        for key in range(KEYS):
            if table[key, CLASS] != NONE:
                continue
            best = NONE
            rest = key
            for pos in range(10):
                if rest % 3 == 0:
                    kind = table[key + digit[pos], CLASS]
                    if step == 0 and FOUR <= kind <= DOUBLE_FOUR:
                        best = THREE
                    elif step == 1 and kind == OPEN_THREE and best < OPEN_TWO:
                        best = OPEN_TWO
                    elif step == 1 and kind == THREE and best < TWO:
                        best = TWO
                rest //= 3
            if (step == 0 and best == THREE) or step == 1:
                table[key, CLASS] = best


def build_tables() -> npt.NDArray[np.int16]:
    """The tables: ``TABLES[row, key, field]`` (row ``EXACT`` or ``FREE``)."""
    tables = np.zeros((2, KEYS, FIELDS), dtype=np.int16)
    for row, exact in ((EXACT, True), (FREE, False)):
        _fill(tables[row], exact, np.zeros(11, dtype=np.int64))
        _weaker(tables[row], _DIGIT)
    return tables


TABLES = build_tables()
