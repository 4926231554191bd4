"""Every frame a socket can send counts, whatever its kind: the chat's frames other than a
message said (not JSON, bytes, another type, an empty message, a visitor's) were counted by no
limit, and the lobby's, user's and arena's pings only per socket, never per account."""

from collections.abc import Callable
from typing import Any

from starlette.testclient import WebSocketTestSession

from gamehall.server.config import DEFAULT_RATES, Config
from server.helpers import ORIGIN, running

HEADERS = {"Origin": ORIGIN}
TOO_MANY = "too many messages: at most 5 per minute"


def _rates(**low: str) -> dict[str, str]:
    return {f"rate_{name}": low.get(name, "10000/second") for name in DEFAULT_RATES}


FRAMES: dict[str, Callable[[WebSocketTestSession], None]] = {
    "not JSON": lambda ws: ws.send_text("not json"),
    "bytes": lambda ws: ws.send_bytes(b"\xff\xfe"),
    "another type": lambda ws: ws.send_json({"type": "ping"}),
    "an empty message": lambda ws: ws.send_json({"type": "say", "text": "   "}),
    "a message": lambda ws: ws.send_json({"type": "say", "text": "hello"}),
}


def _answers(ws: WebSocketTestSession, send: Callable[[WebSocketTestSession], None]) -> list[Any]:
    """Six frames sent by ``send``: each answer (an error's message, or a chat line's text)."""
    answers = []
    for _ in range(6):
        send(ws)
        answer = ws.receive_json()
        answers.append(answer.get("message", answer.get("text")))
    return answers


def test_a_flood_of_each_kind_of_chat_frame_is_refused(config: Config) -> None:
    with running(config, **_rates(actions="5/minute")) as hall:
        match_id, _ = hall.match_between({})
        for kind, send in FRAMES.items():
            carol = hall.register()  # a socket and an account of its own for each kind
            with carol.client.websocket_connect(f"/ws/chat/{match_id}", headers=HEADERS) as ws:
                assert ws.receive_json()["type"] == "hello"
                answers = _answers(ws, send)
            assert all(TOO_MANY not in str(a) for a in answers[:5]), (kind, answers)
            assert TOO_MANY in answers[5], (kind, answers)
        visitor = hall.anonymous().client
        with visitor.websocket_connect(f"/ws/chat/{match_id}", headers=HEADERS) as ws:
            assert ws.receive_json()["type"] == "hello"
            answers = _answers(ws, FRAMES["a message"])
        assert answers[0] == "log in (or play as a guest) to write in the chat"
        assert TOO_MANY in answers[5], answers


def test_an_account_s_frames_count_over_its_chat_lobby_and_user_sockets(config: Config) -> None:
    with running(config, **_rates(actions_account="5/minute")) as hall:
        match_id, _ = hall.match_between({})
        carol = hall.register("carol")
        client = carol.client
        with (
            client.websocket_connect(f"/ws/chat/{match_id}", headers=HEADERS) as chat,
            client.websocket_connect("/ws/lobby", headers=HEADERS) as lobby,
            client.websocket_connect("/ws/user", headers=HEADERS) as user,
        ):
            assert chat.receive_json()["type"] == "hello"
            for _ in range(2):
                chat.send_text("not json")
                assert TOO_MANY not in chat.receive_json()["message"]
            for ws in (lobby, user, lobby):
                assert _pinged(ws) == "pong"
            assert _pinged(user) == "too-many-requests"  # the account's sixth frame
            chat.send_json({"type": "ping"})
            assert TOO_MANY in chat.receive_json()["message"]
        with hall.register("dan").client.websocket_connect("/ws/lobby", headers=HEADERS) as other:
            assert _pinged(other) == "pong"  # another account counts alone


def _pinged(ws: WebSocketTestSession) -> str:
    """Ping; the answer's type, or its code when refused."""
    ws.send_json({"type": "ping"})
    answer = ws.receive_json()
    while answer["type"] not in ("pong", "error"):
        answer = ws.receive_json()
    return str(answer.get("code", answer["type"]))
