"""Hints for the tables games (backgammon, Georgian, long nardy): the plays of a roll ranked by
the game's trained network, with its figures.

Every legal play is scored at 0-ply (one batch through the network). With ``ply`` 1 or 2 the
best few go deeper, as gnubg's hint does: the best ``max(count, 8)`` at 1-ply, of those the
best ``count`` at 2-ply (the move filter of ``search``), each within the time allowed. The
plays scored deepest lead, best first, and each says the ply it was scored at; long nardy's under
the position's rules options. The figures are the mover's after the play: the game's
probabilities (backgammon's five: win, win a gammon, win a backgammon, lose a gammon, lose a
backgammon; long nardy's three: win, win by mars, lose by mars) and the cubeless equity (points
per game) made of them.
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
from gamehall.engines.neural.games import backgammon
from gamehall.engines.neural.levels import shipped_evaluator
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.search import Searcher
from gamehall.errors import GameError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.tables.position import Play, TablesPosition

P = TypeVar("P", bound=TablesPosition)

PROBABILITIES = backgammon.PROBABILITIES
"""The names of the backgammon network's five outputs, in its order."""
FIRST_WIDTH = 8
"""At least this many plays go to 1-ply (the best at 0-ply)."""
REPLY_WIDTH = 3
"""The opponent's replies, ranked at 0-ply, kept for scoring at 1-ply inside a 2-ply search."""


@cache
def _shipped_searcher(rules: MoveRules) -> Searcher:
    return Searcher(shipped_evaluator("nardy" if rules.game == "nardy" else "backgammon"), rules)


def hint(
    position: TablesPosition,
    dice: tuple[int, int],
    *,
    count: int = 5,
    ply: int = 2,
    seconds: float = 3.0,
    evaluator: Evaluator | None = None,
) -> Hints:
    """The ``count`` best plays of ``dice`` in ``position`` (backgammon, Georgian or long
    nardy, the side on roll to play), ranked at up to ``ply`` plies within about ``seconds``;
    ``evaluator`` is the game's (the shipped one unless told)."""
    if not isinstance(position, BackgammonPosition | NardyPosition):
        raise GameError(
            "the networks give hints for backgammon, Georgian and long nardy positions only"
        )
    if position.is_over:
        raise GameError("the game is over: there is no play to hint")
    if ply not in (0, 1, 2):
        raise GameError(f"a hint searches 0, 1 or 2 plies, not {ply!r}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise GameError(f"a hint lists at least one play, not {count!r}")
    rules = MoveRules.of(position.rules)
    searcher = _shipped_searcher(rules) if evaluator is None else Searcher(evaluator, rules)
    tables: TablesPosition = position
    plays = tables.legal_plays(dice)
    names = searcher.game.probabilities
    return ranked_plays(searcher, plays, names, rules.game, count, ply, seconds)


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
