"""Fair dice on the server, however a match ends (issue 17): a match that ended on time or by
forfeit never revealed its game's seed, ``/dice/N`` answered 409 forever and the secret stayed
in the database."""

from typing import Any

from gamehall.server.config import Config
from server.helpers import FakeClock, Hall, running


def _gone(message: dict[str, Any]) -> bool:
    return message["type"] == "presence" and message["connected"] == [True, False]


def _revealed(hall: Hall, match_id: str) -> None:
    answer = hall.anonymous().get(f"/api/matches/{match_id}/dice/1")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["record"]["server_seed"] is not None
    assert body["verification"]["ok"] is True
    stored = hall.store.load_match(match_id)
    assert stored is not None and stored.status == "over"
    assert stored.secrets is None


def test_an_abandoned_match_reveals_its_dice(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock, grace_seconds=1) as hall:
        match_id, players = hall.match_between({"dice": "fair", "length": 3})
        stored = hall.store.load_match(match_id)
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
