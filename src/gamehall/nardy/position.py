"""A long nardy position: both sides' checkers and the side to move.

Built on the tables board model (``gamehall.tables``) with nardy's rule set: no hitting, the head
rule, the six-block rule, the seed's bear-off. Adds the exchange format of the rules page (R15).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Self

from gamehall.errors import InvalidPositionError
from gamehall.nardy.rules import nardy_rules
from gamehall.tables.generator import TurnState
from gamehall.tables.moves import OFF
from gamehall.tables.position import TablesPosition

Side = Literal["white", "black"]


def other(side: Side) -> Side:
    """The other side."""
    return "black" if side == "white" else "white"


def _own_point(white_point: int) -> int:
    """Black's own number for a point in white's numbering (the map is its own inverse)."""
    return white_point + 12 if white_point <= 12 else white_point - 12


@dataclass(frozen=True)
class Position(TablesPosition):
    """A long nardy position; ``mover`` is the side to move (``turn``) in its own numbering."""

    turn: Side = field(default="white")

    @classmethod
    def initial(cls, **options: Any) -> Self:
        """The start: 15 white checkers on white 24, 15 black on white 12, white to move."""
        board = [0] * 24
        board[23], board[11] = 15, -15
        return cls.from_board(board, "white", **options)

    @classmethod
    def from_board(cls, board: Sequence[int], turn: str, **options: Any) -> Self:
        """A position from a signed 24-entry board in white's numbering (R15)."""
        if turn not in ("white", "black"):
            raise InvalidPositionError(f"turn must be 'white' or 'black', not {turn!r}")
        if len(board) != 24 or not all(isinstance(n, int) for n in board):
            raise InvalidPositionError("the board needs 24 whole numbers, white's points 1 to 24")
        white = [0] * 26
        black = [0] * 26
        for i, n in enumerate(board):
            if n > 0:
                white[i + 1] = n
            elif n < 0:
                black[_own_point(i + 1)] = -n
        for name, side in (("white", white), ("black", black)):
            if sum(side) > 15:
                raise InvalidPositionError(f"{name} has {sum(side)} checkers on the board, more than 15")
            side[OFF] = 15 - sum(side)
        rules = nardy_rules(**options)
        mover, opponent = (white, black) if turn == "white" else (black, white)
        position = cls(tuple(mover), tuple(opponent), rules, turn)  # type: ignore[arg-type]
        position._check_blocks()
        return position

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], **options: Any) -> Self:
        """A position from the exchange format ``{"board": [24 ints], "turn": "white"}``."""
        if "board" not in data or "turn" not in data:
            raise InvalidPositionError("a nardy position needs 'board' (24 numbers) and 'turn'")
        return cls.from_board(list(data["board"]), data["turn"], **options)

    def to_dict(self) -> dict[str, Any]:
        """The exchange format of the rules page (R15)."""
        return {"board": self.board, "turn": self.turn}

    @property
    def board(self) -> list[int]:
        """The signed board in white's numbering: ``board[i]`` is white's point ``i + 1``."""
        white, black = self.sides
        out = [0] * 24
        for p in range(1, 25):
            out[p - 1] = white[p] - black[_own_point(p)]
        return out

    @property
    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(white's checkers, black's checkers), each in its own numbering, 0 = borne off."""
        return (self.mover, self.opponent) if self.turn == "white" else (self.opponent, self.mover)

    def _successor(self, mover: tuple[int, ...], opponent: tuple[int, ...]) -> Self:
        return replace(self, mover=mover, opponent=opponent, turn=other(self.turn))

    def _check_blocks(self) -> None:
        for side, (me, them) in ((self.turn, (self.mover, self.opponent)), (other(self.turn), (self.opponent, self.mover))):
            op = [them[self.rules.opposite[p]] for p in range(26)]
            if TurnState(self.rules, list(me), op, 0).has_bad_block():
                raise InvalidPositionError(
                    f"{side} holds a block of six points with no opposing checker ahead of it, "
                    "which the rules never allow"
                )
