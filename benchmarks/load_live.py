"""Load benchmark of the live server: many paced backgammon matches played over the WebSocket.

It starts the real server (``gamehall serve``) on a fresh SQLite file, or on the database given
with ``--database-url`` (PostgreSQL: its tables are used as they are), then plays ``--games``
matches at once the way people do: two guests per match, one's seek accepted by the other, a
3-point match with a Fischer clock, each action (roll, a legal play chosen at random, confirm,
take) sent after 1 to 3 s of "thinking". A match that ends is followed by a new one between the
same guests, so that the number of live games holds. After the games have started and warmed
up, it measures for ``--seconds``:

- the latency of each action: from sending it to receiving the update it made (p50, p99, max);
- actions per second, and refusals (an ``error`` answer);
- the server's CPU time per action and per stored event (``/proc/<pid>/stat``, user + system;
  the system part, the kernel's socket and file calls, also alone),
  and its CPU use of one core;
- the server's memory (RSS) and RSS per game.

Run it with the machine otherwise idle. The client can run niced (``nice -n 10 python
benchmarks/load_live.py --games 300 --seconds 120``) and the server at ``--server-nice``: a
niced server on a busy machine measures the scheduler, not the server. One client process
drives every game (an event loop with two sockets a game); it uses some CPU of its own,
reported too, as is the machine's load average. It keeps its own garbage collector from
pausing it as the server does (``GarbageKeeper``): otherwise its collections, up to a third of
a second with 2,000 sockets, are counted as the server's latency.
"""

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any, TypeVar

import httpx2
import websockets
from sqlalchemy import create_engine, text

from gamehall.server.collector import GarbageKeeper

TICKS = os.sysconf("SC_CLK_TCK")
NO_COOKIES = CookieJar(DefaultCookiePolicy(allowed_domains=[]))
"""The client keeps no cookies: each request sends its own guest's session (a kept cookie
would go along with it, as a second session cookie)."""
T = TypeVar("T")


@dataclass
class Figures:
    """What the games measured; ``measuring`` is on during the measured window only."""

    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    refused: int = 0
    matches_ended: int = 0
    started: int = 0
    setup_retries: int = 0
    failures: list[str] = field(default_factory=list)


@dataclass
class Guest:
    """A guest's session: its cookie and CSRF token."""

    cookie: str
    csrf: str


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS


def rss_bytes(pid: int) -> int:
    """Resident memory of process ``pid``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def event_count(url: str) -> int:
    """Events stored in the database at ``url``."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.execute(text("SELECT count(*) FROM match_events")).scalar_one())
    finally:
        engine.dispose()


def choose(message: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The action to send on ``message`` (hello or update), or None when it is not our turn:
    a random legal play, else confirm, roll, take, decline (never a double or a resignation,
    so that matches are of ordinary length)."""
    actions = message.get("actions") or []
    legal = message.get("legal") or {}
    if "play" in actions and legal.get("plays"):
        return {"kind": "play", "data": {"text": rng.choice(legal["plays"])}}
    for kind in ("confirm", "roll", "take", "decline"):
        if kind in actions:
            return {"kind": kind, "data": {}}
    return None


class Bench:
    """The load client: the settings, the figures, and the games."""

    def __init__(self, args: argparse.Namespace, base: str) -> None:
        self.args = args
        self.base = base
        self.ws_base = base.replace("http://", "ws://")
        self.figures = Figures()
        self.stopping = asyncio.Event()
        self.http = httpx2.AsyncClient(
            base_url=base,
            headers={"Origin": base},
            timeout=60,
            limits=httpx2.Limits(max_connections=args.http_connections),
            cookies=NO_COOKIES,
        )
        self.settings = {
            "game": "backgammon",
            "length": args.length,
            "clock": args.clock,
            "dice": "secure",
        }

    async def guest(self) -> Guest:
        response = await self.http.post("/api/guest")
        response.raise_for_status()
        return Guest(response.cookies["gamehall_session"], response.json()["csrf_token"])

    async def new_match(self, first: Guest, second: Guest) -> str:
        """``first`` seeks, ``second`` accepts: the new match's id."""
        seek = await self.http.post(
            "/api/seeks",
            json={"settings": self.settings},
            headers={"X-CSRF-Token": first.csrf},
            cookies={"gamehall_session": first.cookie},
        )
        seek.raise_for_status()
        accepted = await self.http.post(
            f"/api/seeks/{seek.json()['id']}/accept",
            json={},
            headers={"X-CSRF-Token": second.csrf},
            cookies={"gamehall_session": second.cookie},
        )
        accepted.raise_for_status()
        return str(accepted.json()["match_id"])

    async def retried(self, call: Callable[..., Awaitable[T]], *args: Any) -> T:
        """``call(*args)``, tried again (up to 5 times, a second apart) when the server does not
        answer: a loaded server may drop a connection during the ramp."""
        for _ in range(4):
            try:
                return await call(*args)
            except httpx2.HTTPError:
                self.figures.setup_retries += 1
                await asyncio.sleep(1)
        return await call(*args)

    async def game(self, index: int) -> None:
        """One table: two guests playing match after match until the benchmark stops."""
        rng = random.Random(index)
        await asyncio.sleep(self.args.ramp * index / max(self.args.games, 1))
        try:
            players = [await self.retried(self.guest), await self.retried(self.guest)]
            self.figures.started += 1
            while not self.stopping.is_set():
                match_id = await self.retried(self.new_match, *players)
                sides = [self.seat(match_id, p, rng) for p in players]
                await asyncio.gather(*sides)
                if not self.stopping.is_set() and self.figures.measuring:
                    self.figures.matches_ended += 1
        except Exception as exc:
            if not self.stopping.is_set():
                self.figures.failures.append(f"game {index}: {exc!r}")

    async def seat(self, match_id: str, player: Guest, rng: random.Random) -> None:
        """Play one side of a match until it is over (or the benchmark stops)."""
        url = f"{self.ws_base}/ws/matches/{match_id}"
        headers = {"Cookie": f"gamehall_session={player.cookie}", "Origin": self.base}
        async with websockets.connect(  # as a browser: it answers pings, sends none
            url, additional_headers=headers, max_size=None, ping_interval=None
        ) as ws:
            sent_at: float | None = None
            ref = 0
            while not self.stopping.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except TimeoutError:
                    continue
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "error" and sent_at is not None:
                    sent_at = None
                    if self.figures.measuring:
                        self.figures.refused += 1
                    continue
                if kind not in ("hello", "update"):
                    continue
                if kind == "update" and sent_at is not None:
                    if self.figures.measuring:
                        self.figures.latencies.append(time.perf_counter() - sent_at)
                        self.figures.actions += 1
                    sent_at = None
                if message["state"].get("phase") == "over":
                    return
                action = choose(message, rng)
                if action is None:
                    continue
                await asyncio.sleep(rng.uniform(self.args.pace_min, self.args.pace_max))
                ref += 1
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "ref": ref, **action}))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def run(args: argparse.Namespace, base: str, pid: int, url: str) -> dict[str, Any]:
    keeper = GarbageKeeper()
    keeper.start()
    bench = Bench(args, base)
    tasks = [asyncio.create_task(bench.game(i)) for i in range(args.games)]
    await asyncio.sleep(args.ramp + args.warmup)
    events_before = event_count(url)
    cpu_before, client_before = cpu_seconds(pid), time.process_time()
    began = time.perf_counter()
    bench.figures.measuring = True
    await asyncio.sleep(args.seconds)
    bench.figures.measuring = False
    wall = time.perf_counter() - began
    user, system = (a - b for a, b in zip(cpu_seconds(pid), cpu_before, strict=True))
    cpu = user + system
    client_cpu = time.process_time() - client_before
    events = event_count(url) - events_before
    rss = rss_bytes(pid)
    bench.stopping.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await bench.http.aclose()
    await keeper.stop()
    f = bench.figures
    return {
        "games": args.games,
        "games_started": f.started,
        "setup_retries": f.setup_retries,
        "seconds": round(wall, 1),
        "actions": f.actions,
        "actions_per_s": round(f.actions / wall, 1),
        "events_stored": events,
        "refused": f.refused,
        "matches_ended": f.matches_ended,
        "p50_ms": round(1000 * percentile(f.latencies, 0.50), 1),
        "p99_ms": round(1000 * percentile(f.latencies, 0.99), 1),
        "max_ms": round(1000 * max(f.latencies, default=float("nan")), 1),
        "mean_ms": round(1000 * statistics.fmean(f.latencies), 1) if f.latencies else None,
        "server_cpu_share": round(cpu / wall, 3),
        "server_cpu_ms_per_action": round(1000 * cpu / max(f.actions, 1), 2),
        "server_cpu_ms_per_event": round(1000 * cpu / max(events, 1), 2),
        "server_system_ms_per_event": round(1000 * system / max(events, 1), 2),
        "client_cpu_share": round(client_cpu / wall, 3),
        "server_rss_mb": round(rss / 2**20, 1),
        "rss_kb_per_game": round(rss / 1024 / max(args.games, 1), 1),
        "load_average": list(os.getloadavg()),
        "failures": f.failures[:5],
    }


@contextmanager
def server(args: argparse.Namespace, folder: Path) -> Iterator[tuple[str, int, str]]:
    """The server running on its own database: its base URL, its pid, the database URL."""
    url = args.database_url or f"sqlite:///{folder / 'gamehall.db'}"
    many = "1000000/second"
    env = {
        **os.environ,
        "GAMEHALL_DATABASE_URL": url,
        "GAMEHALL_DATA_DIR": str(folder),
        "GAMEHALL_PORT": str(args.port),
        "GAMEHALL_GRACE_SECONDS": "600",
        **{f"GAMEHALL_RATE_{name}": many for name in ("GUEST", "SEEKS", "ACTIONS", "LOGIN")},
    }
    command = [sys.executable, "-c", "from gamehall.cli import main; main(['serve'])"]
    log = (folder / "server.log").open("w")
    process = subprocess.Popen(
        command,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        preexec_fn=lambda: os.setpriority(os.PRIO_PROCESS, 0, args.server_nice),
    )
    base = f"http://127.0.0.1:{args.port}"
    try:
        for _ in range(600):
            try:
                if httpx2.get(f"{base}/api/computer/levels", timeout=1).status_code == 200:
                    break
            except httpx2.HTTPError:
                pass
            if process.poll() is not None:
                raise RuntimeError(f"the server stopped; see {folder / 'server.log'}")
            time.sleep(0.1)
        yield base, process.pid, url
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="matches played at once")
    parser.add_argument("--seconds", type=float, default=120, help="the measured window")
    parser.add_argument("--ramp", type=float, default=30, help="seconds to start every game")
    parser.add_argument("--warmup", type=float, default=15, help="seconds before measuring")
    parser.add_argument("--pace-min", type=float, default=1.0)
    parser.add_argument("--pace-max", type=float, default=3.0)
    parser.add_argument("--length", type=int, default=3, help="match length in points")
    parser.add_argument("--clock", default="fischer:600+10", help="the time control")
    parser.add_argument("--database-url", help="e.g. postgresql://...; default a new SQLite")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument(
        "--server-nice",
        type=int,
        default=0,
        help="the server's niceness (0 by default, even when this client runs niced: lowering "
        "it needs root)",
    )
    parser.add_argument("--http-connections", type=int, default=50)
    parser.add_argument("--keep", action="store_true", help="keep the database and log")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="gamehall-load-"))
    with server(args, folder) as (base, pid, url):
        result = asyncio.run(run(args, base, pid, url))
    result["database"] = url.split(":", 1)[0]
    print(json.dumps(result, indent=2))
    if args.keep:
        print(f"database and server log kept in {folder}", file=sys.stderr)
    else:
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()


if __name__ == "__main__":
    main()
