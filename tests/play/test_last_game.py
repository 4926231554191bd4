"""The state keeps the game finished last as it ended (the next one starts at once), and a
renju game won by a five names the five's stones."""

import pytest

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.nardy.position import Position as NardyPosition
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuSettings
from gamehall.play.views import state_of
from support.matches import FakeTime, scripted


def test_the_last_game_keeps_its_board_cube_and_points() -> None:
    match = scripted("backgammon", [(3, 1), (3, 1)], length=5)
    board = state_of(match)["position"]["checkers"]
    match.act(1, "resign", value=2)
    match.act(0, "accept")
    state = state_of(match)
    assert state["game_number"] == 2
    last = state["last_game"]
    assert last["number"] == 1 and last["winner"] == 0 and last["points"] == 2
    assert (
        last["kind"] == "gammon"
        and last["cube"] == 1
        and last["cube_owner"] is None
        and last["score"] == [2, 0]
    )
    assert last["position"]["checkers"] == board
    copy = type(match).from_snapshot(match.snapshot(), match.events)
    assert state_of(copy)["last_game"] == last


def test_a_renju_five_is_named_in_the_state_and_the_last_game() -> None:
    match = RenjuMatch(RenjuSettings(length=2), ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    for point in ["h8", "i9", "j10", "a3", "h9", "a5", "h10", "a7", "h11", "a9", "h12"]:
        player = match.to_act
        assert player is not None
        match.act(player, "move", point=point)
    last = state_of(match)["last_game"]
    assert last["five"] == ["h8", "h9", "h10", "h11", "h12"] and last["winner"] == 0
    assert last["stones"]["h12"] == "black" and last["moves"][-1] == "h12"
    assert state_of(match)["five"] == []  # game 2 is on


@pytest.mark.parametrize("game", ["backgammon", "nardy"])
@pytest.mark.parametrize("opening", [(3, 1), (1, 3)])
def test_a_game_borne_off_ends_with_the_winner_s_checkers_off(
    game: str, opening: tuple[int, int]
) -> None:
    """The board of a game won by bearing off shows the winner's tray full, in the last game
    and, the match over, in the state."""
    for length in (1, 3):
        match = scripted(game, [opening, opening, (5, 2), (6, 4)], length=length)
        winner = match.on_roll
        kind = BackgammonPosition if game == "backgammon" else NardyPosition
        match.position = kind.from_points({1: 1}, {12: 11})
        match.turn = match.position.start_turn(opening)
        match.act(winner, "play", text="1/off")
        if match.games == []:
            match.act(winner, "confirm")
        state = state_of(match)
        boards = [state["last_game"]["position"]]
        if length == 1:
            assert state["phase"] == "over"
            boards.append(state["position"])
        for board in boards:
            assert board["checkers"][winner][0] == 15
            assert board["checkers"][1 - winner][0] == 4
