"""Speed of the neural engines' parts: the fast board's legal results over the public sample,
the evaluator at 0-ply (numpy, a batch per candidate set), a whole self-play training game, and
a world-class (2-ply) move; backgammon's, then long nardy's.

Run ``.venv/bin/pytest benchmarks/bench_neural.py --benchmark-only -s``; the rates are in each
result's ``extra_info`` and printed. Strength is measured by ``benchmarks/strength_backgammon.py``.
"""

from typing import Any

import numpy as np

from gamehall.backgammon import Position
from gamehall.engines.neural.board import MoveGenerator, MoveRules, from_sides, initial_board
from gamehall.engines.neural.levels import shipped_evaluator
from gamehall.engines.neural.search import Budget, Searcher
from gamehall.engines.neural.training import Settings, learn, self_play
from gamehall.nardy import Position as NardyPosition
from support.vectors import backgammon_legal, nardy_legal


def _rate(benchmark: Any, what: str, count: int) -> None:
    if benchmark.stats is not None:
        rate = count / benchmark.stats.stats.mean
        benchmark.extra_info[what] = round(rate)
        print(f"\n{what}: {rate:,.0f}")


def bench_fast_board_over_the_sample(benchmark: Any) -> None:
    """The fast board's legal results for every case of the public sample."""
    cases = []
    for d in backgammon_legal():
        p = Position.from_id(d["id"])
        cases.append((from_sides(p.mover, p.opponent), d["dice"][0], d["dice"][1]))
    generator = MoveGenerator()

    def run() -> int:
        return sum(len(generator.successors(b, d1, d2)) for b, d1, d2 in cases)

    assert benchmark(run) >= len(cases)
    _rate(benchmark, "cases_per_second", len(cases))


def bench_zero_ply_evaluation(benchmark: Any) -> None:
    """The numpy evaluator over candidate sets (every result of a roll), one batch a set."""
    generator = MoveGenerator()
    evaluator = shipped_evaluator()
    rng = np.random.default_rng(1)
    sets: list[np.ndarray] = []
    board = initial_board()
    while len(sets) < 200:
        results = generator.successors(board, *(int(d) for d in rng.integers(1, 7, 2)))
        if len(results) > 1:
            sets.append(results)
        board = results[int(np.argmin(evaluator.equities(results)))]
        if board[1, 0] == 15:
            board = initial_board()

    def run() -> int:
        for s in sets:
            evaluator.probabilities(s)
        return sum(len(s) for s in sets)

    _rate(benchmark, "positions_per_second", benchmark(run))


def bench_self_play_training_game(benchmark: Any) -> None:
    """One self-play game and its TD(lambda) update (at learning rate 0: the shipped networks
    stay as they are)."""
    evaluator = shipped_evaluator()
    game = iter(range(10**9))

    def run() -> None:
        learn(evaluator, self_play(evaluator, 5, next(game)), Settings(), 0.0)

    benchmark(run)
    _rate(benchmark, "games_per_second", 1)


def bench_world_class_move(benchmark: Any) -> None:
    """A world-class (2-ply) choice in a middle-game position with a plain roll."""
    position = Position.from_points(
        {24: 2, 13: 3, 11: 1, 8: 3, 6: 4, 4: 2}, {24: 1, 13: 4, 9: 1, 8: 3, 6: 4, 5: 2}
    )
    results = np.stack(
        [from_sides(p.result.mover, p.result.opponent) for p in position.legal_plays((6, 5))]
    )
    searcher = Searcher(shipped_evaluator())
    order, _, depth = benchmark(searcher.rank, results, Budget())
    assert depth == 2 and len(order) == len(results)


def bench_nardy_fast_board_over_the_sample(benchmark: Any) -> None:
    """The long nardy fast board's legal results for every case of the public sample."""
    cases = []
    for d in nardy_legal():
        p = NardyPosition.from_dict(d["position"])
        cases.append((from_sides(p.mover, p.opponent), d["dice"][0], d["dice"][1]))
    generator = MoveGenerator(MoveRules("nardy"))

    def run() -> int:
        return sum(len(generator.successors(b, d1, d2)) for b, d1, d2 in cases)

    assert benchmark(run) >= len(cases)
    _rate(benchmark, "cases_per_second", len(cases))


def bench_nardy_zero_ply_evaluation(benchmark: Any) -> None:
    """The long nardy numpy evaluator over candidate sets, one batch a set."""
    generator = MoveGenerator(MoveRules("nardy"))
    evaluator = shipped_evaluator("nardy")
    rng = np.random.default_rng(1)
    sets: list[np.ndarray] = []
    board = initial_board("nardy")
    while len(sets) < 200:
        results = generator.successors(board, *(int(d) for d in rng.integers(1, 7, 2)))
        if len(results) > 1:
            sets.append(results)
        board = results[int(np.argmin(evaluator.equities(results)))]
        if board[1, 0] == 15:
            board = initial_board("nardy")

    def run() -> int:
        for s in sets:
            evaluator.probabilities(s)
        return sum(len(s) for s in sets)

    _rate(benchmark, "positions_per_second", benchmark(run))


def bench_nardy_world_class_move(benchmark: Any) -> None:
    """A long nardy world-class (2-ply) choice in a middle-game position."""
    position = NardyPosition.initial()
    rng = np.random.default_rng(3)
    for _ in range(16):
        plays = position.legal_plays((int(rng.integers(1, 7)), int(rng.integers(1, 7))))
        position = plays[int(rng.integers(len(plays)))].result
    plays = position.legal_plays((6, 5))
    results = np.stack([from_sides(p.result.mover, p.result.opponent) for p in plays])
    searcher = Searcher(shipped_evaluator("nardy"))
    order, _, depth = benchmark(searcher.rank, results, Budget())
    assert depth == 2 and len(order) == len(results)
