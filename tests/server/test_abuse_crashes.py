"""The crashes fuzzing found (issue 17), each refused cleanly now: a frame of nested brackets,
a move from a Unicode digit, ids beyond the database's range, long frames on a real server,
bodies of any size; and the ``Host`` check."""

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx2
import pytest
import uvicorn
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from gamehall.server import main
from gamehall.server.app import create_app
from gamehall.server.config import Config
from gamehall.server.guards import Guards, allowed_hosts, host_name, json_depth, nests_deeper
from gamehall.server.live.manager import LiveMatches
from gamehall.server.ws import MAX_WIRE_FRAME
from gamehall.store import Store
from server.helpers import CHEAP_HASHER, PASSWORD, Hall, Player

NESTED = "[" * 1000 + "]" * 1000


def _match(hall: Hall) -> tuple[str, dict[int, Player]]:
    return hall.match_between({})


def _seat_to_act(hall: Hall, match_id: str, players: dict[int, Player]) -> Player:
    state = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]
    return players[state["to_act"]]


def test_nested_brackets_are_an_error_not_a_crash(hall: Hall) -> None:
    """A 2,000-character frame of nested brackets made ``json.loads`` recurse until
    ``RecursionError`` killed the socket; any spectator could send it."""
    match_id, _ = _match(hall)
    with hall.anonymous().socket(match_id) as spectator:
        for frame in (NESTED, '{"type": "ping", "x": ' + NESTED + "}", "{" * 3000):
            spectator.ws.send_text(frame)
            reply = spectator.reply()
            assert reply["type"] == "error" and reply["ref"] is None, reply
            assert "nests too deep" in reply["message"], reply
        spectator.send({"type": "ping"})
        assert spectator.until("pong")["time"] > 0


def test_nested_brackets_on_the_user_socket(hall: Hall) -> None:
    ann = hall.register("ann")
    with ann.client.websocket_connect("/ws/user", headers={"Origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "hello"
        ws.send_text(NESTED)
        reply = ws.receive_json()
        assert reply["type"] == "error" and "nests too deep" in reply["message"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"


def test_json_depth_ignores_brackets_in_strings() -> None:
    assert json_depth('{"a": "[[[[[[", "b": [1, {"c": "\\"]]"}]}') == 3
    assert json_depth(NESTED) == 1000


def test_nests_deeper_walks_only_a_text_with_enough_brackets() -> None:
    assert not nests_deeper('{"a": [1, {"b": 2}]}', 3)
    assert nests_deeper('{"a": [1, {"b": [2]}]}', 3)
    assert not nests_deeper('{"a": "[[[[{{{{", "b": [1]}', 3)  # brackets in a string


@pytest.mark.parametrize("src", ["³", "٣", "6", "6.0", None, True, 6.0])
def test_a_move_from_a_unicode_digit_is_refused_without_a_reload(
    hall: Hall, src: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move whose ``src`` was "³" reached the rules (``int("³")`` fails after
    ``str.isdigit`` said yes), logged a traceback and reloaded the match."""
    reloads: list[str] = []
    reload = LiveMatches._reload

    async def counted(self: LiveMatches, live: Any) -> None:
        reloads.append(live.id)
        await reload(self, live)

    monkeypatch.setattr(LiveMatches, "_reload", counted)
    match_id, players = _match(hall)
    mover = _seat_to_act(hall, match_id, players)
    before = hall.event_count(match_id)
    with mover.socket(match_id) as sock:
        state = sock.hello["state"]
        sock.act("move", ref=7, src=src, die=3)
        reply = sock.reply()
        assert reply["type"] == "error" and reply["ref"] == 7, reply
        assert "move needs 'src'" in reply["message"], reply
    with mover.socket(match_id) as sock:
        assert sock.hello["state"] == state
    assert hall.event_count(match_id) == before
    assert reloads == []


BEYOND = [2**31, 2**63, 2**64, 10**30, 0, -1]


@pytest.mark.parametrize("number", BEYOND)
def test_ids_beyond_the_database_are_404(hall: Hall, number: int) -> None:
    """``/api/seeks/{id}`` and ``/api/challenges/{id}`` with an id the database cannot hold
    (2^63 on SQLite, 2^31 on PostgreSQL) answered 500; every integer id of the API is now
    checked against the database's range."""
    ann = hall.register("ann")
    calls = [
        ("delete", f"/api/seeks/{number}", "seek"),
        ("post", f"/api/seeks/{number}/accept", "seek"),
        ("post", f"/api/challenges/{number}/accept", "challenge"),
        ("post", f"/api/challenges/{number}/decline", "challenge"),
        ("get", f"/api/tournaments/{number}", "tournament"),
        ("post", f"/api/tournaments/{number}/join", "tournament"),
        ("post", f"/api/tournaments/{number}/leave", "tournament"),
        ("post", f"/api/tournaments/{number}/start", "tournament"),
    ]
    for method, path, what in calls:
        call = {"get": ann.get, "post": ann.post, "delete": ann.delete}[method]
        response = call(path)
        assert response.status_code == 404, (path, response.text)
        assert response.json() == {
            "code": f"no-such-{what}",
            "detail": f"there is no {what} {number}",
        }


@pytest.mark.parametrize("number", [2**31, 2**63])
def test_a_huge_game_number_of_the_dice_is_404(hall: Hall, number: int) -> None:
    match_id, _ = hall.match_between({"dice": "fair"})
    response = hall.anonymous().get(f"/api/matches/{match_id}/dice/{number}")
    assert response.status_code == 404, response.text


def test_a_body_over_the_limit_is_413(hall: Hall) -> None:
    """Bodies had no limit: 50 MB was read and parsed."""
    client = hall.client()
    big = json.dumps({"name": "x", "password": "y" * 70_000})
    response = client.post("/api/login", content=big, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json() == {
        "code": "too-large",
        "detail": "the request body is too large: at most 65536 bytes",
    }

    def chunks() -> Iterator[bytes]:  # no Content-Length: the bytes are counted
        yield b'{"name": "x", "password": "'
        for _ in range(100):
            yield b"y" * 1000
        yield b'"}'

    response = client.post(
        "/api/login", content=chunks(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413, response.text
    assert "too large" in response.json()["detail"]
    lying = client.post("/api/guest", content=b"{}", headers={"content-length": "99999999999"})
    assert lying.status_code == 413
    ok = client.post("/api/login", json={"name": "nobody", "password": PASSWORD})
    assert ok.status_code == 401


def test_the_host_header_is_checked(hall: Hall) -> None:
    """A DNS-rebinding page (another site's name pointed at this server) sent its requests
    with its own name as ``Host``, and passed the Origin check."""
    client = hall.client()
    evil = {"Host": "evil.example", "Origin": "http://evil.example"}
    response = client.post("/api/guest", headers=evil)
    assert response.status_code == 400
    assert response.json() == {
        "code": "unknown-host",
        "detail": "this server does not answer to that host name",
    }
    assert client.get("/api/me", headers={"Host": "evil.example"}).status_code == 400
    assert client.get("/", headers={"Host": "evil.example:8000"}).status_code == 400
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect("/ws/user", headers={"Host": "evil.example"}),
    ):
        pass
    assert client.get("/api/me").status_code == 200  # testserver, the tests' name


def test_the_default_hosts() -> None:
    assert allowed_hosts((), "127.0.0.1") == {"127.0.0.1", "localhost", "::1"}
    assert allowed_hosts(("Games.Example",), "0.0.0.0") == {"games.example"}
    assert host_name("localhost:8000") == "localhost"
    assert host_name("[::1]:8000") == "::1"
    assert host_name("Example.org") == "example.org"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def served(config: Config) -> Iterator[str]:
    """The app under a real uvicorn (with ``gamehall serve``'s frame limit) in a thread."""
    port = _free_port()
    config = config.changed(port=port, allowed_hosts=())
    store = Store(config.database_url, password_hasher=CHEAP_HASHER)
    app = create_app(config, store=store)
    server = uvicorn.Server(
        uvicorn.Config(
            app, host="127.0.0.1", port=port, ws_max_size=MAX_WIRE_FRAME, log_level="warning"
        )
    )
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    try:
        for _ in range(200):
            if server.started:
                break
            threading.Event().wait(0.05)
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        store.close()


def test_gamehall_serve_reads_frames_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(main.uvicorn, "run", lambda app, **options: seen.update(options))
    main.run(Config(warm_engines=False))
    assert seen["ws_max_size"] == MAX_WIRE_FRAME > 32 * 1024


def test_a_long_frame_is_answered_with_an_error_on_a_real_server(config: Config) -> None:
    """Frames over 32 KiB were closed with 1009 (uvicorn's ``ws_max_size``) though the
    protocol promises an error for any frame over 8192 characters."""
    with served(config) as address:
        guest = httpx2.post(f"http://{address}/api/guest", json={})
        assert guest.status_code == 200
        seek = httpx2.post(
            f"http://{address}/api/seeks",
            json={"settings": {}},
            cookies=guest.cookies,
            headers={"X-CSRF-Token": guest.json()["csrf_token"]},
        )
        assert seek.status_code == 200, seek.text
        other = httpx2.post(f"http://{address}/api/guest", json={})
        accepted = httpx2.post(
            f"http://{address}/api/seeks/{seek.json()['id']}/accept",
            cookies=other.cookies,
            headers={"X-CSRF-Token": other.json()["csrf_token"]},
        )
        match_id = accepted.json()["match_id"]
        with connect(f"ws://{address}/ws/matches/{match_id}", max_size=None) as ws:
            assert json.loads(ws.recv(5))["type"] == "hello"
            for size in (40 * 1024, 500 * 1024):
                ws.send('{"type": "ping", "pad": "' + "x" * size + '"}')
                reply = _next_reply(ws)
                assert reply["type"] == "error", reply
                assert "too long" in reply["message"]
            ws.send('{"type": "ping"}')
            assert _next_reply(ws)["type"] == "pong"
        huge = httpx2.post(f"http://{address}/api/guest", content=b"x" * (5 * 1024 * 1024))
        assert huge.status_code == 413
        wrong_host = httpx2.get(f"http://{address}/api/me", headers={"Host": "evil.example"})
        assert wrong_host.status_code == 400
        assert httpx2.get(f"http://{address}/api/me").status_code == 200
        port = address.rpartition(":")[2]
        local = httpx2.get(f"http://{address}/api/me", headers={"Host": f"localhost:{port}"})
        assert local.status_code == 200


def _next_reply(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(5))
        if message["type"] in ("error", "pong"):
            return message


def test_listening_everywhere_accepts_addresses_not_other_names() -> None:
    """On 0.0.0.0 a client may name the machine by any of its addresses (an address cannot be
    rebound to another site), but a DNS name only if configured."""

    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("not reached")

    guards = Guards(app, hosts=allowed_hosts((), "0.0.0.0"), any_ip=True, max_body=1024)

    def scope(host: str) -> dict[str, Any]:
        return {"type": "http", "headers": [(b"host", host.encode())]}

    assert guards.host_allowed(scope("192.168.1.20:8000"))
    assert guards.host_allowed(scope("[fe80::1]:8000"))
    assert guards.host_allowed(scope("localhost:8000"))
    assert not guards.host_allowed(scope("evil.example:8000"))
    assert not guards.host_allowed({"type": "http", "headers": []})


def test_nested_brackets_on_the_chat_socket(hall: Hall) -> None:
    """The chat socket parsed frames with a bare ``json.loads``: nested brackets ended it with
    a ``RecursionError``, as they did the match socket."""
    match_id, players = _match(hall)
    with players[0].client.websocket_connect(
        f"/ws/chat/{match_id}", headers={"Origin": "http://testserver"}
    ) as ws:
        assert ws.receive_json()["type"] == "hello"
        for frame in (NESTED, '{"type": "say", "text": "' + "x" * 9000 + '"}'):
            ws.send_text(frame)
            assert ws.receive_json() == {
                "type": "error",
                "code": "chat-frame",
                "message": 'send {"type": "say", "text": "..."}',
            }
        ws.send_json({"type": "say", "text": "still here"})
        assert ws.receive_json()["text"] == "still here"
