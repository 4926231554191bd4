"""Cube agreement with GNU Backgammon: positions from the network's self-play, each with the
side on roll to decide, our cube decision against gnubg's cube hint (the PyPI ``gnubg``
package, its ``hint`` command at ``--plies``), in money play and at a few match scores.

    .venv/bin/python benchmarks/cube_backgammon.py --positions 1000
    .venv/bin/python benchmarks/cube_backgammon.py --positions 200 --plies 2
    .venv/bin/python benchmarks/cube_backgammon.py --engine-plies 2   # world-class's cube

Two figures per context (see ``gamehall.engines.neural.cube_agreement``): *engine* (our
network and our cube against gnubg's hint) and *formula* (our Janowski cube on gnubg's own
cubeless probabilities against its hint). Then the match equity table against the one gnubg
uses by default, for the record. Not a test (nothing is asserted): the figures go into
docs/engines.md.
"""

import argparse
import sys
import time
from dataclasses import replace

import numpy as np

from gamehall.engines.base import MatchContext
from gamehall.engines.neural.cube_agreement import compare, self_play_positions
from gamehall.engines.neural.gnubg_cube import Gnubg
from gamehall.engines.neural.levels import shipped_evaluator
from gamehall.engines.neural.met import match_equity_table

CONTEXTS: dict[str, MatchContext] = {
    "money": MatchContext(),
    "money, Jacoby": MatchContext(jacoby=True),
    "7-point match, 0-0": MatchContext(match_length=7),
    "7-point match, 2-4 (5-away, 3-away)": MatchContext(match_length=7, score=(2, 4)),
    "7-point match, 4-2 (3-away, 5-away)": MatchContext(match_length=7, score=(4, 2)),
    "5-point match, 0-4 post-Crawford (trailer on roll)": MatchContext(
        match_length=5, score=(0, 4)
    ),
}


def met_difference(size: int = 25) -> tuple[float, float]:
    """The largest difference between our match equity table and gnubg's default one (its
    pre-Crawford table and its post-Crawford column), up to ``size``-away."""
    import gnubg  # type: ignore[import-untyped]

    theirs = gnubg.met(size)
    ours = match_equity_table()
    pre = np.array(theirs[0]) - np.array([row[:size] for row in ours.pre[:size]])
    post = (1.0 - np.array(theirs[1])) - np.array(ours.post[:size])
    return float(np.abs(pre).max()), float(np.abs(post[1:]).max())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--plies", type=int, default=0, help="gnubg's cube evaluation plies")
    parser.add_argument(
        "--engine-plies",
        type=int,
        default=0,
        choices=[0, 1, 2],
        help="our probabilities' plies (0: expert's cube, 2: world-class's)",
    )
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    evaluator = shipped_evaluator()
    boards = self_play_positions(evaluator, args.positions, args.seed)
    gnubg = Gnubg(args.plies)
    started = time.perf_counter()

    def progress(done: int) -> None:
        if done % 100 == 0:
            print(f"  {done} positions", file=sys.stderr, flush=True)

    contexts = list(CONTEXTS.values())
    results = compare(evaluator, boards, contexts, gnubg, progress, args.engine_plies)
    print(
        f"Cube agreement with gnubg ({args.plies}-ply cube hint) over {args.positions} positions "
        f"from self-play (seed {args.seed}), ours at {args.engine_plies}-ply, the cube centred:"
    )
    for name, agreement in zip(CONTEXTS, results, strict=True):
        print(f"{name}:")
        print(f"  engine:  {agreement.engine}")
        print(f"  formula: {agreement.formula}")
    print(f"  {time.perf_counter() - started:.0f} s")
    owned = [replace(MatchContext(), cube_value=2, cube_owner="engine")]
    result = compare(evaluator, boards, owned, gnubg, plies=args.engine_plies)[0]
    print("money, the cube at 2 on the roller's side (redoubles):")
    print(f"  engine:  {result.engine}")
    print(f"  formula: {result.formula}")
    pre, post = met_difference()
    print(
        f"Match equity table against gnubg's default, to 25-away: largest difference "
        f"{100 * pre:.1f} % pre-Crawford, {100 * post:.1f} % post-Crawford"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
