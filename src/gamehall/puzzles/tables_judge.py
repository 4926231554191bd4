"""A tables puzzle answered: a play made checker by checker (``(point, die)`` moves, as the
board sends them) judged by the position it reaches, so that the order of its moves does not
matter; a cube action by its name."""

from collections.abc import Sequence
from dataclasses import dataclass

from gamehall.puzzles.tables_position import read_position
from gamehall.puzzles.values import Puzzle, PuzzleError

CUBE_ACTIONS = {"double": ("double", "no-double"), "take": ("take", "drop")}
"""The answers a cube puzzle offers, by its best answer's pair."""


@dataclass(frozen=True)
class TablesVerdict:
    """The verdict: ``correct``, and the answer as given (the play in standard notation)."""

    correct: bool
    answer: str


def cube_choices(puzzle: Puzzle) -> tuple[str, str]:
    """The two cube actions a cube puzzle offers."""
    best = puzzle.solution[0]
    return next(pair for pair in CUBE_ACTIONS.values() if best in pair)


def judge_play(puzzle: Puzzle, moves: Sequence[tuple[int, int]]) -> TablesVerdict:
    """The verdict on a whole play. ``IllegalMoveError`` for a move the rules refuse,
    ``PuzzleError`` for a play that is not complete or a puzzle that is no play to find."""
    if puzzle.task != "play" or puzzle.dice is None:
        raise PuzzleError("this puzzle asks for a cube action, not a play")
    position = read_position(puzzle.game, puzzle.position)
    turn = position.start_turn(puzzle.dice)
    for src, die in moves:
        turn.move(src, die)
    if not turn.is_complete:
        raise PuzzleError("the play is not complete: more dice must be played")
    made = turn.play()
    accepted = {position.find_play(answer, puzzle.dice).result for answer in puzzle.answers}
    return TablesVerdict(made.result in accepted, made.notation or "no move")


def judge_cube(puzzle: Puzzle, action: str) -> TablesVerdict:
    """The verdict on a cube action; ``PuzzleError`` for one the puzzle does not offer."""
    if puzzle.task != "cube":
        raise PuzzleError("this puzzle asks for a play, not a cube action")
    choices = cube_choices(puzzle)
    if action not in choices:
        raise PuzzleError(f"the answer is {' or '.join(choices)}, not {action!r}")
    return TablesVerdict(action in puzzle.answers, action)
