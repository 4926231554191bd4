"""The symmetries of a renju position, for the opening rules' "no two fifth moves symmetrical".

Two offered fifth moves are equivalent when a symmetry of the position maps one onto the other:
a rotation or reflection of the grid, about any centre or axis (not only the board's centre),
that maps every stone onto a stone of the same colour. The stones of the position are a finite
set, so such a symmetry fixes their centre: for each of the grid's eight orientations the shift
is the one that keeps the centre, and it is a symmetry when it is a whole number of points and
every stone lands on a stone of its colour. A point whose image falls off the board has no
equivalent there.

>>> from gamehall.renju import Board
>>> stones = Board.from_moves("h8 h9 h10 i9").stones()  # symmetrical about row 9
>>> image("g8", symmetries(stones)[1])
'g10'
"""

from collections.abc import Mapping

from gamehall.renju.points import COLUMNS, SIZE

Symmetry = tuple[int, int, int, int, int]
"""A symmetry of the grid: (swap the axes, sign of x, sign of y, shift in x, shift in y),
applied in that order to a point's 0-based column and row."""

IDENTITY: Symmetry = (0, 1, 1, 0, 0)
_ORIENTATIONS = tuple((swap, sx, sy) for swap in (0, 1) for sx in (1, -1) for sy in (1, -1))


def _xy(point: str) -> tuple[int, int]:
    return COLUMNS.index(point[0]), int(point[1:]) - 1


def _map(x: int, y: int, symmetry: Symmetry) -> tuple[int, int]:
    swap, sx, sy, tx, ty = symmetry
    if swap:
        x, y = y, x
    return sx * x + tx, sy * y + ty


def image(point: str, symmetry: Symmetry) -> str | None:
    """The point ``symmetry`` maps ``point`` to, or ``None`` off the board."""
    x, y = _map(*_xy(point), symmetry)
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return f"{COLUMNS[x]}{y + 1}"
    return None


def symmetries(stones: Mapping[str, str]) -> tuple[Symmetry, ...]:
    """Every symmetry of the position ``stones`` (point -> colour), the identity first."""
    if not stones:
        return tuple((swap, sx, sy, 0, 0) for swap, sx, sy in _ORIENTATIONS)
    points = [_xy(point) for point in stones]
    n = len(points)
    sum_x, sum_y = sum(x for x, _ in points), sum(y for _, y in points)
    found = []
    for swap, sx, sy in _ORIENTATIONS:
        mx, my = _map(sum_x, sum_y, (swap, sx, sy, 0, 0))
        if (sum_x - mx) % n or (sum_y - my) % n:
            continue
        symmetry = (swap, sx, sy, (sum_x - mx) // n, (sum_y - my) // n)
        if all(stones.get(image(p, symmetry) or "") == c for p, c in stones.items()):
            found.append(symmetry)
    return tuple(found)


def equivalent(point: str, others: tuple[str, ...], stones: Mapping[str, str]) -> str | None:
    """The first of ``others`` that a symmetry of the position maps ``point`` onto, if any."""
    images = {image(point, symmetry) for symmetry in symmetries(stones)}
    return next((other for other in others if other in images), None)


def distinct_points(points: list[str], stones: Mapping[str, str]) -> int:
    """How many of ``points`` are left when equivalent ones count once."""
    found = symmetries(stones)
    return len({min(filter(None, (image(p, s) for s in found))) for p in points})
