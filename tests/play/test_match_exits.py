"""Leaving a match: resigning the whole match, and aborting it before both players have moved."""

import json

import pytest

from gamehall.errors import IllegalMoveError
from gamehall.play.match import Match
from gamehall.play.match_exits import exits
from gamehall.play.registry import load_match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from support.matches import FakeTime, play_first, scripted


def _replayed(match: Match) -> Match:
    return load_match(json.loads(json.dumps(match.to_dict())))


def _restored(match: TablesMatch) -> TablesMatch:
    return TablesMatch.from_snapshot(match.snapshot(), match.events)


def _renju(length: int = 1) -> RenjuMatch:
    settings = MatchSettings.from_dict({"game": "renju", "length": length})
    match = RenjuMatch(settings, ("Ann", "Bob"), time_source=FakeTime())  # type: ignore[arg-type]
    match.start()
    return match


# -- resigning the match ------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy"])
def test_resigning_the_match_gives_the_opponent_the_match_at_the_score_as_it_stood(
    game: str,
) -> None:
    match = scripted(game, [(3, 1), (6, 5), (4, 2)], length=5)
    play_first(match)
    assert "resign_match" in exits(match)
    events = match.act(1, "resign_match")
    assert [e.kind for e in events] == ["resign_match", "match_end"]
    end = events[-1]
    assert end.kind == "match_end"
    assert end.outcome["winner"] == 0 and end.outcome["reason"] == "match resigned"
    assert end.outcome["score"] == [0, 0]
    assert match.is_over and match.winner == 0 and match.phase == "over"
    assert exits(match) == []
    assert _replayed(match).to_dict() == match.to_dict()


def test_the_match_is_resigned_also_while_the_opponent_is_to_act() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)], length=3)
    assert match.to_act == 0
    match.act(1, "resign_match")
    assert match.winner == 0


@pytest.mark.parametrize(
    ("game", "length", "words"),
    [
        ("backgammon", 1, "a single game is resigned as a game"),
        ("backgammon", 0, "a money session is not resigned"),
        ("nardy", 1, "a single game is resigned as a game"),
    ],
)
def test_a_single_game_or_a_money_session_is_not_resigned_as_a_match(
    game: str, length: int, words: str
) -> None:
    match = scripted(game, [(3, 1), (6, 5)], length=length)
    before = match.to_dict()
    assert "resign_match" not in exits(match)
    with pytest.raises(IllegalMoveError, match=words):
        match.act(0, "resign_match")
    assert match.to_dict() == before


def test_a_renju_match_is_not_resigned_as_a_whole() -> None:
    match = _renju(length=3)
    with pytest.raises(IllegalMoveError, match="resign the game"):
        match.act(0, "resign_match")
    assert not match.is_over


# -- aborting -----------------------------------------------------------------------------------


def test_either_player_aborts_until_both_have_moved() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5), (4, 2)], length=3)
    assert exits(match) == ["abort", "resign_match"]
    play_first(match)  # Ann has moved; Bob has not
    assert match.movers == {0}
    restored = _restored(match)
    assert restored.movers == {0}
    events = restored.act(0, "abort")
    assert [e.kind for e in events] == ["abort", "match_end"]
    end = events[-1]
    assert end.kind == "match_end" and end.outcome["winner"] is None
    assert end.outcome["reason"] == "aborted"
    assert restored.is_over and restored.winner is None and restored.end_reason == "aborted"
    assert _replayed(restored).to_dict() == restored.to_dict()


def test_once_both_have_moved_the_match_is_not_aborted() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5), (4, 2)], length=3)
    play_first(match)
    match.act(1, "roll")
    play_first(match)
    assert match.movers == {0, 1}
    assert exits(match) == ["resign_match"]
    before = match.to_dict()
    with pytest.raises(IllegalMoveError, match="both players have moved"):
        match.act(1, "abort")
    assert match.to_dict() == before
    assert _restored(match).movers == {0, 1}


def test_a_checker_moved_but_not_confirmed_is_not_yet_a_move() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)], length=1)
    match.act(0, "play", text="8/5 6/5")
    match.act(1, "abort")
    assert match.end_reason == "aborted"


def test_a_confirmed_play_of_each_player_closes_the_window() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5), (2, 1)], length=1)
    play_first(match)
    assert match.movers == {0}
    match.act(1, "play", text="24/18 18/13")
    assert "abort" in exits(match)
    match.act(1, "confirm")
    assert "abort" not in exits(match)


def test_renju_stones_and_opening_choices_are_moves() -> None:
    match = _renju()
    assert "abort" in exits(match)
    match.act(0, "move", point="h8")
    assert match.movers == {0}
    match.act(1, "move", point="h9")
    with pytest.raises(IllegalMoveError, match="both players have moved"):
        match.act(0, "abort")


def test_a_renju_game_aborted_before_the_second_stone_has_no_result() -> None:
    match = _renju()
    match.act(0, "move", point="h8")
    match.act(1, "abort")
    assert match.is_over and match.winner is None and match.end_reason == "aborted"
    assert [e.kind for e in match.events if e.kind == "game_end"] == []
    assert _replayed(match).to_dict() == match.to_dict()
