"""Puzzle ratings, as lichess keeps them: every solver and every puzzle has a Glicko-2 rating of
its own (apart from the game ratings), and an attempt is a game between the two, rated at once:
solved, the solver wins; failed, the puzzle does."""

from gamehall.puzzles.values import Puzzle
from gamehall.ratings.glicko2 import rate_game
from gamehall.ratings.values import Glicko2Rating

SOLVER_START = Glicko2Rating()
"""A new solver's rating: the paper's newcomer (1500, deviation 350)."""
START_RATINGS = {"fours": 1400.0, "fours-and-threes": 1700.0, "cube": 1600.0}
"""A new puzzle's rating by its first theme (a win by fours is the easier find); 1500 else."""
PUZZLE_DEVIATION = 250.0
"""A new puzzle's deviation: its first solvers move it quickly to where it belongs."""


def puzzle_start(puzzle: Puzzle) -> Glicko2Rating:
    """A new puzzle's rating."""
    first = puzzle.themes[0] if puzzle.themes else ""
    return Glicko2Rating(START_RATINGS.get(first, 1500.0), PUZZLE_DEVIATION)


def rate_attempt(
    solver: Glicko2Rating, puzzle: Glicko2Rating, solved: bool
) -> tuple[Glicko2Rating, Glicko2Rating]:
    """The solver's and the puzzle's ratings after one attempt."""
    return rate_game(solver, puzzle, 1.0 if solved else 0.0)
