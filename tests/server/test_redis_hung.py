"""A hung Redis costs only the delivery between processes, never a player's own move.

Issue 41 (fault 2): with Redis stopped by SIGSTOP, one's own move on a one-process game waited
6.9 s, as the rate limiter (for every frame) and the publication of every change waited for
Redis each time. Here "Redis" is a TCP server that accepts connections and never answers, and
then a real ``redis-server`` stopped by SIGSTOP in the middle of a game.
"""

import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gamehall.server.config import Config
from server.helpers import Socket, running
from support.services import RedisServer

MOVES = ["h8", "h9", "j10", "g10", "j8", "j9"]
LATENCY = 0.5
"""Seconds one's own move may take to come back, at most (a machine shared with other work)."""


@contextmanager
def hung_redis() -> Iterator[str]:
    """The URL of a "Redis" that accepts connections and never answers."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.05)
    accepted: list[socket.socket] = []
    done = threading.Event()

    def accept() -> None:
        while not done.is_set():
            try:
                connection, _ = server.accept()
            except TimeoutError:
                continue
            accepted.append(connection)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    finally:
        done.set()
        thread.join(5)
        server.close()
        for connection in accepted:
            connection.close()


def _latencies(black: Socket, white: Socket) -> list[float]:
    """Play ``MOVES`` on the players' sockets; the seconds each move took to come back."""
    latencies = []
    for number, point in enumerate(MOVES):
        mover, other = (black, white) if number % 2 == 0 else (white, black)
        began = time.perf_counter()
        mover.act("move", point=point)
        state = mover.reply()["state"]
        latencies.append(time.perf_counter() - began)
        assert len(state["moves"]) == number + 1
        assert other.reply()["state"] == state
    return latencies


def test_a_hung_redis_does_not_delay_ones_own_move(config: Config) -> None:
    with hung_redis() as url, running(config, redis_url=url) as hall:
        match_id, players = hall.match_between({"game": "renju"})
        with players[0].socket(match_id) as black, players[1].socket(match_id) as white:
            latencies = _latencies(black, white)
        assert max(latencies) < LATENCY, latencies


def test_a_redis_stopped_mid_game_does_not_delay_ones_own_move(
    config: Config, tmp_path: Path
) -> None:
    redis = RedisServer(tmp_path / "redis")
    redis.start()
    assert redis.process is not None
    try:
        with running(config, redis_url=redis.url) as hall:
            match_id, players = hall.match_between({"game": "renju"})
            with players[0].socket(match_id) as black, players[1].socket(match_id) as white:
                os.kill(redis.process.pid, signal.SIGSTOP)  # connections open, no answer
                try:
                    latencies = _latencies(black, white)
                finally:
                    os.kill(redis.process.pid, signal.SIGCONT)
        assert max(latencies) < LATENCY, latencies
    finally:
        redis.kill()
