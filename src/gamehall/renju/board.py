"""A game of Renju (or gomoku) on the 15x15 board: the stones, the move stack and the result.

The board is the referee: it refuses moves the rules do not allow (the message names the point
and the rule, and nothing changes), knows Black's forbidden points, and ends the game on a five,
a forbidden move (under ``forbidden="loss"``, or White's claim of one under ``"claim"``), a full
board or two passes in a row.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from gamehall.errors import GameError, IllegalMoveError, InvalidPositionError, RecordError
from gamehall.renju import forbidden as _forbidden
from gamehall.renju.lines import empty_lines, put_stone, take_stone
from gamehall.renju.points import (
    CLAIM,
    COLUMNS,
    NAMES,
    PASS,
    SIZE,
    chebyshev_from_center,
    column_row,
    point_name,
    read_point,
)
from gamehall.renju.records import read_move_list, read_psq, write_move_list, write_psq

Color = Literal["black", "white"]

RULES = ("renju", "gomoku-freestyle", "gomoku-standard")
"""``renju``: Black has forbidden moves and wins only by exactly five, White wins by five or more;
``gomoku-freestyle``: five or more wins for both; ``gomoku-standard``: exactly five for both."""
OPENINGS = ("center", "free")
"""``center``: move 1 on h8, move 2 next to it, move 3 within f6-j10; ``free``: no restriction."""
FORBIDDEN_SETTINGS = ("loss", "refuse", "claim")
"""What a forbidden Black move does: ``loss`` ends the game (White wins), ``refuse`` is illegal,
``claim`` stands unless White claims it in time (the seed's procedure): a double-three or a
double-four at once, before White moves again; an overline at any time before the end."""
NOTHING_TO_CLAIM = (
    "there is nothing to claim now: a double-three or double-four of Black can be claimed only "
    "at once, an overline until the game ends"
)
"""A claim's refusal while the game goes on: the same whether or not a foul went unclaimed."""

_EMPTY, _BLACK, _WHITE = 0, 1, 2
_COLOR_NAMES: dict[int, Color] = {_BLACK: "black", _WHITE: "white"}
_SYMBOLS = {_EMPTY: ".", _BLACK: "X", _WHITE: "O"}
_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
_OPENING_SQUARES = {
    1: ("the first move must be h8", 0, 0),
    2: ("the second move must be next to h8 (g7 to i9)", 1, 1),
    3: ("the third move must be within f6 to j10 (the 5x5 square around h8)", 0, 2),
}
"""Move number under the centre opening -> (the rule in words, least and greatest number of king
steps from h8)."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the winner (None for a draw) and why.

    Reasons: ``five``; ``double-four``, ``double-three``, ``overline`` (Black's forbidden move under
    ``forbidden="loss"``, or claimed by White under ``"claim"``: White wins); ``full-board`` and
    ``two-passes`` (draws).
    """

    winner: Color | None
    reason: str

    def __str__(self) -> str:
        if self.winner is None:
            return f"draw by {self.reason}"
        return f"{self.winner} wins by {self.reason}"


@dataclass(frozen=True, slots=True)
class Foul:
    """A forbidden move Black made under ``forbidden="claim"``: its move number (counted from the
    first move after any composed stones), point, pattern, and whether White may still claim it."""

    number: int
    point: str
    pattern: str
    claimable: bool

    def to_dict(self) -> dict[str, object]:
        """The foul as plain data (for a user interface or a JSON record)."""
        return {
            "number": self.number,
            "point": self.point,
            "pattern": self.pattern,
            "claimable": self.claimable,
        }


def _opening_allows(number: int, point: int) -> bool:
    """May move ``number`` (1 to 3) of the centre opening be ``point`` (PASS never)?"""
    _, low, high = _OPENING_SQUARES[number]
    return point != PASS and low <= chebyshev_from_center(point) <= high


def _check_option(name: str, value: str, allowed: tuple[str, ...]) -> None:
    """Refuse an unknown option value, saying which values there are."""
    if value not in allowed:
        raise GameError(f"{name} must be one of {', '.join(allowed)}; not {value!r}")


class Board:
    """A Renju or gomoku game from the empty board (or from a composed position).

    ``rule`` is one of :data:`RULES`, ``opening`` one of :data:`OPENINGS`, ``forbidden`` one of
    :data:`FORBIDDEN_SETTINGS`. Points are names like ``"h8"`` (any case); ``"pass"`` is a move.
    """

    __slots__ = (
        "_cache",
        "_cells",
        "_first",
        "_forbidden",
        "_fouls",
        "_lines",
        "_opening",
        "_results",
        "_rule",
        "_setup",
        "_stack",
        "_start_result",
    )

    def __init__(
        self, rule: str = "renju", opening: str = "center", forbidden: str = "loss"
    ) -> None:
        _check_option("rule", rule, RULES)
        _check_option("opening", opening, OPENINGS)
        _check_option("forbidden", forbidden, FORBIDDEN_SETTINGS)
        self._rule = rule
        self._opening = opening
        self._forbidden = forbidden
        self._cells = [_EMPTY] * (SIZE * SIZE)
        self._lines = empty_lines()
        self._setup: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._first = _BLACK
        self._start_result: Result | None = None
        self._stack: list[int] = []
        self._results: list[Result | None] = []
        self._fouls: list[int] = []
        """The forbidden verdict of each entry of the stack (``forbidden="claim"`` only, else 0)."""
        self._cache: dict[int, int] | None = None

    # -- making boards -------------------------------------------------------------------------

    @classmethod
    def from_moves(
        cls,
        moves: str | Iterable[str],
        *,
        rule: str = "renju",
        opening: str = "center",
        forbidden: str = "loss",
    ) -> "Board":
        """The board after a record: ``"h8 h9 j10"`` or ``["h8", "h9", "j10"]``.

        Raises RecordError for a move that cannot be read and IllegalMoveError (``"move 3: ..."``)
        for one the rules do not allow.
        """
        board = cls(rule, opening, forbidden)
        board._replay(read_move_list(moves))
        return board

    @classmethod
    def from_position(
        cls,
        black: Iterable[str],
        white: Iterable[str],
        turn: str = "black",
        *,
        rule: str = "renju",
        forbidden: str = "loss",
        moves: str | Iterable[str] = (),
    ) -> "Board":
        """A composed position: these stones, ``turn`` to move, then ``moves`` played from there.

        Only consistency is checked: every point readable and given once (InvalidPositionError
        otherwise), and not both colours already with a winning line. Stone counts are free, since
        composed problems need not come from a game. No opening rule applies (``opening`` is
        ``"free"``); a winning line already on the board ends the game (reason ``five``), a full
        board draws. :meth:`undo` goes back as far as the composed position.
        """
        board = cls(rule, "free", forbidden)
        if turn not in _COLOR_NAMES.values():
            raise InvalidPositionError(f"turn must be 'black' or 'white', not {turn!r}")
        seen: dict[int, str] = {}
        setup: list[tuple[int, ...]] = []
        for color, points in ((_BLACK, black), (_WHITE, white)):
            name = _COLOR_NAMES[color]
            indices = []
            for text in points.split() if isinstance(points, str) else points:
                index = read_point(text, InvalidPositionError)
                if index in seen:
                    where = "twice" if seen[index] == name else "for both black and white"
                    raise InvalidPositionError(f"{NAMES[index]} is given {where}")
                seen[index] = name
                indices.append(index)
                board._put(index, color)
            setup.append(tuple(sorted(indices)))
        board._setup = (setup[0], setup[1])
        board._first = _BLACK if turn == "black" else _WHITE
        board._start_result = board._composed_result()
        board._replay(read_move_list(moves))
        return board

    @classmethod
    def from_psq(
        cls,
        text: str,
        *,
        rule: str = "renju",
        opening: str = "center",
        forbidden: str = "loss",
    ) -> "Board":
        """The board after a Piskvork/Gomocup ``.psq`` record (see :mod:`gamehall.renju.records`).

        Raises RecordError naming the line that cannot be read, IllegalMoveError (``"line 5: ..."``)
        naming the line of a move the rules do not allow.
        """
        board = cls(rule, opening, forbidden)
        for number, point in read_psq(text):
            try:
                board._play_or_claim(point)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"line {number}: {error}") from None
        return board

    def copy(self) -> "Board":
        """An independent board with the same state and history."""
        other = type(self).__new__(type(self))
        other._rule, other._opening, other._forbidden = self._rule, self._opening, self._forbidden
        other._cells = self._cells.copy()
        other._lines = self._lines.copy()
        other._setup = self._setup
        other._first = self._first
        other._start_result = self._start_result
        other._stack = self._stack.copy()
        other._results = self._results.copy()
        other._fouls = self._fouls.copy()
        other._cache = self._cache
        return other

    # -- reading the state ---------------------------------------------------------------------

    @property
    def rule(self) -> str:
        """The rule set: one of :data:`RULES`."""
        return self._rule

    @property
    def opening(self) -> str:
        """The opening restriction: one of :data:`OPENINGS` (``free`` for a composed position)."""
        return self._opening

    @property
    def forbidden(self) -> str:
        """What a forbidden Black move does: one of :data:`FORBIDDEN_SETTINGS`."""
        return self._forbidden

    @property
    def turn(self) -> Color:
        """The side to move: ``"black"`` or ``"white"``."""
        return _COLOR_NAMES[self._to_move()]

    @property
    def moves(self) -> list[str]:
        """The moves played (after the composed stones, if any), ``"pass"`` included, and
        ``"claim"`` last when White ended the game by claiming a forbidden move."""
        return [point_name(point) for point in self._stack]

    @property
    def result(self) -> Result | None:
        """None while the game goes on, else how it ended."""
        return self._results[-1] if self._results else self._start_result

    def stone_at(self, point: str) -> Color | None:
        """The colour of the stone on a point, or None if it is empty."""
        cell = self._cells[read_point(point)]
        return _COLOR_NAMES[cell] if cell else None

    def stones(self) -> dict[str, Color]:
        """Every stone on the board: point -> colour, from a1 row by row to o15."""
        return {NAMES[i]: _COLOR_NAMES[cell] for i, cell in enumerate(self._cells) if cell}

    def legal_moves(self) -> list[str]:
        """The points the side to move may play, from a1 row by row to o15 (none once the game is
        over). Under ``forbidden="refuse"`` Black's forbidden points are left out; under ``loss``
        they are legal (and lose). ``"pass"`` is not listed: it is legal whenever the game is on,
        except during the centre opening."""
        if self.result is not None:
            return []
        points = [i for i, cell in enumerate(self._cells) if not cell]
        number = self._opening_move_number()
        if number is not None:
            points = [i for i in points if _opening_allows(number, i)]
        if self._rule == "renju" and self._forbidden == "refuse" and self._to_move() == _BLACK:
            banned = self._forbidden_verdicts()
            points = [i for i in points if i not in banned]
        return [NAMES[i] for i in points]

    def forbidden_points(self) -> dict[str, str]:
        """The empty points where a black stone would be forbidden here, whoever is to move, with
        the pattern (``double-four``, ``double-three`` or ``overline``). Empty for gomoku rules.
        A point where Black makes exactly five is never forbidden."""
        if self._rule != "renju":
            return {}
        return {
            NAMES[p]: _forbidden.PATTERN_NAMES[v] for p, v in self._forbidden_verdicts().items()
        }

    def fouls(self) -> list[Foul]:
        """Black's forbidden moves so far under ``forbidden="claim"`` (none under the other
        settings, where they end the game or are refused), oldest first."""
        claimable = self._claimable()
        return [
            Foul(number, NAMES[point], _forbidden.PATTERN_NAMES[verdict], number in claimable)
            for number, (point, verdict) in enumerate(
                zip(self._stack, self._fouls, strict=True), start=1
            )
            if verdict
        ]

    def record(self) -> str:
        """The moves as a move-list text, e.g. ``"h8 h9 j10"``; :meth:`from_moves` reads it back."""
        return write_move_list(self._stack)

    def to_psq(self, players: tuple[str, str] | None = None) -> str:
        """The game as a Piskvork ``.psq`` text; ``players`` are Black's and White's names.

        Raises RecordError for a composed position or a game with a pass: .psq cannot hold them.
        """
        if self._setup is not None:
            raise RecordError("a composed position cannot be written as a .psq file")
        return write_psq(self._stack, players)

    # -- changing the state --------------------------------------------------------------------

    def play(self, point: str) -> None:
        """Play a point (or ``"pass"``) for the side to move.

        Raises IllegalMoveError, changing nothing, for text that is not a point, an occupied point,
        a move against the opening rule, a move after the end, or (under ``forbidden="refuse"``)
        a forbidden Black move. Under ``forbidden="loss"`` a forbidden Black move is placed and
        White wins, the result naming the pattern.
        """
        self._play(read_point(point, allow_pass=True))

    def claim(self) -> Result:
        """White claims Black's forbidden move (``forbidden="claim"``) and wins; the result names
        its pattern. A double-three or double-four can be claimed only at once (it is the last
        move), an overline at any time before the end; the latest claimable foul is the one
        claimed. Raises IllegalMoveError, changing nothing, when nothing can be claimed: with
        ``NOTHING_TO_CLAIM`` while the game goes on, whether or not an older foul went unclaimed."""
        self._claim()
        result = self.result
        assert result is not None
        return result

    def undo(self) -> str:
        """Take back the last move (or claim) and return it; IllegalMoveError if there is none."""
        if not self._stack:
            raise IllegalMoveError("there is no move to undo")
        point = self._stack.pop()
        self._results.pop()
        self._fouls.pop()
        if point >= 0:
            take_stone(self._lines, point, self._cells[point] == _BLACK)
            self._cells[point] = _EMPTY
            self._cache = None
        return point_name(point)

    # -- comparing and showing -----------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        """Everything that makes a board what it is: options, composed stones, moves."""
        return (self._rule, self._opening, self._forbidden, self._setup, self._first, self._stack)

    def __eq__(self, other: object) -> bool:
        """Boards are equal when their options, composed stones and moves are all equal."""
        if not isinstance(other, Board):
            return NotImplemented
        return self._key() == other._key()

    def __repr__(self) -> str:
        """Python text that rebuilds an equal board (in the ``gamehall.renju`` namespace)."""
        defaults = {"rule": "renju", "opening": "center", "forbidden": "loss"}
        if self._setup is not None:
            del defaults["opening"]
        options = [
            f"{name}={getattr(self, name)!r}"
            for name, default in defaults.items()
            if getattr(self, name) != default
        ]
        if self._setup is None:
            if not self._stack:
                return f"Board({', '.join(options)})"
            return f"Board.from_moves({', '.join([repr(self.record()), *options])})"
        black, white = ([NAMES[i] for i in group] for group in self._setup)
        arguments = [f"black={black!r}", f"white={white!r}", f"turn={_COLOR_NAMES[self._first]!r}"]
        if self._stack:
            arguments.append(f"moves={self.record()!r}")
        return f"Board.from_position({', '.join(arguments + options)})"

    def __str__(self) -> str:
        """The board as text: row 15 at the top, X for Black, O for White, (last move) marked."""
        last = next((p for p in reversed(self._stack) if p >= 0), None)
        rows = []
        for row in range(SIZE - 1, -1, -1):
            chars = [" "] * (2 * SIZE + 1)
            for column in range(SIZE):
                index = row * SIZE + column
                chars[2 * column + 1] = _SYMBOLS[self._cells[index]]
                if index == last:
                    chars[2 * column], chars[2 * column + 2] = "(", ")"
            rows.append(f"{row + 1:>2}{''.join(chars).rstrip()}")
        rows.append("   " + " ".join(COLUMNS))
        return "\n".join(rows)

    # -- the rules -----------------------------------------------------------------------------

    def _to_move(self) -> int:
        """The colour to move, as a cell value (a claim is not a move)."""
        played = len(self._stack) - (1 if self._stack and self._stack[-1] == CLAIM else 0)
        return self._first if played % 2 == 0 else _BLACK + _WHITE - self._first

    def _claimable(self) -> list[int]:
        """The move numbers of the fouls White may claim now, oldest first: every overline, and
        a double-three or double-four that is the last move, while the game goes on."""
        if self.result is not None:
            return []
        last = len(self._stack)
        return [
            number
            for number, verdict in enumerate(self._fouls, start=1)
            if verdict == _forbidden.OVERLINE or (verdict and number == last)
        ]

    def _claim(self) -> None:
        """Claim the latest claimable foul, or raise IllegalMoveError saying why there is none."""
        if self._forbidden != "claim" or self._rule != "renju":
            raise IllegalMoveError(
                "there is nothing to claim: only under forbidden='claim' does White claim "
                "Black's forbidden moves"
            )
        result = self.result
        if result is not None:
            raise IllegalMoveError(f"there is nothing to claim: the game is over ({result})")
        claimable = self._claimable()
        if not claimable:
            # The same words whether or not an old foul went unclaimed: a refusal must tell
            # nothing the board does not show, or a claim after every move would be an oracle.
            raise IllegalMoveError(NOTHING_TO_CLAIM, reason="nothing-to-claim")
        verdict = self._fouls[claimable[-1] - 1]
        self._stack.append(CLAIM)
        self._results.append(Result("white", _forbidden.PATTERN_NAMES[verdict]))
        self._fouls.append(0)

    def _play_or_claim(self, point: int) -> None:
        """Play a point index or PASS, or claim for CLAIM (a record's entries)."""
        if point == CLAIM:
            self._claim()
        else:
            self._play(point)

    def _opening_move_number(self) -> int | None:
        """The number of the next move while the centre opening restricts it (1 to 3), else None."""
        if self._opening != "center" or self._setup is not None or len(self._stack) >= 3:
            return None
        return len(self._stack) + 1

    def _forbidden_verdicts(self) -> dict[int, int]:
        """Black's forbidden points in this position, computed once per position."""
        if self._cache is None:
            self._cache = _forbidden.forbidden_points(self._lines, self._cells)
        return self._cache

    def _put(self, point: int, color: int) -> None:
        """Place a stone (the caller has checked the point is empty)."""
        self._cells[point] = color
        put_stone(self._lines, point, color == _BLACK)
        self._cache = None

    def _wins(self, point: int, color: int) -> bool:
        """Does the stone of ``color`` on ``point`` stand in a winning line under this rule?"""
        exact = self._rule == "gomoku-standard" or (self._rule == "renju" and color == _BLACK)
        column, row = column_row(point)
        for dc, dr in _DIRECTIONS:
            length = 1
            for sign in (1, -1):
                c, r = column + sign * dc, row + sign * dr
                while 0 <= c < SIZE and 0 <= r < SIZE and self._cells[r * SIZE + c] == color:
                    length += 1
                    c, r = c + sign * dc, r + sign * dr
            if length == 5 or (length > 5 and not exact):
                return True
        return False

    def _composed_result(self) -> Result | None:
        """The result a composed position already has: a winning line, or a full board."""
        winners = {
            color for point, color in enumerate(self._cells) if color and self._wins(point, color)
        }
        if len(winners) == 2:
            raise InvalidPositionError("both black and white already have a winning line")
        if winners:
            return Result(_COLOR_NAMES[winners.pop()], "five")
        if all(self._cells):
            return Result(None, "full-board")
        return None

    def _check_opening(self, point: int) -> None:
        """Refuse a move (PASS included) that breaks the centre opening."""
        number = self._opening_move_number()
        if number is not None and not _opening_allows(number, point):
            rule = _OPENING_SQUARES[number][0]
            raise IllegalMoveError(
                f"{point_name(point)} breaks the opening rule: {rule}",
                reason=f"opening-move-{number}",
                point=point_name(point),
            )

    def _play(self, point: int) -> None:
        """Play a point index or PASS, or raise IllegalMoveError and change nothing."""
        result = self.result
        if result is not None:
            raise IllegalMoveError(
                f"{point_name(point)} cannot be played: the game is over ({result})"
            )
        if point != PASS and self._cells[point]:
            raise IllegalMoveError(
                f"{NAMES[point]} is occupied", reason="occupied", point=NAMES[point]
            )
        self._check_opening(point)
        if point == PASS:
            two = bool(self._stack) and self._stack[-1] == PASS
            self._stack.append(PASS)
            self._results.append(Result(None, "two-passes") if two else None)
            self._fouls.append(0)
            return
        color = self._to_move()
        pattern = None
        verdict = 0
        if self._rule == "renju" and color == _BLACK:
            verdict = _forbidden.verdict(self._lines, point)
            pattern = _forbidden.PATTERN_NAMES.get(verdict)
            if pattern is not None and self._forbidden == "refuse":
                raise IllegalMoveError(
                    f"{NAMES[point]} is forbidden for Black: {pattern}",
                    reason=f"forbidden-{pattern}",
                    point=NAMES[point],
                )
            if pattern is None or self._forbidden != "claim":
                verdict = 0
            else:
                pattern = None  # it stands until White claims it
        self._put(point, color)
        if pattern is not None:
            outcome: Result | None = Result("white", pattern)
        elif self._wins(point, color):
            outcome = Result(_COLOR_NAMES[color], "five")
        elif all(self._cells):
            outcome = Result(None, "full-board")
        else:
            outcome = None
        self._stack.append(point)
        self._results.append(outcome)
        self._fouls.append(verdict)

    def _replay(self, points: list[int]) -> None:
        """Play recorded points, prefixing an IllegalMoveError with the move's number."""
        for number, point in enumerate(points, start=1):
            try:
                self._play_or_claim(point)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"move {number}: {error}") from None
