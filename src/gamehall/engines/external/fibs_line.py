"""The FIBS board line (``board:...``): written for a backgammon position and its match context
(``fibs_line``, what GNU Backgammon's ``external`` socket answers), and read back
(``read_fibs_line``, what gnubg sends an external player that plays inside it).

The line is written from the side on roll ("You"): its checkers positive, the other side's
negative, each field ``k`` (1 to 24) the side on roll's point ``k``, field 0 the other side's
bar and field 25 its own; colour 1, direction -1, home 0, bar 25 (FIBS's client protocol,
http://www.fibs.com/fibs_interface.html#board_state). gnubg then answers for the side on roll
(a play with the dice, ``double`` or ``roll`` without them); with the ``doubled`` field set the
side on roll has just doubled and gnubg answers for the other side (``take``, ``drop`` or
``beaver``). Session options follow the line: ``jacobyrule``, ``crawfordrule``, ``beavers``.
"""

from dataclasses import dataclass
from typing import Literal

from gamehall.backgammon.position import Position
from gamehall.backgammon.variants import INTERNATIONAL
from gamehall.engines.base import CubeOwner, MatchContext
from gamehall.errors import GameError
from gamehall.tables.position import TablesPosition

MONEY = 9999
"""FIBS's match length for unlimited (money) play."""
BAR = 25


def fibs_line(
    position: TablesPosition,
    context: MatchContext,
    dice: tuple[int, int] | None = None,
    *,
    doubled: bool = False,
    roller: str = "engine",
) -> str:
    """The line for a decision in ``position`` (the side on roll "You"), with ``dice`` rolled
    or none (a cube decision), ``doubled`` when the side on roll has just doubled. ``context``
    is the engine's: ``roller`` says whose side is on roll, ``"engine"`` or ``"opponent"``, so
    that the score and the cube are written from the roller's side."""
    if context.variant != "international":
        raise GameError("GNU Backgammon plays International backgammon only")
    mine, theirs = position.mover, position.opponent
    fields = [-theirs[BAR]]
    for point in range(1, 25):
        fields.append(mine[point] if mine[point] else -theirs[25 - point])
    fields.append(mine[BAR])
    score = context.score if roller == "engine" else context.score[::-1]
    owner = context.cube_owner
    if owner is not None and roller == "opponent":
        owner = "engine" if owner == "opponent" else "opponent"
    crawford = context.crawford
    you_may = not crawford and owner != "opponent"
    they_may = not crawford and owner != "engine"
    if not (you_may or they_may):
        you_may = they_may = True  # FIBS's way: both flags off would read as a double
    away = context.away
    post_crawford = bool(away and 1 in away and not crawford)
    first, second = dice if dice is not None else (0, 0)
    length = context.match_length or MONEY
    values = [
        length,
        *score,
        *fields,
        1,  # turn: the side on roll
        first,
        second,
        0,
        0,
        context.cube_value,
        int(you_may),
        int(they_may),
        int(doubled),
        1,  # colour
        -1,  # direction
        0,  # home
        25,  # bar
        mine[0],
        theirs[0],
        0,
        0,
        0,
        0,
        0,  # the non-Crawford flag
        int(post_crawford),
    ]
    options = (
        f"jacobyrule {'on' if context.jacoby else 'off'}",
        f"crawfordrule {'off' if context.crawford_rule is False else 'on'}",
        f"beavers {'on' if context.beavers else 'off'}",
    )
    return "board:You:Opponent:" + ":".join(str(v) for v in values) + " " + " ".join(options)


FIELDS = 50
"""The numbers of a board line after the two names: match length, two scores, 26 fields of
the board, turn, four dice, cube, two may-double flags, doubled, colour, direction, home, bar,
two borne-off counts, two on-bar counts, can-move, forced-move, and two Crawford flags."""


@dataclass(frozen=True)
class FibsBoard:
    """A FIBS board line as read: the board from "You"'s side (``you`` and ``opponent`` each
    in its own numbering, index 0 borne off, 25 the bar), whose side is on roll, the dice (or
    none), the cube and the flags, and the session options that may follow the line.

    ``score`` and ``names`` are You's first. ``doubled`` says that the side on roll has just
    doubled. ``non_crawford`` and ``post_crawford`` are the line's last two fields, as FIBS
    names them (gnubg 1.07 writes 0 and 1 before the Crawford game, 0 and 0 in it, 1 and 1 after
    it); ``crawford()`` reads them.
    """

    names: tuple[str, str]
    match_length: int
    score: tuple[int, int]
    you: tuple[int, ...]
    opponent: tuple[int, ...]
    you_on_roll: bool
    dice: tuple[int, int] | None
    cube_value: int
    may_double: tuple[bool, bool]
    doubled: bool
    non_crawford: bool
    post_crawford: bool
    jacoby: bool = False
    crawford_rule: bool | None = None
    beavers: bool = False

    @property
    def position(self) -> Position:
        """The position, the side on roll as its mover."""
        if self.you_on_roll:
            return Position(self.you, self.opponent, INTERNATIONAL.rules)
        return Position(self.opponent, self.you, INTERNATIONAL.rules)

    def owner_seen_by(self, you: bool) -> CubeOwner | None:
        """Who holds the cube, ``"engine"`` meaning You when ``you`` (else the opponent);
        ``None`` when it is in the middle (both may double, or neither: the Crawford game)."""
        mine, theirs = self.may_double
        if mine == theirs:
            return None
        return "engine" if mine == you else "opponent"

    def crawford(self) -> bool:
        """Whether this is the Crawford game: one side is 1-away and neither Crawford flag
        says otherwise (FIBS's way, as GNU Backgammon reads it)."""
        if not self.match_length or self.non_crawford or self.post_crawford:
            return False
        return self.match_length - 1 in self.score


def read_fibs_line(line: str, writer: Literal["fibs", "gnubg"] = "fibs") -> FibsBoard:
    """The board of a ``board:...`` line (FIBS's client protocol, as GNU Backgammon writes and
    reads it: colour 1, direction -1, home 0, bar 25), with the session options that may follow
    it; ``GameError`` saying what is wrong with a line that is not one.

    The names and scores are You's first (FIBS's order), unless ``writer`` is ``"gnubg"``: the
    lines GNU Backgammon sends to an external player (``set player N external``) write them
    the other way round except when a double is pending (gnubg 1.07 writes its player 0's
    first, and its player 1 is the board's You)."""
    text, *options = line.strip("\0 \t\r\n").split() or [""]
    parts = text.split(":")
    if parts[0] != "board" or len(parts) != 3 + FIELDS:
        raise GameError(
            f"not a FIBS board line: it must be 'board:' then two names and {FIELDS} numbers "
            "separated by colons"
        )
    try:
        numbers = [int(part) for part in parts[3:]]
    except ValueError:
        raise GameError("not a FIBS board line: a field after the names is not a number") from None
    length, you_score, their_score = numbers[:3]
    board = numbers[3:29]
    turn, first, second, their_first, their_second, cube = numbers[29:35]
    you_may, they_may, doubled, colour, direction, home, bar = numbers[35:42]
    non_crawford, post_crawford = numbers[48:50]
    if (colour, direction, home, bar) != (1, -1, 0, BAR):
        raise GameError(
            "the board line must be written from colour 1, direction -1, home 0 and bar 25, "
            "as GNU Backgammon writes it"
        )
    if turn not in (1, -1):
        raise GameError(f"the turn field is {turn}: 1 or -1 is a game in progress")
    if first == 0 and their_first:
        first, second = their_first, their_second
    dice = (first, second) if first else None
    if dice is not None and not all(1 <= die <= 6 for die in dice):
        raise GameError(f"the dice {first} and {second} are not dice: two numbers from 1 to 6")
    if cube < 1:
        raise GameError(f"the cube is {cube}: it must be at least 1")
    if length == MONEY:
        length = 0
    if length < 0 or min(you_score, their_score) < 0:
        raise GameError("the match length and the scores must not be negative")
    if length and max(you_score, their_score) >= length:
        raise GameError(f"a score of {length} or more ends a {length}-point match")
    if doubled == 0 and not you_may and not they_may:
        doubled = 1  # FIBS's way of showing a double: neither side may double
    you, opponent = _sides(board)
    names = (parts[1], parts[2])
    if writer == "gnubg" and not doubled:
        names, you_score, their_score = names[::-1], their_score, you_score
    return FibsBoard(
        names=names,
        match_length=length,
        score=(you_score, their_score),
        you=you,
        opponent=opponent,
        you_on_roll=turn == 1,
        dice=dice,
        cube_value=cube,
        may_double=(bool(you_may), bool(they_may)),
        doubled=bool(doubled),
        non_crawford=bool(non_crawford),
        post_crawford=bool(post_crawford),
        **_options(options),
    )


def _sides(board: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """You's and the opponent's checkers (each 26 counts in its own numbering) from the 26
    board fields: You's positive on his point ``k`` in field ``k``, the opponent's negative,
    field 0 the opponent's bar, field 25 You's."""
    you = [0] * 26
    theirs = [0] * 26
    if board[0] > 0 or board[BAR] < 0:
        raise GameError("the bar fields hold the wrong side's checkers")
    theirs[BAR] = -board[0]
    you[BAR] = board[BAR]
    for point in range(1, 25):
        count = board[point]
        if count > 0:
            you[point] = count
        else:
            theirs[25 - point] = -count
    for side in (you, theirs):
        side[0] = 15 - sum(side)
        if side[0] < 0:
            raise GameError(f"a side has {15 - side[0]} checkers on the board: at most 15")
    return tuple(you), tuple(theirs)


def _options(words: list[str]) -> dict[str, bool]:
    """The session options that follow a line (``jacobyrule on`` ...), by field name."""
    names = {"jacobyrule": "jacoby", "crawfordrule": "crawford_rule", "beavers": "beavers"}
    found: dict[str, bool] = {}
    for name, value in zip(words[::2], words[1::2], strict=False):
        if name in names and value in ("on", "off"):
            found[names[name]] = value == "on"
    return found
