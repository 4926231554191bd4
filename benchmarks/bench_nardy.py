"""Speed of the long nardy legal-play generator over the public sample's positions.

Run ``.venv/bin/pytest benchmarks/bench_nardy.py --benchmark-only``; the cases per second are in
each result's ``extra_info`` (and printed with ``-s``).
"""

from typing import Any

import pytest

from gamehall.nardy import Position
from support.vectors import nardy_legal


def _cases() -> list[tuple[Position, tuple[int, int]]]:
    data = nardy_legal()
    return [(Position.from_dict(d["position"]), (d["dice"][0], d["dice"][1])) for d in data]


def _all_plays(cases: list[tuple[Position, tuple[int, int]]]) -> int:
    return sum(len(position.legal_plays(dice)) for position, dice in cases)


def bench_legal_plays_over_the_sample(benchmark: Any) -> None:
    """``legal_plays`` for every position and roll of the sample, once per round."""
    cases = _cases()
    plays = benchmark(_all_plays, cases)
    assert plays >= len(cases)
    if benchmark.stats is not None:
        rate = len(cases) / benchmark.stats.stats.mean
        benchmark.extra_info["cases"] = len(cases)
        benchmark.extra_info["cases_per_second"] = round(rate)
        print(f"\nlong nardy legal_plays: {rate:,.0f} cases/s over {len(cases)} sample cases")


def bench_legal_plays_and_every_result(benchmark: Any) -> None:
    """The same, building every resulting position too (``Play.result`` is built on demand)."""
    cases = _cases()
    plays = benchmark(
        lambda: sum(1 for p, dice in cases for play in p.legal_plays(dice) if play.result)
    )
    assert plays >= len(cases)
    if benchmark.stats is not None:
        rate = len(cases) / benchmark.stats.stats.mean
        benchmark.extra_info["cases_per_second"] = round(rate)
        print(f"\nlong nardy legal_plays, every result built: {rate:,.0f} cases/s")


@pytest.mark.parametrize("dice", [(6, 5), (3, 3)])
def bench_one_position(benchmark: Any, dice: tuple[int, int]) -> None:
    """One mid-game position, a plain roll and a double."""
    position = Position.from_points({24: 10, 13: 2, 10: 1, 8: 1, 6: 1}, {12: 11, 22: 2, 18: 2})
    assert benchmark(position.legal_plays, dice)
