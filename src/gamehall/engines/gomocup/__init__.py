"""The Gomocup (Piskvork) protocol both ways: gamehall's engine as a brain (:mod:`.brain`), and
a manager that runs two brains under gamehall's renju referee (:mod:`.manager`).

The protocol is Petr Laštovička's and Martin Petříček's "Gomoku AI protocol"
(https://plastovicka.github.io/protocl2en.htm): the manager writes one command a line to the
brain's standard input and reads its answers from standard output. Coordinates are ``x,y``,
both counted from 0, ``x`` the column from the left and ``y`` the row from the *top*, so on
the 15x15 board ``x,y`` is gamehall's point of column ``x`` and row ``15 - y`` (``7,7`` is
``h8``, ``0,0`` is ``a15``).
"""

from gamehall.errors import GameError
from gamehall.renju.points import SIZE, column_row, from_column_row

RULE_BITS = {"gomoku-freestyle": 0, "gomoku-standard": 1, "renju": 4}
"""The value of ``INFO rule`` for each of gamehall's rules (the protocol's bitmask: 1 exactly
five wins, 4 renju)."""


def rule_of_bits(bits: int) -> str:
    """gamehall's rule for an ``INFO rule`` bitmask (2, continuous game, and 8, caro, are not
    gamehall's games and are refused)."""
    if bits & 4:
        return "renju"
    if bits & ~1:
        raise GameError(
            f"rule {bits} is not one gamehall plays: use 0, 1 or 4", reason="brain-rule", bits=bits
        )
    return "gomoku-standard" if bits & 1 else "gomoku-freestyle"


def point_of_xy(text: str) -> int:
    """The point index of a protocol coordinate ``"x,y"``; GameError when it is not one of
    the board's points."""
    parts = text.strip().split(",")
    if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        raise GameError(
            f"{text.strip()!r} is not a move: write x,y (two numbers from 0)",
            reason="brain-not-a-move",
            text=repr(text.strip()),
        )
    x, y = (int(p) for p in parts)
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        raise GameError(
            f"{x},{y} is off the 15x15 board (x and y go from 0 to 14)",
            reason="brain-off-board",
            point=f"{x},{y}",
        )
    return from_column_row(x, SIZE - 1 - y)


def xy_of_point(point: int) -> str:
    """The protocol coordinate ``"x,y"`` of a point index."""
    column, row = column_row(point)
    return f"{column},{SIZE - 1 - row}"
