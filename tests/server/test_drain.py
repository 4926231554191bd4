"""A draining process (told to stop: ``server/drain.py``) hands its players over: ``/readyz``
answers 503 at once, a new socket is refused with 1012 (reconnect) and an open one is ended
with 1012 once what was queued for it is written; then it stops as any server does, a lone
server pausing its matches' clocks, one that shares them with other processes not."""

import asyncio
from pathlib import Path

import pytest
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect

from gamehall.server.config import Config
from gamehall.server.drain import DISCONNECT, SERVICE_RESTART, Ending
from gamehall.store import Store
from server.helpers import ORIGIN, Hall, running
from support.services import RedisServer


def _drain(hall: Hall) -> None:
    """Drain the running app (on its own event loop) until its sockets are closed."""
    portal = hall.main.portal
    assert portal is not None
    portal.call(hall.services.drain.run)


def test_a_draining_process_is_not_ready(hall: Hall) -> None:
    assert hall.anonymous().get("/readyz").json()["draining"] is False
    _drain(hall)
    answer = hall.anonymous().get("/readyz")
    assert answer.status_code == 503
    body = answer.json()
    assert body["ready"] is False and body["draining"] is True
    assert body["store"]["ready"] is True  # nothing else is wrong
    assert hall.anonymous().get("/healthz").status_code == 200


def test_a_draining_process_refuses_new_sockets_with_reconnect(hall: Hall) -> None:
    _drain(hall)
    client = hall.anonymous().client
    socket = client.websocket_connect("/ws/lobby", headers={"Origin": ORIGIN})
    with socket as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == SERVICE_RESTART


def test_open_sockets_are_told_to_reconnect(hall: Hall) -> None:
    """Both players' sockets are closed with 1012; the match is left as it was."""
    match_id, players = hall.match_between({"game": "backgammon"})
    with players[0].socket(match_id) as first, players[1].socket(match_id) as second:
        before = hall.event_count(match_id)
        _drain(hall)
        for socket in (first, second):
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    socket.receive(timeout=5)
            assert closed.value.code == SERVICE_RESTART
        assert hall.event_count(match_id) == before


def _stopped_summary(config: Config, **changes: object) -> dict[str, object]:
    """The stored summary of a clocked match whose server was drained, then stopped."""
    with running(config, **changes) as hall:
        match_id, _ = hall.match_between({"game": "backgammon", "clock": "fischer:600+5"})
        _drain(hall)
    with Store(config.database_url) as store:
        stored = store.matches.load(match_id)
        assert stored is not None and stored.status == "playing"
        return dict(stored.summary)


def test_a_drained_lone_server_pauses_its_clocks(config: Config) -> None:
    """Nobody carries on with its matches: the downtime is charged to nobody, as on any stop."""
    assert "paused_at" in _stopped_summary(config)


def test_a_drained_server_leaves_the_clocks_to_the_others(config: Config, tmp_path: Path) -> None:
    """With Redis the other processes go on with the matches: their clocks run on."""
    redis = RedisServer(tmp_path / "redis")
    redis.start()
    try:
        assert "paused_at" not in _stopped_summary(config, redis_url=redis.url)
    finally:
        redis.kill()


def test_a_socket_waiting_for_a_frame_reads_a_disconnect_and_goes_on() -> None:
    """The drain's cancel of a wait for a frame is taken back: the handler reads a disconnect
    and can still await what it does on leaving (writing its queue, telling the match)."""

    async def scenario() -> tuple[object, object]:
        ending, frames = Ending(), asyncio.Queue[Message]()
        reading = asyncio.create_task(_read_then_leave(ending, frames))
        await asyncio.sleep(0.01)
        ending.end()
        return await reading, await ending.read(frames.get)  # ended: no wait at all

    left, again = asyncio.run(scenario())
    assert left == (DISCONNECT, "left")
    assert again == DISCONNECT


def test_another_cancel_of_a_socket_is_not_swallowed() -> None:
    async def scenario() -> None:
        ending, frames = Ending(), asyncio.Queue[Message]()
        reading = asyncio.create_task(ending.read(frames.get))
        await asyncio.sleep(0.01)
        reading.cancel()  # the server stopping at once, say
        await reading

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(scenario())


async def _read_then_leave(ending: Ending, frames: asyncio.Queue[Message]) -> tuple[object, str]:
    message = await ending.read(frames.get)
    task = asyncio.current_task()
    assert task is not None and task.cancelling() == 0  # no cancel left pending (timeouts)
    await asyncio.sleep(0.01)
    return message, "left"
