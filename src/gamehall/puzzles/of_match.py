"""Puzzles made from a stored match's record (``Match.to_dict()``): a renju match's from its
games, a tables match's from its analysis. The records come plain (as the server keeps them),
and so do the puzzles (``Puzzle.to_dict()``), so that the work can run in another process."""

from gamehall.analysis.files import source_of
from gamehall.analysis.values import TablesAnalysis
from gamehall.jsontext import JsonObject, JsonValue
from gamehall.play.registry import load_match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.tables_match import TablesMatch
from gamehall.puzzles.tables_maker import analysed_puzzles
from gamehall.puzzles.values import PuzzleError


def renju_record_puzzles(match_id: str, record: JsonObject) -> list[JsonObject]:
    """The puzzles of a finished renju match (none of another game's)."""
    from gamehall.puzzles.renju_maker import match_puzzles  # the search loads numba

    match = load_match(record)
    if not isinstance(match, RenjuMatch):
        return []
    return [puzzle.to_dict() for puzzle in match_puzzles(match, match_id)]


def analysed_record_puzzles(
    match_id: str, record: JsonObject, analysis: JsonValue
) -> list[JsonObject]:
    """The puzzles of an analysed tables match (``analysis`` its ``TablesAnalysis.to_dict()``;
    a renju analysis gives none: renju's puzzles come from the games themselves)."""
    match = load_match(record)
    if not isinstance(match, TablesMatch):
        return []
    result = TablesAnalysis.from_dict(analysis)
    source = source_of(match)
    if isinstance(source, RenjuMatch):
        raise PuzzleError("a tables match read as a renju one")
    return [puzzle.to_dict() for puzzle in analysed_puzzles(source, result, match_id)]
