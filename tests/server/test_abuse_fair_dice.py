"""Fair dice on the server, however a match ends (issue 17): a match that ended on time or by
forfeit never revealed its game's seed, ``/dice/N`` answered 409 forever and the secret stayed
in the database."""

import io
import json
from pathlib import Path
from typing import Any

from gamehall import cli
from gamehall.server.config import Config
from gamehall.words import words
from server.helpers import FakeClock, Hall, running


def _gone(message: dict[str, Any]) -> bool:
    return message["type"] == "presence" and message["connected"] == [True, False]


def _revealed(hall: Hall, match_id: str) -> None:
    answer = hall.anonymous().get(f"/api/matches/{match_id}/dice/1")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["record"]["server_seed"] is not None
    assert body["verification"]["ok"] is True
    stored = hall.store.matches.load(match_id)
    assert stored is not None and stored.status == "over"
    assert stored.secrets is None


def test_an_abandoned_match_reveals_its_dice(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock, grace_seconds=1) as hall:
        match_id, players = hall.match_between({"dice": "fair", "length": 3})
        stored = hall.store.matches.load(match_id)
        assert stored is not None and stored.secrets  # the seed of the game being played
        with players[0].socket(match_id) as stayer:
            with players[1].socket(match_id):
                pass
            stayer.until(_gone)
            clock.advance(1)
            stayer.act("claim_abandoned")
            update = stayer.reply()
            assert [e["kind"] for e in update["events"]] == ["forfeit", "match_end"]
            assert update["events"][-1]["outcome"]["server_seed"]
        _revealed(hall, match_id)


def test_a_match_lost_on_time_reveals_its_dice(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        settings = {"dice": "fair", "length": 3, "clock": "fischer:60+0"}
        match_id, players = hall.match_between(settings)
        with players[0].socket(match_id) as watcher:
            clock.advance(3600)
            update = watcher.until(lambda m: m["type"] == "update")
            assert [e["kind"] for e in update["events"]] == ["flag", "match_end"]
        _revealed(hall, match_id)


def test_players_add_their_own_seeds(hall: Hall, tmp_path: Path) -> None:
    """The accepter of a seek and a player against the computer give their own seed: every
    roll of the match depends on it, the record shows it and ``gamehall verify-dice`` checks
    the match."""
    ann, bob = hall.register("ann"), hall.register("bob")
    seek = ann.ok("post", "/api/seeks", {"settings": {"dice": "fair", "length": 3}})
    match_id = bob.ok("post", f"/api/seeks/{seek['id']}/accept", {"seed": "bob's seed"})["match_id"]
    record = hall.anonymous().ok("get", f"/api/matches/{match_id}/record.json")
    seeds = [e for e in record["events"] if e["kind"] == "seed"]
    assert [e["data"] for e in seeds] == [{"seed": "bob's seed"}]
    assert record["events"].index(seeds[0]) < [e["kind"] for e in record["events"]].index(
        "game_start"
    )
    seats = hall.seats(match_id, {"ann": ann, "bob": bob})
    to_act = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]["to_act"]
    with seats[to_act].socket(match_id) as sock:
        sock.act("resign", value=3)
        assert sock.reply()["type"] == "update"
    with seats[1 - to_act].socket(match_id) as sock:
        sock.act("accept")
        assert sock.reply()["state"]["phase"] == "over"
    dice = hall.anonymous().ok("get", f"/api/matches/{match_id}/dice/1")
    assert dice["record"]["client_seeds"] == [b"bob's seed".hex()]
    assert dice["verification"]["ok"] is True
    path = tmp_path / "match.json"
    path.write_text(json.dumps(hall.anonymous().ok("get", f"/api/matches/{match_id}/record.json")))
    out = io.StringIO()
    assert cli.verify_dice(str(path), out, words("en").say) == 0, out.getvalue()
    computer = ann.ok(
        "post",
        "/api/computer",
        {"settings": {"dice": "fair"}, "level": "random", "side": 1, "seed": "mine"},
    )
    events = hall.anonymous().ok("get", f"/api/matches/{computer['match_id']}/record.json")
    assert [(e["player"], e["data"]) for e in events["events"] if e["kind"] == "seed"] == [
        (1, {"seed": "mine"})
    ]


def test_a_seed_needs_fair_dice(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    seek = ann.ok("post", "/api/seeks", {"settings": {}})
    refused = bob.post(f"/api/seeks/{seek['id']}/accept", {"seed": "x"})
    assert refused.status_code == 400
    assert "does not use provably fair dice" in refused.json()["detail"]
    assert bob.post(f"/api/seeks/{seek['id']}/accept", {"seed": ""}).status_code == 422
    assert bob.post(f"/api/seeks/{seek['id']}/accept", {"seed": 5}).status_code == 422
    bare = bob.client.post(  # no body at all: no seed
        f"/api/seeks/{seek['id']}/accept", headers={"X-CSRF-Token": bob.csrf or ""}
    )
    assert bare.status_code == 200, bare.text  # the seek was still open


def test_the_makers_of_seeks_and_challenges_add_their_own_seeds(hall: Hall) -> None:
    """The seed the maker gives with a seek or a challenge goes into the match with the
    accepter's (each for his own seat), before its first game; the lobby does not show it."""
    ann, bob = hall.register("ann"), hall.register("bob")
    fair = {"dice": "fair", "length": 3}
    seek = ann.ok("post", "/api/seeks", {"settings": fair, "seed": "ann's seed"})
    assert "seed" not in seek
    assert all("seed" not in s for s in hall.anonymous().ok("get", "/api/seeks")["seeks"])
    match_id = bob.ok("post", f"/api/seeks/{seek['id']}/accept", {"seed": "bob's"})["match_id"]
    challenge = ann.ok(
        "post", "/api/challenges", {"opponent": "bob", "settings": fair, "seed": "ann again"}
    )
    assert "seed" not in challenge
    other = bob.ok("post", f"/api/challenges/{challenge['id']}/accept")["match_id"]
    for played, expected in ((match_id, {"ann's seed", "bob's"}), (other, {"ann again"})):
        record = hall.anonymous().ok("get", f"/api/matches/{played}/record.json")
        kinds = [e["kind"] for e in record["events"]]
        seeds = [e for e in record["events"] if e["kind"] == "seed"]
        assert {e["data"]["seed"] for e in seeds} == expected
        assert all(record["events"].index(e) < kinds.index("game_start") for e in seeds)
        seats = hall.seats(played, {"ann": ann, "bob": bob})
        for event in seeds:
            owner = seats[event["player"]]
            assert (owner is ann) == (event["data"]["seed"] != "bob's")


def test_a_makers_seed_needs_fair_dice_and_is_text(hall: Hall) -> None:
    ann = hall.register("ann")
    hall.register("bob")
    refused = ann.post("/api/seeks", {"settings": {}, "seed": "x"})
    assert refused.status_code == 400
    assert "provably fair dice only" in refused.json()["detail"]
    challenge = {"opponent": "bob", "settings": {"dice": "fair"}, "seed": 5}
    assert ann.post("/api/challenges", challenge).status_code == 422
    assert ann.post("/api/seeks", {"settings": {"dice": "fair"}, "seed": ""}).status_code == 422
    assert ann.ok("get", "/api/seeks")["seeks"] == []
