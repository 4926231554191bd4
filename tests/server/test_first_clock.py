"""The first move's clock waits for both players to be on the board (issue 36: a player lost
17 s before reaching the board), or ``FIRST_MOVE_WAIT`` seconds after the match's start."""

from gamehall.server.config import Config
from gamehall.server.live.first_move import FIRST_MOVE_WAIT
from server.helpers import FakeClock, Hall, running

BACKGAMMON = {"game": "backgammon", "length": 3, "clock": "fischer:300"}


def _on_roll(hall: Hall, match_id: str) -> int:
    state = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]
    seat = state["on_roll"]
    assert state["clocks"]["running"] == seat
    return int(seat)


def test_the_clock_waits_until_both_players_are_on_the_board(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        match_id, players = hall.match_between(BACKGAMMON)
        mover = _on_roll(hall, match_id)
        clock.advance(17)  # the player on roll is on his way
        with players[mover].socket(match_id) as socket:
            clock.advance(5)  # the opponent is not here yet
            assert socket.hello["state"]["clocks"]["elapsed"] == 0
            with players[1 - mover].socket(match_id):
                clock.advance(4)  # both here: the clock runs from now
                socket.send({"type": "ping"})
                socket.until("pong")
                state = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]
                assert state["clocks"]["elapsed"] == 4
                assert state["clocks"]["remaining"][mover] == 300 - 4


def test_the_clock_runs_after_the_wait_whoever_came(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        match_id, players = hall.match_between(BACKGAMMON)
        mover = _on_roll(hall, match_id)
        with players[mover].socket(match_id) as socket:
            clock.advance(FIRST_MOVE_WAIT + 6)  # the opponent never comes
            socket.send({"type": "ping"})
            socket.until("pong")
        state = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]
        assert state["clocks"]["elapsed"] == 6
