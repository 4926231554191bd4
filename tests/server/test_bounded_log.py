"""A live match keeps a bounded log in memory (issue 41, fault 4): memory grew with every live
match's events (about 1.4 KB each, 203 to 372 MB in 12 minutes at 500 games) with no bound
per match; the events before the latest snapshot now go once a match holds more than
``KEPT_EVENTS`` (the game in progress stays whole), and are read from the store when somebody
asks for the whole log."""

from contextlib import ExitStack

import pytest

from gamehall.server.config import Config
from gamehall.server.live import persistence
from gamehall.server.live.snapshots import SNAPSHOT_EVERY
from server.helpers import Table, running, tables_choice


def test_a_long_match_holds_a_bounded_log_and_still_gives_the_whole_of_it(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(persistence, "KEPT_EVENTS", 30)
    with running(config) as hall:
        match_id, players = hall.match_between({"game": "backgammon", "length": 3})
        most = 0
        with ExitStack() as stack:
            sockets = {s: stack.enter_context(p.socket(match_id)) for s, p in players.items()}
            table = Table(sockets)
            for _ in range(400):
                if not table.step(lambda _seat, message: tables_choice(message)):
                    break
                live = hall.services.live.cached(match_id)
                assert live is not None
                log = live.match.events
                game = log.last_recent("game_start") or 0
                over = log.held - (len(log) - game)  # beyond the game in progress
                most = max(most, over)
            live = hall.services.live.cached(match_id)
            assert live is not None
            total = len(live.match.events)
            assert total > 100 and not live.match.events.complete
            assert most <= 30 + SNAPSHOT_EVERY + 10, most  # a turn's events at most beyond
            with hall.anonymous().socket(match_id) as watcher:  # a first look: the whole log
                assert len(watcher.hello["events"]) == total
                assert [e["seq"] for e in watcher.hello["events"]] == list(range(total))
        record = hall.anonymous().ok("get", f"/api/matches/{match_id}/record.json")
        assert len(record["events"]) >= total
