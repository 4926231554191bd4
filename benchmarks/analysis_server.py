"""Does analysing finished matches slow the games? A move's latency over the HTTP/WebSocket path,
with and without analyses running in the server's analysis processes.

It stores ``--analyses`` finished backgammon matches (``--length`` points, played between two of
our levels) in a fresh SQLite file, starts the real server on it (``load_live.server``) and
plays ``--games`` paced matches between guests over the WebSocket (``load_live.Bench``: a roll,
a legal play at random, confirm, each after 1 to 3 s of "thinking"). It measures each action's
latency (from sending it to receiving the update it made) for ``--seconds`` with no analysis
running; then asks for the analyses of all the stored matches at once (``POST
/api/matches/{id}/analysis``) and measures again while they run (``GAMEHALL_ANALYSIS_WORKERS``
at a time, in their processes, niced), until they are all done or ``--seconds`` pass. It prints
both windows' latencies (p50, p99, max, mean), the server process's CPU share in each (the
analyses' processes are apart), and how long the analyses took.

Run it with the machine otherwise idle: ``python benchmarks/analysis_server.py``.
"""

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from gamehall.engines import find_engine
from gamehall.engines.driver import play_out
from gamehall.play.dice import SeededDice
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import PlayerSeat, Store, upgrade_database
from load_live import Bench, Guest, cpu_seconds, percentile, server

LEVELS = ("beginner", "intermediate")


def stored_matches(url: str, count: int, length: int) -> list[str]:
    """``count`` finished matches between two of our levels, stored at ``url``: their ids."""
    upgrade_database(url)
    ids = []
    with Store(url) as store:
        for index in range(count):
            match = TablesMatch(
                MatchSettings.from_dict({"game": "backgammon", "length": length}),
                LEVELS,
                dice=SeededDice(index),
            )
            engines = {seat: find_engine("backgammon", LEVELS[seat], seed=index) for seat in (0, 1)}
            play_out(match, engines)
            seats = [PlayerSeat(None, "computer", level, level) for level in LEVELS]
            match_id = store.matches.create(match.to_dict(), players=seats)
            summary = {"score": list(match.score), "winner": match.winner, "end_reason": "points"}
            store.matches.append(match_id, [], secrets=None, status="over", summary=summary)
            ids.append(match_id)
    return ids


def window(bench: Bench, pid: int, began: float, cpu_before: tuple[float, float]) -> dict[str, Any]:
    """The figures of the window that began at ``began``; its latencies are cleared."""
    wall = time.perf_counter() - began
    cpu = sum(cpu_seconds(pid)) - sum(cpu_before)
    latencies, bench.figures.latencies = bench.figures.latencies, []
    return {
        "seconds": round(wall, 1),
        "actions": len(latencies),
        "p50_ms": round(1000 * percentile(latencies, 0.50), 1),
        "p99_ms": round(1000 * percentile(latencies, 0.99), 1),
        "max_ms": round(1000 * max(latencies, default=float("nan")), 1),
        "mean_ms": round(1000 * statistics.fmean(latencies), 1) if latencies else None,
        "server_cpu_share": round(cpu / wall, 3),
    }


async def run(args: argparse.Namespace, base: str, pid: int, ids: list[str]) -> dict[str, Any]:
    bench = Bench(args, base)
    tasks = [asyncio.create_task(bench.game(i)) for i in range(args.games)]
    await asyncio.sleep(args.ramp + args.warmup)
    bench.figures.measuring = True
    began, cpu_before = time.perf_counter(), cpu_seconds(pid)
    await asyncio.sleep(args.seconds)
    idle = window(bench, pid, began, cpu_before)
    asker: Guest = await bench.guest()
    headers = {"X-CSRF-Token": asker.csrf}
    cookies = {"gamehall_session": asker.cookie}
    began, cpu_before = time.perf_counter(), cpu_seconds(pid)
    for match_id in ids:
        answer = await bench.http.post(
            f"/api/matches/{match_id}/analysis", json={}, headers=headers, cookies=cookies
        )
        answer.raise_for_status()
    finished: dict[str, float] = {}
    while len(finished) < len(ids) and time.perf_counter() - began < args.seconds:
        await asyncio.sleep(1)
        for match_id in ids:
            if match_id not in finished:
                status = (await bench.http.get(f"/api/matches/{match_id}/analysis")).json()
                if status["status"] in ("done", "failed"):
                    finished[match_id] = time.perf_counter() - began
    busy = window(bench, pid, began, cpu_before)
    bench.figures.measuring = False
    bench.stopping.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await bench.http.aclose()
    return {
        "games": args.games,
        "analyses": len(ids),
        "match_length": args.length,
        "without_analyses": idle,
        "with_analyses": busy,
        "analyses_done_after_s": sorted(round(s, 1) for s in finished.values()),
        "failures": bench.figures.failures[:5],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--analyses", type=int, default=4, help="matches analysed at once")
    parser.add_argument("--length", type=int, default=7, help="their length in points")
    parser.add_argument("--games", type=int, default=10, help="matches played meanwhile")
    parser.add_argument("--seconds", type=float, default=60, help="each measured window")
    parser.add_argument("--ramp", type=float, default=5)
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--port", type=int, default=8766)
    args = parser.parse_args()
    # what load_live's server and Bench read besides
    args.database_url, args.server_nice, args.http_connections = None, 0, 20
    args.clock, args.pace_min, args.pace_max = "fischer:600+10", 1.0, 3.0
    folder = Path(tempfile.mkdtemp(prefix="gamehall-analysis-"))
    ids = stored_matches(f"sqlite:///{folder / 'gamehall.db'}", args.analyses, args.length)
    with server(args, folder) as (base, pid, _url):
        result = asyncio.run(run(args, base, pid, ids))
    print(json.dumps(result, indent=2))
    print(f"database and server log in {folder}", file=sys.stderr)


if __name__ == "__main__":
    main()
