"""Downloads: the public record (.json), renju's .psq, and the provably fair dice of a game."""

from contextlib import ExitStack
from typing import Any

from gamehall.play.dice import verify_record
from gamehall.play.tables_match import TablesMatch
from gamehall.renju.records import read_psq
from server.helpers import Choice, Hall, Table, tables_choice


def _tables(seat: int, message: dict[str, Any]) -> Choice:
    return tables_choice(message)


def test_fair_dice_and_the_json_record(hall: Hall) -> None:
    match_id, players = hall.match_between({"game": "backgammon", "dice": "fair"})
    anyone = hall.anonymous()
    assert anyone.get(f"/api/matches/{match_id}/dice/1").status_code == 409
    with ExitStack() as stack:
        sockets = {s: stack.enter_context(p.socket(match_id)) for s, p in players.items()}
        Table(sockets).play_out(_tables)

    answer = anyone.ok("get", f"/api/matches/{match_id}/dice/1")
    assert answer["verification"]["ok"] is True
    assert answer["verification"]["rolls_checked"] == len(answer["record"]["rolls"]) > 5
    assert verify_record(answer["record"]).ok
    assert anyone.get(f"/api/matches/{match_id}/dice/2").status_code == 404

    response = anyone.get(f"/api/matches/{match_id}/record.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    assert "secrets" not in record
    replayed = TablesMatch.from_dict(record)
    assert replayed.is_over and replayed.dice_record(1).server_seed is not None

    mat = anyone.get(f"/api/matches/{match_id}/record.mat")
    assert mat.status_code == 200, mat.text
    assert " 1 point match" in mat.text and " Game 1" in mat.text
    assert f"Wins {replayed.games[0].points} point" in mat.text
    psq = anyone.get(f"/api/matches/{match_id}/record.psq")
    assert psq.status_code == 404 and "for renju games" in psq.json()["detail"]


def test_secure_dice_have_no_fair_record(hall: Hall) -> None:
    match_id, _ = hall.match_between({"game": "nardy"})
    response = hall.anonymous().get(f"/api/matches/{match_id}/dice/1")
    assert response.status_code == 404
    assert response.json()["detail"] == "this match does not use provably fair dice"
    mat = hall.anonymous().get(f"/api/matches/{match_id}/record.mat")
    assert mat.status_code == 200 and "Long Nardy" in mat.text


def test_a_renju_game_as_psq(hall: Hall) -> None:
    ann = hall.register("ann")
    body = {"settings": {"game": "renju"}, "level": "beginner", "side": 1}
    match_id = ann.ok("post", "/api/computer", body)["match_id"]
    with ann.socket(match_id) as socket:
        message = socket.hello
        while len(message["state"]["moves"]) < 5 or "move" not in message["actions"]:
            if "move" in message["actions"]:
                point = ["g9", "a1", "a3"][len(message["state"]["moves"]) // 2]
                socket.act("move", point=point)
            message = socket.reply()
            assert message["type"] == "update", message
        moves = message["state"]["moves"]
    response = hall.anonymous().get(f"/api/matches/{match_id}/record.psq")
    assert response.status_code == 200, response.text
    text = response.text
    assert len(read_psq(text)) == len(moves)
    assert "Computer (beginner)\nann\n-1" in text
    missing = hall.anonymous().get(f"/api/matches/{match_id}/record.psq?game=2")
    assert missing.status_code == 404
    mat = hall.anonymous().get(f"/api/matches/{match_id}/record.mat")
    assert mat.status_code == 404 and "try .psq" in mat.json()["detail"]
