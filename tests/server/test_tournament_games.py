"""A tournament's page lists its games: those being played (to watch, with the match's
score) and the finished ones (to review), and carries the server's time for its countdowns."""

import time
from datetime import datetime
from typing import Any

from server.helpers import Hall

RENJU = {"game": "renju", "length": 1}


def _detail(hall: Hall, tournament: int) -> dict[str, Any]:
    detail: dict[str, Any] = hall.anonymous().ok("get", f"/api/tournaments/{tournament}")
    return detail


def _until(hall: Hall, tournament: int, test: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 10
    while True:
        detail = _detail(hall, tournament)
        if test(detail) or time.monotonic() > deadline:
            return detail
        time.sleep(0.1)


def test_the_games_being_played_then_those_over_with_their_score(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    body = {"name": "Round table", "format": "round-robin", "settings": RENJU}
    tournament = ann.ok("post", "/api/tournaments", body)["tournament"]["id"]
    before = _detail(hall, tournament)
    assert before["games"] == []
    assert abs(datetime.fromisoformat(before["now"]).timestamp() - time.time()) < 60
    for player in (ann, bob):
        player.ok("post", f"/api/tournaments/{tournament}/join")
    ann.ok("post", f"/api/tournaments/{tournament}/start")
    detail = _until(hall, tournament, lambda d: d["games"])
    [game] = detail["games"]
    assert game["status"] == "playing" and game["result"] is None
    assert game["score"] in (None, [0, 0])  # none until the match's first save
    assert {game["first"], game["second"]} == {"ann", "bob"}
    assert (game["round"], game["board"], game["leg"]) == (1, 1, 1)
    loser = ann if game["second"] == "ann" else bob
    with loser.socket(game["match_id"]) as socket:
        socket.act("resign")
        assert socket.reply()["state"]["phase"] == "over"
    detail = _until(hall, tournament, lambda d: d["games"][0]["result"])
    [over] = detail["games"]
    assert over["match_id"] == game["match_id"] and over["result"]["outcome"] == "1-0"
    assert over["score"] == [1, 0]
