"""The sockets one account (one address, without a login) may hold open at once: a socket over
the cap is closed with 4429 and says why; closing one frees its place; with Redis the cap holds
over every process, and a killed process's places lapse."""

import asyncio
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gamehall.server.config import Config
from gamehall.server.socket_caps import LEASE, SocketCaps, TooManySocketsError
from gamehall.server.socket_places import TOO_MANY_SOCKETS
from server.helpers import ORIGIN, FakeClock, Hall, running
from support.services import RedisServer


def _refused(client: TestClient, path: str) -> None:
    with (
        client.websocket_connect(path, headers={"Origin": ORIGIN}) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    assert closed.value.code == TOO_MANY_SOCKETS
    assert closed.value.reason == "you have 3 connections open, the most one player may have"


def test_an_account_holds_at_most_its_cap_of_sockets(config: Config) -> None:
    with running(config, sockets_per_account=3) as hall:
        match_id, players = hall.match_between({})
        ann = players[0]
        client = ann.client
        with (
            client.websocket_connect(f"/ws/matches/{match_id}", headers={"Origin": ORIGIN}) as game,
            client.websocket_connect("/ws/lobby", headers={"Origin": ORIGIN}),
            client.websocket_connect("/ws/user", headers={"Origin": ORIGIN}) as user,
        ):
            assert game.receive_json()["type"] == "hello"
            assert user.receive_json()["type"] == "hello"
            for path in (f"/ws/chat/{match_id}", "/ws/lobby", f"/ws/matches/{match_id}"):
                _refused(client, path)
            with players[1].socket(match_id) as other:  # another account counts alone
                assert other.hello["type"] == "hello"
            assert hall.services.sockets.open_here(f"user:{hall_user_id(hall, ann.name)}") == 3
        with client.websocket_connect(f"/ws/chat/{match_id}", headers={"Origin": ORIGIN}) as chat:
            assert chat.receive_json()["type"] == "hello"  # the places were given back


def test_an_address_without_a_login_holds_at_most_its_cap(config: Config) -> None:
    with running(config, sockets_per_account=3) as hall:
        watcher = hall.anonymous().client
        with (
            watcher.websocket_connect("/ws/lobby", headers={"Origin": ORIGIN}),
            watcher.websocket_connect("/ws/lobby", headers={"Origin": ORIGIN}),
            watcher.websocket_connect("/ws/lobby", headers={"Origin": ORIGIN}),
        ):
            _refused(hall.client(), "/ws/lobby")  # the same address, another browser
            elsewhere = hall.client(address="192.0.2.7")
            with elsewhere.websocket_connect("/ws/lobby", headers={"Origin": ORIGIN}) as lobby:
                assert lobby.receive_json()["type"] == "seeks"


def hall_user_id(hall: Hall, name: str) -> int:
    user = hall.store.users.by_name(name)
    assert user is not None
    return user.id


def test_the_cap_holds_over_processes_sharing_a_redis(tmp_path: Path) -> None:
    redis = RedisServer(tmp_path / "redis")
    redis.start()
    try:
        asyncio.run(_two_processes(redis.url))
    finally:
        redis.kill()


async def _two_processes(url: str) -> None:
    clock = FakeClock()
    first, second = SocketCaps.of(2, clock, url), SocketCaps.of(2, clock, url)
    try:
        kept = await first.take("user:1")
        await second.take("user:1")
        with pytest.raises(TooManySocketsError):
            await second.take("user:1")  # one on each process: the cap is reached
        await second.take("user:2")  # another account counts alone
        await first.release(kept)
        again = await second.take("user:1")
        with pytest.raises(TooManySocketsError):
            await first.take("user:1")
        clock.advance(LEASE - 1)
        await second.renew()  # the second process is alive: its places stay
        clock.advance(2)  # the first's would have lapsed; it holds none now anyway
        with pytest.raises(TooManySocketsError):
            await first.take("user:1")
        clock.advance(LEASE + 1)  # the second process is gone (killed): its places lapse
        await first.take("user:1")
        assert again.member is not None
    finally:
        await first.stop()
        await second.stop()


def test_without_redis_a_process_counts_its_own_sockets() -> None:
    async def check() -> None:
        caps = SocketCaps(1, FakeClock())
        place = await caps.take("address:192.0.2.1")
        with pytest.raises(TooManySocketsError):
            await caps.take("address:192.0.2.1")
        await caps.release(place)
        await caps.take("address:192.0.2.1")

    asyncio.run(check())
