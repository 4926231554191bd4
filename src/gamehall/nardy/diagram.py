"""The long nardy board as text, from either side's view.

The side whose view it is reads the board in his own numbering, as he writes his moves: his
points 13-24 along the top from left to right (his head, 24, top right), 12-1 along the bottom,
so that his checkers run leftwards along the top and rightwards along the bottom into his home,
1-6, bottom right. The opponent's head is then his point 12, bottom left. ``W`` marks white
checkers, ``B`` black ones; a stack taller than five shows its count in the fifth row.
"""

from typing import TYPE_CHECKING

from gamehall.nardy.rules import SIDES, Side, other, own_point
from gamehall.tables.moves import OFF

if TYPE_CHECKING:
    from gamehall.nardy.position import Position

MARKS = {"white": "W", "black": "B"}
ROWS = 5


def diagram(position: "Position", side: Side) -> str:
    """The board drawn from ``side``'s view, with both sides' borne-off checkers and pips and
    whose turn it is (or how the game ended)."""
    sides = dict(zip(SIDES, position.sides, strict=True))
    counts = pips(position)
    lines = [f" {side.capitalize()}'s view, in {side}'s numbering", *grid(position, side)]
    lines.append(
        f" Borne off: white {sides['white'][OFF]}, black {sides['black'][OFF]}"
        f"   Pips: white {counts['white']}, black {counts['black']}"
    )
    lines.append(" " + _status(position))
    return "\n".join(lines)


def grid(position: "Position", side: Side) -> list[str]:
    """The board's lines from ``side``'s view, without words: the point numbers, the borders
    and the checkers (a face that speaks another language draws its own legend around them)."""
    opponent = other(side)
    sides = dict(zip(SIDES, position.sides, strict=True))
    mine, theirs = sides[side], sides[opponent]

    def stack(point: int) -> tuple[str, int]:
        if mine[point]:
            return MARKS[side], mine[point]
        return MARKS[opponent], theirs[own_point(point)]

    def cell(point: int, row: int) -> str:
        mark, count = stack(point)
        if row == ROWS - 1 and count > ROWS:
            return f"{count:>3}"
        return f"{mark:>3}" if count > row else "   "

    def line(points: range, row: int) -> str:
        left = "".join(cell(p, row) for p in points[:6])
        right = "".join(cell(p, row) for p in points[6:])
        return f" |{left} |{right} |"

    top, bottom = range(13, 25), range(12, 0, -1)
    border = " +" + "-" * 19 + "+" + "-" * 19 + "+"

    def labels(points: range) -> str:
        left = "".join(f"{p:>3}" for p in points[:6])
        right = "".join(f"{p:>3}" for p in points[6:])
        return f"  {left}  {right}"

    lines = [labels(top), border]
    lines += [line(top, row) for row in range(ROWS)]
    lines.append(" |" + " " * 19 + "|" + " " * 19 + "|")
    lines += [line(bottom, row) for row in reversed(range(ROWS))]
    return [*lines, border, labels(bottom)]


def pips(position: "Position") -> dict[Side, int]:
    """Each side's pip count: the points its checkers still have to travel."""
    sides = dict(zip(SIDES, position.sides, strict=True))
    return {name: sum(p * n for p, n in enumerate(sides[name]) if p) for name in SIDES}


def _status(position: "Position") -> str:
    result = position.result
    if result is None:
        last = " (his last roll)" if position.last_roll_pending else ""
        return f"{position.turn.capitalize()} ({MARKS[position.turn]}) to move{last}"
    if result.winner is None:
        return "The game is a draw: both sides have borne off all their checkers"
    points = "point" if result.value == 1 else "points"
    return f"{result.winner.capitalize()} has won: {result.kind}, {result.value} {points}"
