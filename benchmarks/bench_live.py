"""Speed of the live-match server (``gamehall.server.live``), in-process on a temporary SQLite
file, with fake sockets: figures printed, never asserted.

(a) A long backgammon match (7 points, 2,000+ events; 25 points, 6,000+), played by random
    computer players on seeded dice and stored with the snapshot the server would have stored
    last (``SNAPSHOT_EVERY - 1`` events before the end, the most a load replays): the time to
    load it (the snapshot and the events after it read and replayed, in a worker thread; the
    earlier events stay in the store; then from memory) with the process's CPU time, the
    first look of a player (the hello with the whole log: the earlier events fetched), the
    same load for a copy stored without a snapshot (a replay of the whole log, as every load
    was before snapshots), the time and CPU of one more move applied by a player (the play
    layer, the store, the messages), and the time another process takes to apply that move
    to its copy (delivered through a broker).
(b) 100 games played at once on one process by fake players (thinking 0.2 to 1 s, or 0 to
    20 ms), while a spectator opens the long match: a heartbeat task measures the event loop's
    worst stall, and ``gc.callbacks`` CPython's longest full garbage collection (which stops
    every thread, the loop's too).

Run ``.venv/bin/pytest benchmarks/bench_live.py --benchmark-only -s`` for the figures of the
full sizes (docs/server.md has them); with ``--benchmark-disable`` (``make test``) the same
code runs once on short matches.
"""

import asyncio
import contextlib
import gc
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher

from gamehall.engines import find_engine
from gamehall.engines.driver import step
from gamehall.play.actions import action_from_dict
from gamehall.play.dice import SeededDice
from gamehall.play.settings import BackgammonSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.server.bus import Bus
from gamehall.server.collector import GarbageKeeper
from gamehall.server.config import Config
from gamehall.server.live import LiveMatch, LiveMatches, SystemClock
from gamehall.server.live.snapshots import SNAPSHOT_EVERY
from gamehall.store import PlayerSeat, Store, upgrade_database

Deliver = Callable[[str, dict[str, Any]], Awaitable[None]]
CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


class Socket:
    """A fake socket: keeps the last message, and wakes whoever waits for the next."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.last: dict[str, Any] = {}
        self.arrived = asyncio.Event()

    def send(self, message: dict[str, Any]) -> None:
        if message["type"] in ("hello", "update", "error"):
            self.last = message
            self.arrived.set()


class Broker:
    """Two managers on one event loop, as Redis joins processes: a message is delivered to
    every process (the publisher too, which skips its own) after ``publish`` returns; the time
    of an update's delivery is that of the slowest, the process that applied it."""

    def __init__(self) -> None:
        self.listeners: list[Deliver] = []
        self.deliveries: list[float] = []
        self.pending: set[asyncio.Task[None]] = set()

    async def publish(self, match_id: str, message: dict[str, Any]) -> None:
        task = asyncio.create_task(self._deliver(match_id, message))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def _deliver(self, match_id: str, message: dict[str, Any]) -> None:
        times = []
        for deliver in list(self.listeners):
            start = time.perf_counter()
            await deliver(match_id, message)
            times.append(time.perf_counter() - start)
        if message["type"] == "update":
            self.deliveries.append(max(times))

    async def settled(self) -> None:
        """Wait until every message published so far is delivered."""
        while self.pending:
            await asyncio.gather(*self.pending)

    async def listen(self, deliver: Deliver, connected: Callable[[], Awaitable[None]]) -> None:
        self.listeners.append(deliver)
        await connected()
        await asyncio.Event().wait()

    async def close(self) -> None:
        return None


class Collections:
    """The longest full garbage collection of CPython (``gc.callbacks``): it holds every thread,
    the event loop's too, whatever the server does."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._start = 0.0

    def note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        elif info["generation"] == 2:
            self.worst = max(self.worst, time.perf_counter() - self._start)


def long_match(length: int, events: int, seed: int) -> tuple[TablesMatch, dict[str, Any]]:
    """A backgammon match to ``length`` of at least ``events`` events, still being played (a
    player to roll), by random players who never double; and its latest snapshot that stands
    at least ``SNAPSHOT_EVERY - 1`` events before its end."""
    clock = [time.time() - 10 * events]
    match = TablesMatch(
        BackgammonSettings(length=length),
        ("ann", "bob"),
        dice=SeededDice(seed),
        time_source=lambda: clock[0],
    )
    match.start()
    engines = {seat: find_engine("backgammon", "random", seed + seat) for seat in (0, 1)}
    snapshots = [match.snapshot()]
    while not match.is_over and not (len(match.events) >= events and match.phase == "roll"):
        seat = match.to_act
        assert seat is not None
        if match.phase == "roll":
            match.act(seat, "roll")
        else:
            step(match, seat, engines[seat])
        clock[0] += 1.0
        snapshots.append(match.snapshot())
    end = len(match.events) - (SNAPSHOT_EVERY - 1)
    return match, next(s for s in reversed(snapshots) if s["events"] <= end)


def stored_long_match(store: Store, length: int, events: int) -> tuple[str, str, int]:
    """Store the first seed's long match that is still being played twice: with its snapshot,
    and as a match stored before snapshots; both ids and its number of events."""
    for seed in range(1, 100):
        match, saved = long_match(length, events, seed)
        if not match.is_over:
            ann = store.users.by_name("ann") or store.users.create("ann", "password-ann")
            bob = store.users.by_name("bob") or store.users.create("bob", "password-bob")
            seats = [PlayerSeat(u.id, "human", None, u.name) for u in (ann, bob)]
            match_id = store.matches.create(match.to_dict(secrets=True), players=seats)
            summary = {"players": ["ann", "bob"], "score": match.score, "winner": None}
            store.matches.append(
                match_id, [], secrets=None, status="playing", summary=summary, snapshot=saved
            )
            old_id = store.matches.create(match.to_dict(secrets=True), players=seats)
            return match_id, old_id, len(match.events)
    raise AssertionError("no seed gave a long match")


def choice(message: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """A player's action on ``message``: a random whole play, else confirm, roll, take..."""
    actions = message.get("actions", [])
    legal = message.get("legal")
    if legal and legal["plays"] and "play" in actions:
        return "play", {"text": rng.choice(legal["plays"])}
    for kind in ("confirm", "roll", "take", "decline", "next_game"):
        if kind in actions:
            return kind, {}
    return None


async def one_more_move(manager: LiveMatches, live: LiveMatch, sockets: list[Socket]) -> float:
    """The time of the next action of the player to act (a roll or a play with its confirm)."""
    seat = live.match.to_act
    assert seat is not None
    picked = choice(sockets[seat].last, random.Random(0))
    assert picked is not None, sockets[seat].last
    start = time.perf_counter()
    await manager.act(live, sockets[seat], action_from_dict({"kind": picked[0], **picked[1]}), None)
    return time.perf_counter() - start


def temporary_store() -> tuple[Store, str]:
    """A store on a new SQLite file, with the cheapest password hashing (many players)."""
    folder = Path(tempfile.mkdtemp(prefix="gamehall-bench-"))
    url = f"sqlite:///{folder / 'gamehall.db'}"
    upgrade_database(url)
    return Store(url, password_hasher=CHEAP_HASHER), url


async def long_match_figures(length: int, events: int) -> dict[str, float]:
    """(a): load, move, remote move and finished-state times of one long match."""
    store, url = temporary_store()
    config = Config(database_url=url, bot_delay=0)
    broker = Broker()
    here = LiveMatches(store, config, Bus(broker, clock=SystemClock()))
    there = LiveMatches(store, config, Bus(broker, clock=SystemClock()))
    await here.start()
    await there.start()
    match_id, old_id, count = await asyncio.to_thread(stored_long_match, store, length, events)
    start, cpu = time.perf_counter(), time.process_time()
    live = await here.get(match_id)
    cold, cold_cpu = time.perf_counter() - start, time.process_time() - cpu
    sockets = [Socket(0), Socket(1)]
    start = time.perf_counter()
    await here.join(live, sockets[0])
    first_look = time.perf_counter() - start
    start = time.perf_counter()
    replayed = await here.get(old_id)
    replay = time.perf_counter() - start
    assert replayed.match.to_dict() == live.match.to_dict()
    start = time.perf_counter()
    await here.get(match_id)
    warm = time.perf_counter() - start
    elsewhere = await there.get(match_id)
    await broker.settled()
    await here.join(live, sockets[1])
    await there.join(elsewhere, Socket(None))
    broker.deliveries.clear()
    moves, moves_cpu = [], []
    for _ in range(20):
        cpu = time.process_time()
        moves.append(await one_more_move(here, live, sockets))
        moves_cpu.append(time.process_time() - cpu)
        await broker.settled()
    assert [e.to_dict() for e in elsewhere.match.events] == [e.to_dict() for e in live.match.events]
    await here.stop()
    await there.stop()
    store.close()
    return {
        "events": count,
        "cold_load_ms": cold * 1000,
        "cold_load_cpu_ms": cold_cpu * 1000,
        "first_look_ms": first_look * 1000,
        "replay_load_ms": replay * 1000,
        "cached_load_ms": warm * 1000,
        "move_ms": statistics.median(moves) * 1000,
        "move_cpu_ms": statistics.median(moves_cpu) * 1000,
        "remote_move_ms": statistics.median(broker.deliveries) * 1000,
    }


async def under_load(
    games: int, seconds: float, long_events: int, think: tuple[float, float]
) -> dict[str, float]:
    """(b): ``games`` games at once for ``seconds``, whose players think ``think`` seconds (at
    random in that range) before each action, and a long match opened meanwhile; the event
    loop's worst stall (a 5 ms heartbeat's lateness) and the actions per second."""
    store, url = temporary_store()
    manager = LiveMatches(store, Config(database_url=url, bot_delay=0))
    await manager.start()
    long_id, _, _ = await asyncio.to_thread(stored_long_match, store, 7, long_events)
    users = await asyncio.to_thread(
        lambda: [store.users.create(f"player{i}", "password-player") for i in range(2 * games)]
    )
    done = asyncio.Event()
    actions = [0]
    stalls: list[float] = []

    async def heartbeat() -> None:
        loop = asyncio.get_running_loop()
        while not done.is_set():
            before = loop.time()
            await asyncio.sleep(0.005)
            stalls.append(loop.time() - before - 0.005)

    async def player(live: LiveMatch, socket: Socket, rng: random.Random) -> None:
        while not done.is_set() and not live.match.is_over:
            socket.arrived.clear()
            picked = choice(socket.last, rng)
            if picked is None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(socket.arrived.wait(), 0.5)
                continue
            await asyncio.sleep(rng.uniform(*think))
            action = action_from_dict({"kind": picked[0], **picked[1]})
            await manager.act(live, socket, action, None)
            actions[0] += 1

    async def table(number: int) -> None:
        rng = random.Random(number)
        while not done.is_set():
            pair = users[2 * number : 2 * number + 2]
            seats = [PlayerSeat(u.id, "human", None, u.name) for u in pair]
            match_id = await manager.create(BackgammonSettings(length=3), seats)
            live = await manager.get(match_id)
            sockets = [Socket(0), Socket(1)]
            for socket in sockets:
                await manager.join(live, socket)
            await asyncio.gather(*(player(live, s, rng) for s in sockets))

    async def spectator() -> None:
        await asyncio.sleep(seconds / 3)
        live = await manager.get(long_id)
        await manager.join(live, Socket(None))

    keeper = GarbageKeeper()  # as the app does once started
    keeper.start()
    collections = Collections()
    gc.callbacks.append(collections.note)
    beat = asyncio.create_task(heartbeat())
    await asyncio.sleep(min(seconds / 5, 2.0))  # the idle loop first, for comparison
    idle = sorted(stalls)
    stalls.clear()
    collections.worst = 0.0
    tables = [asyncio.create_task(table(i)) for i in range(games)]
    watcher = asyncio.create_task(spectator())
    await asyncio.sleep(seconds)
    done.set()
    await asyncio.gather(beat, watcher, *tables)
    await keeper.stop()
    await manager.stop()
    gc.callbacks.remove(collections.note)
    store.close()
    stalls.sort()
    return {
        "games": games,
        "actions_per_second": actions[0] / seconds,
        "worst_stall_ms": stalls[-1] * 1000,
        "p99_stall_ms": stalls[int(len(stalls) * 0.99)] * 1000,
        "idle_worst_stall_ms": idle[-1] * 1000,
        "worst_full_gc_ms": collections.worst * 1000,
    }


def _report(benchmark: Any, title: str, figures: dict[str, float]) -> None:
    benchmark.extra_info.update({k: round(v, 2) for k, v in figures.items()})
    text = ", ".join(f"{k} {v:,.1f}" for k, v in figures.items())
    print(f"\n{title}: {text}")


@pytest.mark.parametrize(("length", "events"), [(7, 2000), (25, 6000)])
def bench_long_match_load_and_move(benchmark: Any, length: int, events: int) -> None:
    """(a) for a 7-point and a 25-point match (30 and 60 events when benchmarks are off)."""
    if benchmark.disabled:
        events = events // 100 + 10
    figures = benchmark.pedantic(
        lambda: asyncio.run(long_match_figures(length, events)), rounds=1, iterations=1
    )
    _report(benchmark, f"{length}-point match", figures)


@pytest.mark.parametrize(
    ("think", "label"), [((0.2, 1.0), "people-like"), ((0.0, 0.02), "flat out")]
)
def bench_hundred_games_at_once(benchmark: Any, think: tuple[float, float], label: str) -> None:
    """(b): 100 games for 10 s (10 games for 1 s when benchmarks are off), the players
    thinking 0.2 to 1 s (people-like) or 0 to 20 ms (flat out, the process at full load)."""
    games, seconds, long_events = (10, 1.0, 30) if benchmark.disabled else (100, 10.0, 2000)
    figures = benchmark.pedantic(
        lambda: asyncio.run(under_load(games, seconds, long_events, think)),
        rounds=1,
        iterations=1,
    )
    _report(benchmark, f"{games} games at once, {label}", figures)
