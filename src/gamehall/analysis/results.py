"""Any game's analysis as one value: the tables games' ``TablesAnalysis`` or renju's
``RenjuAnalysis``, read back from its plain form, and each seat's headline figure. The server
stores and shows analyses of every game through this module, so that it never asks which
analysis it holds; making one is ``analysis.of_match`` (which loads the engines)."""

from typing import Literal

from gamehall.analysis.renju_record import RenjuAnalysis
from gamehall.analysis.values import TablesAnalysis
from gamehall.jsontext import JsonValue

Analysis = TablesAnalysis | RenjuAnalysis
"""A match's analysis, of whichever game."""
FigureKind = Literal["error_rate", "accuracy"]
"""A seat's headline figure: the tables games' overall error rate (mEMG a decision, lower is
better) or renju's accuracy (per cent, higher is better)."""


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
