"""Black's forbidden points: double-four, double-three (with live threes decided recursively) and
overline, judged on the line masks of :mod:`gamehall.renju.lines`.

A black stone on an empty point is judged in this order, as the Piskvork referee does:

1. it makes exactly five in some line: it is a win, never forbidden;
2. it makes two or more fours (two lines, or two fours on one line): double-four;
3. it makes two or more live threes: double-three;
4. it makes six or more in a row: overline.

A three is live when one of its straight-four points is a move Black could make to get that
straight four: with the stone in place, that point must be judged *nothing* by these same rules.
A point that is forbidden, or that would make a five elsewhere (then it is a five, not a straight
four; the Piskvork referee and Rapfi both count it so), does not make the three live. Each level of
the recursion adds a stone, so it ends.
"""

from collections.abc import Sequence

from gamehall.renju.lines import POINT_LINES, STEPS, STONE_BITS, WINDOW_MASK
from gamehall.renju.patterns import LINE_TABLE, LineInfo

NOTHING, FIVE, DOUBLE_FOUR, DOUBLE_THREE, OVERLINE = 0, 1, 2, 3, 4
PATTERN_NAMES: dict[int, str] = {
    DOUBLE_FOUR: "double-four",
    DOUBLE_THREE: "double-three",
    OVERLINE: "overline",
}
"""The name of each forbidden verdict."""

_Infos = tuple[LineInfo | None, LineInfo | None, LineInfo | None, LineInfo | None]


def _infos(lines: list[int], point: int) -> _Infos:
    """The patterns of a black stone on ``point`` in each of the four directions."""
    l0, s0, l1, s1, l2, s2, l3, s3 = POINT_LINES[point]
    return (
        LINE_TABLE[(lines[l0] >> s0) & WINDOW_MASK],
        LINE_TABLE[(lines[l1] >> s1) & WINDOW_MASK],
        LINE_TABLE[(lines[l2] >> s2) & WINDOW_MASK],
        LINE_TABLE[(lines[l3] >> s3) & WINDOW_MASK],
    )


def _judge(lines: list[int], point: int, infos: _Infos) -> int:
    """The verdict for a black stone on the empty ``point`` (``lines`` is restored on return)."""
    fours = threes = 0
    overline = False
    for info in infos:
        if info is not None:
            if info.five:
                return FIVE
            fours += info.fours
            if info.four_points:
                threes += 1
            overline = overline or info.overline
    if fours >= 2:
        return DOUBLE_FOUR
    if threes >= 2 and _live_threes(lines, point, infos) >= 2:
        return DOUBLE_THREE
    return OVERLINE if overline else NOTHING


def _live_threes(lines: list[int], point: int, infos: _Infos) -> int:
    """How many of the candidate threes through ``point`` are live (counting stops at two)."""
    bits = STONE_BITS[point]
    for line, bit in bits:
        lines[line] |= bit
    candidates = sum(1 for info in infos if info is not None and info.four_points)
    live = 0
    for direction, info in enumerate(infos):
        if info is None or not info.four_points:
            continue
        candidates -= 1
        step = STEPS[direction]
        for offset in info.four_points:
            target = point + offset * step
            if _judge(lines, target, _infos(lines, target)) == NOTHING:
                live += 1
                break
        if live >= 2 or live + candidates < 2:
            break
    for line, bit in bits:
        lines[line] &= ~bit
    return live


def verdict(lines: list[int], point: int) -> int:
    """The verdict for a black stone on the empty ``point``: NOTHING, FIVE or a forbidden code."""
    work = lines.copy()
    return _judge(work, point, _infos(work, point))


def forbidden_points(lines: list[int], cells: Sequence[int]) -> dict[int, int]:
    """Every empty point (``cells[p] == 0``) where a black stone is forbidden, with its verdict."""
    work = lines.copy()
    table = LINE_TABLE
    mask = WINDOW_MASK
    found: dict[int, int] = {}
    for point, (l0, s0, l1, s1, l2, s2, l3, s3) in enumerate(POINT_LINES):
        if cells[point]:
            continue
        a = table[(work[l0] >> s0) & mask]
        b = table[(work[l1] >> s1) & mask]
        c = table[(work[l2] >> s2) & mask]
        d = table[(work[l3] >> s3) & mask]
        if (a is None) + (b is None) + (c is None) + (d is None) >= 3:
            single = a or b or c or d
            if single is None or not (single.overline or single.fours >= 2):
                continue
        result = _judge(work, point, (a, b, c, d))
        if result >= DOUBLE_FOUR:
            found[point] = result
    return found
