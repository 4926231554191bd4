"""The live path's CPU per stored event, in one process, without HTTP or WebSockets.

``LiveMatches`` runs on a fresh SQLite file with ``--games`` backgammon matches (3 points,
``fischer:600+10``) played by fake sockets that write every message out as a socket would
(``dumps``, or the text an update comes with) and act on it at once, or after a random pause of
up to twice ``--pace`` seconds: a random legal play, else confirm, roll, take. The garbage
collector is kept as the server keeps it (``GarbageKeeper``). It prints the
stored events a second, the process's CPU time per stored event and the writer's batches. The
figure leaves out the network and the ASGI server (``load_live.py`` measures those too), so it
varies far less from run to run on a busy machine::

    nice -n 10 .venv/bin/python benchmarks/live_inprocess.py --games 20 --seconds 15
"""

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from sqlalchemy import create_engine, text

from gamehall.play.actions import action_from_dict
from gamehall.play.clock import TimeControl
from gamehall.play.settings import BackgammonSettings
from gamehall.server.collector import GarbageKeeper
from gamehall.server.config import Config
from gamehall.server.live import LiveMatch, LiveMatches, dumps
from gamehall.server.live.fanout import Serialised
from gamehall.store import PlayerSeat, Store, upgrade_database

SETTINGS = BackgammonSettings(length=3, clock=TimeControl.parse("fischer:600+10"))


class Socket:
    """A player's socket: every message written out, and kept for the player to read."""

    def __init__(self, seat: int) -> None:
        self.seat: int | None = seat
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        if not isinstance(message, Serialised):
            dumps(message)
        self.inbox.put_nowait(message)


def choose(message: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random legal play, else confirm, roll, take; None when it is not our turn."""
    actions, legal = message.get("actions") or [], message.get("legal") or {}
    if "play" in actions and legal.get("plays"):
        return {"kind": "play", "text": rng.choice(legal["plays"])}
    return next(({"kind": k} for k in ("confirm", "roll", "take") if k in actions), None)


async def side(
    live_matches: LiveMatches, live: LiveMatch, socket: Socket, rng: random.Random, pace: float
) -> None:
    """One player, until the match is over."""
    while True:
        message = await socket.inbox.get()
        if message["type"] not in ("hello", "update"):
            continue
        if message["state"]["phase"] == "over":
            return
        action = choose(message, rng)
        if action is not None:
            await asyncio.sleep(rng.uniform(0, 2 * pace))
            await live_matches.act(live, socket, action_from_dict(action), None)


async def table(
    live_matches: LiveMatches, seats: list[PlayerSeat], rng: random.Random, pace: float
) -> None:
    """Two players, match after match."""
    while True:
        live = await live_matches.get(await live_matches.create(SETTINGS, seats))
        sockets = [Socket(0), Socket(1)]
        for socket in sockets:
            await live_matches.join(live, socket)
        await asyncio.gather(*(side(live_matches, live, s, rng, pace) for s in sockets))
        for socket in sockets:
            await live_matches.leave(live, socket)


async def run(args: argparse.Namespace, folder: Path) -> None:
    url = f"sqlite:///{folder / 'gamehall.db'}"
    upgrade_database(url)
    store = Store(url, password_hasher=PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
    users = [store.users.create(f"guest{i}", None, guest=True) for i in range(2 * args.games)]
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in users]
    live_matches = LiveMatches(store, Config(database_url=url, grace_seconds=600))
    await live_matches.start()
    live_matches.serving()
    keeper = GarbageKeeper()  # the server's garbage collection, as it runs there
    keeper.start()
    tables = [
        asyncio.create_task(
            table(live_matches, seats[2 * i : 2 * i + 2], random.Random(i), args.pace)
        )
        for i in range(args.games)
    ]
    counter = create_engine(url)

    def events() -> int:
        with counter.connect() as connection:
            return int(connection.execute(text("SELECT count(*) FROM match_events")).scalar_one())

    await asyncio.sleep(args.warmup)
    writer = live_matches.persistence.writer
    stored, cpu, wall = events(), time.process_time(), time.perf_counter()
    appends, batches = writer.appends, writer.batches
    await asyncio.sleep(args.seconds)
    stored, cpu, wall = events() - stored, time.process_time() - cpu, time.perf_counter() - wall
    appends, batches = writer.appends - appends, writer.batches - batches
    for task in tables:
        task.cancel()
    await asyncio.gather(*tables, return_exceptions=True)
    await keeper.stop()
    await live_matches.stop()
    counter.dispose()
    store.close()
    print(
        f"{args.games} games: {stored} events in {wall:.1f} s ({stored / wall:.0f} a second), "
        f"{1000 * cpu / max(stored, 1):.3f} ms of CPU per stored event, "
        f"{cpu / wall:.2f} of a core; {appends / max(batches, 1):.1f} saves a transaction; "
        f"load average {os.getloadavg()[0]:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="matches played at once")
    parser.add_argument("--seconds", type=float, default=15, help="the measured window")
    parser.add_argument("--warmup", type=float, default=2, help="seconds before measuring")
    parser.add_argument(
        "--pace", type=float, default=0.0, help="mean seconds a player waits before acting"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gamehall-live-") as folder:
        asyncio.run(run(args, Path(folder)))


if __name__ == "__main__":
    main()
