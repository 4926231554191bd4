"""A puzzle as a small frozen value: a position of one of the games, what is to be found there,
the answers accepted, the solution shown, its themes and where it was taken from.

The position is in the game's own text form: renju's is the record of the moves that led to it
(read with the ``free`` opening, so that any opening rule's stones read back), backgammon's a
GNU Backgammon Position ID (the player on roll first), long nardy's the exchange format's JSON
(``nardy.Position.to_dict``). A renju puzzle's ``answers`` are its winning first moves; the
moves after them are judged by the threat search (``renju_judge``), so that any order of the
same threats is accepted. A tables puzzle's ``answers`` are the plays (or cube actions) within
a small equity margin of the best, its ``solution`` the best; a play is compared by the
position it reaches, so that the order of its moves does not matter.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Self

from gamehall.errors import GameError
from gamehall.jsontext import JsonObject, JsonValue

PuzzleGame = Literal["renju", "backgammon", "georgian", "nardy"]
PUZZLE_GAMES: tuple[PuzzleGame, ...] = ("renju", "backgammon", "georgian", "nardy")
Task = Literal["win", "play", "cube"]
"""What is to be found: a forced win (renju), the best play, the right cube action."""
TASKS: tuple[Task, ...] = ("win", "play", "cube")
THEMES = (
    "fours",
    "fours-and-threes",
    "opening",
    "middle",
    "race",
    "bear-off",
    "head",
    "cube",
)
"""The themes: renju's wins by fours only or by fours and threes; the tables games' phase of the
game (nardy's ``head``: a play that takes from the head), and cube actions."""


class PuzzleError(GameError):
    """A puzzle that cannot be read, made or answered as asked."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module): ``mover`` is the side to move (renju's ``black`` or
    ``white``; in the tables games the seat on roll in the source match, 0 or 1), ``dice``
    the roll to play (the tables games' plays), ``cube`` the cube's value, ``solution`` the
    line or play shown when it is over, ``source`` the match it was taken from and ``move``
    the move number there."""

    game: PuzzleGame
    task: Task
    position: str
    mover: str
    answers: tuple[str, ...]
    solution: tuple[str, ...]
    themes: tuple[str, ...]
    dice: tuple[int, int] | None = None
    cube: int = 1
    source: str | None = None
    move: int = 0

    def __post_init__(self) -> None:
        if self.game not in PUZZLE_GAMES:
            raise PuzzleError(f"a puzzle's game is one of {', '.join(PUZZLE_GAMES)}")
        if self.task not in TASKS:
            raise PuzzleError(f"a puzzle's task is one of {', '.join(TASKS)}")
        if not self.answers or not self.solution:
            raise PuzzleError("a puzzle has an answer and a solution")
        unknown = [theme for theme in self.themes if theme not in THEMES]
        if unknown:
            raise PuzzleError(f"unknown themes: {', '.join(unknown)}")
        if (self.game == "renju") != (self.task == "win"):
            raise PuzzleError("renju's puzzles are wins to find, the tables games' plays")
        if self.game != "renju" and self.task == "play" and self.dice is None:
            raise PuzzleError("a play to find has its dice")

    @property
    def key(self) -> str:
        """What makes two puzzles the same: the game, the position and what is to be found."""
        dice = "" if self.dice is None else f"{self.dice[0]}{self.dice[1]}"
        return f"{self.game}|{self.task}|{self.position}|{self.mover}|{dice}"

    def to_dict(self) -> JsonObject:
        return {
            "game": self.game,
            "task": self.task,
            "position": self.position,
            "mover": self.mover,
            "answers": list(self.answers),
            "solution": list(self.solution),
            "themes": list(self.themes),
            "dice": None if self.dice is None else list(self.dice),
            "cube": self.cube,
            "source": self.source,
            "move": self.move,
        }

    @classmethod
    def from_dict(cls, data: JsonValue) -> Self:
        if not isinstance(data, dict):
            raise PuzzleError("a puzzle is an object")
        game = next((g for g in PUZZLE_GAMES if g == data.get("game")), None)
        task = next((t for t in TASKS if t == data.get("task")), None)
        if game is None or task is None:
            raise PuzzleError(f"a puzzle of {data.get('game')!r} to {data.get('task')!r}?")
        dice = data.get("dice")
        source = data.get("source")
        return cls(
            game=game,
            task=task,
            position=_text(data, "position"),
            mover=_text(data, "mover"),
            answers=_texts(data, "answers"),
            solution=_texts(data, "solution"),
            themes=_texts(data, "themes"),
            dice=None if dice is None else _dice(dice),
            cube=_number(data, "cube"),
            source=source if isinstance(source, str) else None,
            move=_number(data, "move"),
        )


def _text(data: Mapping[str, JsonValue], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise PuzzleError(f"a puzzle's {name} is a text")
    return value


def _texts(data: Mapping[str, JsonValue], name: str) -> tuple[str, ...]:
    value = data.get(name)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PuzzleError(f"a puzzle's {name} are texts")
    return tuple(str(v) for v in value)


def _number(data: Mapping[str, JsonValue], name: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PuzzleError(f"a puzzle's {name} is a whole number")
    return value


def _dice(value: JsonValue) -> tuple[int, int]:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(type(d) is int and 1 <= d <= 6 for d in value)
    ):
        first, second = value
        assert isinstance(first, int) and isinstance(second, int)
        return first, second
    raise PuzzleError(f"dice are two numbers from 1 to 6, not {value!r}")
