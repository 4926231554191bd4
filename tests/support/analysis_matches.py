"""Matches played between our levels, as records: what the analysis is compared with gnubg's on
(tests/analysis, benchmarks/analysis_backgammon.py)."""

from gamehall.engines import find_engine
from gamehall.engines.driver import play_out
from gamehall.play.dice import SeededDice
from gamehall.play.records import MatRecord, mat_record
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch

PAIRS = (
    ("beginner", "expert"),
    ("intermediate", "advanced"),
    ("random", "intermediate"),
    ("advanced", "beginner"),
    ("expert", "intermediate"),
    ("beginner", "intermediate"),
)
"""The levels that meet, in turn (the left player first)."""


def played_match(
    index: int, length: int, pairs: tuple[tuple[str, str], ...] = PAIRS, game: str = "backgammon"
) -> MatRecord:
    """A ``length``-point match between the levels of ``pairs`` (in turn), on seeded dice."""
    left, right = pairs[index % len(pairs)]
    match = TablesMatch(
        MatchSettings.from_dict({"game": game, "length": length}),
        (left, right),
        dice=SeededDice(index),
    )
    engines = {0: find_engine(game, left, seed=index), 1: find_engine(game, right, seed=index + 1)}
    play_out(match, engines)
    return mat_record(match)
