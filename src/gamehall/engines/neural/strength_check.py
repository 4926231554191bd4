"""The strength figure a training run measures after each segment: ``pairs`` pairs of duplicate
games at 0-ply on fixed dice (the same at every segment, so that segments compare). For
backgammon, cubeless against GNU Backgammon's 0-ply player when ``gnubg_nn`` (a test extra) is
installed, and nothing without it; for long nardy, against the ``beginner`` level (nothing
stronger exists to measure against).
"""

import math

from gamehall.engines.neural.lineage import Strength, TrainedGame
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.segments import Measure
from gamehall.engines.neural.versus import (
    NARDY,
    Summary,
    beginner_chooser,
    duplicate_match,
    gnubg_chooser,
)

DICE = 7
"""The seed of the figure's dice."""


def strength_measure(game: TrainedGame, pairs: int) -> Measure:
    """How a run of ``game`` measures its networks' strength (nothing when ``pairs`` is 0)."""
    if pairs == 0:
        return lambda evaluator: None
    if game == "nardy":

        def against_beginner(evaluator: Evaluator) -> Strength | None:
            opponent = beginner_chooser(seed=DICE)
            summary = duplicate_match(evaluator.chooser(), opponent, pairs, DICE, game=NARDY)
            return strength_of("beginner", summary)

        return against_beginner
    try:
        import gnubg_nn  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return lambda evaluator: None

    def against_gnubg(evaluator: Evaluator) -> Strength | None:
        summary = duplicate_match(evaluator.chooser(), gnubg_chooser(), pairs, DICE)
        return strength_of("gnubg 0-ply", summary)

    return against_gnubg


def strength_of(opponent: str, summary: Summary) -> Strength:
    """A match's summary as a strength figure (no standard error from one pair)."""
    se = summary.standard_error
    return Strength(
        opponent,
        summary.games,
        round(summary.ppg, 4),
        round(se, 4) if math.isfinite(se) else None,
        tuple(sorted(summary.ends.items())),
    )
