"""A server restart in the middle of a match: the players reconnect and finish it, the clocks
going on from where they stood when the server stopped (the downtime is charged to nobody)."""

from contextlib import ExitStack
from typing import Any

from gamehall.server.config import Config
from gamehall.store import Store
from server.helpers import Choice, FakeClock, Table, running, tables_choice


def _tables(seat: int, message: dict[str, Any]) -> Choice:
    return tables_choice(message)


def test_a_match_goes_on_after_a_restart(config: Config) -> None:
    settings = {"game": "backgammon", "length": 1, "clock": "fischer:600+5"}
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        match_id, players = hall.match_between(settings)
        names = {seat: player.name for seat, player in players.items()}
        with ExitStack() as stack:
            sockets = {s: stack.enter_context(p.socket(match_id)) for s, p in players.items()}
            table = Table(sockets)
            for _ in range(12):
                assert table.step(_tables)
            before = table.state
        stored_before = hall.event_count(match_id)
    clock.advance(3600)  # the server is down for an hour
    with running(config, clock=clock) as hall:
        players = {seat: hall.login(name) for seat, name in names.items()}
        with ExitStack() as stack:
            sockets = {s: stack.enter_context(p.socket(match_id)) for s, p in players.items()}
            after = sockets[0].hello["state"]
            assert len(sockets[0].hello["events"]) == stored_before
            assert after["to_act"] == before["to_act"] and after["dice"] == before["dice"]
            running_side = before["clocks"]["running"]
            assert after["clocks"]["running"] == running_side
            assert after["clocks"]["remaining"] == before["clocks"]["remaining"]
            table = Table(sockets)
            assert table.play_out(_tables) > 0
            assert table.state["phase"] == "over"
    with running(config, clock=clock) as hall:
        stored = hall.store.matches.load(match_id)
        assert stored is not None and stored.status == "over"
        assert hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]["phase"] == "over"


def test_the_computer_acts_again_after_a_restart(config: Config) -> None:
    settings = {"game": "backgammon", "length": 1}
    clock = FakeClock()
    with running(config, clock=clock, bot_delay=60) as hall:  # the clock stays: it waits
        ann = hall.register("ann")
        body = {"settings": settings, "level": "random", "side": 0}
        match_id = ann.ok("post", "/api/computer", body)["match_id"]
        with ann.socket(match_id) as socket:
            message = socket.hello
            while message["state"]["to_act"] != 1:
                choice = tables_choice(message)
                assert choice is not None
                socket.act(choice[0], **choice[1])
                message = socket.reply()
        waiting = hall.event_count(match_id)
    with running(config, clock=clock) as hall:
        ann = hall.login("ann")
        with ann.socket(match_id) as socket:
            if len(socket.hello["events"]) == waiting:
                socket.until("update")
        assert hall.event_count(match_id) > waiting


def test_after_a_crash_the_clock_goes_on_from_the_last_event(config: Config) -> None:
    settings = {"game": "renju", "clock": "fischer:300"}
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        match_id, players = hall.match_between(settings)
        names = {seat: player.name for seat, player in players.items()}
        with players[0].socket(match_id) as black:
            black.act("move", point="h8")
            last = black.reply()["state"]["clocks"]
        clock.advance(30)  # White thinks; then the server dies without pausing the match
    with Store(config.database_url) as store:
        stored = store.matches.load(match_id)
        assert stored is not None and "paused_at" in stored.summary
        crashed = {k: v for k, v in stored.summary.items() if k != "paused_at"}
        store.matches.append(
            match_id, [], secrets=stored.secrets, status="playing", summary=crashed
        )
    clock.advance(3600)
    with running(config, clock=clock) as hall:
        white = hall.login(names[1])
        with white.socket(match_id) as socket:
            clocks = socket.hello["state"]["clocks"]
            assert clocks["running"] == 1
            assert clocks["remaining"] == last["remaining"]  # neither the crash nor the downtime
