"""GNU Backgammon's Match ID: the state of a match or money game in 12 pasteable characters.

The key is 72 bits, read least significant bit first (bit 1 of the manual is the lowest bit of
the first byte), and the ID is their standard base64 encoding:

====== ============================================================
bits   field
====== ============================================================
1-4    log2 of the cube value
5-6    cube owner: 0, 1, or 3 for a centred cube
7      the player on roll (or who did roll)
8      Crawford game
9-11   game state: no game, playing, over, resigned, dropped cube
12     the player who must make the next decision
13     a double is offered
14-15  resignation offered: none, single, gammon, backgammon
16-18  the higher die (0: not rolled)
19-21  the lower die
22-36  match length (0: money game)
37-51  score of player 0
52-66  score of player 1
67     the Jacoby rule is *not* in use (not in the manual's table)
====== ============================================================

GNU Backgammon 1.07 writes the higher die first whatever order the dice were rolled in, sets
bit 67 in every match (the Jacoby rule is for money play), and refuses a Crawford game in a
money game.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Literal

from gamehall.backgammon.ids import check_id_text
from gamehall.errors import InvalidPositionError, RecordError

GameState = Literal["no_game", "playing", "over", "resigned", "dropped"]
"""Where the game stands: not started, under way, or ended by play, by resigning or by a drop."""

_GAME_STATES: tuple[GameState, ...] = ("no_game", "playing", "over", "resigned", "dropped")
_ID_LENGTH = 12
_KEY_BYTES = 9
_CENTRED = 3
_MAX_LOG_CUBE = 15
_MAX_POINTS = 0x7FFF
# (name, first bit (0-based), width) of each field of the key, in the manual's order.
_FIELDS = (
    ("log_cube", 0, 4),
    ("cube_owner", 4, 2),
    ("player_on_roll", 6, 1),
    ("crawford", 7, 1),
    ("game_state", 8, 3),
    ("turn", 11, 1),
    ("doubled", 12, 1),
    ("resignation", 13, 2),
    ("die_1", 15, 3),
    ("die_2", 18, 3),
    ("match_length", 21, 15),
    ("score_0", 36, 15),
    ("score_1", 51, 15),
    ("no_jacoby", 66, 1),
)
_USED_BITS = 67


@dataclass(frozen=True)
class MatchState:
    """Everything a Match ID holds, as a value: ``MatchState.from_id(state.to_id()) == state``.

    Players are 0 and 1 as in GNU Backgammon. ``cube_owner`` is None for a centred cube;
    ``player_on_roll`` is the player on roll or who did roll; ``turn`` is the player who must
    decide next (the opponent, while a double or a resignation is offered); ``resignation`` is 0
    (none), 1 (single), 2 (gammon) or 3 (backgammon); ``dice`` is None before the roll and is
    kept higher die first, as the ID stores it; ``match_length`` 0 is a money game, whose
    ``score`` is the points won in the session. A money game has no Crawford game: asking for
    one raises InvalidPositionError rather than being silently dropped.
    """

    cube_value: int = 1
    cube_owner: int | None = None
    player_on_roll: int = 0
    crawford: bool = False
    game_state: GameState = "playing"
    turn: int = 0
    doubled: bool = False
    resignation: int = 0
    dice: tuple[int, int] | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        """Check every field against what the ID can hold and a game can be in."""
        value = self.cube_value
        if not 1 <= value <= 1 << _MAX_LOG_CUBE or value & (value - 1):
            raise InvalidPositionError(
                f"the cube shows a power of two from 1 to 32768, not {value!r}"
            )
        if self.cube_owner not in (0, 1, None):
            raise InvalidPositionError(
                f"the cube is owned by player 0 or 1, or centred (None), not {self.cube_owner!r}"
            )
        for name in ("player_on_roll", "turn"):
            if getattr(self, name) not in (0, 1):
                raise InvalidPositionError(
                    f"{name} is player 0 or player 1, not {getattr(self, name)!r}"
                )
        if self.game_state not in _GAME_STATES:
            raise InvalidPositionError(
                f"the game state is one of {', '.join(_GAME_STATES)}, not {self.game_state!r}"
            )
        if self.resignation not in (0, 1, 2, 3):
            raise InvalidPositionError(
                "a resignation offered is 0 (none), 1 (single), 2 (gammon) or 3 (backgammon), "
                f"not {self.resignation!r}"
            )
        if self.dice is not None:
            dice = tuple(self.dice)
            if len(dice) != 2 or not all(die in range(1, 7) for die in dice):
                raise InvalidPositionError(f"a roll is two dice from 1 to 6, not {self.dice!r}")
            object.__setattr__(self, "dice", (max(dice), min(dice)))
        if self.match_length not in range(_MAX_POINTS + 1):
            raise InvalidPositionError(
                f"a match is 1 to {_MAX_POINTS} points long (0 for a money game), "
                f"not {self.match_length!r}"
            )
        score = tuple(self.score)
        if len(score) != 2 or not all(points in range(_MAX_POINTS + 1) for points in score):
            raise InvalidPositionError(
                f"the score is two numbers of points from 0 to {_MAX_POINTS}, not {self.score!r}"
            )
        if self.match_length and max(score) > self.match_length:
            raise InvalidPositionError(
                f"a score of {max(score)} is past the end of a {self.match_length}-point match"
            )
        object.__setattr__(self, "score", score)
        if self.crawford and not self.match_length:
            raise InvalidPositionError("a money game has no Crawford game")

    def to_id(self) -> str:
        """Return the 12-character Match ID, exactly as GNU Backgammon 1.07 writes it."""
        die_1, die_2 = self.dice or (0, 0)
        values = {
            "log_cube": self.cube_value.bit_length() - 1,
            "cube_owner": _CENTRED if self.cube_owner is None else self.cube_owner,
            "player_on_roll": self.player_on_roll,
            "crawford": int(self.crawford),
            "game_state": _GAME_STATES.index(self.game_state),
            "turn": self.turn,
            "doubled": int(self.doubled),
            "resignation": self.resignation,
            "die_1": die_1,
            "die_2": die_2,
            "match_length": self.match_length,
            "score_0": self.score[0],
            "score_1": self.score[1],
            "no_jacoby": int(not self.jacoby),
        }
        key = sum(values[name] << first for name, first, _ in _FIELDS)
        return base64.b64encode(key.to_bytes(_KEY_BYTES, "little")).decode("ascii")

    @classmethod
    def from_id(cls, match_id: str) -> MatchState:
        """Read a Match ID; RecordError, saying what is wrong, if it is not a valid one.

        Dice stored lower die first (as older GNU Backgammon versions wrote them) are read and
        put higher first. Everything else that ``to_id`` cannot have written is refused: a
        cube owner of 2, a game state past 4, a single die, a die of 7, bits set past bit 67.
        """
        check_id_text(match_id, _ID_LENGTH, "Match ID")
        key = int.from_bytes(base64.b64decode(match_id, validate=True), "little")
        fields = {name: key >> first & ((1 << width) - 1) for name, first, width in _FIELDS}
        bad = f"{match_id!r} is not a valid Match ID"
        if key >> _USED_BITS:
            raise RecordError(f"{bad}: it has stray data after its last field")
        if fields["cube_owner"] == 2:
            raise RecordError(f"{bad}: its cube owner is neither player 0, player 1 nor centred")
        if fields["game_state"] >= len(_GAME_STATES):
            raise RecordError(f"{bad}: its game state {fields['game_state']} is unknown")
        dice = (fields["die_1"], fields["die_2"])
        if 0 in dice and dice != (0, 0):
            raise RecordError(f"{bad}: it gives one die without the other")
        try:
            return cls(
                cube_value=1 << fields["log_cube"],
                cube_owner=None if fields["cube_owner"] == _CENTRED else fields["cube_owner"],
                player_on_roll=fields["player_on_roll"],
                crawford=bool(fields["crawford"]),
                game_state=_GAME_STATES[fields["game_state"]],
                turn=fields["turn"],
                doubled=bool(fields["doubled"]),
                resignation=fields["resignation"],
                dice=None if dice == (0, 0) else dice,
                match_length=fields["match_length"],
                score=(fields["score_0"], fields["score_1"]),
                jacoby=not fields["no_jacoby"],
            )
        except InvalidPositionError as error:
            raise RecordError(f"{bad}: {error}") from error
