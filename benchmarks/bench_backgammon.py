"""Speed of the backgammon legal-play generator over the public sample's positions, and of
GNU Backgammon's own (``gnubg_nn.moves``, in C) on the same cases for the ratio.

Run ``.venv/bin/pytest benchmarks/bench_backgammon.py --benchmark-only``; the cases per second
are in each result's ``extra_info`` (and printed with ``-s``).
"""

from typing import Any

import gnubg_nn
import pytest

from gamehall.backgammon import Position
from support.vectors import backgammon_legal

Case = tuple[Position, tuple[int, int]]


def _cases() -> list[Case]:
    data = backgammon_legal()
    return [(Position.from_id(d["id"]), (d["dice"][0], d["dice"][1])) for d in data]


def _ours(cases: list[Case]) -> int:
    return sum(len(position.legal_plays(dice)) for position, dice in cases)


def _ours_with_results(cases: list[Case]) -> int:
    return sum(1 for p, dice in cases for play in p.legal_plays(dice) if play.result is not None)


def _gnubgs(cases: list[tuple[list[list[int]], int, int]]) -> int:
    return sum(max(len(gnubg_nn.moves(board, d1, d2)), 1) for board, d1, d2 in cases)


def _report(benchmark: Any, who: str, cases: int) -> None:
    if benchmark.stats is not None:
        rate = cases / benchmark.stats.stats.mean
        benchmark.extra_info["cases"] = cases
        benchmark.extra_info["cases_per_second"] = round(rate)
        print(f"\n{who} legal plays: {rate:,.0f} cases/s over {cases} sample cases")


def bench_legal_plays_over_the_sample(benchmark: Any) -> None:
    """``legal_plays`` for every position and roll of the sample, once per round."""
    cases = _cases()
    plays = benchmark(_ours, cases)
    assert plays >= len(cases)
    _report(benchmark, "gamehall", len(cases))


def bench_legal_plays_and_every_result(benchmark: Any) -> None:
    """The same, building every resulting position too (``Play.result`` is built on demand)."""
    cases = _cases()
    plays = benchmark(_ours_with_results, cases)
    assert plays >= len(cases)
    _report(benchmark, "gamehall (with every result position)", len(cases))


def bench_gnubg_moves_over_the_sample(benchmark: Any) -> None:
    """``gnubg_nn.moves`` on the same cases (a pass counted as one play, as ours gives it)."""
    cases = [([list(s) for s in p.board], d1, d2) for p, (d1, d2) in _cases()]
    plays = benchmark(_gnubgs, cases)
    assert plays == _ours(_cases())
    _report(benchmark, "gnubg", len(cases))


@pytest.mark.parametrize("dice", [(6, 5), (2, 2)])
def bench_one_position(benchmark: Any, dice: tuple[int, int]) -> None:
    """One middle-game position with contact, a plain roll and a double."""
    position = Position.from_points(
        {24: 2, 13: 3, 11: 1, 8: 3, 6: 4, 4: 2}, {24: 1, 13: 4, 9: 1, 8: 3, 6: 4, 5: 2}
    )
    assert benchmark(position.legal_plays, dice)
