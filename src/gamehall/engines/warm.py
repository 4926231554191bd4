"""Get the engines ready before anybody waits for them: load the networks and compile the numba
kernels the hints and the stronger computer players run.

numba compiles a kernel the first time it is called and keeps the machine code on disk
(``cache=True``), so only the first run after an install pays (about 15 s for backgammon and 30 s
for renju on one core of the test machine); later processes load it in a second or two. Without
this the first hint after an install would spend that time inside its request. The server warms
up on its hint thread as it starts; the browser tests warm up once before their server starts.
"""

import time
from collections.abc import Iterable

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.nardy.position import Position as NardyPosition
from gamehall.renju.board import Board

ENGINES = ("backgammon", "nardy", "renju")
"""The engines that compile kernels: backgammon's network (Georgian's too), long nardy's, and
renju's search."""

RENJU = ("h8 h9 i8", "h8 g9 i8 a1 j8 a3")
"""Renju positions whose hints run every kernel of the search: a quiet one (the alpha-beta and
its threat checks) and one where Black, on move, wins by fours (the winning-line search)."""

SECONDS = 60.0
"""The warm-up's hints are given time enough never to be cut short: a cut search would leave
kernels uncompiled. With the kernels on disk each takes well under a second."""


def warm_up(engines: Iterable[str] = ENGINES) -> dict[str, float]:
    """Run one small hint of each of ``engines`` (every kernel of the hint paths compiled or
    loaded); the seconds each took, by engine."""
    taken: dict[str, float] = {}
    for engine in engines:
        started = time.perf_counter()
        _WARM[engine]()
        taken[engine] = time.perf_counter() - started
    return taken


def _backgammon() -> None:
    from gamehall.engines.neural.hints import hint

    hint(BackgammonPosition.initial(), (3, 1), count=1, ply=2, seconds=SECONDS)


def _nardy() -> None:
    from gamehall.engines.neural.hints import hint

    hint(NardyPosition.initial(), (6, 5), count=1, ply=2, seconds=SECONDS)


def _renju() -> None:
    from gamehall.engines.renju_search.hints import hint

    for moves in RENJU:
        hint(Board.from_moves(moves), count=2, seconds=3.0)


_WARM = {"backgammon": _backgammon, "nardy": _nardy, "renju": _renju}
