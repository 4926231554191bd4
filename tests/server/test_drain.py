"""A draining process (told to stop: ``server/drain.py``) hands its players over: ``/readyz``
answers 503 at once, a new socket is refused with 1012 (reconnect) and an open one is ended
with 1012 once what was queued for it is written."""

import pytest
from starlette.websockets import WebSocketDisconnect

from gamehall.server.drain import SERVICE_RESTART
from server.helpers import ORIGIN, Hall


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
