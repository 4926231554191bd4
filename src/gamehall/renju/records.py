"""Game records as text: the move list (``"h8 h9 j10"``) and Piskvork/Gomocup ``.psq`` files.

These functions only translate between text and point indices; playing the moves (and so
refusing illegal ones) is the board's job.

A ``.psq`` file, as Piskvork and the Gomocup tournament manager write it::

    Piskvorky 15x15, 11:11, 0     <- board size, the two players' levels, who began (0 or 1)
    8,8,0                         <- one move a line: x,y,milliseconds, alternately from Black
    9,7,1034
    pbrain-a.exe                  <- then, in tournament files, the two players' names,
    pbrain-b.exe
    -1                            <- a result code, and possibly more fields
    0,Freestyle15_1

``x`` counts columns from the left and ``y`` rows from the *top*, both from 1 (Piskvork draws its
board from the top-left corner), so ``x,y`` is our point ``column x, row 16 - y``: ``1,1`` is
``a15``, ``8,8`` is ``h8``, ``1,15`` is ``a1``.

A game that White ended by claiming a forbidden move (``forbidden="claim"``) is written ``claim``
as the last word of its move list; in a ``.psq`` file, which has no such move, as a last line
``claim`` after the result code (Piskvork reads no further than the names and ignores it).
"""

import re
from collections.abc import Iterable, Sequence

from gamehall.errors import RecordError
from gamehall.renju.points import (
    CLAIM,
    PASS,
    SIZE,
    column_row,
    from_column_row,
    point_name,
    read_point,
)

PSQ_HEADER = "Piskvorky 15x15, 11:11, 0"
_HEADER = re.compile(r"Piskvorky\s+(\d+)\s*x\s*(\d+)\s*,\s*-?\d+\s*:\s*-?\d+\s*,\s*[01]\s*")
_MOVE = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*-?\d+\s*)?")
_FULL_MOVE = re.compile(r"\s*-?\d+\s*,\s*-?\d+\s*,\s*-?\d+\s*")


def read_move_list(moves: str | Iterable[str]) -> list[int]:
    """The point indices (or PASS, or CLAIM as the last word) of a move list: a text of points
    separated by blanks, or a sequence of point names. Raises RecordError naming the first
    unreadable move."""
    tokens = moves.split() if isinstance(moves, str) else list(moves)
    points = []
    for number, token in enumerate(tokens, start=1):
        if isinstance(token, str) and token.strip().lower() == "claim":
            if number != len(tokens):
                raise RecordError(f"move {number}: a claim ends the game, so it is the last word")
            points.append(CLAIM)
            continue
        try:
            points.append(read_point(token, RecordError, allow_pass=True))
        except RecordError as error:
            raise RecordError(f"move {number}: {error}") from None
    return points


def write_move_list(points: Iterable[int]) -> str:
    """The move-list text of a sequence of point indices (PASS written ``pass``)."""
    return " ".join(point_name(point) for point in points)


def read_psq(text: str) -> list[tuple[int, int]]:
    """The moves of a ``.psq`` text as ``(line number, point index)`` pairs, in order, with
    ``(line number, CLAIM)`` last when the file ends with the line ``claim``.

    Everything else after the moves (player names, result code, tournament fields) is left unread,
    as Piskvork does. Raises RecordError naming the line for a header that is not Piskvork's or not
    15x15, a move off the board, or a damaged move line (one followed by more move lines).
    """
    lines = text.lstrip("\ufeff").splitlines() or [""]
    header = _HEADER.fullmatch(lines[0])
    if header is None:
        raise RecordError(f"line 1: {lines[0]!r} is not a .psq header like {PSQ_HEADER!r}")
    width, height = int(header[1]), int(header[2])
    if (width, height) != (SIZE, SIZE):
        raise RecordError(f"line 1: the board is {width}x{height}; renju is played on 15x15")
    moves: list[tuple[int, int]] = []
    end = len(lines)
    for number, line in enumerate(lines[1:], start=2):
        match = _MOVE.fullmatch(line)
        if match is None:
            if line.strip():
                end = number - 1
                break
            continue
        x, y = int(match[1]), int(match[2])
        if not (1 <= x <= SIZE and 1 <= y <= SIZE):
            raise RecordError(f"line {number}: {x},{y} is off the 15x15 board")
        moves.append((number, from_column_row(x - 1, SIZE - y)))
    for number, line in enumerate(lines[end + 1 :], start=end + 2):
        if _FULL_MOVE.fullmatch(line):
            raise RecordError(
                f"line {end + 1}: {lines[end]!r} is not a move 'x,y,time', "
                f"but line {number} is a move again"
            )
    tail = [(number, line) for number, line in enumerate(lines, start=1) if line.strip()]
    if end < len(lines) and tail and tail[-1][1].strip() == "claim" and tail[-1][0] > end + 1:
        moves.append((tail[-1][0], CLAIM))
    return moves


def write_psq(points: Sequence[int], players: tuple[str, str] | None = None) -> str:
    """A ``.psq`` text of the moves (times written as 0), with the players' names if given.

    Ends with the result code ``-1`` ("not given") as Piskvork's own Save does, and then ``claim``
    when the last entry is White's claim. Raises RecordError for a pass, which the format cannot
    hold, and for a name that is not one readable line.
    """
    claimed = bool(points) and points[-1] == CLAIM
    if claimed:
        points = points[:-1]
    for name in players or ():
        if not name.strip() or len(name.splitlines()) != 1 or _MOVE.fullmatch(name):
            raise RecordError(f"{name!r} cannot be a player's name in a .psq file")
    lines = [PSQ_HEADER]
    for number, point in enumerate(points, start=1):
        if point == PASS:
            raise RecordError(f"move {number} is a pass, which a .psq file cannot hold")
        column, row = column_row(point)
        lines.append(f"{column + 1},{SIZE - row},0")
    if players is not None:
        lines += list(players)
    lines.append("-1")
    if claimed:
        lines.append("claim")
    return "\n".join(lines) + "\n"
