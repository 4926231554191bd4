"""Candidate plays rolled out: the best few plays of a roll, as the network's hint ranks them
(at 0 to 2 plies), each rolled out from its result with the same dice (duplicate dice, so that
their difference is sharper than either's error), and ranked again by the rollout.

The figures are the mover's after each play, as the hints give them: the probabilities' means
and the cubeless equity (or, cubeful, the equity with the cube centred) with its standard error
in the text (``+0.123 ±0.008``).
"""

from typing import TextIO

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.engines.hints import Candidate, Hints
from gamehall.engines.neural.board import from_sides
from gamehall.engines.neural.hints import hint
from gamehall.engines.neural.rollout import RolloutResult, RolloutSettings
from gamehall.engines.neural.rollout_games import RolloutSpec
from gamehall.engines.neural.rollout_pool import rollout
from gamehall.errors import GameError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.tables.position import TablesPosition

MOST_PLAYS = 20
"""The most candidate plays one rollout takes."""


def spec_of(position: TablesPosition) -> RolloutSpec:
    """The rollout game of a position: backgammon or Georgian, or long nardy under its rules
    options."""
    if isinstance(position, NardyPosition):
        rules = position.rules
        options = (rules.bearoff_preference, rules.block_check or "step", rules.head_exception)
        return RolloutSpec("nardy", options)
    if isinstance(position, BackgammonPosition):
        georgian = position.variant.name == "georgian"
        return RolloutSpec("georgian" if georgian else "backgammon")
    raise GameError("rollouts are for backgammon, Georgian and long nardy positions")


def check_count(count: int) -> None:
    """Refuse a number of candidate plays out of bounds."""
    if type(count) is not int or not 1 <= count <= MOST_PLAYS:
        raise GameError(f"a rollout takes 1 to {MOST_PLAYS} candidate plays, not {count!r}")


def rollout_hint(
    position: TablesPosition,
    dice: tuple[int, int],
    settings: RolloutSettings,
    *,
    count: int = 3,
    ply: int = 0,
    workers: int | None = None,
    progress: TextIO | None = None,
) -> Hints:
    """The ``count`` plays of ``dice`` in ``position`` that the hint at ``ply`` ranks first,
    rolled out with ``settings`` and ranked by the rollout, best first."""
    check_count(count)
    spec = spec_of(position)
    if settings.cubeful and spec.name == "nardy":
        raise GameError("long nardy has no doubling cube: its rollouts are cubeless")
    ranked = hint(position, dice, count=count, ply=ply)
    plays = {play.notation or "no move": play for play in position.legal_plays(dice)}
    chosen = [plays[candidate.move] for candidate in ranked.candidates]
    boards = [from_sides(play.result.mover, play.result.opponent) for play in chosen]
    results = rollout(spec, boards, settings, workers, progress, played=True)
    worth = [_worth(result, settings.cubeful) for result in results]
    order = sorted(range(len(chosen)), key=lambda i: -worth[i][0])
    best = worth[order[0]][0]
    candidates = tuple(
        Candidate(
            move=ranked.candidates[i].move,
            text=f"{worth[i][0]:+.3f} ±{worth[i][1]:.3f}",
            equity=round(worth[i][0], 4),
            difference=round(worth[i][0] - best, 4),
            probabilities=tuple((name, round(mean, 4)) for name, mean, _ in results[i].outputs),
            ply=ranked.candidates[i].ply,
            steps=ranked.candidates[i].steps,
        )
        for i in order
    )
    kind = "cubeful" if settings.cubeful else "cubeless"
    return Hints(ranked.game, f"rollout, {settings.trials} trials, {kind}", candidates)


def _worth(result: RolloutResult, cubeful: bool) -> tuple[float, float]:
    """The equity a candidate is ranked by, and its standard error."""
    if cubeful and result.cubeful is not None and result.cubeful_error is not None:
        return result.cubeful, result.cubeful_error
    return result.equity, result.equity_error
