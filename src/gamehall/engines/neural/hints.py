"""Backgammon hints: the plays of a roll ranked by the trained network, with its figures.

Every legal play is scored at 0-ply (one batch through the network). With ``ply`` 1 or 2 the
best few go deeper, as gnubg's hint does: the best ``max(count, 8)`` at 1-ply, of those the
best ``count`` at 2-ply (the move filter of ``search``), each within the time allowed. The
plays scored deepest lead, best first, and each says the ply it was scored at. The figures are
the mover's after the play: the five probabilities (win, win a gammon, win a backgammon, lose
a gammon, lose a backgammon) and the cubeless equity made of them.
"""

import time
from collections.abc import Sequence
from functools import cache
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.engines.hints import Candidate, Hints
from gamehall.engines.neural.board import MoveRules, from_sides
from gamehall.engines.neural.levels import shipped_evaluator
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.search import Searcher
from gamehall.errors import GameError
from gamehall.tables.position import Play, TablesPosition

P = TypeVar("P", bound=TablesPosition)

PROBABILITIES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")
"""The names of the network's five outputs, in its order."""
FIRST_WIDTH = 8
"""At least this many plays go to 1-ply (the best at 0-ply)."""
REPLY_WIDTH = 3
"""The opponent's replies, ranked at 0-ply, kept for scoring at 1-ply inside a 2-ply search."""


def _rules(georgian: bool) -> MoveRules:
    return MoveRules("georgian" if georgian else "backgammon")


@cache
def _shipped_searcher(georgian: bool) -> Searcher:
    return Searcher(shipped_evaluator(), _rules(georgian))


def hint(
    position: TablesPosition,
    dice: tuple[int, int],
    *,
    count: int = 5,
    ply: int = 2,
    seconds: float = 3.0,
    evaluator: Evaluator | None = None,
) -> Hints:
    """The ``count`` best plays of ``dice`` in ``position`` (backgammon or Georgian, the side
    on roll to play), ranked at up to ``ply`` plies within about ``seconds``."""
    if not isinstance(position, BackgammonPosition):
        raise GameError("the backgammon network gives hints for backgammon and Georgian only")
    if ply not in (0, 1, 2):
        raise GameError(f"a hint searches 0, 1 or 2 plies, not {ply!r}")
    if count < 1:
        raise GameError(f"a hint lists at least one play, not {count!r}")
    georgian = position.variant.name == "georgian"
    searcher = (
        _shipped_searcher(georgian) if evaluator is None else Searcher(evaluator, _rules(georgian))
    )
    game = "georgian" if georgian else "backgammon"
    plays = position.legal_plays(dice)
    return ranked_plays(searcher, plays, PROBABILITIES, game, count, ply, seconds)


def ranked_plays(
    searcher: Searcher,
    plays: Sequence[Play[P]],
    names: tuple[str, ...],
    game: str,
    count: int,
    ply: int,
    seconds: float,
) -> Hints:
    """The ``count`` best of a roll's ``plays`` by ``searcher`` (any tables game's), ranked at
    up to ``ply`` plies within about ``seconds``, each with its probabilities under ``names``."""
    started = time.monotonic()
    results = np.stack([from_sides(p.result.mover, p.result.opponent) for p in plays])
    probs = searcher.static(results)
    plies = np.zeros(len(plays), dtype=np.int64)
    order = _ranked(searcher.equity(probs), plies)
    for depth in range(1, ply + 1):
        width = max(count, FIRST_WIDTH) if depth == 1 else count
        for i in order[:width]:
            if time.monotonic() - started > seconds:
                break
            probs[i] = searcher.deeper(results[i], depth, REPLY_WIDTH)
            plies[i] = depth
        order = _ranked(searcher.equity(probs), plies)
    values = searcher.equity(probs)
    best = float(values[order[0]])
    candidates = tuple(
        Candidate(
            move=plays[i].notation or "no move",
            text=f"{float(values[i]):+.3f}",
            equity=round(float(values[i]), 4),
            difference=round(float(values[i]) - best, 4),
            probabilities=tuple(
                (name, round(float(p), 4)) for name, p in zip(names, probs[i], strict=True)
            ),
            ply=int(plies[i]),
            steps=tuple((src, dst) for src, dst, _, _ in plays[i].path),
        )
        for i in order[:count]
    )
    deepest = int(plies.max())
    return Hints(game, f"network, {deepest}-ply", candidates)


def _ranked(values: npt.NDArray[np.float64], plies: npt.NDArray[np.int64]) -> list[int]:
    """The plays' indices: the deepest scored first, then by equity, best first."""
    return sorted(range(len(values)), key=lambda i: (-int(plies[i]), -float(values[i])))
