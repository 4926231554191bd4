"""Puzzle ratings: an attempt is a Glicko-2 game between the solver and the puzzle."""

from gamehall.puzzles.rating import SOLVER_START, puzzle_start, rate_attempt
from gamehall.puzzles.values import Puzzle
from gamehall.ratings.values import Glicko2Rating


def test_solving_raises_the_solver_and_lowers_the_puzzle() -> None:
    puzzle = Glicko2Rating(1600.0, 250.0)
    solver, after = rate_attempt(SOLVER_START, puzzle, solved=True)
    assert solver.rating > 1500.0 and after.rating < 1600.0
    assert solver.deviation < SOLVER_START.deviation and after.deviation < 250.0


def test_failing_lowers_the_solver_and_raises_the_puzzle() -> None:
    solver, after = rate_attempt(SOLVER_START, Glicko2Rating(1600.0, 250.0), solved=False)
    assert solver.rating < 1500.0 and after.rating > 1600.0


def test_a_puzzle_starts_by_its_theme() -> None:
    def start(theme: str) -> float:
        puzzle = Puzzle("renju", "win", "h8", "white", ("g7",), ("g7",), (theme,))
        return puzzle_start(puzzle).rating

    assert start("fours") < start("fours-and-threes")
