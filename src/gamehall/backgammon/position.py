"""A backgammon position: the checkers of both sides, the side on roll first.

Built on the tables board model (``gamehall.tables``): the moves come from the one generator,
configured by the variant's rules. This module adds what is backgammon's own: GNU Backgammon's
Position ID, its board diagram and the value of a finished game.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Self

from gamehall.backgammon.ids import decode_position_id, encode_position_id
from gamehall.backgammon.variants import INTERNATIONAL, VARIANTS, Variant, find_variant
from gamehall.errors import InvalidPositionError
from gamehall.tables.moves import BAR, OFF
from gamehall.tables.position import TablesPosition

START = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
"""One side's checkers at the start: 2 on 24, 5 on 13, 3 on 8, 5 on 6 (index 0 off, 25 bar)."""

GameKind = Literal["single", "gammon", "backgammon"]


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended: who won, and the points before the cube.

    ``winner`` is ``"player"`` (the side on roll in the position asked) or ``"opponent"``;
    ``kind`` is single (oin, 1), gammon (mars, 2) or backgammon (cox, 3).
    """

    winner: Literal["player", "opponent"]
    kind: GameKind
    value: int


def _variant_of(variant: str | Variant) -> Variant:
    return variant if isinstance(variant, Variant) else find_variant(variant)


@dataclass(frozen=True)
class Position(TablesPosition):
    """A backgammon position, the side on roll first (``mover``), each side in its own
    numbering: index 0 borne off, 1..24 the points, 25 the bar."""

    @classmethod
    def initial(cls, variant: str | Variant = INTERNATIONAL) -> Self:
        """The starting position."""
        return cls(START, START, _variant_of(variant).rules)

    @classmethod
    def from_board(
        cls,
        on_roll: Sequence[int],
        opponent: Sequence[int],
        variant: str | Variant = INTERNATIONAL,
    ) -> Self:
        """A position from GNU Backgammon's board: each side 25 counts, index 0..23 his points
        1..24 and 24 his bar; borne-off checkers are the rest of 15."""
        sides = []
        for name, side in (("side on roll", on_roll), ("other side", opponent)):
            if len(side) != 25:
                raise InvalidPositionError(f"the {name} needs 25 counts (points 1-24 and bar)")
            off = 15 - sum(side)
            if off < 0:
                raise InvalidPositionError(f"the {name} has {sum(side)} checkers, more than 15")
            sides.append((off, *side))
        return cls(sides[0], sides[1], _variant_of(variant).rules)

    @classmethod
    def from_id(cls, position_id: str, variant: str | Variant = INTERNATIONAL) -> Self:
        """A position from its GNU Backgammon Position ID (the side on roll is ``mover``)."""
        opponent, on_roll = decode_position_id(position_id)
        return cls.from_board(on_roll, opponent, variant)

    def to_id(self) -> str:
        """The GNU Backgammon Position ID."""
        return encode_position_id(self.board)

    @property
    def board(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """GNU Backgammon's board: (other side, side on roll), 25 counts each."""
        return self.opponent[1:], self.mover[1:]

    @property
    def variant(self) -> Variant:
        """The backgammon variant whose rules this position moves by."""
        return next(v for v in VARIANTS.values() if v.rules == self.rules)

    @property
    def result(self) -> GameResult | None:
        """The finished game's winner and value (cube not counted), or ``None`` while it goes on."""
        if self.mover[OFF] == 15:
            return _result("player", self.opponent)
        if self.opponent[OFF] == 15:
            return _result("opponent", self.mover)
        return None

    def __str__(self) -> str:
        return diagram(self)


def _result(winner: Literal["player", "opponent"], loser: tuple[int, ...]) -> GameResult:
    if loser[OFF]:
        return GameResult(winner, "single", 1)
    # The loser's checkers in the winner's home board are on the loser's points 19-24.
    if loser[BAR] or any(loser[19:25]):
        return GameResult(winner, "backgammon", 3)
    return GameResult(winner, "gammon", 2)


def diagram(position: Position, on_roll: str = "X", other: str = "O") -> str:
    """The board drawn in the style of GNU Backgammon's ``show board``, from the side on roll's
    view: his points 1-12 along the bottom, 13-24 along the top, the bar in the middle."""
    me, op = position.mover, position.opponent

    def stack(point: int) -> tuple[str, int]:
        if me[point]:
            return on_roll, me[point]
        return other, op[25 - point]

    def cell(mark: str, count: int, row: int) -> str:
        if row == 4 and count > 5:
            return f"{count:>2} " if count > 9 else f" {count} "
        return f" {mark} " if count > row else "   "

    def half(points: range, row: int) -> str:
        return "".join(cell(*stack(p), row) for p in points)

    lines = [f" Position ID: {position.to_id()}", " +13-14-15-16-17-18------19-20-21-22-23-24-+"]
    for row in range(5):
        bar = cell(other, op[BAR], row)
        lines.append(f" |{half(range(13, 19), row)}|{bar}|{half(range(19, 25), row)}|")
    lines.append("v|                  |BAR|                  |")
    for row in range(4, -1, -1):
        bar = cell(on_roll, me[BAR], row)
        lines.append(f" |{half(range(12, 6, -1), row)}|{bar}|{half(range(6, 0, -1), row)}|")
    lines.append(" +12-11-10--9--8--7-------6--5--4--3--2--1-+")
    mine, theirs = position.pip_count()
    lines.append(f" Pip count  {on_roll}: {mine}  {other}: {theirs}")
    lines.append(f" Borne off  {on_roll}: {me[OFF]}  {other}: {op[OFF]}   {on_roll} on roll")
    return "\n".join(lines)
