"""Any game's analysis as one value: the tables games' ``TablesAnalysis`` or renju's
``RenjuAnalysis``, made from a match record, read back from its plain form, and each seat's
headline figure. The server stores and shows analyses of every game through this module, so
that it never asks which analysis it holds."""

from collections.abc import Mapping
from typing import Literal

from gamehall.analysis.files import source_of
from gamehall.analysis.renju import analyse_renju
from gamehall.analysis.renju_record import RenjuAnalysis
from gamehall.analysis.tables import Progress, analyse_record
from gamehall.analysis.values import AnalysisError, TablesAnalysis
from gamehall.jsontext import JsonValue
from gamehall.play.registry import load_match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.tables_match import TablesMatch

Analysis = TablesAnalysis | RenjuAnalysis
"""A match's analysis, of whichever game."""
FigureKind = Literal["error_rate", "accuracy"]
"""A seat's headline figure: the tables games' overall error rate (mEMG a decision, lower is
better) or renju's accuracy (per cent, higher is better)."""


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


def analysis_from_dict(data: JsonValue) -> Analysis:
    """An analysis read back from its ``to_dict()`` form, of the game it names."""
    if isinstance(data, dict) and data.get("game") == "renju":
        return RenjuAnalysis.from_dict(data)
    return TablesAnalysis.from_dict(data)


def figure_kind(analysis: Analysis) -> FigureKind:
    """What :func:`seat_figure` measures in this analysis."""
    return "accuracy" if isinstance(analysis, RenjuAnalysis) else "error_rate"


def seat_figure(analysis: Analysis, seat: int) -> float | None:
    """Seat ``seat``'s headline figure (``figure_kind``): None when he made no decision that
    counts (no unforced move, no judged stone)."""
    if isinstance(analysis, RenjuAnalysis):
        return analysis.players[seat].accuracy
    player = analysis.players[seat]
    return player.error_rate if player.decisions else None
