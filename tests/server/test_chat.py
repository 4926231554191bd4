"""Chat in a match: the players' room and the spectators' room, length and rate limits, the
text kept as text."""

from typing import Any

from server.helpers import Hall

RENJU = {"game": "renju", "length": 1}
ORIGIN = {"Origin": "http://testserver"}


def _chat(player: Any, match_id: str) -> Any:
    return player.client.websocket_connect(f"/ws/chat/{match_id}", headers=ORIGIN)


def test_players_and_spectators_each_talk_in_their_own_room(hall: Hall) -> None:
    match_id, players = hall.match_between(RENJU)
    carol, visitor = hall.register("carol"), hall.anonymous()
    with (
        _chat(players[0], match_id) as ann,
        _chat(players[1], match_id) as bob,
        _chat(carol, match_id) as watcher,
        _chat(visitor, match_id) as anonymous,
    ):
        assert ann.receive_json() == {
            "type": "hello",
            "room": "players",
            "can_write": True,
            "messages": [],
        }
        bob.receive_json()
        assert watcher.receive_json()["room"] == "spectators"
        hello = anonymous.receive_json()
        assert hello["room"] == "spectators" and hello["can_write"] is False
        ann.send_json({"type": "say", "text": "  good <b>luck</b>\n "})
        said = bob.receive_json()
        assert said["from"] == players[0].name and said["text"] == "good <b>luck</b>"
        assert ann.receive_json()["text"] == "good <b>luck</b>"
        watcher.send_json({"type": "say", "text": "nice opening"})
        assert anonymous.receive_json()["text"] == "nice opening"
        assert watcher.receive_json()["from"] == "carol"
        anonymous.send_json({"type": "say", "text": "hi"})
        assert "log in" in anonymous.receive_json()["message"]
        watcher.send_json({"type": "say", "text": "too fast"})
        assert watcher.receive_json()["message"] == "one message a second, please"
        bob.send_json({"type": "say", "text": "x" * 301})
        assert "at most 300 characters" in bob.receive_json()["message"]
        bob.send_json({"type": "say", "text": " \n "})
        assert bob.receive_json()["message"] == "write something first"
        bob.send_json({"type": "shout"})
        assert bob.receive_json()["type"] == "error"
    with _chat(players[1], match_id) as again:
        assert again.receive_json()["messages"] == []  # an empty room forgets


def test_a_late_player_reads_the_room_so_far(hall: Hall) -> None:
    match_id, players = hall.match_between(RENJU)
    with _chat(players[0], match_id) as ann:
        ann.receive_json()
        ann.send_json({"type": "say", "text": "hello"})
        ann.receive_json()
        with _chat(players[1], match_id) as bob:
            assert [m["text"] for m in bob.receive_json()["messages"]] == ["hello"]
