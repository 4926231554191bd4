"""Presence, the grace period of a dropped player and ``claim_abandoned``; the clock's timer."""

from typing import Any

from gamehall.server.config import Config
from server.helpers import FakeClock, running


def _both_here(message: dict[str, Any]) -> bool:
    return message["type"] == "presence" and message["connected"] == [True, True]


def _one_gone(message: dict[str, Any]) -> bool:
    return message["type"] == "presence" and message["connected"] == [True, False]


def test_an_abandoned_match_is_claimed_after_the_grace_period(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock, grace_seconds=1) as hall:
        match_id, players = hall.match_between({"game": "renju"})
        with players[0].socket(match_id) as stayer:
            with players[1].socket(match_id):
                here = stayer.until(_both_here)
                assert here == {"type": "presence", "connected": [True, True], "grace": None}
            gone = stayer.until(_one_gone)
            assert gone["connected"] == [True, False]
            assert gone["grace"]["player"] == 1
            deadline = gone["grace"]["deadline"]
            assert deadline == clock() + 1
            stayer.act("claim_abandoned", ref="early")
            early = stayer.reply()
            assert early["ref"] == "early"
            assert f"{players[1].name} has 1 s more to come back" in early["message"]
            clock.advance(0.5)
            stayer.act("claim_abandoned", ref="still early")
            assert "has 1 s more to come back" in stayer.reply()["message"]
            clock.advance(0.5)
            stayer.act("claim_abandoned")
            update = stayer.reply()
            assert [e["kind"] for e in update["events"]] == ["forfeit", "match_end"]
            assert update["events"][0]["data"] == {"player": 1, "reason": "abandoned"}
            assert update["state"]["winner"] == 0 and update["state"]["end_reason"] == "abandoned"
            assert update["actions"] == []
        stored = hall.store.matches.load(match_id)
        assert stored is not None and stored.status == "over"
        state = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]
        assert state["winner"] == 0 and state["phase"] == "over"
        winner = players[0].name
        assert hall.anonymous().ok("get", f"/api/users/{winner}")["stats"]["won"] == 1
        with players[1].socket(match_id) as late:
            assert late.hello["state"]["winner"] == 0 and late.hello["actions"] == []


def test_a_player_who_comes_back_in_time_keeps_the_match(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock, grace_seconds=1) as hall:
        match_id, players = hall.match_between({"game": "renju"})
        with players[0].socket(match_id) as stayer:
            with players[1].socket(match_id):
                stayer.until(_both_here)
            assert stayer.until(_one_gone)["grace"]["player"] == 1
            with players[1].socket(match_id):
                back = stayer.until(_both_here)
                assert back == {"type": "presence", "connected": [True, True], "grace": None}
                clock.advance(1.1)
                stayer.act("claim_abandoned")
                assert "is here: there is nothing to claim" in stayer.reply()["message"]
        assert hall.store.matches.load(match_id).status == "playing"  # type: ignore[union-attr]


def test_the_server_flags_a_player_whose_time_runs_out(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        match_id, players = hall.match_between({"game": "nardy", "clock": "fischer:60"})
        with players[0].socket(match_id) as first, players[1].socket(match_id) as second:
            to_act = first.hello["state"]["to_act"]
            clock.advance(59.9)
            first.send({"type": "ping"})
            first.until("pong")
            assert hall.event_count(match_id) == len(first.hello["events"])  # not yet flagged
            clock.advance(0.2)
            update = first.until("update", timeout=5)
            assert [e["kind"] for e in update["events"]] == ["flag", "match_end"]
            assert update["state"]["winner"] == 1 - to_act
            assert update["state"]["end_reason"] == "time"
            assert second.until("update")["state"]["phase"] == "over"
        assert hall.store.matches.load(match_id).status == "over"  # type: ignore[union-attr]
