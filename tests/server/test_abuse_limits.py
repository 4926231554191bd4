"""Rate limits (429 with ``Retry-After``; a socket's frame: the protocol's error) and the
password-hashing pool (issue 17: no limit anywhere; forty concurrent logins took 2.6 GB)."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from gamehall.server.config import DEFAULT_RATES, Config, ConfigError
from gamehall.store import passwords
from server.helpers import ORIGIN, PASSWORD, running, tables_choice


def _rates(**low: str) -> dict[str, str]:
    return {f"rate_{name}": low.get(name, "10000/second") for name in DEFAULT_RATES}


def _limited(response: Any, what: str) -> None:
    assert response.status_code == 429, response.text
    assert f"too many {what}: at most 2 per minute" in response.json()["detail"]
    assert 1 <= int(response.headers["Retry-After"]) <= 60


def test_logins_are_limited_per_address(config: Config) -> None:
    with running(config, **_rates(login="2/minute")) as hall:
        hall.register("ann")
        client = hall.client()
        body = {"name": "ann", "password": "wrong password"}
        assert client.post("/api/login", json=body).status_code == 401
        assert client.post("/api/login", json={**body, "password": PASSWORD}).status_code == 200
        _limited(client.post("/api/login", json={**body, "password": PASSWORD}), "login attempts")
        _limited(hall.client().post("/api/login", json=body), "login attempts")  # same address


def test_registrations_and_guests_are_limited(config: Config) -> None:
    with running(config, **_rates(register="2/minute", guest="2/minute")) as hall:
        client = hall.client()
        for name in ("ann", "bob"):
            assert client.post(
                "/api/register", json={"name": name, "password": PASSWORD}
            ).is_success
        _limited(
            client.post("/api/register", json={"name": "cat", "password": PASSWORD}),
            "new accounts",
        )
        assert hall.store.users.by_name("cat") is None
        for _ in range(2):
            assert client.post("/api/guest", json={}).status_code == 200
        _limited(client.post("/api/guest", json={}), "guest sessions")


def test_seeks_and_challenges_are_limited_per_user(config: Config) -> None:
    with running(config, **_rates(seeks="2/minute", challenges="2/minute")) as hall:
        ann, bob = hall.register("ann"), hall.register("bob")
        for _ in range(2):
            ann.ok("post", "/api/seeks", {"settings": {}})
        _limited(ann.post("/api/seeks", {"settings": {}}), "seeks")
        bob.ok("post", "/api/seeks", {"settings": {}})  # each user counts alone
        assert len(hall.anonymous().ok("get", "/api/seeks")["seeks"]) == 3
        for _ in range(2):
            ann.ok("post", "/api/challenges", {"opponent": "bob", "settings": {}})
        _limited(ann.post("/api/challenges", {"opponent": "bob", "settings": {}}), "challenges")


def test_socket_frames_are_limited(config: Config) -> None:
    with running(config, **_rates(actions="3/minute")) as hall:
        match_id, players = hall.match_between({})
        with players[0].socket(match_id) as sock:
            for _ in range(3):
                sock.send({"type": "ping"})
                assert sock.until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
            sock.send({"type": "ping"})
            refused = sock.until(lambda m: m["type"] in ("pong", "error"))
            assert refused["type"] == "error", refused
            assert refused["message"].startswith("too many messages: at most 3 per minute")


def test_a_rate_must_be_readable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMEHALL_RATE_SEEKS", "lots")
    with pytest.raises(ConfigError, match=r"GAMEHALL_RATE_SEEKS: .*30/minute"):
        Config.from_env()
    monkeypatch.setenv("GAMEHALL_RATE_SEEKS", "5/second")
    assert Config.from_env().rate("seeks") == "5/second"


def test_concurrent_logins_hash_at_most_n_at_once(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At most ``hash_workers`` password hashes run at once, however many logins arrive."""
    running_now = 0
    most = 0
    lock = threading.Lock()
    verify = passwords.verify_password

    def slow_verify(*args: Any, **kwargs: Any) -> bool:
        nonlocal running_now, most
        with lock:
            running_now += 1
            most = max(most, running_now)
        time.sleep(0.05)
        try:
            return verify(*args, **kwargs)
        finally:
            with lock:
                running_now -= 1

    with running(config, hash_workers=2, hash_per_address=10) as hall:
        hall.register("ann")
        monkeypatch.setattr(passwords, "verify_password", slow_verify)
        clients = [hall.client() for _ in range(10)]
        body = {"name": "ann", "password": PASSWORD}
        with ThreadPoolExecutor(10) as pool:
            answers = list(pool.map(lambda c: c.post("/api/login", json=body), clients))
    assert [a.status_code for a in answers] == [200] * 10
    assert most == 2


def test_a_long_hashing_queue_refuses_at_once(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forty logins at once waited 7.1 s at the median: beyond the queue's length a login is
    refused at once (429 with Retry-After), and one address holds only its share of it."""
    release = threading.Event()
    verify = passwords.verify_password

    def held_verify(*args: Any, **kwargs: Any) -> bool:
        release.wait(10)
        return verify(*args, **kwargs)

    with running(config, hash_workers=1, hash_queue=2, hash_per_address=2) as hall:
        hall.register("ann")
        monkeypatch.setattr(passwords, "verify_password", held_verify)
        body = {"name": "ann", "password": PASSWORD}
        crowd = [hall.client(f"192.0.2.{n}") for n in range(6)]
        with ThreadPoolExecutor(8) as pool:
            waiting = [pool.submit(c.post, "/api/login", json=body) for c in crowd[:3]]
            _until(lambda: _hashing_held(hall) == 3)
            began = time.monotonic()
            busy = [c.post("/api/login", json=body) for c in crowd[3:]]
            assert time.monotonic() - began < 5  # refused at once, not after the queue
            release.set()
            assert [w.result().status_code for w in waiting] == [200] * 3
        for refused in busy:
            assert refused.status_code == 429 and refused.json()["code"] == "logins-busy"
            assert int(refused.headers["Retry-After"]) >= 1
        release.clear()
        home = hall.client("198.51.100.7")
        with ThreadPoolExecutor(3) as pool:
            mine = [pool.submit(home.post, "/api/login", json=body) for _ in range(2)]
            _until(lambda: _hashing_held(hall) == 2)
            third = home.post("/api/login", json=body)
            other = pool.submit(crowd[0].post, "/api/login", json=body)
            _until(lambda: _hashing_held(hall) == 3)
            release.set()
            assert [m.result().status_code for m in mine] == [200, 200]
            assert other.result().status_code == 200
        assert third.status_code == 429 and third.json()["code"] == "logins-queued"


def _hashing_held(hall: Any) -> int:
    held: int = hall.services.hashing.held
    return held


def _until(condition: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "it did not happen in time"
        time.sleep(0.01)


def test_the_abuse_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMEHALL_ALLOWED_HOSTS", "Games.Example, www.games.example,")
    monkeypatch.setenv("GAMEHALL_MAX_BODY", "2048")
    monkeypatch.setenv("GAMEHALL_HASH_WORKERS", "3")
    config = Config.from_env()
    assert config.allowed_hosts == ("games.example", "www.games.example")
    assert (config.max_body, config.hash_workers) == (2048, 3)
    monkeypatch.setenv("GAMEHALL_HASH_WORKERS", "0")
    with pytest.raises(ConfigError, match="GAMEHALL_HASH_WORKERS"):
        Config.from_env()


def test_frames_are_counted_per_socket_and_a_refusal_names_its_frame(config: Config) -> None:
    """A spectator pinging from a player's address had the player's legal move refused (the
    frames were counted per address), and the refusal's ``ref`` was null."""
    with running(config, **_rates(actions="3/minute")) as hall:
        match_id, players = hall.match_between({})
        seat, (kind, data) = _on_move(players, match_id)
        with hall.anonymous().socket(match_id) as watcher, players[seat].socket(match_id) as sock:
            for _ in range(6):
                watcher.send({"type": "ping"})
            assert watcher.until("error")["code"] == "too-many-requests"
            sock.act(kind, ref="move", **data)
            assert sock.reply()["type"] == "update"
            assert [_ping(sock) for _ in range(2)] == ["pong"] * 2
            sock.act(kind, ref=7, **data)
            refused = sock.until("error")
            assert (refused["code"], refused["ref"]) == ("too-many-requests", 7)


def test_an_account_is_counted_over_its_sockets_but_its_moves_go_through(config: Config) -> None:
    with running(config, **_rates(actions="3/minute", actions_account="4/minute")) as hall:
        match_id, players = hall.match_between({})
        cat = hall.register("cat")
        with cat.socket(match_id) as first, cat.socket(match_id) as second:
            assert [_ping(first) for _ in range(3)] == ["pong"] * 3
            assert [_ping(second) for _ in range(2)] == ["pong", "error"]
        seat, (kind, data) = _on_move(players, match_id)
        with players[seat].socket(match_id) as flooding, players[seat].socket(match_id) as playing:
            assert [_ping(flooding) for _ in range(3)] == ["pong"] * 3
            assert [_ping(playing) for _ in range(2)] == ["pong", "error"]  # the account's
            playing.act(kind, ref="move", **data)  # a move of the seat, on its socket's count
            assert playing.reply()["type"] == "update"


def _ping(sock: Any) -> str:
    """Ping; the answer's type (``pong``, or ``error`` when refused)."""
    sock.send({"type": "ping"})
    answer = sock.until(lambda m: m["type"] in ("pong", "error"))
    assert answer["type"] == "pong" or answer["code"] == "too-many-requests", answer
    return str(answer["type"])


def _on_move(players: dict[int, Any], match_id: str) -> tuple[int, tuple[str, dict[str, Any]]]:
    """The seat that can act first, and a legal action of his."""
    for seat, player in players.items():
        with player.socket(match_id) as sock:
            choice = tables_choice(sock.hello)
        if choice is not None:
            return seat, choice
    raise AssertionError("nobody can act")


def test_the_lobby_and_user_sockets_count_their_frames(config: Config) -> None:
    with running(config, **_rates(actions="3/minute")) as hall:
        ann = hall.register("ann")
        headers = {"Origin": ORIGIN}
        for path, client in (("/ws/lobby", hall.anonymous().client), ("/ws/user", ann.client)):
            with client.websocket_connect(path, headers=headers) as ws:
                answers = []
                for _ in range(4):
                    ws.send_json({"type": "ping"})
                    answer = ws.receive_json()
                    while answer["type"] not in ("pong", "error"):
                        answer = ws.receive_json()
                    answers.append(answer.get("code", answer["type"]))
                assert answers == ["pong", "pong", "pong", "too-many-requests"], path
