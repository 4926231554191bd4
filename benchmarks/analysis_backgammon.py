"""Our analysis against GNU Backgammon's: matches played between our levels, each analysed by
both at 0-ply, and the per-player figures compared (Pearson correlation, mean difference, how
often both order the two players alike); then the time our analysis takes.

    .venv/bin/python benchmarks/analysis_backgammon.py --matches 24
    .venv/bin/python benchmarks/analysis_backgammon.py --matches 0 --timing 7

Not a test (nothing is asserted; tests/analysis holds the small comparison that is): the
figures go into docs/analysis.md.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gamehall.analysis.tables import analyse_record
from gamehall.analysis.values import PlayerFigures
from gamehall.play.records import export_mat
from support.analysis_matches import played_match
from support.gnubg_statistics import GnubgFigures, gnubg_statistics


def pearson(xs: list[float], ys: list[float]) -> float:
    """The correlation of two lists of figures."""
    return statistics.correlation(xs, ys) if len(xs) > 2 else float("nan")


def compare(matches: int, length: int) -> None:
    ours: list[PlayerFigures] = []
    theirs: list[GnubgFigures] = []
    ordered = 0
    for index in range(matches):
        record = played_match(index, length)
        analysis = analyse_record(record)
        gnubg = gnubg_statistics(export_mat(record))
        ours += analysis.players
        theirs += gnubg
        a, b = analysis.players
        if (a.error_rate - b.error_rate) * (gnubg[0].error_rate - gnubg[1].error_rate) >= 0:
            ordered += 1
        print(
            f"match {index + 1}: {a.name} {a.error_rate:.1f} / gnubg {gnubg[0].error_rate:.1f}, "
            f"{b.name} {b.error_rate:.1f} / gnubg {gnubg[1].error_rate:.1f} mEMG",
            flush=True,
        )
    rows = [
        (name, [getattr(p, name) for p in ours], [getattr(g, name) for g in theirs])
        for name in ("error_rate", "checker_error_rate", "cube_error_rate", "luck_rate")
    ]
    print(f"\n{matches} {length}-point matches, {2 * matches} players, 0-ply")
    for name, x, y in rows:
        diff = statistics.fmean(a - b for a, b in zip(x, y, strict=True))
        r = pearson(x, y)
        print(f"  {name:20} Pearson r {r:.3f}, mean difference (ours - gnubg) {diff:+.2f} mEMG")
    same = [
        (p.checker_decisions, g.unforced_moves, p.cube_decisions, g.close_cube_decisions)
        for p, g in zip(ours, theirs, strict=True)
    ]
    print(f"  unforced moves counted alike: {sum(a == b for a, b, _, _ in same)} of {len(same)}")
    print(f"  cube decisions counted alike: {sum(c == d for _, _, c, d in same)} of {len(same)}")
    print(f"  the two players in the same order: {ordered} of {matches} matches")


def timing(length: int) -> None:
    record = played_match(0, length)
    analyse_record(played_match(1, 1))  # load the network and the compiled kernels first
    rolls = sum(1 for game in record.games for turn in game.turns if turn.kind == "roll")
    for plies in (0, 1):
        started = time.process_time()
        analyse_record(record, plies=plies)
        spent = time.process_time() - started
        print(f"a {length}-point match ({rolls} rolls) at {plies}-ply: {spent:.2f} s of CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=24)
    parser.add_argument("--length", type=int, default=3)
    parser.add_argument("--timing", type=int, default=7, help="the match length timed (0: none)")
    args = parser.parse_args()
    if args.matches:
        compare(args.matches, args.length)
    if args.timing:
        timing(args.timing)


if __name__ == "__main__":
    main()
