"""The lobby by push: /ws/lobby sends the open seeks at once and again when they change; a
challenge made, declined or withdrawn is announced on both players' own sockets."""

from typing import Any

from server.helpers import Hall

BACKGAMMON = {"game": "backgammon", "length": 1}
ORIGIN = {"Origin": "http://testserver"}


def test_the_lobby_socket_sends_the_seeks_when_they_change(hall: Hall) -> None:
    ann = hall.register("ann")
    with hall.anonymous().client.websocket_connect("/ws/lobby", headers=ORIGIN) as ws:
        assert ws.receive_json() == {"type": "seeks", "seeks": []}
        assert ws.receive_json() == {"type": "online", "players": [], "bots": []}
        seek = ann.ok("post", "/api/seeks", {"settings": BACKGAMMON})
        message = ws.receive_json()
        assert message["type"] == "seeks" and [s["id"] for s in message["seeks"]] == [seek["id"]]
        ann.ok("delete", f"/api/seeks/{seek['id']}")
        assert ws.receive_json() == {"type": "seeks", "seeks": []}


def _next(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] != "hello":
            return message


def test_challenges_are_announced_to_both_players(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    with (
        ann.client.websocket_connect("/ws/user", headers=ORIGIN) as ann_ws,
        bob.client.websocket_connect("/ws/user", headers=ORIGIN) as bob_ws,
    ):
        challenge = ann.ok("post", "/api/challenges", {"opponent": "bob", "settings": BACKGAMMON})
        assert _next(ann_ws) == {"type": "challenges"} and _next(bob_ws) == {"type": "challenges"}
        ann.ok("post", f"/api/challenges/{challenge['id']}/withdraw")
        assert _next(ann_ws) == {"type": "challenges"} and _next(bob_ws) == {"type": "challenges"}
        challenge = ann.ok("post", "/api/challenges", {"opponent": "bob", "settings": BACKGAMMON})
        _next(ann_ws), _next(bob_ws)
        bob.ok("post", f"/api/challenges/{challenge['id']}/decline")
        assert _next(ann_ws)["type"] == "challenge_declined"  # the challenger is told more
        assert _next(bob_ws) == {"type": "challenges"}


def test_the_lobby_socket_says_who_is_online(hall: Hall) -> None:
    ann = hall.register("ann")
    with hall.anonymous().client.websocket_connect("/ws/lobby", headers=ORIGIN) as ws:
        ws.receive_json()
        assert ws.receive_json() == {"type": "online", "players": [], "bots": []}
        with ann.client.websocket_connect("/ws/user", headers=ORIGIN) as user:
            user.receive_json()
            assert ws.receive_json() == {"type": "online", "players": ["ann"], "bots": []}
        assert ws.receive_json() == {"type": "online", "players": [], "bots": []}


def test_a_bot_online_is_marked_as_one(hall: Hall) -> None:
    robo = hall.register("robo")
    hall.store.users.make_bot(hall.store.users.by_name("robo").id)  # type: ignore[union-attr]
    with hall.anonymous().client.websocket_connect("/ws/lobby", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.receive_json()
        with robo.client.websocket_connect("/ws/user", headers=ORIGIN) as user:
            user.receive_json()
            assert ws.receive_json() == {"type": "online", "players": ["robo"], "bots": ["robo"]}
