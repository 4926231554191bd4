"""Match records in the Jellyfish ``.mat`` text format, written and read as GNU Backgammon does.

A ``.mat`` file is the usual way to move a backgammon match between programs: GNU Backgammon,
XG and BGBlitz import and export it. It looks like this (GNU Backgammon 1.07's own export,
trailing spaces left out)::

    ; [Site "gamehall"]
    ; [EventDate "2024.05.01"]

     3 point match

     Game 1
     Alice : 0                      Bob : 0
      1)                             52: 13/11 13/8
      2) 64: 24/18 18/14*            31: 25/22 6/5
      3)  Doubles => 2                Takes
      4) 33: 13/10 13/10 8/5 8/5     65: 22/16 16/11*
      5) 21: 25/23 6/5                Doubles => 4
      6)  Drops                       Wins 2 points

     Game 2
     ...

Each numbered line holds one action of the left player (index 0) and one of the right player
(index 1); a game whose first roll is the right player's starts with an empty left half. A play
is written as GNU Backgammon writes it: single moves in the mover's own point numbers, the bar
25 and off 0, highest point first, a hit marked ``*`` where the checker lands on the blot.

``export_mat`` writes what GNU Backgammon 1.07 writes for the same match (its ``import mat``
then ``export match mat`` gives back the same text), except in the one place where GNU
Backgammon's layout is not read back, its own importer included: when a player resigns after
his opponent rolled and before the roll was played, the "Wins" line stands alone in the
winner's column. ``import_mat`` reads those files, both layouts and the usual variants of
other programs; ``validate`` replays a record with the rules layer. A record
holds plays in standard notation (``24/16 13/8``, as ``Play.notation`` writes them); both
directions replay the games to turn one form into the other, so a play that is not legal is an
error naming the game, the move and the rule.

Variants: Georgian records carry ``; [Variant "Georgian"]``, a comment line that GNU Backgammon
keeps as a comment; it reads their moves, which are ordinary backgammon moves, but knows
neither the Georgian cube (2, 3, 4, 5, 6: it counts 2, 4, 8, ...) nor the no-hit-and-run rule.
Long nardy records (``; [Variant "Long Nardy"]``) use the same layout, each player's moves in
his own numbering; they are for gamehall's own tools and archives: GNU Backgammon cannot replay
them. Nardy games are replayed with the default rules options of ``gamehall.nardy``.
"""

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.backgammon.variants import VARIANTS
from gamehall.errors import IllegalMoveError, RecordError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.tables.moves import OFF
from gamehall.tables.position import Play

VariantName = Literal["international", "georgian", "nardy"]
TurnKind = Literal["roll", "double", "take", "drop", "beaver", "resign"]

VARIANT_HEADERS: dict[VariantName, str] = {"georgian": "Georgian", "nardy": "Long Nardy"}
"""The ``; [Variant "..."]`` header of each variant that has one (International has none)."""

GNUBG_HEADERS = ("Site", "Event", "Round", "EventDate", "Transcriber")
"""The headers GNU Backgammon keeps as match information, in the order it writes them; it
writes every other comment line after them, after an empty line."""

_TURN_KINDS = ("roll", "double", "take", "drop", "beaver", "resign")


@dataclass(frozen=True, slots=True)
class MatTurn:
    """One action of one player: a roll and its play, a cube action, or a resignation.

    * ``roll``: ``dice`` as rolled (the first roll of a backgammon game is the opening roll);
      ``play`` in standard notation, ``""`` when the roll cannot be played, ``None`` when the
      player rolled and then resigned (or the record stops there) - only for a roll with more
      than one legal play: a forced play is always written, as GNU Backgammon reads a roll
      without a play as its forced play.
    * ``double``: offers the cube at ``cube_value`` (International 2, 4, 8, ...; Georgian 2, 3,
      4, 5, 6). ``take`` / ``drop``: the answer. ``beaver``: takes and redoubles at once to
      ``cube_value``, keeping the cube (money play); the doubler then rolls.
    * ``resign``: the player resigns and the opponent accepts (``.mat`` files hold only accepted
      resignations); the game's ``points`` say how much.
    """

    player: int
    kind: TurnKind = "roll"
    dice: tuple[int, int] | None = None
    play: str | None = None
    cube_value: int | None = None

    def __post_init__(self) -> None:
        if self.player not in (0, 1):
            raise RecordError(f"player {self.player!r} is not 0 (left) or 1 (right)")
        if self.kind not in _TURN_KINDS:
            raise RecordError(
                f"{self.kind!r} is not a turn: choose one of {', '.join(_TURN_KINDS)}"
            )
        if self.kind == "roll":
            dice = self.dice
            if dice is None or len(dice) != 2 or not all(d in range(1, 7) for d in dice):
                raise RecordError(f"a roll needs two dice from 1 to 6, not {dice!r}")
        elif self.dice is not None or self.play is not None:
            raise RecordError(f"a {self.kind} has no dice and no play")
        if (self.kind in ("double", "beaver")) != (self.cube_value is not None):
            raise RecordError("a double or a beaver, and only they, carry the cube's new value")
        if self.cube_value is not None and self.cube_value < 2:
            raise RecordError(f"{self.cube_value} is not a cube value a double can offer")

    @classmethod
    def roll(cls, player: int, dice: tuple[int, int], play: str | None) -> "MatTurn":
        """A roll and its play (see the class)."""
        return cls(player, "roll", dice, play)

    @classmethod
    def double(cls, player: int, cube_value: int) -> "MatTurn":
        """An offer of the cube at ``cube_value``."""
        return cls(player, "double", cube_value=cube_value)

    @classmethod
    def take(cls, player: int) -> "MatTurn":
        """The double is taken."""
        return cls(player, "take")

    @classmethod
    def drop(cls, player: int) -> "MatTurn":
        """The double is dropped: the doubler wins the stake before the offer."""
        return cls(player, "drop")

    @classmethod
    def beaver(cls, player: int, cube_value: int) -> "MatTurn":
        """The double is taken and redoubled at once to ``cube_value``."""
        return cls(player, "beaver", cube_value=cube_value)

    @classmethod
    def resign(cls, player: int) -> "MatTurn":
        """``player`` resigns; the opponent accepts."""
        return cls(player, "resign")


@dataclass
class MatGame:
    """One game: the score before it, its turns in order, the winner (``None`` while it is not
    finished) and the points written for it (the game's value times the cube, as GNU Backgammon
    writes them; the last game of a match may give only the points the winner needed)."""

    score: tuple[int, int]
    turns: list[MatTurn] = field(default_factory=list)
    winner: int | None = None
    points: int = 0


@dataclass
class MatRecord:
    """A match or a money session: ``length`` points (0 for money play), the two players (index
    0 the left column of the file), the variant, the games, and the comment headers
    (``; [Key "value"]`` lines; free comment lines are joined under ``"Comment"``).

    The header ``Crawford`` (``On``/``Off``) overrides the variant's Crawford rule for checking
    doubles; other headers are only carried along.
    """

    length: int
    players: tuple[str, str]
    variant: VariantName = "international"
    games: list[MatGame] = field(default_factory=list)
    header: dict[str, str] = field(default_factory=dict)


# -- replaying ----------------------------------------------------------------------------------

GamePosition = BackgammonPosition | NardyPosition
"""A position of any game a record can hold."""
GamePlay = Play[BackgammonPosition] | Play[NardyPosition]


def _initial(variant: VariantName) -> GamePosition:
    if variant == "nardy":
        return NardyPosition.initial()
    if variant not in VARIANTS:
        raise RecordError(f"unknown variant {variant!r}: choose international, georgian or nardy")
    return BackgammonPosition.initial(variant)


def _crawford(record: MatRecord) -> bool:
    """Whether the record's match plays a Crawford game: the header, else the variant's rule."""
    text = record.header.get("Crawford")
    if text is None:
        return record.variant == "international"
    value = text.strip().lower()
    if value in ("on", "true", "yes", "1"):
        return True
    if value in ("off", "false", "no", "0"):
        return False
    raise RecordError(f'the header [Crawford "{text}"] should say "On" or "Off"')


def _dice_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


@dataclass
class _Game:
    """A game being replayed: the board, the cube and whose action comes next."""

    variant: VariantName
    money: bool
    crawford_game: bool
    names: tuple[str, str]
    position: GamePosition
    positions: list[GamePosition]
    to_act: int | None = None
    cube: int = 1
    owner: int | None = None
    offered: int | None = None
    unplayed: tuple[int, int] | None = None
    winner: int | None = None
    full_points: int | None = None
    resigned: bool = False

    @property
    def over(self) -> bool:
        return self.winner is not None

    def next_cube(self) -> int | None:
        """The value the next double offers, or ``None`` when the cube is at its highest (or
        there is no cube)."""
        if self.variant == "nardy":
            return None
        return VARIANTS[self.variant].next_cube(self.cube)

    def apply(self, turn: MatTurn, where: str) -> GamePlay | None:
        """Play ``turn``; the legal play it names, for a roll with a play. Raises
        ``RecordError`` starting with ``where`` when the turn cannot happen here."""
        name = self.names[turn.player]
        other = 1 - turn.player
        if self.over:
            raise RecordError(
                f"{where}: the game is already over ({self.names[self.winner or 0]} won): "
                f"no {turn.kind} may follow"
            )
        if turn.kind == "resign":
            self.winner, self.resigned = other, True
            return None
        if self.unplayed is not None:
            raise RecordError(
                f"{where}: the roll {_dice_text(self.unplayed)} was not played: "
                "only a resignation may follow it"
            )
        if turn.kind == "roll":
            return self._roll(turn, name, where)
        if self.variant == "nardy":
            raise RecordError(f"{where}: long nardy has no doubling cube ({turn.kind})")
        if turn.kind == "double":
            self._double(turn, name, where)
            return None
        if self.offered is None or self.to_act != turn.player:
            raise RecordError(f"{where}: {name} cannot {turn.kind}: there is no double to answer")
        doubler = 1 - turn.player
        if turn.kind == "drop":
            self.winner, self.full_points = doubler, self.cube
        elif turn.kind == "take":
            self.cube, self.owner, self.to_act = self.offered, turn.player, doubler
        else:
            if not (self.money and self.variant == "international"):
                raise RecordError(f"{where}: beavers are for International money play only")
            if turn.cube_value != 2 * self.offered:
                raise RecordError(
                    f"{where}: a beaver of a double to {self.offered} puts the cube on "
                    f"{2 * self.offered}, not {turn.cube_value}"
                )
            self.cube, self.owner, self.to_act = 2 * self.offered, turn.player, doubler
        self.offered = None
        return None

    def _double(self, turn: MatTurn, name: str, where: str) -> None:
        if self.offered is not None:
            raise RecordError(f"{where}: {name} cannot double: a double waits for an answer")
        if self.to_act is None:
            raise RecordError(f"{where}: nobody may double before the first roll of the game")
        if self.to_act != turn.player:
            raise RecordError(f"{where}: {name} cannot double: it is not his turn to roll")
        if self.owner not in (None, turn.player):
            raise RecordError(f"{where}: {name} cannot double: his opponent owns the cube")
        if self.crawford_game:
            raise RecordError(f"{where}: {name} cannot double in the Crawford game")
        value = self.next_cube()
        if value is None:
            raise RecordError(f"{where}: the cube is at its highest ({self.cube})")
        if turn.cube_value != value:
            raise RecordError(
                f"{where}: a double from {self.cube} offers {value}, not {turn.cube_value}"
            )
        self.offered, self.to_act = value, 1 - turn.player

    def _roll(self, turn: MatTurn, name: str, where: str) -> GamePlay | None:
        assert turn.dice is not None
        if self.offered is not None:
            raise RecordError(f"{where}: {name} rolled, but the double to {self.offered} waits")
        if self.to_act not in (None, turn.player):
            raise RecordError(
                f"{where}: {name} rolled, but it is {self.names[1 - turn.player]}'s turn"
            )
        if self.to_act is None and self.variant != "nardy" and turn.dice[0] == turn.dice[1]:
            raise RecordError(
                f"{where}: the opening roll {_dice_text(turn.dice)} cannot be a double "
                "(equal dice are rolled again)"
            )
        self.to_act = 1 - turn.player
        if turn.play is None:
            plays = self.position.legal_plays(turn.dice)
            if len(plays) == 1:
                raise RecordError(
                    f"{where}: {name} has one legal play with {_dice_text(turn.dice)}, "
                    f"{plays[0].notation or '(no move)'!r}: write it, as a forced play is "
                    "never left unplayed"
                )
            self.unplayed = turn.dice
            return None
        try:
            play: GamePlay = self.position.find_play(turn.play, turn.dice)
        except IllegalMoveError as error:
            shown = turn.play or "(no move)"
            raise RecordError(
                f"{where}: {name} plays {shown!r} with {_dice_text(turn.dice)}: {error}"
            ) from None
        result = play.result
        self.position = result
        self.positions.append(result)
        outcome = result.result
        if outcome is not None:
            self.winner, self.full_points = turn.player, outcome.value * self.cube
        return play

    def finish(self, game: MatGame, length: int, last: bool, where: str) -> None:
        """Check the game's recorded winner and points against what the replay found."""
        names = self.names
        if not self.over:
            if game.winner is not None:
                raise RecordError(
                    f"{where}: the record says {names[game.winner]} won, but the game is "
                    "not over after its last move"
                )
            if not last:
                raise RecordError(f"{where}: the game is not finished, and only the last may be")
            if game.points:
                raise RecordError(f"{where}: the game is not finished, so it gives no points")
            return
        assert self.winner is not None
        if game.winner is None:
            raise RecordError(f"{where}: {names[self.winner]} won, but the record gives no winner")
        if game.winner != self.winner:
            raise RecordError(
                f"{where}: {names[self.winner]} won the game, not {names[game.winner]}"
            )
        needed = length - game.score[self.winner] if length else 0
        if self.resigned:
            most = 2 if self.variant == "nardy" else 3
            allowed = {k * self.cube for k in range(1, most + 1)}
            rule = f"1 to {most} times the cube ({self.cube})"
        else:
            assert self.full_points is not None
            allowed = {self.full_points}
            rule = str(self.full_points)
        if game.points not in allowed and not 0 < game.points == needed < max(allowed):
            raise RecordError(
                f"{where}: {names[self.winner]} wins {game.points} points, but the game "
                f"gives {rule}"
            )


@dataclass
class _Match:
    """The score, the Crawford game and the match's end across the games of a record."""

    record: MatRecord
    crawford: bool
    post_crawford: bool = False
    expected: tuple[int, int] | None = None

    def start(self, game: MatGame, where: str) -> _Game:
        record = self.record
        length = record.length
        score = game.score
        if len(score) != 2 or any(s < 0 for s in score):
            raise RecordError(f"{where}: {score!r} is not a score")
        if game.winner not in (None, 0, 1) or game.points < 0:
            raise RecordError(
                f"{where}: the winner is 0, 1 or None (not {game.winner!r}) and the points are "
                f"not negative (not {game.points})"
            )
        if self.expected is not None and score != self.expected:
            raise RecordError(
                f"{where}: the game starts at {score[0]}-{score[1]}, but the games before it "
                f"end at {self.expected[0]}-{self.expected[1]}"
            )
        if length and max(score) >= length:
            raise RecordError(f"{where}: the match was already over at {score[0]}-{score[1]}")
        crawford_game = (
            self.crawford
            and length > 0
            and not self.post_crawford
            and (score[0] == length - 1) != (score[1] == length - 1)
        )
        self.post_crawford = self.post_crawford or crawford_game
        position = _initial(record.variant)
        return _Game(
            record.variant, length == 0, crawford_game, record.players, position, [position]
        )

    def end(self, state: _Game, game: MatGame, last: bool, where: str) -> None:
        state.finish(game, self.record.length, last, where)
        if game.winner is not None:
            score = list(game.score)
            score[game.winner] += game.points
            self.expected = (score[0], score[1])


def _move_number(turns: Sequence[MatTurn], index: int) -> int:
    """The numbered line of the ``.mat`` file that holds turn ``index``."""
    shift = 1 if turns and turns[0].kind == "roll" and turns[0].player == 1 else 0
    return (index + shift) // 2 + 1


def _replay(record: MatRecord) -> Iterator[tuple[MatGame, list[GamePlay | None], _Game]]:
    """Replay every game: each with the play of each of its turns and its final state."""
    if record.length < 0:
        raise RecordError(f"a match length of {record.length} points: give 0 (money) or more")
    match = _Match(record, _crawford(record))
    for number, game in enumerate(record.games, 1):
        where = f"game {number}"
        state = match.start(game, where)
        plays: list[GamePlay | None] = []
        for index, turn in enumerate(game.turns):
            line = _move_number(game.turns, index)
            label = f"game {number}, move {line} ({record.players[turn.player]})"
            plays.append(state.apply(turn, label))
        match.end(state, game, number == len(record.games), where)
        yield game, plays, state


def validate(record: MatRecord) -> list[list[GamePosition]]:
    """Replay every game of ``record`` with the rules layer; for each game, the positions from
    the start through each play. Raises ``RecordError`` naming the game, the move and the rule
    at the first turn that cannot happen (an illegal play, a double out of turn, a wrong score).
    """
    return [state.positions for _, _, state in _replay(record)]


# -- writing ------------------------------------------------------------------------------------


def _mat_moves(before: GamePosition, play: GamePlay) -> str:
    """A play as GNU Backgammon writes it: single moves, highest point first (its canonical
    order), a hit marked where a checker first lands on an opposing blot; a space after each of
    the first three moves."""
    moves = sorted(play.moves, key=lambda m: (-m.src, -m.dst))
    opposite = before.rules.opposite
    landed: set[int] = set()
    parts = []
    for index, move in enumerate(moves):
        hit = move.dst != OFF and move.dst not in landed and before.opponent[opposite[move.dst]]
        landed.add(move.dst)
        parts.append(f"{move.src}/{move.dst}{'*' if hit else ''}{' ' if index < 3 else ''}")
    return "".join(parts)


def _wins(points: int) -> str:
    return f"Wins {points} point{'' if points == 1 else 's'}"


def _check_line(what: str, text: str, forbidden: str = "") -> None:
    """Refuse text that would not come back the same from a .mat line."""
    bad = [c for c in forbidden if c in text]
    if bad or not text.strip() or text != text.strip() or "\n" in text or "\r" in text:
        raise RecordError(
            f"{what} {text!r} cannot be written in a .mat file: it must be one line, not "
            "empty, with no spaces around it" + (f" and no {forbidden!r}" if forbidden else "")
        )


def _header_lines(record: MatRecord) -> list[str]:
    """The comment lines before the match length, in GNU Backgammon's order: its match
    information, then (after an empty line) the variant, the other headers and the comment."""
    header = dict(record.header)
    if "Variant" in header:
        raise RecordError('the header "Variant" is written from MatRecord.variant: remove it')
    for key, value in header.items():
        _check_line("the header name", key, '"[]')
        if key != "Comment" and ("\n" in value or "\r" in value):
            raise RecordError(f"the header {key}'s value {value!r} must be one line")
    comment = header.pop("Comment", None)
    known = [f'; [{key} "{header.pop(key)}"]' for key in GNUBG_HEADERS if key in header]
    others = [f'; [{key} "{value}"]' for key, value in header.items()]
    variant = VARIANT_HEADERS.get(record.variant)
    if variant:
        others.insert(0, f'; [Variant "{variant}"]')
    for line in comment.split("\n") if comment is not None else []:
        _check_line("the comment line", line)
        if _HEADER.match(line):
            raise RecordError(f"the comment line {line!r} would be read back as a header")
        others.append(f"; {line}")
    gap = [""] if known and others else []
    lines = [*known, *gap, *others]
    return [*lines, ""] if lines else []


def _game_lines(
    record: MatRecord, number: int, game: MatGame, plays: Sequence[GamePlay | None]
) -> str:
    """One game as GNU Backgammon's ``export match mat`` writes it."""
    names = record.players
    left = f"{names[0]} : {game.score[0]}"
    # GNU Backgammon pads to 31 columns and no further; a longer left half keeps one space.
    width = max(31, len(left) + 1)
    out = [f" Game {number}\n", f" {left:<{width}}{names[1]} : {game.score[1]}\n"]
    index = 0
    rolled = False
    turns = game.turns
    if turns and turns[0].kind == "roll" and turns[0].player == 1:
        out.append("  1)" + " " * 29)
        index = 1
    before = _initial(record.variant)
    for turn, play in zip(turns, plays, strict=True):
        right = index % 2 == 1
        number_text = f"{index // 2 + 1:3d}) "
        if turn.kind == "resign":
            out.append(_resign_text(turn.player, right, rolled, game.points))
            break
        if turn.kind == "roll":
            assert turn.dice is not None
            text = f"{turn.dice[0]}{turn.dice[1]}: "
            if play is not None:
                text += _mat_moves(before, play)
                before = play.result
            rolled = play is None
        elif turn.kind in ("double", "beaver"):
            word = "Doubles" if turn.kind == "double" else "Beavers"
            text = f" {word} => {turn.cube_value}"
        elif turn.kind == "take":
            text = " Takes"
        else:
            spacer = "\n      " if right else " " * 23
            text = f" Drops{spacer}{_wins(game.points)}"
        if rolled:
            out.append(text if right else f"{number_text}{text:<3}")
        elif right:
            out.append(text + "\n")
        else:
            out.append(f"{number_text}{text:<27} ")
        if turn.kind == "drop":
            out.append("\n" if right else "\n\n")
        elif play is not None and play.result.is_over:
            out.append((" " * 34 if right else "\n      ") + _wins(game.points) + "\n\n")
        index += 1
    text = "".join(out)
    return text if text.endswith("\n") else text + "\n"


def _resign_text(resigner: int, right: bool, rolled: bool, points: int) -> str:
    """The "Wins" line of a resignation, placed where GNU Backgammon places it, except where
    its own importer would not read it back (the other player resigns after a roll that was
    not played): there the line stands alone in the winner's column."""
    if resigner == 1:
        lead = "\n" if right or rolled else ""
        column = "      "
    elif right:
        lead, column = "", " " * 24 if rolled else " "
    else:
        lead, column = "\n" if rolled else "", " " * 34
    return f"{lead}{column}{_wins(points)}\n\n"


def export_mat(record: MatRecord) -> str:
    """The record as a ``.mat`` file, as GNU Backgammon 1.07 would export the same match.

    Replays the games to write each play as single moves (see the module); raises
    ``RecordError`` for a record that ``validate`` refuses or that the format cannot hold
    (a name with a colon, a header on two lines).
    """
    for name in record.players:
        _check_line("the player name", name, ":")
    parts = [f"{line}\n" for line in _header_lines(record)]
    parts.append(f" {record.length} point match\n\n")
    for number, (game, plays, _) in enumerate(_replay(record), 1):
        parts.append(_game_lines(record, number, game, plays))
    return "".join(parts)


# -- reading ------------------------------------------------------------------------------------

_MATCH_LINE = re.compile(r"^\s*(\d+)\s+[Pp]oints?\s+[Mm]atch\b.*$")
_HEADER = re.compile(r'^\[\s*([^"\[\]]+?)\s+"(.*)"\s*\]$')
_GAME_LINE = re.compile(r"^\s*Game\s+(\d+)\s*$")
_SCORE_LINE = re.compile(r"^\s*([^:]+?)\s*:\s*(\d+)\s+([^:]+?)\s*:\s*(\d+)\s*$")
_NUMBERED = re.compile(r"^\s*(\d+)\)(.*)$")
_DICE = re.compile(r"^([1-6])([1-6]):(.*)$")
_CUBE = re.compile(r"^(doubles?|beavers?)(?:\s*=>\s*(\d+))?$", re.IGNORECASE)
_WINS = re.compile(r"^wins?\s+(\d+)\s+points?(?:\s+and\s+the\s+match)?$", re.IGNORECASE)
_KEYWORDS = ("double", "beaver", "take", "drop", "win")
_RIGHT_GAP = 10
"""An entry this many spaces or more after ``N)`` is in the right column."""
_RIGHT_WINS = 20
"""A "Wins" entry starting at this column or later is in the right column."""

_VARIANT_NAMES: dict[str, VariantName] = {
    "international": "international",
    "backgammon": "international",
    "georgian": "georgian",
    "long nardy": "nardy",
    "nardy": "nardy",
}


@dataclass(frozen=True)
class _Entry:
    """One action read from a line: its column, its words and where it was."""

    line: int
    column: int
    text: str


def _entries(line_no: int, line: str) -> list[_Entry]:
    """The actions of one line of a game, each with its column."""
    numbered = _NUMBERED.match(line)
    base = numbered.start(2) if numbered else 0
    rest = numbered.group(2) if numbered else line
    starts: list[tuple[int, list[str]]] = []
    for token in re.finditer(r"\S+", rest):
        word = token.group()
        begins = _DICE.match(word) or word.lower().startswith(_KEYWORDS)
        if begins:
            starts.append((token.start(), [word]))
        elif starts:
            starts[-1][1].append(word)
        else:
            raise RecordError(
                f"line {line_no}: cannot read {word!r}: expected a roll ('52: 13/8 13/11'), "
                "'Doubles => 2', 'Takes', 'Drops' or 'Wins 1 point'"
            )
    entries: list[_Entry] = []
    for position, (offset, words) in enumerate(starts):
        text = " ".join(words)
        if _WINS.match(text):
            column = int(base + offset >= _RIGHT_WINS)
        elif position == 0:
            column = int(numbered is not None and offset >= _RIGHT_GAP)
        else:
            column = 1
        if entries and column <= entries[-1].column and not _WINS.match(text):
            raise RecordError(f"line {line_no}: more than one action in one column")
        entries.append(_Entry(line_no, column, text))
    return entries


class _Reader:
    """Reads a ``.mat`` text into a ``MatRecord``, replaying each game as it goes."""

    def __init__(self, text: str) -> None:
        self.lines = text.removeprefix("\ufeff").splitlines()
        self.at = 0
        self.header: dict[str, str] = {}
        self.comments: list[str] = []

    def next_line(self) -> tuple[int, str] | None:
        """The next line that is not blank, with its number (from 1)."""
        while self.at < len(self.lines):
            self.at += 1
            line = self.lines[self.at - 1]
            if line.strip():
                return self.at, line
        return None

    def read(self) -> MatRecord:
        length = self.read_header()
        variant = self.variant()
        if self.comments:
            self.header["Comment"] = "\n".join(self.comments)
        record = MatRecord(length, ("", ""), variant, [], self.header)
        match = _Match(record, _crawford(record))
        pending = self.next_line()
        while pending is not None:
            line_no, line = pending
            found = _GAME_LINE.match(line)
            if not found:
                raise RecordError(f"line {line_no}: expected ' Game {len(record.games) + 1}'")
            pending = self.read_game(record, match, line_no)
        if not record.games:
            raise RecordError("the file has no game: expected ' Game 1' after the match length")
        return record

    def read_header(self) -> int:
        while (found := self.next_line()) is not None:
            line_no, line = found
            stripped = line.strip()
            if stripped[0] in ";#":
                content = stripped[1:].strip()
                pair = _HEADER.match(content)
                if pair:
                    self.header[pair.group(1)] = pair.group(2)
                elif content:
                    self.comments.append(content)
                continue
            match_line = _MATCH_LINE.match(line)
            if match_line:
                return int(match_line.group(1))
            raise RecordError(
                f"line {line_no}: expected a comment ('; [Site \"...\"]') or the match length "
                f"(' 7 point match'), not {stripped!r}"
            )
        raise RecordError("not a .mat file: no line gives the match length (' 7 point match')")

    def variant(self) -> VariantName:
        name = self.header.pop("Variant", None)
        variation = self.header.get("Variation")
        if variation is not None and variation.strip().lower() != "backgammon":
            raise RecordError(f"the variation {variation!r} is not one that gamehall plays")
        if name is None:
            return "international"
        try:
            return _VARIANT_NAMES[name.strip().lower()]
        except KeyError:
            raise RecordError(
                f'unknown variant "{name}": gamehall reads International, Georgian and '
                "Long Nardy records"
            ) from None

    def read_game(self, record: MatRecord, match: _Match, game_line: int) -> tuple[int, str] | None:
        """Read one game after its ``Game N`` line; the line after it, if any."""
        found = self.next_line()
        scores = _SCORE_LINE.match(found[1]) if found else None
        if found is None or scores is None:
            where = f"line {found[0]}" if found else "the end of the file"
            raise RecordError(
                f"{where}: expected the players and the score, like ' Alice : 0    Bob : 0'"
            )
        line_no = found[0]
        names = (scores.group(1), scores.group(3))
        if not record.games:
            record.players = names
        elif names != record.players:
            raise RecordError(
                f"line {line_no}: the players {names[0]} and {names[1]} are not those of "
                f"game 1 ({record.players[0]} and {record.players[1]})"
            )
        game = MatGame((int(scores.group(2)), int(scores.group(4))))
        where = f"line {line_no} (game {len(record.games) + 1})"
        state = match.start(game, where)
        record.games.append(game)
        points: int | None = None
        pending = self.next_line()
        while pending is not None and not _GAME_LINE.match(pending[1]):
            for entry in _entries(*pending):
                points = self.apply(entry, game, state, points)
            pending = self.next_line()
        if state.over:
            game.winner = state.winner
            game.points = points if points is not None else state.full_points or 0
        match.end(state, game, pending is None, f"line {game_line} (game {len(record.games)})")
        return pending

    def apply(self, entry: _Entry, game: MatGame, state: _Game, points: int | None) -> int | None:
        """Add the action ``entry`` to ``game``; the points of a "Wins" entry."""
        where = f"line {entry.line} ({state.names[entry.column]})"
        text = entry.text
        wins = _WINS.match(text)
        if wins:
            if points is not None:
                raise RecordError(f"{where}: the game's winner was already written")
            if not state.over:
                turn = MatTurn.resign(1 - entry.column)
                state.apply(turn, where)
                game.turns.append(turn)
            if state.winner != entry.column:
                winner = state.names[state.winner or 0]
                raise RecordError(
                    f"{where}: {winner} won the game, not {state.names[entry.column]}"
                )
            return int(wins.group(1))
        turn = self.turn(entry, state, where)
        play = state.apply(turn, where)
        if play is not None and turn.dice is not None:
            turn = MatTurn.roll(turn.player, turn.dice, play.notation)
        game.turns.append(turn)
        return points

    def turn(self, entry: _Entry, state: _Game, where: str) -> MatTurn:
        """The turn an entry other than "Wins" writes."""
        player, text = entry.column, entry.text
        dice = _DICE.match(text)
        if dice:
            roll = (int(dice.group(1)), int(dice.group(2)))
            moves = dice.group(3).strip()
            if moves.lower() == "cannot move":
                moves = ""
            if not moves and not state.over and state.unplayed is None:
                # As GNU Backgammon reads it: a forced play, or a roll left unplayed.
                plays = state.position.legal_plays(roll)
                if len(plays) > 1:
                    return MatTurn.roll(player, roll, None)
                moves = plays[0].notation
            return MatTurn.roll(player, roll, moves)
        cube = _CUBE.match(text)
        if cube:
            value = int(cube.group(2)) if cube.group(2) else None
            if cube.group(1).lower().startswith("double"):
                return MatTurn.double(player, value or state.next_cube() or 2 * state.cube)
            return MatTurn.beaver(player, value or 2 * (state.offered or state.cube))
        word = text.lower()
        if word in ("takes", "take"):
            return MatTurn.take(player)
        if word in ("drops", "drop"):
            return MatTurn.drop(player)
        raise RecordError(f"{where}: cannot read {text!r}")


def import_mat(text: str) -> MatRecord:
    """Read a ``.mat`` file (GNU Backgammon's, Jellyfish's, XG's) into a ``MatRecord``.

    The plays are replayed and written back in standard notation. Raises ``RecordError``
    naming the line and what was expected there, or the rule a move breaks.
    """
    return _Reader(text).read()
