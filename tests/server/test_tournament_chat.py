"""A tournament's chat: everybody reads it, its entrants, its maker and the operators write in
it, with the limits of every chat; its lines are kept, and a page opened later reads the last
of them."""

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from gamehall.server.config import Config
from gamehall.server.tournament_chat import HISTORY
from server.helpers import ORIGIN, Hall, Player, running

RENJU = {"game": "renju", "length": 1}


def _chat(player: Player, tournament_id: int, language: str | None = None) -> Any:
    headers = {"Origin": ORIGIN}
    if language:
        headers["Accept-Language"] = language
    return player.client.websocket_connect(f"/ws/tournaments/{tournament_id}/chat", headers=headers)


def _tournament(maker: Player) -> int:
    body = {"name": "Winter Swiss", "format": "swiss", "rounds": 2, "settings": RENJU}
    made = maker.ok("post", "/api/tournaments", body)
    return int(made["tournament"]["id"])


def test_entrants_the_maker_and_operators_write_everybody_reads(config: Config) -> None:
    with running(config, rate_chat="1/second") as hall:
        _who_writes(hall)


def _who_writes(hall: Hall) -> None:
    maker, ann, bob = hall.register("mia"), hall.register("ann"), hall.register("bob")
    olga, visitor = hall.register("olga"), hall.anonymous()
    hall.store.moderation.make_operator("olga", "command line")
    olga = hall.login("olga")
    tournament = _tournament(maker)
    ann.ok("post", f"/api/tournaments/{tournament}/join")
    with (
        _chat(ann, tournament) as entrant,
        _chat(maker, tournament) as director,
        _chat(olga, tournament) as operator,
        _chat(bob, tournament) as outsider,
        _chat(visitor, tournament) as anonymous,
    ):
        hello = entrant.receive_json()
        assert hello == {
            "type": "hello",
            "tournament": tournament,
            "can_write": True,
            "messages": [],
        }
        assert director.receive_json()["can_write"] is True
        assert operator.receive_json()["can_write"] is True
        assert outsider.receive_json()["can_write"] is False
        assert anonymous.receive_json()["can_write"] is False
        everybody = (entrant, director, operator, outsider, anonymous)
        entrant.send_json({"type": "say", "text": "  good <b>luck</b>\n "})
        _heard(everybody, "ann", "good <b>luck</b>")
        director.send_json({"type": "say", "text": "round 1 soon"})
        _heard(everybody, "mia", "round 1 soon")
        operator.send_json({"type": "say", "text": "welcome"})
        _heard(everybody, "olga", "welcome")
        outsider.send_json({"type": "say", "text": "let me in"})
        refused = outsider.receive_json()
        assert refused["type"] == "error" and refused["code"] == "chat-not-entered"
        anonymous.send_json({"type": "say", "text": "hi"})
        assert anonymous.receive_json()["code"] == "chat-log-in"
        entrant.send_json({"type": "say", "text": "too fast"})
        assert entrant.receive_json()["code"] == "chat-too-fast"
        entrant.send_json({"type": "say", "text": "x" * 301})
        assert "at most 300 characters" in entrant.receive_json()["message"]
        entrant.send_json({"type": "say", "text": "\u200b\u202e "})
        assert entrant.receive_json()["code"] == "chat-empty"
        entrant.send_json({"type": "shout"})
        assert entrant.receive_json()["code"] == "chat-frame"
        bob.ok("post", f"/api/tournaments/{tournament}/join")  # entered now: he writes
        outsider.send_json({"type": "say", "text": "in at last"})
        _heard(everybody, "bob", "in at last")
    lines = [(line.name, line.text) for line in hall.store.tournament_chat.last(tournament, 10)]
    assert lines == [
        ("ann", "good <b>luck</b>"),
        ("mia", "round 1 soon"),
        ("olga", "welcome"),
        ("bob", "in at last"),
    ]


def _heard(sockets: tuple[Any, ...], name: str, text: str) -> None:
    """Every socket gets the line ``name`` said."""
    for socket in sockets:
        line = socket.receive_json()
        assert (line["type"], line["from"], line["text"]) == ("chat", name, text)


def test_a_page_opened_later_reads_the_last_lines_kept(hall: Hall) -> None:
    maker = hall.register("mia")
    tournament = _tournament(maker)
    with _chat(maker, tournament) as director:
        director.receive_json()
        for number in range(HISTORY + 2):
            director.send_json({"type": "say", "text": f"line {number}"})
            director.receive_json()
    with _chat(hall.anonymous(), tournament) as later:
        messages = later.receive_json()["messages"]
    assert len(messages) == HISTORY
    assert messages[0]["text"] == "line 2" and messages[-1]["text"] == f"line {HISTORY + 1}"
    assert all(m["from"] == "mia" and m["time"] > 0 for m in messages)


def test_a_refusal_is_said_in_the_readers_language(hall: Hall) -> None:
    tournament = _tournament(hall.register("mia"))
    with _chat(hall.anonymous(), tournament, "ru") as visitor:
        visitor.receive_json()
        visitor.send_json({"type": "say", "text": "привет"})
        refused = visitor.receive_json()
    assert refused["code"] == "chat-log-in" and "log in" not in refused["message"]


def test_no_chat_for_a_tournament_that_is_not(hall: Hall) -> None:
    with pytest.raises(WebSocketDisconnect) as closed, _chat(hall.anonymous(), 999):
        pass
    assert closed.value.code == 4404
