"""The winning line of a finished game: the stones of the row of five (or more) that the last
stone made, for a front end to highlight (the board itself only says that a five was made)."""

from collections.abc import Mapping

from gamehall.renju.points import COLUMNS, SIZE

_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _point(column: int, row: int) -> str:
    return f"{COLUMNS[column]}{row + 1}"


def winning_line(stones: Mapping[str, str], last: str) -> list[str]:
    """The points of the longest row of ``last``'s colour through ``last`` when it has five
    stones or more, in order along the row; else an empty list."""
    colour = stones.get(last)
    if colour is None or len(last) < 2 or last[0] not in COLUMNS or not last[1:].isdigit():
        return []
    column, row = COLUMNS.index(last[0]), int(last[1:]) - 1
    best: list[str] = []
    for dc, dr in _DIRECTIONS:
        line = [last]
        for sign in (1, -1):
            c, r = column + sign * dc, row + sign * dr
            while 0 <= c < SIZE and 0 <= r < SIZE and stones.get(_point(c, r)) == colour:
                point = _point(c, r)
                line = [*line, point] if sign == 1 else [point, *line]
                c, r = c + sign * dc, r + sign * dr
        if len(line) >= 5 and len(line) > len(best):
            best = line
    return best
