"""Chat in a match: the players' room and the spectators' room, length and rate limits, the
text kept as text."""

from typing import Any

import pytest

from gamehall.server.chat_lines import ChatRefusedError, clean_text
from gamehall.server.config import Config
from server.helpers import Hall, running

RENJU = {"game": "renju", "length": 1}
ORIGIN = {"Origin": "http://testserver"}


def _chat(player: Any, match_id: str) -> Any:
    return player.client.websocket_connect(f"/ws/chat/{match_id}", headers=ORIGIN)


def test_players_and_spectators_each_talk_in_their_own_room(config: Config) -> None:
    with running(config, rate_chat="1/second") as hall:
        _talk_in_rooms(hall)


def _talk_in_rooms(hall: Hall) -> None:
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
        refused = anonymous.receive_json()
        assert refused["code"] == "chat-log-in" and "log in" in refused["message"]
        watcher.send_json({"type": "say", "text": "too fast"})
        assert watcher.receive_json()["message"].startswith(
            "too many chat messages: at most 1 per second"
        )
        bob.send_json({"type": "say", "text": "x" * 301})
        assert "at most 300 characters" in bob.receive_json()["message"]
        bob.send_json({"type": "say", "text": " \n "})
        assert bob.receive_json()["message"] == "write something first"
        bob.send_json({"type": "shout"})
        assert bob.receive_json()["code"] == "chat-frame"
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


def test_the_chat_limit_is_per_account_over_its_sockets(config: Config) -> None:
    """Ten sockets of one player sent ten messages a second: the limit was per socket."""
    with running(config, rate_chat="2/minute") as hall:
        match_id, _ = hall.match_between(RENJU)
        carol = hall.register("carol")
        with _chat(carol, match_id) as first, _chat(carol, match_id) as second:
            assert first.receive_json()["type"] == second.receive_json()["type"] == "hello"
            first.send_json({"type": "say", "text": "one"})
            assert first.receive_json()["text"] == "one"
            second.receive_json()
            second.send_json({"type": "say", "text": "two"})
            assert second.receive_json()["text"] == "two"
            first.receive_json()
            for sock in (first, second):
                sock.send_json({"type": "say", "text": "three"})
                refused = sock.receive_json()
                assert refused["type"] == "error", refused
                assert "at most 2 per minute" in refused["message"]
        with _chat(hall.register("dan"), match_id) as other:  # another account counts alone
            other.receive_json()
            other.send_json({"type": "say", "text": "four"})
            assert other.receive_json()["text"] == "four"


def test_bidi_controls_and_zero_width_characters_are_taken_out() -> None:
    assert clean_text("evil\u202egnp.exe") == "evilgnp.exe"
    assert clean_text("a\u2066b\u2067c\u2068d\u2069e\u202af\u202bg\u202ch\u202di") == "abcdefghi"
    assert clean_text("\u200fadmin\u200e\u061c") == "admin"
    assert clean_text("ad\u200bmin\u200c\u200d\u2060\ufeff") == "admin"
    with pytest.raises(ChatRefusedError, match="write something first"):
        clean_text("\u200b\u202e ")
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji of three, joined
    assert clean_text(f"hi {family}") == f"hi {family}"
    toned = "\U0001f44d\U0001f3fd\u200d\u2642\ufe0f"  # a skin tone, then the joiner
    assert clean_text(toned) == toned
    assert clean_text("\u200dx\U0001f600\u200d") == "x\U0001f600"
    assert clean_text("a\u200d\U0001f600") == "a\U0001f600"
