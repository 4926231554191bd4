"""``/api/matches/{id}/analysis``: asked for by anyone logged in who may see a finished match
(a spectator too), made once in the analyses' processes, then given whole with each decision's
review frame; 404 for no match, 409 for one still being played."""

import time
from typing import Any

from gamehall.engines import find_engine
from gamehall.engines.driver import play_out
from gamehall.play.dice import SeededDice
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.store import PlayerSeat
from server.helpers import Hall, Player

RENJU = {"game": "renju", "length": 1}


def _finish_renju(hall: Hall, stones: list[str]) -> tuple[str, dict[int, Player]]:
    """A renju match between ann and bob with ``stones``, then resigned by the side to move."""
    match_id, players = hall.match_between(RENJU)
    for number, point in enumerate(stones):
        with players[number % 2].socket(match_id) as socket:
            socket.act("move", point=point)
            socket.reply()
    with players[len(stones) % 2].socket(match_id) as socket:
        socket.act("resign")
        assert socket.reply()["state"]["phase"] == "over"
    return match_id, players


def _until_done(player: Player, match_id: str, seconds: float = 180) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        answer: dict[str, Any] = player.ok("get", f"/api/matches/{match_id}/analysis")
        if answer["status"] != "running":
            return answer
        assert time.monotonic() < deadline, f"the analysis took too long: {answer}"
        time.sleep(0.2)


def test_a_spectator_asks_and_everyone_sees_the_analysis(hall: Hall) -> None:
    match_id, players = _finish_renju(hall, ["h8", "h9", "j8", "a1"])
    carol = hall.register("carol")
    assert hall.anonymous().ok("get", f"/api/matches/{match_id}/analysis")["status"] == "none"
    asked = carol.ok("post", f"/api/matches/{match_id}/analysis")
    assert asked["status"] == "running" and asked["match_id"] == match_id
    joined = players[0].ok("post", f"/api/matches/{match_id}/analysis")
    assert joined["status"] in ("running", "done")
    done = _until_done(hall.anonymous(), match_id)
    assert done["status"] == "done", done
    assert done["tables"] is None and done["depth"] == 0.5 and done["made_at"]
    renju = done["renju"]
    assert [p["name"] for p in renju["players"]] == [players[0].name, players[1].name]
    assert [d["played"] for d in renju["decisions"]] == ["h8", "h9", "j8", "a1"]
    assert [d["frame"] for d in renju["decisions"]] == [0, 1, 2, 3]
    assert renju["decisions"][0]["forced"] == "only-move"
    assert [g["decision"] for g in renju["graph"]] == [0, 1, 2, 3]
    frames = hall.anonymous().ok("get", f"/api/matches/{match_id}/review")["frames"]
    assert frames[renju["decisions"][3]["frame"] + 1]["data"] == {"point": "a1"}
    # kept: asking again gives the same one
    again = players[1].ok("post", f"/api/matches/{match_id}/analysis")
    assert again == done


def test_only_a_finished_match_is_analysed_and_only_by_the_logged_in(hall: Hall) -> None:
    match_id, players = hall.match_between(RENJU)
    playing = players[0].post(f"/api/matches/{match_id}/analysis")
    assert playing.status_code == 409 and "still being played" in playing.json()["detail"]
    assert players[0].ok("get", f"/api/matches/{match_id}/analysis")["status"] == "none"
    assert players[0].post("/api/matches/nosuch/analysis").status_code == 404
    assert hall.anonymous().get("/api/matches/nosuch/analysis").status_code == 404
    assert hall.anonymous().post(f"/api/matches/{match_id}/analysis").status_code in (401, 403)


def test_a_profile_shows_the_average_figure_of_the_analysed_matches(hall: Hall) -> None:
    match_id, players = _finish_renju(hall, ["h8", "h9", "j8", "a1"])
    assert players[0].ok("get", "/api/users/ann")["analysed"] == []
    players[0].ok("post", f"/api/matches/{match_id}/analysis")
    done = _until_done(players[0], match_id)["renju"]
    assert {p["name"] for p in done["players"]} == {"ann", "bob"}
    for player in done["players"]:
        accuracy = player["accuracy"]
        figures = hall.anonymous().ok("get", f"/api/users/{player['name']}")["analysed"]
        expected = (
            []
            if accuracy is None
            else [{"game": "renju", "kind": "accuracy", "matches": 1, "average": accuracy}]
        )
        assert figures == expected
    guest = hall.client().post("/api/guest").json()["user"]["name"]
    assert hall.anonymous().ok("get", f"/api/users/{guest}")["analysed"] == []


def test_a_backgammon_match_is_analysed_whole(hall: Hall) -> None:
    settings = MatchSettings.from_dict({"game": "backgammon", "length": 1})
    match = TablesMatch(settings, ("ann", "bob"), dice=SeededDice(2))
    engines = {seat: find_engine("backgammon", "beginner", seed=seat) for seat in (0, 1)}
    play_out(match, engines)
    seats = [PlayerSeat(None, "computer", "beginner", name) for name in ("ann", "bob")]
    match_id = hall.store.matches.create(match.to_dict(), players=seats)
    summary = {"score": list(match.score), "winner": match.winner, "end_reason": "points"}
    hall.store.matches.append(match_id, [], secrets=None, status="over", summary=summary)
    carol = hall.register("carol")
    assert carol.ok("post", f"/api/matches/{match_id}/analysis")["status"] == "running"
    done = _until_done(carol, match_id)
    assert done["status"] == "done", done
    tables = done["tables"]
    assert done["renju"] is None and done["depth"] == 1 and tables["plies"] == 1
    assert [p["name"] for p in tables["players"]] == ["ann", "bob"]
    assert set(tables["players"][0]["errors"]) == {"doubtful", "error", "blunder"}
    plays = [d for d in tables["decisions"] if d["kind"] == "checker"]
    assert plays and all(len(d["dice"]) == 2 and d["choices"] for d in plays)
    frames = carol.ok("get", f"/api/matches/{match_id}/review")["frames"]
    for decision in plays:
        if decision["played"] != "no move":
            before = frames[decision["frame"]]
            assert sorted(before["state"]["dice"]) == sorted(decision["dice"])
    assert len(tables["graph"]) == len(plays)
    assert all(tables["decisions"][p["decision"]]["kind"] == "checker" for p in tables["graph"])
