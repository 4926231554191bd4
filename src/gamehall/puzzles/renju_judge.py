"""A renju puzzle answered move by move: the player's move is judged by the threat search
(``ThreatJudge``), never against one stored line, so that any winning first move the puzzle
accepts and any order of the same threats after it are right; the defender's answer is the
search's, and the line goes on until the five or a wrong move."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from gamehall.errors import GameError
from gamehall.puzzles.values import Puzzle, PuzzleError
from gamehall.renju.board import Board

if TYPE_CHECKING:  # the search loads numba: only where a move is judged
    from gamehall.engines.renju_search.answers import ThreatJudge


@dataclass(frozen=True)
class RenjuVerdict:
    """The verdict on one move: ``correct``; ``solved`` when the win is complete; ``reply``
    the defender's answer (after a right move that does not end it) or the defence that
    refutes a wrong one (None when there is none to show)."""

    correct: bool
    solved: bool
    reply: str | None


def puzzle_board(puzzle: Puzzle, line: Sequence[str] = ()) -> Board:
    """The puzzle's board with ``line`` (the moves answered so far, the defender's replies
    among them) played on it; ``PuzzleError`` when the line does not follow on."""
    if puzzle.game != "renju":
        raise PuzzleError(f"a {puzzle.game} puzzle has no renju board")
    board = Board.from_moves(puzzle.position, opening="free")
    for move in line:
        try:
            board.play(move)
        except GameError as error:
            raise PuzzleError(f"the line so far does not follow on: {error}") from None
    return board


def new_judge() -> "ThreatJudge":
    """A threat search to judge with (loading the engine's kernels on the first)."""
    from gamehall.engines.renju_search.answers import ThreatJudge

    return ThreatJudge()


def judge_move(
    puzzle: Puzzle, line: Sequence[str], move: str, judge: "ThreatJudge | None" = None
) -> RenjuVerdict:
    """The verdict on ``move`` played after ``line``. ``IllegalMoveError`` (nothing changed)
    for a move the rules forbid, ``PuzzleError`` when the puzzle is over or it is not the
    solver's turn."""
    board = puzzle_board(puzzle, line)
    if board.result is not None:
        raise PuzzleError("the puzzle is over")
    if board.turn != puzzle.mover:
        raise PuzzleError(f"it is {board.turn}'s move, not the solver's")
    board.play(move)
    if board.result is not None:
        won = board.result.winner == puzzle.mover
        return RenjuVerdict(won, won, None)
    if not line and move not in puzzle.answers:
        return RenjuVerdict(False, False, None)
    within: Literal["vcf", "vct"] = "vcf" if "fours" in puzzle.themes else "vct"
    answer = (judge or new_judge()).answer(board, within)
    if answer.holds:
        return RenjuVerdict(False, False, answer.point)
    return RenjuVerdict(True, answer.point is None, answer.point)
