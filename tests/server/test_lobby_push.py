"""The lobby by push: /ws/lobby sends the open seeks at once and again when they change; a
challenge made, declined or withdrawn is announced on both players' own sockets."""

import json
from typing import Any

from gamehall.play.settings import BackgammonSettings
from gamehall.server.config import Config
from gamehall.server.live.fanout import Serialised
from gamehall.server.live.workers import Workers
from gamehall.server.lobby_hub import LobbyHub, changes
from gamehall.server.protocol.lobby import SeekChanges
from gamehall.server.schemas import SeekView
from gamehall.store import Store
from server.helpers import Hall, running
from support import aio
from support.ratings import give_rating

BACKGAMMON = {"game": "backgammon", "length": 1}
ORIGIN = {"Origin": "http://testserver"}
GAMES = ("backgammon", "georgian", "nardy", "renju")


def _playing(**counts: tuple[int, int]) -> dict[str, Any]:
    """The playing message with ``counts`` (matches, players) by game, nothing elsewhere."""
    games = [
        {
            "game": game,
            "matches": counts.get(game, (0, 0))[0],
            "players": counts.get(game, (0, 0))[1],
        }
        for game in GAMES
    ]
    return {"type": "playing", "games": games}


def test_the_lobby_socket_sends_the_seeks_when_they_change(hall: Hall) -> None:
    ann = hall.register("ann")
    with hall.anonymous().client.websocket_connect("/ws/lobby", headers=ORIGIN) as ws:
        assert ws.receive_json() == {"type": "seeks", "seeks": []}
        assert ws.receive_json() == {"type": "online", "players": [], "bots": []}
        assert ws.receive_json() == _playing()
        seek = ann.ok("post", "/api/seeks", {"settings": BACKGAMMON})
        message = ws.receive_json()
        assert message == {"type": "seek_changes", "removed": [], "added": [seek]}
        assert (seek["rating"], seek["rating_shown"], seek["speed"]) == (1500, "1500?", "untimed")
        ann.ok("delete", f"/api/seeks/{seek['id']}")
        assert ws.receive_json() == {"type": "seek_changes", "removed": [seek["id"]], "added": []}


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


def test_a_seek_says_its_owners_rating_and_its_speed(hall: Hall) -> None:
    ann = hall.register("ann")
    give_rating(hall.store, hall.store.users.by_name("ann").id, "renju", 1712.6)  # type: ignore[union-attr]
    settings = {"game": "renju", "length": 1, "clock": "fischer:180+2"}
    seek = ann.ok("post", "/api/seeks", {"settings": settings})
    assert (seek["rating"], seek["rating_shown"]) == (1713, "1713")
    assert (seek["speed"], seek["estimate"]) == ("blitz", 260)
    assert hall.anonymous().ok("get", "/api/seeks")["seeks"] == [seek]


def test_the_lobby_socket_counts_the_matches_being_played(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    seek = ann.ok("post", "/api/seeks", {"settings": {"game": "renju"}})
    with hall.anonymous().client.websocket_connect("/ws/lobby", headers=ORIGIN) as ws:
        ws.receive_json(), ws.receive_json()
        assert ws.receive_json() == _playing()
        bob.ok("post", f"/api/seeks/{seek['id']}/accept")
        assert _until(ws, "playing") == _playing(renju=(1, 2))
        ann.ok("post", "/api/computer", {"settings": BACKGAMMON, "level": "random"})
        assert _until(ws, "playing") == _playing(renju=(1, 2), backgammon=(1, 1))


def _until(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (the seeks' changes may come before it)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message


def test_the_lobby_socket_says_who_is_online(hall: Hall) -> None:
    ann = hall.register("ann")
    with hall.anonymous().client.websocket_connect("/ws/lobby", headers=ORIGIN) as ws:
        ws.receive_json()
        assert ws.receive_json() == {"type": "online", "players": [], "bots": []}
        assert ws.receive_json() == _playing()
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
        ws.receive_json()  # what is being played
        with robo.client.websocket_connect("/ws/user", headers=ORIGIN) as user:
            user.receive_json()
            assert ws.receive_json() == {"type": "online", "players": ["robo"], "bots": ["robo"]}


def test_the_lobby_lists_the_oldest_seeks_and_sends_changes_once_written(config: Config) -> None:
    """Every lobby socket was sent the whole list again, written out again for each socket,
    on every change: 1,200 seeks and 200 sockets pushed 19.6 MB/s."""
    with running(config, lobby_seeks=2) as hall:
        players = [hall.register(name) for name in ("ann", "bob", "cat")]
        seeks = [p.ok("post", "/api/seeks", {"settings": BACKGAMMON}) for p in players]
        assert hall.anonymous().ok("get", "/api/seeks")["seeks"] == seeks[:2]
        with (
            hall.anonymous().client.websocket_connect("/ws/lobby", headers=ORIGIN) as first,
            hall.anonymous().client.websocket_connect("/ws/lobby", headers=ORIGIN) as second,
        ):
            for ws in (first, second):
                assert ws.receive_json() == {"type": "seeks", "seeks": seeks[:2]}
                ws.receive_json()  # who is online
                ws.receive_json()  # what is being played
            players[0].ok("delete", f"/api/seeks/{seeks[0]['id']}")
            change = {"type": "seek_changes", "removed": [seeks[0]["id"]], "added": [seeks[2]]}
            assert first.receive_json() == second.receive_json() == change


def test_a_change_is_written_once_for_every_socket(store: Store) -> None:
    workers = Workers()
    hub = LobbyHub(store, None, workers, limit=10)  # type: ignore[arg-type]
    inboxes = [_Inbox(), _Inbox()]
    hub.sockets.update(inboxes)  # type: ignore[arg-type]
    ann = store.users.create("ann", "password-long")
    try:
        store.offers.create_seek(ann.id, BackgammonSettings())
        assert aio.run(hub.look())
        store.offers.create_seek(ann.id, BackgammonSettings())
        assert aio.run(hub.look())
        assert not aio.run(hub.look())
    finally:
        workers.close()
    assert [len(inbox.messages) for inbox in inboxes] == [2, 2]
    for mine, theirs in zip(inboxes[0].messages, inboxes[1].messages, strict=True):
        assert mine is theirs and isinstance(mine, Serialised)
        assert json.loads(mine.text)["type"] == "seek_changes"


class _Inbox:
    """A lobby socket of a test: it keeps what it is sent."""

    def __init__(self) -> None:
        self.messages: list[object] = []

    def send(self, message: object) -> None:
        self.messages.append(message)


def test_changes_say_what_a_list_lost_and_gained() -> None:
    seeks = [_seek(n) for n in range(4)]
    made = changes(seeks[:3], [seeks[0], seeks[2], seeks[3]])
    assert made is not None and (made.removed, made.added) == ([1], [seeks[3]])
    assert changes(seeks[:2], seeks[1::-1]) is None  # moved: the whole list is sent instead
    assert changes([], seeks) == SeekChanges(removed=[], added=seeks)


def _seek(n: int) -> SeekView:
    return SeekView.model_validate(
        {
            "id": n,
            "user": f"u{n}",
            "settings": {"game": "renju"},
            "rated": False,
            "created_at": "2026-01-01T00:00:00+00:00",
            "rating": 1500,
            "rating_shown": "1500?",
            "speed": "untimed",
            "estimate": None,
        }
    )
