"""A move the rules refuse comes back over the socket in the reader's language: the reason in
the catalog's words, not only a translated lead-in before English."""

from contextlib import ExitStack
from typing import Any

import pytest

from server.helpers import Hall, Socket


def _sockets(hall: Hall, settings: dict[str, Any], language: str) -> tuple[list[Socket], ExitStack]:
    ann, bob = hall.register("ann"), hall.register("bob")
    challenge = ann.ok("post", "/api/challenges", {"opponent": "bob", "settings": settings})
    match_id = bob.ok("post", f"/api/challenges/{challenge['id']}/accept")["match_id"]
    players = hall.anonymous().ok("get", f"/api/matches/{match_id}")["match"]["players"]
    by_seat = [{"ann": ann, "bob": bob}[p["name"]] for p in players]
    stack = ExitStack()
    sockets = []
    for player in by_seat:
        player.client.cookies.set("gamehall_language", language)
        sockets.append(stack.enter_context(player.socket(match_id)))
    return sockets, stack


@pytest.mark.parametrize(
    ("language", "said"),
    [("ru", "h8 занят"), ("ka", "h8 დაკავებულია"), ("zh_Hans", "h8 已有棋子")],
)
def test_an_occupied_point_in_renju(hall: Hall, language: str, said: str) -> None:
    sockets, stack = _sockets(hall, {"game": "renju"}, language)
    with stack:
        to_act = sockets[0].hello["state"]["to_act"]
        sockets[to_act].act("move", ref=1, point="h8")
        updates = [socket.reply() for socket in sockets]
        assert all(u["type"] == "update" for u in updates), updates
        now = updates[0]["state"]["to_act"]
        sockets[now].act("move", ref=2, point="h8")
        reply = sockets[now].reply()
    assert reply["type"] == "error" and reply["code"] == "illegal-move"
    assert reply["message"].endswith(said), reply["message"]


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy"])
def test_a_point_without_a_checker_in_russian(hall: Hall, game: str) -> None:
    sockets, stack = _sockets(hall, {"game": game}, "ru")
    with stack:
        state = sockets[0].hello["state"]
        to_act = state["to_act"]
        die = state["dice"][0]
        sockets[to_act].act("move", ref=3, src=3, die=die)
        reply = sockets[to_act].reply()
    assert reply == {**reply, "type": "error", "code": "illegal-move", "ref": 3}
    assert reply["message"] == "Такой ход невозможен: на 3 нет вашей шашки"


def test_a_move_out_of_turn_names_whose_it_is_in_russian(hall: Hall) -> None:
    sockets, stack = _sockets(hall, {"game": "renju"}, "ru")
    with stack:
        to_act = sockets[0].hello["state"]["to_act"]
        sockets[1 - to_act].act("move", ref=4, point="h8")
        reply = sockets[1 - to_act].reply()
        name = sockets[0].hello["state"]["players"][to_act]
    assert reply["code"] == "not-your-turn"
    assert reply["message"] == f"Сейчас не ваш ход: сейчас ход игрока {name}, а не ваш"


def test_a_roll_while_a_checker_is_to_move_in_chinese(hall: Hall) -> None:
    sockets, stack = _sockets(hall, {"game": "backgammon"}, "zh_Hans")
    with stack:
        state = sockets[0].hello["state"]
        to_act = state["to_act"]
        sockets[to_act].act("roll", ref=5)
        reply = sockets[to_act].reply()
    name = state["players"][to_act]
    assert reply["code"] == "illegal-move"
    assert reply["message"].endswith(f"现在不能掷骰（{name} 正在走棋）"), reply["message"]
