"""Seeks last while their owner is on the site (his own socket open), and the maker of a seek
or challenge is told on that socket when it is accepted."""

from typing import Any

from gamehall.server.seek_keeper import SeekKeeper
from server.helpers import Hall

BACKGAMMON = {"game": "backgammon", "length": 1}
ORIGIN = {"Origin": "http://testserver"}


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _keeper(hall: Hall, clock: Clock) -> SeekKeeper:
    return SeekKeeper(hall.store, hall.services.channels, 10, hall.services.workers, clock)


def test_the_seek_of_an_owner_without_a_socket_is_taken_down_after_the_grace(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    clock = Clock()
    keeper = _keeper(hall, clock)
    gone = ann.ok("post", "/api/seeks", {"settings": BACKGAMMON})
    with bob.client.websocket_connect("/ws/user", headers=ORIGIN) as ws:
        assert ws.receive_json()["type"] == "hello"
        kept = bob.ok("post", "/api/seeks", {"settings": BACKGAMMON})
        assert keeper.sweep() == []
        clock.now = 9.5
        assert keeper.sweep() == []
        clock.now = 10.5
        assert keeper.sweep() == [gone["id"]]
        listed = [s["id"] for s in hall.anonymous().ok("get", "/api/seeks")["seeks"]]
        assert listed == [kept["id"]]
    clock.now = 11
    assert keeper.sweep() == []  # bob has just left: his grace starts now
    clock.now = 21.5
    assert keeper.sweep() == [kept["id"]]
    assert hall.anonymous().ok("get", "/api/seeks")["seeks"] == []


def test_an_owner_who_comes_back_keeps_his_seek(hall: Hall) -> None:
    ann = hall.register("ann")
    clock = Clock()
    keeper = _keeper(hall, clock)
    ann.ok("post", "/api/seeks", {"settings": BACKGAMMON})
    assert keeper.sweep() == []
    clock.now = 8
    with ann.client.websocket_connect("/ws/user", headers=ORIGIN) as ws:
        ws.receive_json()
        assert keeper.sweep() == []
    clock.now = 12
    assert keeper.sweep() == []  # away again since 12 only
    assert len(hall.anonymous().ok("get", "/api/seeks")["seeks"]) == 1


def _next_notice(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] not in ("hello", "challenges"):
            return message


def test_the_maker_is_told_on_his_socket_when_his_offer_is_accepted(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    with ann.client.websocket_connect("/ws/user", headers=ORIGIN) as ws:
        seek = ann.ok("post", "/api/seeks", {"settings": BACKGAMMON})
        match_id = bob.ok("post", f"/api/seeks/{seek['id']}/accept")["match_id"]
        notice = _next_notice(ws)
        assert notice["type"] == "seek_accepted" and notice["match_id"] == match_id
        assert notice["opponent"] == "bob" and notice["settings"]["game"] == "backgammon"
        assert notice["rated"] is False
        body = {"opponent": "bob", "settings": BACKGAMMON, "rated": True}
        challenge = ann.ok("post", "/api/challenges", body)
        match_id = bob.ok("post", f"/api/challenges/{challenge['id']}/accept")["match_id"]
        notice = _next_notice(ws)
        assert notice == {
            "type": "challenge_accepted",
            "match_id": match_id,
            "opponent": "bob",
            "settings": notice["settings"],
            "rated": True,
        }
