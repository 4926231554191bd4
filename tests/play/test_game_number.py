"""The state's game number once a match is over: the last game played, never the next one."""

from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuSettings
from gamehall.play.views import state_of
from support.matches import FakeTime, scripted


def _restored(match: Match) -> Match:
    return type(match).from_snapshot(match.snapshot(), match.events)


def test_a_backgammon_match_to_3_won_in_game_2_says_game_2() -> None:
    match = scripted("backgammon", [(3, 1), (3, 1), (3, 1)], length=3)
    match.act(1, "resign", value=1)
    match.act(0, "accept")
    assert state_of(match)["game_number"] == 2  # game 2 is being played
    match.act(1, "resign", value=2)
    match.act(0, "accept")
    assert match.is_over and state_of(match)["game_number"] == 2
    assert state_of(_restored(match))["game_number"] == 2


def test_a_forfeit_during_game_1_says_game_1() -> None:
    match = scripted("backgammon", [(3, 1)], length=3)
    match.forfeit(1)
    assert match.is_over and state_of(match)["game_number"] == 1
    assert state_of(_restored(match))["game_number"] == 1


def test_a_renju_match_lost_by_forfeit_says_game_1() -> None:
    match = RenjuMatch(RenjuSettings(), ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    match.act(0, "move", point="h8")
    match.forfeit(1)
    assert match.is_over and state_of(match)["game_number"] == 1
    assert state_of(_restored(match))["game_number"] == 1


def test_a_renju_match_won_on_the_board_keeps_its_last_game() -> None:
    match = RenjuMatch(RenjuSettings(length=2), ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    match.act(1, "resign")
    assert state_of(match)["game_number"] == 2
    match.act(1, "resign")
    assert match.is_over and state_of(match)["game_number"] == 2
