"""Any game's analysis made from a match record: the engines judge it (this module loads them,
so the server imports it only where an analysis is made, in its worker processes)."""

from collections.abc import Mapping

from gamehall.analysis.files import source_of
from gamehall.analysis.renju import analyse_renju
from gamehall.analysis.results import Analysis
from gamehall.analysis.tables import Progress, analyse_record
from gamehall.analysis.values import AnalysisError
from gamehall.play.registry import load_match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.tables_match import TablesMatch


def analyse_match(
    record: Mapping[str, object],
    *,
    plies: int,
    seconds_per_move: float,
    progress: Progress | None = None,
) -> Analysis:
    """The analysis of the match ``record`` (``Match.to_dict()``, finished or not): the tables
    games' decisions searched ``plies`` deep, renju's moves ``seconds_per_move`` each.
    ``RecordError`` for a record that does not replay, ``AnalysisError`` for a game that has
    no analysis or a match with nothing to analyse."""
    match = load_match(record)
    if not isinstance(match, TablesMatch | RenjuMatch):
        raise AnalysisError(f"a {match.game} match cannot be analysed")
    source = source_of(match)
    if isinstance(source, RenjuMatch):
        return analyse_renju(source, seconds_per_move=seconds_per_move, progress=progress)
    return analyse_record(source, plies=plies, progress=progress)
