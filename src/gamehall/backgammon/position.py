"""A backgammon position: the checkers of both sides, the side on roll first.

Built on the tables board model (``gamehall.tables``): the moves come from the one generator,
configured by the variant's rules. This module adds what is backgammon's own: GNU Backgammon's
Position ID, its board diagram and the value of a finished game.
"""

from collections.abc import Mapping, Sequence
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
Side = Literal["player", "opponent"]


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended: who won, and the points before the cube.

    ``winner`` is ``"player"`` (the side on roll in the position asked) or ``"opponent"``;
    ``kind`` is single (oin, 1), gammon (mars, 2) or backgammon (cox, 3), and ``value`` that
    number, to be multiplied by the cube.
    """

    winner: Side
    kind: GameKind
    value: int


def _variant_of(variant: str | Variant) -> Variant:
    return variant if isinstance(variant, Variant) else find_variant(variant)


@dataclass(frozen=True)
class Position(TablesPosition):
    """A backgammon position, the side on roll first (``mover``), each side in its own
    numbering: index 0 borne off, 1..24 the points, 25 the bar.

    Positions are values: two positions are equal when their checkers are, whatever the
    variant, so that they can key a dict or a set of seen positions.
    """

    def __post_init__(self) -> None:
        """Refuse, besides what every tables position refuses, what no backgammon game reaches:
        a rule set of another game, both sides finished, both on the bar of closed boards."""
        super().__post_init__()
        if not any(self.rules == v.rules for v in VARIANTS.values()):
            raise InvalidPositionError(
                f"{self.rules.name!r} is not a backgammon variant: choose {' or '.join(VARIANTS)}"
            )
        if self.mover[OFF] == 15 and self.opponent[OFF] == 15:
            raise InvalidPositionError("both sides have borne off all 15 checkers")
        if all(side[BAR] and _closed(side) for side in (self.mover, self.opponent)):
            raise InvalidPositionError(
                "both sides are on the bar against closed home boards, which no game can reach"
            )

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
    def from_points(
        cls,
        on_roll: Mapping[int, int],
        opponent: Mapping[int, int],
        variant: str | Variant = INTERNATIONAL,
    ) -> Self:
        """A position written as people write one: ``{point: checkers}`` for each side in his
        own numbering (25 the bar); the checkers not listed are borne off.

        ``Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})`` is the
        start; the opponent's point ``q`` is the side on roll's ``25 - q``.
        """
        boards = []
        for name, points in (("side on roll", on_roll), ("other side", opponent)):
            board = [0] * 25
            for point, count in points.items():
                if not isinstance(point, int) or not 1 <= point <= BAR:
                    raise InvalidPositionError(
                        f"the {name} has checkers on {point!r}: points are 1 to 24, 25 the bar"
                    )
                board[point - 1] += count
            boards.append(board)
        return cls.from_board(boards[0], boards[1], variant)

    @classmethod
    def from_id(cls, position_id: str, variant: str | Variant = INTERNATIONAL) -> Self:
        """A position from its GNU Backgammon Position ID (the side on roll is ``mover``);
        ``RecordError`` says why a text is not one."""
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
        """The finished game's winner and value (cube not counted), or ``None`` while it goes
        on. After the winning play the winner is the ``"opponent"``: the loser is on roll."""
        if self.mover[OFF] == 15:
            return _result("player", self.opponent)
        if self.opponent[OFF] == 15:
            return _result("opponent", self.mover)
        return None

    def __str__(self) -> str:
        return diagram(self)

    def __repr__(self) -> str:
        variant = self.variant.name
        extra = "" if variant == INTERNATIONAL.name else f", {variant!r}"
        return f"Position.from_id({self.to_id()!r}{extra})"


def _closed(side: tuple[int, ...]) -> bool:
    """Whether ``side`` holds every point of its home board with two or more checkers."""
    return all(side[p] >= 2 for p in range(1, 7))


def _result(winner: Side, loser: tuple[int, ...]) -> GameResult:
    if loser[OFF]:
        return GameResult(winner, "single", 1)
    # The loser's checkers in the winner's home board are on the loser's points 19-24.
    if loser[BAR] or any(loser[19:25]):
        return GameResult(winner, "backgammon", 3)
    return GameResult(winner, "gammon", 2)


def diagram(position: Position, on_roll: str = "X", other: str = "O") -> str:
    """The board drawn in the style of GNU Backgammon's ``show board``, from the side on roll's
    view: his points 1-12 along the bottom, 13-24 along the top, the bar in the middle (his
    checkers on it below, the other side's above), a stack over five written as its count."""
    me, op = position.mover, position.opponent

    def stack(point: int) -> tuple[str, int]:
        if me[point]:
            return on_roll, me[point]
        return other, op[25 - point]

    def cell(mark: str, count: int, row: int) -> str:
        if row == 4 and count > 5:
            return f"{count:>2} "
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
