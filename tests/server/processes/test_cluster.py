"""The production layout (``tools/cluster``: three ``gamehall serve`` processes on PostgreSQL and
Redis behind HAProxy) under live games: a process killed (SIGKILL) and another drained
(SIGTERM) mid-game, then a rolling restart of all three; the players reconnect through the proxy
and play every match to its end, no event they were sent is lost and no legal action of theirs
is refused. 45-80 s: the cluster starts, and processes start again five times (some 5-8 s
each on a busy machine, most of it Python's imports)."""

import asyncio
import subprocess
import sys
import time
from pathlib import Path

from server.processes.players import (
    GuestSession,
    Seen,
    check_against_store,
    new_match,
    play_seat,
)
from support import aio
from support.services import ROOT

TOOL = ROOT / "tools" / "cluster"  # the repository's own script
PAIRS = 6
PAUSE = 0.03
"""Seconds a player waits before each action: the games go on through each restart without
running the two cores flat."""
SETTINGS = {
    "GAMEHALL_BOT_DELAY": "0",
    "GAMEHALL_WARM_ENGINES": "false",
    "GAMEHALL_DRAIN_SECONDS": "5",
    # every player is on 127.0.0.1, and the servers see the proxy's address anyway
    "GAMEHALL_RATE_ACTIONS": "10000/second",
    "GAMEHALL_RATE_GUEST": "10000/second",
    "GAMEHALL_RATE_SEEKS": "10000/minute",
}


def cluster(*args: str) -> str:
    """Run ``tools/cluster`` with ``args``; returns what it printed."""
    done = subprocess.run(
        [sys.executable, str(TOOL), *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"tools/cluster {' '.join(args)}: {done.stderr}"
    return done.stdout


class Load:
    """``PAIRS`` pairs of guests playing one match after another through the proxy until
    ``stop``, each match to its end."""

    def __init__(self, proxy: str, deadline: float) -> None:
        self.proxy = proxy
        self.deadline = deadline
        self.seen: list[Seen] = []
        self.stopping = asyncio.Event()
        self.pairs = [(GuestSession.make(proxy), GuestSession.make(proxy)) for _ in range(PAIRS)]
        self.task = asyncio.gather(*(self._pair(first, second) for first, second in self.pairs))

    async def _pair(self, first: GuestSession, second: GuestSession) -> None:
        while not self.stopping.is_set():
            seen = Seen(await asyncio.to_thread(new_match, first, second, self.proxy))
            self.seen.append(seen)
            await asyncio.gather(
                *(
                    play_seat(lambda: self.proxy, player, seen, self.deadline, PAUSE)
                    for player in (first, second)
                )
            )

    def events(self) -> int:
        return sum(len(seen.events) for seen in self.seen)

    async def progress(self, events: int) -> None:
        """Wait until ``events`` more events were played."""
        wanted = self.events() + events
        while self.events() < wanted:
            if self.task.done():
                self.task.result()
            await asyncio.sleep(0.05)

    async def finish(self) -> list[Seen]:
        """Let every match being played end; what the players were sent."""
        self.stopping.set()
        await self.task
        return self.seen


def test_games_go_on_through_a_kill_a_drain_and_a_rolling_restart(
    database_url: str, tmp_path: Path
) -> None:
    folder = str(tmp_path / "cluster")
    options = [f"--env={name}={value}" for name, value in SETTINGS.items()]
    proxy = cluster(
        "up", "--processes=3", f"--dir={folder}", f"--database-url={database_url}", *options
    ).strip()
    try:

        async def crash_and_drain() -> list[Seen]:
            load = Load(proxy, time.monotonic() + 60)
            await load.progress(60)
            await asyncio.to_thread(cluster, "kill", "1", f"--dir={folder}")
            await load.progress(60)
            await asyncio.to_thread(cluster, "drain", "2", f"--dir={folder}")
            await load.progress(60)
            return await load.finish()

        seen = aio.run(crash_and_drain())
        check_against_store(database_url, seen)
        closes = [code for one in seen for code in one.closes]
        assert 1012 in closes, closes  # the drained process's players were told to reconnect
        assert None in closes, closes  # the killed process's were cut off

        cluster("restart", "1", f"--dir={folder}")  # the two stopped processes back
        cluster("restart", "2", f"--dir={folder}")

        async def rolling_restart() -> list[Seen]:
            load = Load(proxy, time.monotonic() + 90)
            await load.progress(40)
            for process in ("1", "2", "3"):
                await asyncio.to_thread(cluster, "restart", process, f"--dir={folder}")
                await load.progress(30)  # the games go on meanwhile
            return await load.finish()

        seen = aio.run(rolling_restart())
        check_against_store(database_url, seen)
        assert 1012 in [code for one in seen for code in one.closes]
    finally:
        cluster("down", f"--dir={folder}")
