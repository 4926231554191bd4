"""Strength of the network's long nardy levels with duplicate dice (each dice sequence played
twice, the seats swapped), printing points per game ± the standard error over game pairs and
how the games ended (oin or mars); then the evaluator's speed at 0-ply and, for world-class,
the CPU time per move.

    .venv/bin/python benchmarks/strength_nardy.py --level expert --versus beginner --pairs 500
    .venv/bin/python benchmarks/strength_nardy.py --level world-class --versus expert --pairs 50
    .venv/bin/python benchmarks/strength_nardy.py --options bearoff=standard --pairs 100
    .venv/bin/python benchmarks/strength_nardy.py --ladder /work/training --pairs 200

``--versus beginner`` is today's beginner level (its evaluation of every legal result, ties at
random); ``--versus expert`` the same network (``--weights``) at 0-ply. ``--options
name=value,...`` plays under other rules options (``bearoff``, ``block_check``,
``head_exception``): both players then move by those rules (the network was trained with the
defaults). ``--ladder DIR`` plays
each checkpoint ``nardy-<games>.npz`` of DIR at 0-ply against the one before it.

Games are played on the fast board (``board``, equal to the rules layer's legal plays
under every option, as its tests show). Not a test (nothing is asserted): the figures go into
docs/engines.md.
"""

import argparse
import itertools
import re
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from gamehall.engines.neural.board import Boards, MoveGenerator, MoveRules, initial_board
from gamehall.engines.neural.fast import probabilities_one
from gamehall.engines.neural.games.nardy import INPUTS
from gamehall.engines.neural.levels import NeuralNardyEngine, shipped_evaluator
from gamehall.engines.neural.network import NardyEvaluator
from gamehall.engines.neural.versus import (
    NARDY,
    Chooser,
    Summary,
    beginner_chooser,
    duplicate_match,
    engine_chooser,
)


def timed(chooser: Chooser, times: list[float]) -> Chooser:
    """``chooser``, recording the CPU time of each choice."""

    def choose(board: Boards, dice: tuple[int, int], results: Boards) -> int:
        started = time.process_time()
        index = chooser(board, dice, results)
        times.append(time.process_time() - started)
        return index

    return choose


def progress(summary: Summary) -> None:
    if len(summary.pairs) % 25 == 0:
        print(f"  {summary}", file=sys.stderr, flush=True)


def match(
    player: Chooser, opponent: Chooser, pairs: int, seed: int, options: dict[str, str]
) -> Summary:
    generator = MoveGenerator(MoveRules("nardy", **options))
    return duplicate_match(player, opponent, pairs, seed, progress, NARDY, generator)


def ladder(directory: Path, pairs: int, seed: int) -> None:
    """Each checkpoint of a run at 0-ply against the one before it."""
    found = sorted(
        (int(m.group(1)), path)
        for path in directory.glob("nardy-*.npz")
        if (m := re.fullmatch(r"nardy-(\d+)\.npz", path.name))
    )
    for (before, older), (games, newer) in itertools.pairwise(found):
        new = NardyEvaluator.load(newer)[0].chooser()
        old = NardyEvaluator.load(older)[0].chooser()
        summary = duplicate_match(new, old, pairs, seed, None, NARDY)
        print(f"  {games:>8,} games against {before:>8,}: {summary}", flush=True)


def sample_candidate_sets(sets: int, seed: int) -> list[Boards]:
    """Candidate sets (all legal results of a roll) from positions of self-play games."""
    generator = MoveGenerator(MoveRules("nardy"))
    rng = np.random.default_rng(seed)
    evaluator = shipped_evaluator("nardy")
    found: list[Boards] = []
    board = initial_board("nardy")
    while len(found) < sets:
        results = generator.successors(board, *(int(d) for d in rng.integers(1, 7, 2)))
        if len(results) > 1:
            found.append(results)
        board = results[int(np.argmin(evaluator.equities(results)))]
        if board[1, 0] == 15:
            board = initial_board("nardy")
    return found


def speed(evaluator: NardyEvaluator, sets: list[Boards]) -> tuple[float, float]:
    """Positions a second of CPU time at 0-ply: numpy (a batch per candidate set) and the
    compiled evaluator (one position at a time, as search uses it)."""
    total = sum(len(s) for s in sets)
    for s in sets[:5]:
        evaluator.probabilities(s)
    started = time.process_time()
    for s in sets:
        evaluator.probabilities(s)
    batched = total / (time.process_time() - started)
    model = evaluator.model()
    x = np.zeros(INPUTS, np.float32)
    out = np.zeros(3)
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
    parser.add_argument("--versus", default="beginner", choices=["beginner", "expert"])
    parser.add_argument("--weights", help="a checkpoint (default: the shipped weights)")
    parser.add_argument("--options", default="", help="rules options, name=value,...")
    parser.add_argument("--ladder", metavar="DIR", help="checkpoints nardy-<games>.npz to rank")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-speed", action="store_true", help="skip the speed figures")
    args = parser.parse_args(argv)
    if args.ladder:
        print(f"ladder of {args.ladder}, 0-ply, duplicate dice, {2 * args.pairs} games a step:")
        ladder(Path(args.ladder), args.pairs, args.seed)
        return 0
    options = dict(item.split("=", 1) for item in args.options.split(",") if item)
    evaluator = NardyEvaluator.load(args.weights)[0] if args.weights else shipped_evaluator("nardy")
    times: list[float] = []
    engine = NeuralNardyEngine(args.level, args.seed, evaluator)
    player = timed(engine_chooser(engine, **options), times)
    if args.versus == "beginner":
        opponent = beginner_chooser(args.seed + 1, **options)
    else:
        opponent = engine_chooser(NeuralNardyEngine("expert", args.seed + 1, evaluator), **options)
    started = time.perf_counter()
    summary = match(player, opponent, args.pairs, args.seed, options)
    elapsed = time.perf_counter() - started
    rules = ", ".join(f"{k}={v}" for k, v in options.items()) or "default rules"
    print(f"{args.level} against {args.versus}, long nardy ({rules}), duplicate dice:")
    print(f"  {summary}")
    print(f"  {elapsed:.0f} s for {summary.games} games")
    print(
        f"  CPU time per move ({args.level}): median {statistics.median(times):.4f} s, "
        f"worst {max(times):.3f} s over {len(times)} moves"
    )
    if not args.no_speed:
        batched, compiled = speed(evaluator, sample_candidate_sets(300, args.seed))
        print(f"0-ply: {batched:,.0f} positions per CPU second (numpy, a batch per candidate set)")
        print(f"0-ply: {compiled:,.0f} positions per CPU second (numba, one at a time)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
