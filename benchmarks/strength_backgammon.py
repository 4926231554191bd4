"""Strength of the network's backgammon levels: cubeless money games against GNU Backgammon's
0-ply player (``gnubg_nn.best_move``) with duplicate dice (each dice sequence played twice, the
seats swapped), printing points per game ± the standard error over game pairs and how the games
ended; then the evaluator's speed at 0-ply, and for world-class the time per move.

    .venv/bin/python benchmarks/strength_backgammon.py --pairs 500 --level expert
    .venv/bin/python benchmarks/strength_backgammon.py --pairs 50 --level world-class
    .venv/bin/python benchmarks/strength_backgammon.py --weights /work/training/backgammon.npz
    .venv/bin/python benchmarks/strength_backgammon.py --versus beginner --variant georgian

``--versus beginner`` plays the project's beginner instead, through the engines' interface and
the rules layer (slower), in either variant: gnubg does not play Georgian, so this is how the
one network, trained on International, is checked on Georgian.

Not a test (nothing is asserted): the figures go into docs/engines.md.
"""

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from random import Random
from typing import Literal

import numpy as np

from gamehall.backgammon.position import Position
from gamehall.engines import ChoosePlay, Engine
from gamehall.engines.neural.board import Boards, MoveGenerator, initial_board
from gamehall.engines.neural.fast import probabilities_one
from gamehall.engines.neural.games.backgammon import INPUTS, equity
from gamehall.engines.neural.levels import NOISE, NeuralBackgammonEngine, shipped_evaluator
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.search import Budget, Searcher
from gamehall.engines.neural.training import greedy_chooser
from gamehall.engines.neural.versus import Chooser, Summary, duplicate_match, gnubg_chooser
from gamehall.engines.tables import BeginnerTablesEngine


def level_chooser(evaluator: Evaluator, level: str, seed: int, times: list[float]) -> Chooser:
    """The level's play as a chooser (International rules), timing each choice."""
    if level == "expert":
        return greedy_chooser(evaluator)
    searcher = Searcher(evaluator)
    if level == "world-class":
        budget = Budget()

        def deep(board: Boards, dice: tuple[int, int], results: Boards) -> int:
            started = time.process_time()
            order, _, _ = searcher.rank(results, budget)
            times.append(time.process_time() - started)
            return int(order[0])

        return deep
    noise = NOISE[level]  # type: ignore[index]
    rng = Random(seed)

    def noisy(board: Boards, dice: tuple[int, int], results: Boards) -> int:
        values = equity(searcher.static(results)) + [rng.gauss(0.0, noise) for _ in results]
        return int(np.argmax(values))

    return noisy


def beginner_match(
    evaluator: Evaluator, level: str, variant: str, pairs: int, seed: int
) -> Summary:
    """Duplicate cubeless games of the level against the beginner, in ``variant``."""
    game: Literal["backgammon", "georgian"] = "georgian" if variant == "georgian" else "backgammon"
    summary = Summary()
    for pair in range(pairs):
        total = 0
        for swap in (False, True):
            engines: list[Engine] = [
                NeuralBackgammonEngine(game, level, seed, evaluator),  # type: ignore[arg-type]
                BeginnerTablesEngine(game, seed),
            ]
            if swap:
                engines.reverse()
            dice = Random(f"{seed}-{pair}")
            position = Position.initial(variant)
            turn = 0
            roll = (dice.randint(1, 6), dice.randint(1, 6))
            while roll[0] == roll[1]:
                roll = (dice.randint(1, 6), dice.randint(1, 6))
            while True:
                position = engines[turn].decide(ChoosePlay.roll(position, roll)).result
                result = position.result
                if result is not None:
                    ours = (turn == 0) != swap
                    total += result.value if ours else -result.value
                    kind = f"{'won' if ours else 'lost'} {result.kind}"
                    summary.ends[kind] = summary.ends.get(kind, 0) + 1
                    break
                turn = 1 - turn
                roll = (dice.randint(1, 6), dice.randint(1, 6))
        summary.pairs.append(total / 2)
    return summary


def sample_candidate_sets(sets: int, seed: int) -> list[Boards]:
    """Candidate sets (all legal results of a roll) from positions of self-play games."""
    generator = MoveGenerator()
    rng = np.random.default_rng(seed)
    evaluator = shipped_evaluator()
    found: list[Boards] = []
    board = initial_board()
    while len(found) < sets:
        results = generator.successors(board, *(int(d) for d in rng.integers(1, 7, 2)))
        if len(results) > 1:
            found.append(results)
        board = results[int(np.argmin(evaluator.equities(results)))]
        if board[1, 0] == 15:
            board = initial_board()
    return found


def speed(evaluator: Evaluator, sets: list[Boards]) -> tuple[float, float]:
    """Positions a second of CPU time (one core, whatever else the machine runs) at 0-ply:
    numpy, one batch per candidate set; and the compiled evaluator, one position at a time
    (as search uses it)."""
    total = sum(len(s) for s in sets)
    for s in sets[:5]:
        evaluator.probabilities(s)
    started = time.process_time()
    for s in sets:
        evaluator.probabilities(s)
    batched = total / (time.process_time() - started)
    model = evaluator.model()
    x = np.zeros(INPUTS, np.float32)
    out = np.zeros(5)
    probabilities_one(model, sets[0][0], x, out)
    started = time.process_time()
    for s in sets:
        for board in s:
            probabilities_one(model, board, x, out)
    compiled = total / (time.process_time() - started)
    return batched, compiled


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=500, help="duplicate game pairs")
    parser.add_argument(
        "--level", default="expert", choices=["intermediate", "advanced", "expert", "world-class"]
    )
    parser.add_argument("--weights", help="a checkpoint (default: the shipped weights)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--versus", default="gnubg", choices=["gnubg", "beginner"])
    parser.add_argument("--variant", default="international", choices=["international", "georgian"])
    args = parser.parse_args(argv)
    evaluator = Evaluator.load(args.weights)[0] if args.weights else shipped_evaluator()
    if args.versus == "beginner":
        started = time.perf_counter()
        summary = beginner_match(evaluator, args.level, args.variant, args.pairs, args.seed)
        print(f"{args.level} against the beginner, {args.variant}, cubeless, duplicate dice:")
        print(f"  {summary}")
        print(f"  {time.perf_counter() - started:.0f} s for {summary.games} games")
        return 0
    times: list[float] = []
    player = level_chooser(evaluator, args.level, args.seed, times)
    started = time.perf_counter()

    def progress(summary: Summary) -> None:
        if len(summary.pairs) % 50 == 0:
            print(f"  {summary}", file=sys.stderr, flush=True)

    report: Callable[[Summary], None] = progress
    summary = duplicate_match(player, gnubg_chooser(), args.pairs, args.seed, report)
    elapsed = time.perf_counter() - started
    print(f"{args.level} against gnubg 0-ply, cubeless money, duplicate dice:")
    print(f"  {summary}")
    print(f"  {elapsed:.0f} s for {summary.games} games")
    if times:
        print(
            f"  CPU time per move: median {statistics.median(times):.3f} s, "
            f"worst {max(times):.3f} s"
            f" over {len(times)} moves"
        )
    batched, compiled = speed(evaluator, sample_candidate_sets(300, args.seed))
    print(f"0-ply: {batched:,.0f} positions per CPU second (numpy, a batch per candidate set)")
    print(f"0-ply: {compiled:,.0f} positions per CPU second (numba, one at a time)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
