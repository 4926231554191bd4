"""The real server killed with SIGKILL in the middle of several games loses no acknowledged event.

The server process (``gamehall serve`` on an SQLite file) is started, several matches are played
at once as fast as their players can act, and the process is killed with ``kill -9`` while
actions are in flight. An event is acknowledged once any player has received it in an
``update``: the server sends one only after the store has committed it. After a restart every
acknowledged event is in the store, exactly as it was sent, and the players reconnect (their
sessions survive) and play on. This test takes some 10-20 s: it starts the server twice.
"""

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import websockets

from gamehall.store import Store
from server.helpers import tables_choice
from support import aio

GAMES = 6
PLAY_SECONDS = 4.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def _server(database_url: str, port: int, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """The real server on ``database_url``, ready; killed (if still running) afterwards."""
    many = "100000/second"
    env = {
        **os.environ,
        "GAMEHALL_DATABASE_URL": database_url,
        "GAMEHALL_PORT": str(port),
        "GAMEHALL_WARM_ENGINES": "false",  # its players are people
        **{f"GAMEHALL_RATE_{name}": many for name in ("GUEST", "SEEKS", "ACTIONS")},
    }
    command = [sys.executable, "-c", "from gamehall.cli import main; main(['serve'])"]
    with log.open("ab") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, log.read_text()
            try:
                if httpx2.get(f"http://127.0.0.1:{port}/api/me", timeout=1).status_code == 200:
                    break
            except httpx2.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


class Player:
    """A guest with its session cookie, playing one side of a match over the socket."""

    def __init__(self, base: str, cookie: str, csrf: str) -> None:
        self.base = base
        self.cookie = cookie
        self.csrf = csrf

    def headers(self) -> dict[str, str]:
        return {"Cookie": f"gamehall_session={self.cookie}", "Origin": self.base}

    def socket(self, match_id: str) -> Any:
        url = f"{self.base.replace('http', 'ws')}/ws/matches/{match_id}"
        return websockets.connect(url, additional_headers=self.headers(), max_size=None)


async def _guest(http: httpx2.AsyncClient, base: str) -> Player:
    answer = await http.post("/api/guest")
    answer.raise_for_status()
    return Player(base, answer.cookies["gamehall_session"], answer.json()["csrf_token"])


async def _match(http: httpx2.AsyncClient, first: Player, second: Player) -> str:
    settings = {"game": "backgammon", "length": 5, "clock": "fischer:600+10"}
    seek = await http.post(
        "/api/seeks",
        json={"settings": settings},
        headers=first.headers() | {"X-CSRF-Token": first.csrf},
    )
    seek.raise_for_status()
    accept = await http.post(
        f"/api/seeks/{seek.json()['id']}/accept",
        json={},
        headers=second.headers() | {"X-CSRF-Token": second.csrf},
    )
    accept.raise_for_status()
    return str(accept.json()["match_id"])


async def _play(player: Player, match_id: str, acked: dict[int, dict[str, Any]]) -> None:
    """Play one side as fast as the server answers, noting every event received, until the
    socket dies."""
    rng = random.Random(match_id)
    try:
        async with player.socket(match_id) as ws:
            async for raw in ws:
                message = json.loads(raw)
                if message["type"] == "update":
                    for event in message["events"]:
                        acked[event["seq"]] = event
                if message["type"] not in ("hello", "update"):
                    continue
                if message["state"]["phase"] == "over":
                    return
                legal = message.get("legal") or {}
                if "play" in message["actions"] and legal.get("plays"):
                    kind, data = "play", {"text": rng.choice(legal["plays"])}
                else:
                    choice = tables_choice(message)
                    if choice is None:
                        continue
                    kind, data = choice
                await ws.send(json.dumps({"type": "action", "kind": kind, "data": data}))
    except (websockets.ConnectionClosed, OSError):
        return


async def _games_until_killed(
    base: str, process: subprocess.Popen[bytes]
) -> tuple[dict[str, dict[int, dict[str, Any]]], dict[str, list[Player]]]:
    """Start the games, kill the server with SIGKILL while they play; the acknowledged events
    of each match by seq, and its players."""
    acked: dict[str, dict[int, dict[str, Any]]] = {}
    players: dict[str, list[Player]] = {}
    async with httpx2.AsyncClient(base_url=base, headers={"Origin": base}) as http:
        for _ in range(GAMES):
            pair = [await _guest(http, base), await _guest(http, base)]
            match_id = await _match(http, *pair)
            acked[match_id], players[match_id] = {}, pair
    tasks = [
        asyncio.create_task(_play(player, match_id, acked[match_id]))
        for match_id, pair in players.items()
        for player in pair
    ]
    await asyncio.sleep(PLAY_SECONDS)
    os.kill(process.pid, signal.SIGKILL)
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=30)
    return acked, players


async def _reconnect(pair: list[Player], match_id: str) -> tuple[list[Any], dict[int, Any]]:
    """Both players reconnect: their hellos, then the events of their play until one is
    acknowledged (10 s at most: a loaded machine can take seconds to resume a match)."""
    hellos = []
    for player in pair:
        async with player.socket(match_id) as ws:
            hellos.append(json.loads(await ws.recv()))
    after: dict[int, dict[str, Any]] = {}
    sides = [asyncio.create_task(_play(player, match_id, after)) for player in pair]
    deadline = asyncio.get_running_loop().time() + 10
    while not after and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
    for side in sides:
        side.cancel()
    await asyncio.gather(*sides, return_exceptions=True)
    return hellos, after


def _timeless(state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key != "clocks"}


def test_sigkill_under_load_loses_no_acknowledged_event(tmp_path: Path) -> None:
    database_url = f"sqlite:///{tmp_path / 'gamehall.db'}"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    with _server(database_url, port, log) as process:
        acked, players = aio.run(_games_until_killed(base, process))
        assert process.wait(10) == -signal.SIGKILL
    assert sum(len(events) for events in acked.values()) >= GAMES * 5, "too few events played"
    with Store(database_url) as store:
        for match_id, events in acked.items():
            stored = store.matches.load(match_id)
            assert stored is not None and stored.events is not None
            by_seq = {event["seq"]: event for event in stored.events}
            missing = sorted(seq for seq in events if seq not in by_seq)
            assert not missing, f"match {match_id}: acknowledged events {missing} were lost"
            assert all(by_seq[seq] == event for seq, event in events.items())
    with _server(database_url, port, log):
        for match_id, pair in players.items():
            hellos, after = aio.run(_reconnect(pair, match_id))
            assert [hello["you"] for hello in hellos] in ([0, 1], [1, 0])
            known = len(hellos[0]["events"])
            assert known > max(acked[match_id])
            assert _timeless(hellos[0]["state"]) == _timeless(hellos[1]["state"])
            assert after, f"match {match_id} did not go on after the restart"
            assert min(after) == known
