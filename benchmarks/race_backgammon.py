"""How well the networks judge races: each network's 0-ply estimate of race positions (no contact
left) against the positions' value found by rolling them out, as the mean absolute error of the
win chance and of the cubeless equity.

    .venv/bin/python benchmarks/race_backgammon.py --positions 300 --trials 1296
    .venv/bin/python benchmarks/race_backgammon.py --weights new.npz --versus old.npz

The positions are race positions of greedy 0-ply self-play games of the shipped networks (one
drawn at random from each game that has one, seeded by ``--seed``), the side on roll first,
pure bear-offs left out (the database is exact there). Each is played out ``--trials`` times to
the end on seeded dice by the measured networks at 0-ply (in a race the play matters little to
the result); the rollout's standard error is printed beside the errors. Not a test (nothing is
asserted): the figures go into docs/engines.md.
"""

import argparse
import time

import numpy as np

from gamehall.engines.neural import bearoff
from gamehall.engines.neural.board import Boards, MoveGenerator
from gamehall.engines.neural.games.backgammon import equity, is_race
from gamehall.engines.neural.levels import shipped_evaluator
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.training import greedy_chooser, self_play
from gamehall.engines.neural.versus import backgammon_points


def race_positions(count: int, seed: int) -> list[Boards]:
    """One race position (not a pure bear-off) drawn from each of ``count`` self-play games."""
    evaluator = shipped_evaluator()
    rng = np.random.default_rng(seed)
    found: list[Boards] = []
    game = 0
    while len(found) < count:
        boards = self_play(evaluator, seed, game)[:-1]
        rows = np.flatnonzero(is_race(boards) & ~bearoff.is_bearoff(boards))
        if rows.size:
            found.append(boards[rng.choice(rows)].copy())
        game += 1
    return found


def rollout(evaluator: Evaluator, start: Boards, trials: int, seed: int) -> np.ndarray:
    """Each trial's result for the side on roll at ``start``: +1/+2/+3 won, -1/-2/-3 lost."""
    choose = greedy_chooser(evaluator)
    generator = MoveGenerator()
    rng = np.random.default_rng(seed)
    results = np.empty(trials)
    for trial in range(trials):
        board = start
        turn = 0
        while True:
            d1, d2 = (int(d) for d in rng.integers(1, 7, 2))
            moves = generator.successors(board, d1, d2)
            board = moves[0 if len(moves) == 1 else choose(board, (d1, d2), moves)]
            if board[1, 0] == 15:
                points = backgammon_points(board[0])
                results[trial] = points if turn == 0 else -points
                break
            turn = 1 - turn
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--trials", type=int, default=1296, help="rollout games per position")
    parser.add_argument("--weights", help="the networks measured (default: the shipped ones)")
    parser.add_argument("--versus", help="other networks to measure on the same positions")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    measured = Evaluator.load(args.weights)[0] if args.weights else shipped_evaluator()
    nets = {args.weights or "shipped": measured}
    if args.versus:
        nets[args.versus] = Evaluator.load(args.versus)[0]
    started = time.monotonic()
    positions = race_positions(args.positions, args.seed)
    boards = np.stack(positions)
    wins = np.empty(len(positions))
    values = np.empty(len(positions))
    errors = np.empty(len(positions))
    for i, start in enumerate(positions):
        results = rollout(measured, start, args.trials, args.seed * 1_000_003 + i)
        wins[i] = np.mean(results > 0)
        values[i] = np.mean(results)
        errors[i] = np.std(results) / np.sqrt(args.trials)
    pips = boards[:, 0].astype(np.int64) @ np.arange(26)
    print(
        f"{len(positions)} race positions (pips of the side on roll: median "
        f"{int(np.median(pips))}, {pips.min()} to {pips.max()}), {args.trials} trials each, "
        f"{time.monotonic() - started:.0f} s; rollout standard error of the equity: mean "
        f"{errors.mean():.4f}"
    )
    for name, evaluator in nets.items():
        p = evaluator.probabilities(boards)
        win_error = np.abs(p[:, 0] - wins)
        equity_error = np.abs(equity(p) - values)
        print(
            f"{name}: win chance off by {win_error.mean():.4f} on average "
            f"(worst {win_error.max():.3f}), equity by {equity_error.mean():.4f} "
            f"(worst {equity_error.max():.3f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
