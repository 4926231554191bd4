"""A ``.mat`` match record as values: the turns of each game, the games, the match.

A ``MatRecord`` holds what a Jellyfish ``.mat`` file writes, in standard notation: the players,
the match length, the variant, the comment headers, and for each game the score before it, its
turns (rolls and their plays, cube actions, resignations), the winner and the points. It is what
``import_mat`` reads and ``export_mat`` writes; ``replay_mat`` plays it into a ``TablesMatch``,
which decides whether it is legal.
"""

from dataclasses import dataclass, field
from typing import Literal

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.errors import RecordError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.tables.position import Play

VariantName = Literal["international", "georgian", "nardy"]
TurnKind = Literal["roll", "double", "take", "drop", "beaver", "resign"]

GamePosition = BackgammonPosition | NardyPosition
"""A position of any game a record can hold."""
GamePlay = Play[BackgammonPosition] | Play[NardyPosition]
"""A play of any game a record can hold."""

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

    Some headers set the match's rules where they differ from the variant's defaults (see
    ``gamehall.play.records.mat_settings``); the others are only carried along.
    """

    length: int
    players: tuple[str, str]
    variant: VariantName = "international"
    games: list[MatGame] = field(default_factory=list)
    header: dict[str, str] = field(default_factory=dict)
