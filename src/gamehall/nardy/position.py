"""A long nardy position: both sides' checkers, the side to move and the rules options.

Built on the tables board model (``gamehall.tables``) with nardy's rule set: no hitting, the head
rule, the six-block rule, the seed's bear-off. Adds the exchange format of the rules page (R15),
the result of a finished game (R10), the value of a resignation (R11) and a text diagram.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Self, TypedDict

from gamehall.errors import GameError, InvalidPositionError
from gamehall.nardy.diagram import diagram
from gamehall.nardy.rules import (
    SIDES,
    SURRENDER_SETTING,
    Side,
    SurrenderSetting,
    check_flag,
    choose,
    nardy_rules,
    other,
    own_point,
)
from gamehall.tables.generator import TurnState
from gamehall.tables.moves import OFF
from gamehall.tables.position import TablesPosition
from gamehall.tables.rules import BearoffPreference, BlockCheck, HeadException

ResultKind = Literal["oin", "mars", "draw"]


class Options(TypedDict):
    """A position's rules options, as the constructors take them by name."""

    bearoff: BearoffPreference
    block_check: BlockCheck
    head_exception: HeadException
    last_roll_tie: bool


DEFAULT_OPTIONS = Options(
    bearoff="seed", block_check="step", head_exception="seed", last_roll_tie=False
)


@dataclass(frozen=True)
class GameResult:
    """How a game ended (R10): the winner and the points won.

    ``kind`` is ``"oin"`` (1 point: the loser has borne off a checker) or ``"mars"`` (2 points:
    he has borne off none); ``"draw"`` (no winner, 0 points) happens only with the last-roll tie
    option, when black bears off his last checker with his last roll.
    """

    winner: Side | None
    kind: ResultKind
    value: int


@dataclass(frozen=True)
class Position(TablesPosition):
    """A long nardy position. ``mover`` is the side to move (``turn``), ``opponent`` the other,
    each in its own numbering: index 0 borne off, 1..24 the points (24 the head).

    Build one with ``initial``, ``from_board``, ``from_dict`` or ``from_points``; each takes the
    rules options by name.
    """

    turn: Side = "white"
    """The side to move."""
    last_roll_tie: bool = field(default=False, compare=False)
    """R10.4: when white has borne off his last checker, black (who moved second) rolls once
    more; if he bears off all his checkers with it, the game is a draw."""

    def __post_init__(self) -> None:
        if self.turn not in SIDES:
            raise InvalidPositionError(f"turn must be 'white' or 'black', not {self.turn!r}")
        check_flag("last_roll_tie", self.last_roll_tie)
        white, black = self.sides
        if len(white) == len(black) == 26:
            for p in range(1, 25):
                if white[p] and black[own_point(p)]:
                    raise InvalidPositionError(f"white's point {p} holds checkers of both colours")
        super().__post_init__()
        if white[OFF] == 15 and black[OFF] == 15 and not self.last_roll_tie:
            raise InvalidPositionError(
                "both sides have borne off all their checkers: only the last-roll tie "
                "(last_roll_tie=True) lets the game get there"
            )
        self._check_blocks()

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def initial(
        cls,
        *,
        bearoff: BearoffPreference = "seed",
        block_check: BlockCheck = "step",
        head_exception: HeadException = "seed",
        last_roll_tie: bool = False,
    ) -> Self:
        """The start (R2): 15 white checkers on white 24, 15 black on white 12, white to move."""
        board = [0] * 24
        board[23], board[11] = 15, -15
        return cls.from_board(
            board,
            "white",
            bearoff=bearoff,
            block_check=block_check,
            head_exception=head_exception,
            last_roll_tie=last_roll_tie,
        )

    @classmethod
    def from_board(
        cls,
        board: Sequence[int],
        turn: Side,
        *,
        bearoff: BearoffPreference = "seed",
        block_check: BlockCheck = "step",
        head_exception: HeadException = "seed",
        last_roll_tie: bool = False,
    ) -> Self:
        """A position from a signed board in white's numbering (R15): ``board[i]`` is white's
        point ``i + 1``, positive for white checkers, negative for black; the checkers not on
        the board are borne off."""
        if turn not in SIDES:
            raise InvalidPositionError(f"turn must be 'white' or 'black', not {turn!r}")
        if isinstance(board, str | bytes) or not isinstance(board, Sequence):
            raise InvalidPositionError(
                f"the board must be a list of 24 whole numbers (white's points 1 to 24), "
                f"not {board!r}"
            )
        if len(board) != 24:
            raise InvalidPositionError(
                f"the board has {len(board)} entries: it needs 24, white's points 1 to 24"
            )
        white = [0] * 26
        black = [0] * 26
        for i, n in enumerate(board):
            if isinstance(n, bool) or not isinstance(n, int):
                raise InvalidPositionError(
                    f"white's point {i + 1} holds {n!r}: each entry must be a whole number "
                    "(positive for white checkers, negative for black)"
                )
            if n > 0:
                white[i + 1] = n
            elif n < 0:
                black[own_point(i + 1)] = -n
        for name, side in (("white", white), ("black", black)):
            if sum(side) > 15:
                raise InvalidPositionError(
                    f"{name} has {sum(side)} checkers on the board: a side has 15"
                )
            side[OFF] = 15 - sum(side)
        rules = nardy_rules(bearoff, block_check, head_exception)
        mover, opponent = (white, black) if turn == "white" else (black, white)
        return cls(tuple(mover), tuple(opponent), rules, turn, last_roll_tie)

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        *,
        bearoff: BearoffPreference = "seed",
        block_check: BlockCheck = "step",
        head_exception: HeadException = "seed",
        last_roll_tie: bool = False,
    ) -> Self:
        """A position from the exchange format ``{"board": [24 ints], "turn": "white"}`` (R15);
        other keys are ignored."""
        if not isinstance(data, Mapping):
            raise InvalidPositionError(
                f"a long nardy position is a mapping with 'board' and 'turn', not {data!r}"
            )
        missing = [key for key in ("board", "turn") if key not in data]
        if missing:
            raise InvalidPositionError(
                f"a long nardy position needs 'board' (24 numbers) and 'turn': "
                f"{' and '.join(repr(k) for k in missing)} missing"
            )
        return cls.from_board(
            data["board"],
            data["turn"],
            bearoff=bearoff,
            block_check=block_check,
            head_exception=head_exception,
            last_roll_tie=last_roll_tie,
        )

    @classmethod
    def from_points(
        cls,
        white: Mapping[int, int],
        black: Mapping[int, int],
        turn: Side = "white",
        *,
        bearoff: BearoffPreference = "seed",
        block_check: BlockCheck = "step",
        head_exception: HeadException = "seed",
        last_roll_tie: bool = False,
    ) -> Self:
        """A position written as the rules page writes it: ``{white point: count}`` for each
        colour, black's checkers in white's numbering too (the start is ``{24: 15}``,
        ``{12: 15}``)."""
        board = [0] * 24
        for name, points, sign in (("white", white, 1), ("black", black, -1)):
            for point, count in points.items():
                if not (isinstance(point, int) and 1 <= point <= 24):
                    raise InvalidPositionError(f"{name}: {point!r} is not a point (1 to 24)")
                if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                    raise InvalidPositionError(
                        f"{name}: {count!r} checkers on {point} is not a count of checkers"
                    )
                if count and board[point - 1]:
                    raise InvalidPositionError(
                        f"white's point {point} holds checkers of both colours"
                    )
                board[point - 1] = sign * count
        return cls.from_board(
            board,
            turn,
            bearoff=bearoff,
            block_check=block_check,
            head_exception=head_exception,
            last_roll_tie=last_roll_tie,
        )

    def to_dict(self) -> dict[str, Any]:
        """The exchange format of the rules page (R15); the options are not part of it."""
        return {"board": self.board, "turn": self.turn}

    @property
    def options(self) -> Options:
        """The rules options this position moves by, as the constructors take them."""
        rules = self.rules
        return Options(
            bearoff=rules.bearoff_preference,
            block_check=rules.block_check or "step",
            head_exception=rules.head_exception,
            last_roll_tie=self.last_roll_tie,
        )

    # -- what is on the board ---------------------------------------------------------------

    @property
    def board(self) -> list[int]:
        """The signed board in white's numbering: ``board[i]`` is white's point ``i + 1``,
        positive for white checkers, negative for black."""
        white, black = self.sides
        return [white[p] - black[own_point(p)] for p in range(1, 25)]

    @property
    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(white's checkers, black's checkers), each in its own numbering, 0 = borne off."""
        return (self.mover, self.opponent) if self.turn == "white" else (self.opponent, self.mover)

    def borne_off(self, side: Side) -> int:
        """How many checkers ``side`` has borne off."""
        return self.sides[SIDES.index(_side(side))][OFF]

    # -- the turn and the end of the game ---------------------------------------------------

    @property
    def result(self) -> GameResult | None:
        """How the game ended (R10), or ``None`` while it goes on.

        The game ends as soon as a side has borne off all 15 checkers; with the last-roll tie
        it goes on for black's one last roll after white has finished.
        """
        white, black = self.sides
        if white[OFF] == 15 and black[OFF] == 15:
            return GameResult(None, "draw", 0)
        if black[OFF] == 15:
            return _won("black", white)
        if white[OFF] == 15:
            if self.last_roll_pending:
                return None
            return _won("white", black)
        return None

    @property
    def last_roll_pending(self) -> bool:
        """Whether white has finished and black, under the last-roll tie, still has his last
        roll: the game is not over yet and black plays as usual."""
        white, black = self.sides
        return self.last_roll_tie and self.turn == "black" and white[OFF] == 15 and black[OFF] < 15

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (see ``result``)."""
        return self.result is not None

    def surrender_value(self, side: Side, setting: SurrenderSetting = "oin") -> int:
        """What ``side`` loses by resigning now (R11): 1 with the setting ``"oin"``; with
        ``"mars"``, 2 if he has borne off nothing yet, else 1."""
        loser = _side(side)
        chosen = choose("setting", setting, SURRENDER_SETTING)
        if self.is_over:
            raise GameError("the game is over: there is nothing left to resign")
        if chosen == "mars" and self.borne_off(loser) == 0:
            return 2
        return 1

    # -- text -------------------------------------------------------------------------------

    def diagram(self, side: Side | None = None) -> str:
        """The board as text from ``side``'s view (default: the side to move), in that side's
        numbering; see ``gamehall.nardy.diagram``."""
        return diagram(self, self.turn if side is None else _side(side))

    def __str__(self) -> str:
        return self.diagram()

    def __repr__(self) -> str:
        current: Mapping[str, object] = self.options
        defaults: Mapping[str, object] = DEFAULT_OPTIONS
        changed = "".join(f", {k}={v!r}" for k, v in current.items() if v != defaults[k])
        return f"Position.from_board({self.board!r}, {self.turn!r}{changed})"

    # -- internals --------------------------------------------------------------------------

    def _successor(self, mover: tuple[int, ...], opponent: tuple[int, ...]) -> Self:
        new = self._with(mover, opponent)
        new.__dict__["turn"] = other(self.turn)
        return new

    def _check_blocks(self) -> None:
        """Refuse a block of six with no opposing checker ahead (R8.3). Once a side has borne
        off every checker, the other side's blocks are not checked: they were legal when built
        (R8.6) and the page's "ahead" counts no borne-off checker."""
        for side, me, them in (
            (self.turn, self.mover, self.opponent),
            (other(self.turn), self.opponent, self.mover),
        ):
            if them[OFF] == 15:
                continue
            view = [them[q] for q in self.rules.opposite]
            if TurnState(self.rules, list(me), view, 0).has_bad_block():
                raise InvalidPositionError(
                    f"{side} holds a block of six points with no opposing checker ahead of it, "
                    "which the rules never allow (R8)"
                )


def _side(side: object) -> Side:
    for name in SIDES:
        if side == name:
            return name
    raise GameError(f"{side!r} is not a side: choose 'white' or 'black'")


def _won(winner: Side, loser: tuple[int, ...]) -> GameResult:
    if loser[OFF]:
        return GameResult(winner, "oin", 1)
    return GameResult(winner, "mars", 2)
