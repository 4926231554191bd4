"""Rematches: offered by one player, started when the other asks too, seats swapped; at once
against the computer; only after the match, only by its players."""

from typing import Any

from server.helpers import Hall

RENJU = {"game": "renju", "length": 1}
ORIGIN = {"Origin": "http://testserver"}


def _notice(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] not in ("hello", "seek_accepted", "challenge_accepted", "challenges"):
            return message


def test_a_rematch_swaps_the_seats_once_both_ask(hall: Hall) -> None:
    match_id, players = hall.match_between(RENJU)
    early = players[0].post(f"/api/matches/{match_id}/rematch")
    assert early.status_code == 409 and "still being played" in early.json()["detail"]
    with players[0].socket(match_id) as socket:
        socket.act("resign")
        assert socket.reply()["state"]["phase"] == "over"
    outsider = hall.register("carol").post(f"/api/matches/{match_id}/rematch")
    assert outsider.status_code == 403
    with players[1].client.websocket_connect("/ws/user", headers=ORIGIN) as ws:
        ws.receive_json()
        offered = players[0].ok("post", f"/api/matches/{match_id}/rematch")
        assert offered == {"status": "offered", "match_id": None}
        notice = _notice(ws)
        assert notice == {"type": "rematch_offer", "of": match_id, "opponent": players[0].name}
        started = players[1].ok("post", f"/api/matches/{match_id}/rematch")
        assert started["status"] == "started"
        assert _notice(ws) == {"type": "rematch", "of": match_id, "match_id": started["match_id"]}
    new = hall.anonymous().ok("get", f"/api/matches/{started['match_id']}")["match"]
    assert [p["name"] for p in new["players"]] == [players[1].name, players[0].name]
    again = players[0].ok("post", f"/api/matches/{match_id}/rematch")
    assert again == started


def test_a_rematch_against_the_computer_starts_at_once(hall: Hall) -> None:
    ann = hall.register("ann")
    match_id = ann.ok("post", "/api/computer", {"settings": RENJU, "level": "random"})["match_id"]
    with ann.socket(match_id) as socket:
        socket.act("resign")
        assert socket.reply()["state"]["phase"] == "over"
    started = ann.ok("post", f"/api/matches/{match_id}/rematch")
    assert started["status"] == "started"
    new = hall.anonymous().ok("get", f"/api/matches/{started['match_id']}")["match"]
    assert [p["kind"] for p in new["players"]] == ["computer", "human"]


def test_a_finished_match_is_reviewed_step_by_step(hall: Hall) -> None:
    match_id, players = hall.match_between(RENJU)
    early = hall.anonymous().get(f"/api/matches/{match_id}/review")
    assert early.status_code == 409
    with players[0].socket(match_id) as socket:
        socket.act("move", point="h8")
        socket.reply()
    with players[1].socket(match_id) as socket:
        socket.act("resign")
        assert socket.reply()["state"]["phase"] == "over"
    frames = hall.anonymous().ok("get", f"/api/matches/{match_id}/review")["frames"]
    assert [f["kind"] for f in frames] == ["start", "move", "resign"]
    assert frames[1]["state"]["stones"] == {"h8": "black"}
    assert hall.anonymous().get("/api/matches/nope/review").status_code == 404


def test_spectators_are_sent_to_the_rematch_and_the_players_are_not(hall: Hall) -> None:
    match_id, players = hall.match_between(RENJU)
    with (
        hall.anonymous().socket(match_id) as watcher,
        players[1].socket(match_id) as player,
    ):
        with players[0].socket(match_id) as socket:
            socket.act("resign")
            assert socket.reply()["state"]["phase"] == "over"
        watcher.until("update")
        players[0].ok("post", f"/api/matches/{match_id}/rematch")
        started = players[1].ok("post", f"/api/matches/{match_id}/rematch")
        moved = watcher.until("rematch")
        assert moved == {"type": "rematch", "match_id": started["match_id"]}
        player.send({"type": "ping"})
        assert player.until(lambda m: m["type"] in ("rematch", "pong"))["type"] == "pong"
