"""Between two games of a match no clock runs for ``BETWEEN_GAMES`` seconds (issue 36, bug 9:
the next game's clock ran while the players still looked at the finished game); the messages
say how long the pause has left, and nothing ends it sooner."""

from typing import Any

from gamehall.server.config import Config
from gamehall.server.live.between_games import BETWEEN_GAMES
from server.helpers import FakeClock, Hall, Socket, running

BACKGAMMON = {"game": "backgammon", "length": 3, "clock": "fischer:300"}


def _state(hall: Hall, match_id: str) -> dict[str, Any]:
    state: dict[str, Any] = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]
    return state


def _end_game_one(sockets: dict[int, Socket], mover: int) -> dict[str, Any]:
    """The player on move resigns game 1, his opponent accepts: the accepting update."""
    sockets[mover].act("resign", value=1)
    sockets[mover].reply()
    sockets[1 - mover].reply()
    sockets[1 - mover].act("accept")
    update = sockets[1 - mover].reply()
    sockets[mover].reply()
    return update


def test_no_clock_runs_in_the_pause_between_two_games(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        match_id, players = hall.match_between(BACKGAMMON)
        mover = int(_state(hall, match_id)["on_roll"])
        with players[0].socket(match_id) as first, players[1].socket(match_id) as second:
            sockets = {0: first, 1: second}
            assert first.hello["clocks_wait"] is None
            clock.advance(3)  # game 1's clock runs as it shows
            update = _end_game_one(sockets, mover)
            assert update["clocks_wait"] == BETWEEN_GAMES
            state = update["state"]
            assert state["game_number"] == 2
            runner = state["clocks"]["running"]
            assert runner is not None
            left = state["clocks"]["remaining"][runner]
            clock.advance(BETWEEN_GAMES - 5)  # the pause: game 2's clock stands still
            assert _state(hall, match_id)["clocks"]["remaining"][runner] == left
            with players[runner].socket(match_id) as again:  # a player coming back ends nothing
                assert again.hello["clocks_wait"] == 5
            clock.advance(5 + 4)  # the pause is over: the clock runs from its end
            assert _state(hall, match_id)["clocks"]["remaining"][runner] == left - 4


def test_a_move_in_the_pause_costs_nothing_and_does_not_end_it(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        match_id, players = hall.match_between(BACKGAMMON)
        mover = int(_state(hall, match_id)["on_roll"])
        with players[0].socket(match_id) as first, players[1].socket(match_id) as second:
            sockets = {0: first, 1: second}
            update = _end_game_one(sockets, mover)
            state = update["state"]
            runner = state["clocks"]["running"]
            left = state["clocks"]["remaining"]
            clock.advance(6)
            sockets[runner].act("resign", value=1)  # an action of game 2, in the pause
            offer = sockets[runner].reply()
            assert offer["clocks_wait"] == BETWEEN_GAMES - 6
            assert offer["state"]["clocks"]["remaining"] == left  # that action cost nothing
            clock.advance(BETWEEN_GAMES - 6 + 2)
            answerer = offer["state"]["clocks"]["running"]
            assert answerer == 1 - runner
            assert _state(hall, match_id)["clocks"]["remaining"][answerer] == left[answerer] - 2
