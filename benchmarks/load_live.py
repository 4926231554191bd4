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

A window of two minutes or more is also reported minute by minute (each minute's p99 and the
server's RSS at its end), with the full garbage collections the server logged meanwhile and how
long each held it. Two more loads can run beside the games:

- ``--lobby-seeks N --lobby-sockets M``: N open seeks (never accepted) and M
  anonymous lobby sockets that read everything pushed to them, while ``--lobby-churn`` times
  a second (once by default) the oldest seek is withdrawn and a new one made: the bytes a
  second the lobby pushes;
- ``--heavy-clients K``: a finished match of about 6,000 events (``--heavy-length`` points,
  random players) stored before the server starts, and K clients each looping on its review and
  its ``.mat`` record: the requests answered and refused.

The server is started with every rate limit and cap that one client address would meet lifted
(the load client is one address).
"""

import argparse
import asyncio
import collections
import json
import math
import os
import random
import re
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

from gamehall.engines import find_engine
from gamehall.engines.driver import step
from gamehall.play.dice import SeededDice
from gamehall.play.settings import BackgammonSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.server.collector import GarbageKeeper
from gamehall.store import PlayerSeat, Store, upgrade_database

TICKS = os.sysconf("SC_CLK_TCK")
NO_COOKIES = CookieJar(DefaultCookiePolicy(allowed_domains=[]))
"""The client keeps no cookies: each request sends its own guest's session (a kept cookie
would go along with it, as a second session cookie)."""
T = TypeVar("T")


@dataclass
class Figures:
    """What the games measured; ``measuring`` is on during the measured window only."""

    measuring: bool = False
    began: float = 0.0
    """When the measured window began (``perf_counter``)."""
    latencies: list[float] = field(default_factory=list)
    minutes: list[list[float]] = field(default_factory=list)
    """The latencies of each minute of the window."""
    lobby_bytes: int = 0
    heavy_answered: int = 0
    heavy_refused: int = 0
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
        self.lobby_ready = False
        """Whether the lobby's seeks are all open (the churn begins)."""
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

    def note(self, latency: float) -> None:
        """An action's latency, in the window and in its minute."""
        f = self.figures
        f.latencies.append(latency)
        f.actions += 1
        minute = int((time.perf_counter() - f.began) // 60)
        while len(f.minutes) <= minute:
            f.minutes.append([])
        f.minutes[minute].append(latency)

    async def lobby_socket(self) -> None:
        """An anonymous lobby socket counting the bytes pushed to it while measuring."""
        url = f"{self.ws_base}/ws/lobby"
        async with websockets.connect(
            url, additional_headers={"Origin": self.base}, max_size=None, ping_interval=None
        ) as ws:
            async for raw in ws:
                if self.figures.measuring:
                    self.figures.lobby_bytes += len(raw)

    async def lobby_seeks(self, count: int, churn: float) -> None:
        """``count`` open seeks (of a guest per 500, the most one may have open being 1,000),
        then ``churn`` times a second the oldest withdrawn and a new one made: a change of the
        list the lobby shows (the oldest ``GAMEHALL_LOBBY_SEEKS``) both ways."""
        open_seeks: collections.deque[tuple[Guest, str]] = collections.deque()
        for first in range(0, count, 500):
            owner = await self.retried(self.guest)
            for batch in range(first, min(first + 500, count), 20):  # 20 at a time
                made = await asyncio.gather(
                    *(self.seek(owner) for _ in range(min(20, count - batch, first + 500 - batch)))
                )
                open_seeks.extend((owner, seek_id) for seek_id in made)
        self.lobby_ready = True
        while churn > 0 and open_seeks:
            await asyncio.sleep(1 / churn)
            oldest, seek_id = open_seeks.popleft()
            await self.http.delete(
                f"/api/seeks/{seek_id}",
                headers={"X-CSRF-Token": oldest.csrf},
                cookies={"gamehall_session": oldest.cookie},
            )
            open_seeks.append((oldest, await self.seek(oldest)))

    async def seek(self, owner: Guest) -> str:
        answer = await self.http.post(
            "/api/seeks",
            json={"settings": self.settings},
            headers={"X-CSRF-Token": owner.csrf},
            cookies={"gamehall_session": owner.cookie},
        )
        answer.raise_for_status()
        return str(answer.json()["id"])

    async def heavy_reader(self, match_id: str) -> None:
        """Loop on the finished match's review and ``.mat`` record."""
        while not self.stopping.is_set():
            for path in ("review", "record.mat"):
                answer = await self.http.get(f"/api/matches/{match_id}/{path}")
                if self.figures.measuring:
                    if answer.status_code == 200:
                        self.figures.heavy_answered += 1
                    else:
                        self.figures.heavy_refused += 1
                        await asyncio.sleep(0.1)

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
                        self.note(time.perf_counter() - sent_at)
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


def finished_long_match(url: str, length: int) -> str:
    """Store a finished backgammon match to ``length`` points of random players (25 points:
    about 6,000 events) in the database at ``url``; its id."""
    upgrade_database(url)
    for seed in range(1, 100):
        match = TablesMatch(
            BackgammonSettings(length=length), ("heavy-ann", "heavy-bob"), dice=SeededDice(seed)
        )
        match.start()
        engines = {seat: find_engine("backgammon", "random", seed + seat) for seat in (0, 1)}
        while not match.is_over:
            seat = match.to_act
            assert seat is not None
            if match.phase == "roll":
                match.act(seat, "roll")
            else:
                step(match, seat, engines[seat])
        if match.winner is None:
            continue
        with Store(url) as store:
            ann = store.users.create("heavy-ann", "password-ann")
            bob = store.users.create("heavy-bob", "password-bob")
            seats = [PlayerSeat(u.id, "human", None, u.name) for u in (ann, bob)]
            match_id = store.matches.create(match.to_dict(secrets=True), players=seats)
            summary = {"players": ["heavy-ann", "heavy-bob"], "score": match.score}
            store.matches.append(
                match_id,
                [],
                secrets=None,
                status="over",
                summary={**summary, "winner": match.winner, "end_reason": match.end_reason},
            )
        print(f"stored match {match_id}: {len(match.events)} events", file=sys.stderr)
        return match_id
    raise RuntimeError("no seed gave a finished match")


def full_collections(log: Path, since: int) -> list[float]:
    """The milliseconds of each full garbage collection the server logged after byte ``since``."""
    text = log.read_text(errors="replace")[since:]
    return [float(ms) for ms in re.findall(r"full garbage collection: (\d+) ms", text)]


async def run(
    args: argparse.Namespace, base: str, pid: int, url: str, log: Path, heavy: str | None
) -> dict[str, Any]:
    keeper = GarbageKeeper()
    keeper.start()
    bench = Bench(args, base)
    tasks = [asyncio.create_task(bench.game(i)) for i in range(args.games)]
    if args.lobby_seeks or args.lobby_sockets:
        tasks.append(asyncio.create_task(bench.lobby_seeks(args.lobby_seeks, args.lobby_churn)))
        tasks += [asyncio.create_task(bench.lobby_socket()) for _ in range(args.lobby_sockets)]
    if heavy is not None:  # from the start: the first review is made during the warm-up
        tasks += [asyncio.create_task(bench.heavy_reader(heavy)) for _ in range(args.heavy_clients)]
    await asyncio.sleep(args.ramp + args.warmup)
    while (args.lobby_seeks or args.lobby_sockets) and not bench.lobby_ready:
        await asyncio.sleep(1)  # the measured window begins with the churn
    events_before = event_count(url)
    log_before = log.stat().st_size
    rss_before = rss_bytes(pid)
    rss_minutes: list[float] = []
    cpu_before, client_before = cpu_seconds(pid), time.process_time()
    began = bench.figures.began = time.perf_counter()
    bench.figures.measuring = True
    for _ in range(int(args.seconds // 60)):
        await asyncio.sleep(60)
        rss_minutes.append(round(rss_bytes(pid) / 2**20, 1))
    await asyncio.sleep(args.seconds % 60)
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
        "server_rss_at_start_mb": round(rss_before / 2**20, 1),
        "rss_kb_per_game": round(rss / 1024 / max(args.games, 1), 1),
        "load_average": list(os.getloadavg()),
        "failures": f.failures[:5],
        **minutes_and_extras(args, f, rss_minutes, full_collections(log, log_before), wall),
    }


def minutes_and_extras(
    args: argparse.Namespace, f: Figures, rss: list[float], collections: list[float], wall: float
) -> dict[str, Any]:
    """The window minute by minute (two minutes or more), the full collections, and the lobby's
    and heavy reads' figures when they ran."""
    extras: dict[str, Any] = {"full_collections_ms": collections}
    if args.seconds >= 120:
        extras["minutes"] = [
            {
                "minute": i + 1,
                "p99_ms": round(1000 * percentile(lat, 0.99), 1),
                "max_ms": round(1000 * max(lat, default=math.nan), 1),
                "rss_mb": rss[i] if i < len(rss) else None,
            }
            for i, lat in enumerate(f.minutes)
        ]
    if args.lobby_sockets:
        extras["lobby_mb_per_s"] = round(f.lobby_bytes / wall / 1e6, 3)
        extras["lobby_kb_per_socket_s"] = round(f.lobby_bytes / wall / 1e3 / args.lobby_sockets, 2)
    if args.heavy_clients:
        extras["heavy_answered_per_s"] = round(f.heavy_answered / wall, 2)
        extras["heavy_refused_per_s"] = round(f.heavy_refused / wall, 2)
    return extras


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
        "GAMEHALL_RATE_ACTIONS_ACCOUNT": many,  # the lobby's anonymous sockets: one address
        "GAMEHALL_SOCKETS_PER_ACCOUNT": "100000",
        "GAMEHALL_MAX_SEEKS": "1000",
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
    parser.add_argument("--lobby-seeks", type=int, default=0, help="open seeks in the lobby")
    parser.add_argument("--lobby-sockets", type=int, default=0, help="anonymous lobby sockets")
    parser.add_argument("--lobby-churn", type=float, default=1.0, help="seeks a second")
    parser.add_argument("--heavy-clients", type=int, default=0, help="clients of heavy reads")
    parser.add_argument("--heavy-length", type=int, default=25, help="its match's points")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="gamehall-load-"))
    heavy = None
    if args.heavy_clients:
        url = args.database_url or f"sqlite:///{folder / 'gamehall.db'}"
        heavy = finished_long_match(url, args.heavy_length)
    with server(args, folder) as (base, pid, url):
        result = asyncio.run(run(args, base, pid, url, folder / "server.log", heavy))
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
