"""After a restart no player's clock runs until that player can reconnect.

A resumed match's clock stands still from the restart until the player on move reconnects, or
until ``restart_grace`` seconds after the server accepts connections again, or until something
happens in the match; then it goes on from where it stood. Issue 17 measured up to 2.7 s lost by
the side on move to a restart, its clock running from the match's load partway through start-up.
"""

import asyncio
import time
from typing import Any

from gamehall.play.settings import MatchSettings
from gamehall.play.views import state_of
from gamehall.server.config import Config
from gamehall.server.live import LiveMatches
from gamehall.server.live.manager import RESTART_GRACE
from gamehall.store import PlayerSeat, Store, upgrade_database
from server.helpers import CHEAP_HASHER, FakeClock, Hall, running
from support import aio


def _renju_after_h8(hall: Hall) -> tuple[str, dict[int, str], dict[str, Any]]:
    """A renju match with a clock, Black's first move played: White's clock runs."""
    match_id, players = hall.match_between({"game": "renju", "clock": "fischer:300"})
    with players[0].socket(match_id) as black:
        black.act("move", point="h8")
        clocks = black.reply()["state"]["clocks"]
    assert clocks["running"] == 1
    return match_id, {seat: p.name for seat, p in players.items()}, clocks


def _resumed(hall: Hall, match_id: str) -> None:
    """Wait until the restarted server has resumed ``match_id`` (in the background)."""
    live = hall.services.live
    deadline = time.monotonic() + 10
    while live.cached(match_id) is None:
        assert time.monotonic() < deadline, "the match was not resumed"
        time.sleep(0.01)


def test_the_clock_waits_for_the_player_on_move_to_reconnect(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        match_id, names, before = _renju_after_h8(hall)
    clock.advance(600)  # the server is down for ten minutes
    with running(config, clock=clock) as hall:
        _resumed(hall, match_id)
        clock.advance(RESTART_GRACE - 5)  # White takes a while to come back
        white = hall.login(names[1])
        with white.socket(match_id) as socket:
            clocks = socket.hello["state"]["clocks"]
            assert clocks["running"] == 1
            assert clocks["remaining"] == before["remaining"] and clocks["elapsed"] == 0
            clock.advance(4)  # back: White's clock runs from now
            socket.act("move", point="h9")
            after = socket.reply()["state"]["clocks"]
            assert after["remaining"][1] == before["remaining"][1] - 4


def test_the_clock_goes_on_once_the_grace_after_a_restart_is_over(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        match_id, names, before = _renju_after_h8(hall)
    clock.advance(600)
    with running(config, clock=clock) as hall:
        _resumed(hall, match_id)
        clock.advance(RESTART_GRACE + 10)  # White comes back 10 s after the grace
        white = hall.login(names[1])
        with white.socket(match_id) as socket:
            clocks = socket.hello["state"]["clocks"]
            assert clocks["remaining"] == [before["remaining"][0], before["remaining"][1] - 10]
            assert clocks["elapsed"] == 10


def test_the_opponent_coming_back_does_not_start_the_clock(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        match_id, names, _ = _renju_after_h8(hall)
    with running(config, clock=clock) as hall:
        _resumed(hall, match_id)
        black = hall.login(names[0])
        with black.socket(match_id) as socket:
            clock.advance(RESTART_GRACE - 1)
            socket.send({"type": "ping"})
            socket.until("pong")
        white = hall.login(names[1])
        with white.socket(match_id) as socket:
            assert socket.hello["state"]["clocks"]["elapsed"] == 0


def test_a_resumed_clock_is_held_until_the_server_accepts_connections(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        match_id, _, _ = _renju_after_h8(hall)
    store = Store(config.database_url, password_hasher=CHEAP_HASHER)

    async def scenario() -> None:
        live_matches = LiveMatches(store, config, clock=clock)
        assert await live_matches.start() == 1
        live = await live_matches.get(match_id, resuming=True)
        clock.advance(100)  # a long start-up: no clock runs meanwhile
        assert live.timer is None
        assert state_of(live.match)["clocks"]["elapsed"] == 0
        live_matches.serving()
        assert live.time.holding_for() == RESTART_GRACE
        clock.advance(RESTART_GRACE + 2)
        assert abs(state_of(live.match)["clocks"]["elapsed"] - 2) < 1e-6
        await asyncio.sleep(0.05)
        assert live.timer is not None
        await live_matches.stop()

    try:
        aio.run(scenario())
    finally:
        store.close()


def test_a_computer_on_move_is_not_held(config: Config) -> None:
    clock = FakeClock()
    config = config.changed(bot_delay=600)  # the computer (Black) has not moved yet
    settings = MatchSettings.from_dict({"game": "renju", "clock": "fischer:300"})
    upgrade_database(config.database_url)
    store = Store(config.database_url, password_hasher=CHEAP_HASHER)
    ann = store.users.create("ann", "password-long")
    seats = [
        PlayerSeat(None, "computer", "random", "computer"),
        PlayerSeat(ann.id, "human", None, "ann"),
    ]

    async def scenario() -> None:
        first = LiveMatches(store, config, clock=clock)
        match_id = await first.create(settings, seats)
        await first.stop()
        again = LiveMatches(store, config, clock=clock)
        live = await again.get(match_id, resuming=True)
        assert live.match.clock is not None and live.match.clock.running == 0
        assert live.time.held is None
        clock.advance(5)
        assert state_of(live.match)["clocks"]["elapsed"] == 5
        await again.stop()

    try:
        aio.run(scenario())
    finally:
        store.close()
