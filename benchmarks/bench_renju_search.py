"""Speed and strength of the renju engine.

Under pytest (pytest-benchmark): the alpha-beta search and the VCF search on positions from
real games. Run as a script for the figures in docs/engines.md::

    python benchmarks/bench_renju_search.py speed      # nodes per second (CPU and wall)
    python benchmarks/bench_renju_search.py puzzles    # VCF puzzles solved, and the time
    python benchmarks/bench_renju_search.py timing     # how closely a search keeps its time
    python benchmarks/bench_renju_search.py ladder --games 20 --timeout-turn 3000

On a machine slower than the one the ladder's figures were measured on (compare ``speed`` with
docs/engines.md), ``--time-scale F`` multiplies the levels' own time caps by F and a larger
``--timeout-turn`` leaves the brains that time, so that each level still stops at its node
limit and plays the games it would play there.
"""

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from gamehall.engines.gomocup.manager import MatchSettings, read_openings, run_match
from gamehall.engines.renju_search.board import FastBoard
from gamehall.engines.renju_search.search import Searcher
from gamehall.renju.board import Board

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PUZZLES = ROOT / "tests" / "engines" / "data" / "renju_vcf_puzzles.jsonl"
RECORDS = ROOT / "tests" / "data" / "renju_forbidden_sample.jsonl"
OPENINGS = HERE / "renju_openings.txt"
LADDER = [
    ("intermediate", "beginner"),
    ("advanced", "intermediate"),
    ("expert", "advanced"),
    ("world-class", "expert"),
    ("expert", "beginner"),
]


def real_positions(count: int = 12) -> list[Board]:
    """Middle-game positions from the game records of the public vectors (move 20 or the
    last move before the end)."""
    boards = []
    with RECORDS.open(encoding="utf-8") as lines:
        for line in lines:
            case = json.loads(line)
            moves = case.get("moves")
            if not moves or len(moves) < 24:
                continue
            board = Board.from_moves(moves[:20])
            if board.result is None:
                boards.append(board)
            if len(boards) >= count:
                break
    return boards


def puzzles() -> list[dict[str, Any]]:
    """The VCF puzzles from real games (tests/engines/data), each with a checked solution."""
    with PUZZLES.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def speed(nodes: int = 60_000) -> dict[str, float]:
    """Nodes per second of the alpha-beta search (no threat search) over the real positions."""
    searcher = Searcher()
    searcher.search(
        FastBoard.from_board(Board.from_moves("h8 h9 j10")), max_depth=3, seconds=5, nodes=500
    )
    total_nodes = 0
    cpu = wall = 0.0
    for board in real_positions():
        fast = FastBoard.from_board(board)
        cpu_start, wall_start = time.process_time(), time.perf_counter()
        result = searcher.search(fast, max_depth=64, seconds=120, nodes=nodes, threat_nodes=0)
        cpu += time.process_time() - cpu_start
        wall += time.perf_counter() - wall_start
        total_nodes += result.nodes
    return {
        "positions": len(real_positions()),
        "nodes": total_nodes,
        "nodes_per_cpu_second": total_nodes / cpu,
        "nodes_per_wall_second": total_nodes / wall,
    }


def solve_puzzles(nodes: int = 200_000) -> dict[str, float]:
    """How many VCF puzzles the threat search solves within ``nodes`` each, and the time."""
    searcher = Searcher()
    solved = 0
    cpu = 0.0
    worst = 0.0
    all_puzzles = puzzles()
    for puzzle in all_puzzles:
        fast = FastBoard.from_board(Board.from_moves(puzzle["moves"]))
        start = time.process_time()
        line = searcher.threat_line(fast, "vcf", 60, nodes)
        spent = time.process_time() - start
        cpu += spent
        worst = max(worst, spent)
        solved += line is not None
    return {
        "puzzles": len(all_puzzles),
        "solved": solved,
        "cpu_seconds_mean": cpu / len(all_puzzles),
        "cpu_seconds_max": worst,
    }


def timing(budgets: tuple[float, ...] = (0.25, 0.5, 1.0)) -> dict[str, Any]:
    """Searches that only the clock can stop (no node or depth limit in reach) on real
    positions: the wall time each took against its budget, the worst overshoot in per cent
    (issue 14 asks for 10 % at most)."""
    searcher = Searcher()
    searcher.search(
        FastBoard.from_board(Board.from_moves("h8 h9 j10")), max_depth=3, seconds=5, nodes=500
    )
    ratios: list[float] = []
    for board in real_positions(6):
        for budget in budgets:
            fast = FastBoard.from_board(board)
            start = time.perf_counter()
            searcher.search(fast, max_depth=64, seconds=budget, nodes=10**9, threat_nodes=0)
            ratios.append((time.perf_counter() - start) / budget)
    return {
        "searches": len(ratios),
        "budgets_seconds": list(budgets),
        "mean_time_over_budget": sum(ratios) / len(ratios),
        "worst_overshoot_percent": max(0.0, (max(ratios) - 1) * 100),
    }


def ladder(
    games: int,
    timeout_turn: int,
    pairs: list[tuple[str, str]],
    save: Path | None,
    openings_file: Path = OPENINGS,
    time_scale: float = 1.0,
) -> None:
    """Each pair's match under ``gamehall match`` (brains as subprocesses, niced by the caller;
    ``time_scale`` multiplies the levels' own time caps: ``gamehall brain --time-scale``)."""
    openings = read_openings(openings_file)
    for upper, lower in pairs:
        brain = f"{sys.executable} -m gamehall brain renju --time-scale {time_scale} --level "
        settings = MatchSettings(
            brain + upper,
            brain + lower,
            games=games,
            timeout_turn=timeout_turn,
            openings=openings,
            save=None if save is None else save / f"{upper}-{lower}",
        )
        result = run_match(settings, progress=sys.stderr)
        print(f"{upper} (A) vs {lower} (B):\n{result.summary()}", flush=True)


def bench_search_nodes(benchmark: Any) -> None:
    """20,000 nodes of alpha-beta on a real position."""
    board = real_positions(1)[0]
    searcher = Searcher()

    def run() -> None:
        searcher.search(
            FastBoard.from_board(board), max_depth=64, seconds=60, nodes=20_000, threat_nodes=0
        )

    benchmark(run)


def bench_vcf_puzzle(benchmark: Any) -> None:
    """The VCF search on a real-game puzzle (a 7-four win)."""
    puzzle = next(p for p in puzzles() if len(p["solution"]) >= 13)
    searcher = Searcher()

    def run() -> None:
        fast = FastBoard.from_board(Board.from_moves(puzzle["moves"]))
        assert searcher.threat_line(fast, "vcf", 60, 200_000) is not None

    benchmark(run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("what", choices=["speed", "puzzles", "timing", "ladder"])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--timeout-turn", type=int, default=3000)
    parser.add_argument("--pair", action="append", help="upper:lower (default: the ladder)")
    parser.add_argument("--save", help="folder for the ladder's games")
    parser.add_argument("--openings", help="openings file (default renju_openings.txt)")
    parser.add_argument(
        "--time-scale",
        type=float,
        default=1.0,
        help="multiply the levels' own time caps (a slower machine: their nodes stop them)",
    )
    args = parser.parse_args()
    if args.what == "speed":
        print(json.dumps(speed(), indent=2))
    elif args.what == "puzzles":
        print(json.dumps(solve_puzzles(), indent=2))
    elif args.what == "timing":
        print(json.dumps(timing(), indent=2))
    else:
        pairs = [tuple(p.split(":")) for p in args.pair] if args.pair else LADDER
        ladder(
            args.games,
            args.timeout_turn,
            pairs,  # type: ignore[arg-type]
            Path(args.save) if args.save else None,
            Path(args.openings) if args.openings else OPENINGS,
            args.time_scale,
        )


if __name__ == "__main__":
    main()
