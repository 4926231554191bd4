"""Swap2 (gomoku), move by move against the published procedure: the first player places
Black, White, Black; the second plays White, takes Black (a swap) or places White and Black and
lets the first player choose; refused steps say what is allowed; the log replays the same game."""

import json

import pytest

from gamehall.errors import IllegalMoveError, RecordError
from gamehall.play.actions import OpeningChoice, action_from_dict
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.renju_openings import Swap2
from gamehall.play.settings import RenjuSettings
from gamehall.play.views import state_of
from support.matches import FakeTime

THREE = ["h8", "h9", "i9"]


def _match(length: int = 1, rule: str = "gomoku-standard") -> RenjuMatch:
    match = RenjuMatch(
        RenjuSettings(length=length, rule=rule, opening="swap2"),
        ("Ann", "Bob"),
        time_source=FakeTime(),
    )
    match.start()
    return match


def _three(match: RenjuMatch) -> None:
    for point in THREE:
        assert match.to_act == 0
        assert match.legal_actions(0) == ["resign", "move"]
        match.act(0, "move", point=point)


def test_the_first_player_places_three_stones_of_both_colours() -> None:
    match = _match()
    _three(match)
    assert match.board is not None
    assert match.board.stones() == {"h8": "black", "h9": "white", "i9": "black"}
    assert match.to_act == 1
    assert match.legal_actions(1) == ["resign", "opening_choice"]
    assert state_of(match)["opening"] == {
        "rule": "swap2",
        "first": 0,
        "step": "choose",
        "choices": ["white", "black", "place2"],
    }


def test_the_stones_may_go_anywhere() -> None:
    match = _match()
    match.act(0, "move", point="a1")
    assert match.board is not None and match.board.stone_at("a1") == "black"


def test_refused_steps_during_the_three_stones() -> None:
    match = _match()
    with pytest.raises(IllegalMoveError, match="it is Ann's move"):
        match.act(1, "move", point="h8")
    with pytest.raises(IllegalMoveError, match="no choice to make now"):
        match.act(0, "opening_choice", choice="black")
    with pytest.raises(IllegalMoveError, match="passing is not possible during the opening"):
        match.act(0, "pass")
    with pytest.raises(IllegalMoveError, match="only once the opening is over"):
        match.act(0, "offer_draw")


def test_option_1_the_second_player_plays_white() -> None:
    match = _match()
    _three(match)
    with pytest.raises(IllegalMoveError, match="the opening asks you to choose: white, black"):
        match.act(1, "move", point="a1")
    with pytest.raises(IllegalMoveError, match="your opponent's choice"):
        match.act(0, "opening_choice", choice="white")
    with pytest.raises(IllegalMoveError, match="'red' is not a choice now"):
        match.act(1, "opening_choice", choice="red")
    events = match.act(1, "opening_choice", choice="white")
    assert events[0].outcome == {"choice": "white", "black": 0, "swap": False}
    assert match.black == 0 and match.opening is None
    assert match.to_act == 1 and match.board is not None and match.board.turn == "white"
    match.act(1, "move", point="g7")
    assert match.to_act == 0


def test_option_2_the_second_player_takes_black_a_swap() -> None:
    match = _match()
    _three(match)
    events = match.act(1, "opening_choice", choice="black")
    assert events[0].outcome == {"choice": "black", "black": 1, "swap": True}
    assert match.black == 1 and match.colour_of(0) == "white"
    assert match.to_act == 0, "the first player, now White, places move 4"


@pytest.mark.parametrize(("choice", "black"), [("black", 0), ("white", 1)])
def test_option_3_two_more_stones_then_the_first_player_chooses(choice: str, black: int) -> None:
    match = _match()
    _three(match)
    match.act(1, "opening_choice", choice="place2")
    assert state_of(match)["opening"]["step"] == "place2"
    assert match.to_act == 1 and match.legal_actions(1) == ["resign", "move"]
    with pytest.raises(IllegalMoveError, match="no choice to make now"):
        match.act(1, "opening_choice", choice="black")
    match.act(1, "move", point="g8")
    match.act(1, "move", point="j10")
    assert match.board is not None
    assert match.board.stone_at("g8") == "white" and match.board.stone_at("j10") == "black"
    assert match.to_act == 0 and match.legal_actions(0) == ["resign", "opening_choice"]
    with pytest.raises(IllegalMoveError, match="'place2' is not a choice now"):
        match.act(0, "opening_choice", choice="place2")
    match.act(0, "opening_choice", choice=choice)
    assert match.black == black and match.opening is None
    white = 1 - black
    assert match.to_act == white, "White places move 6"
    assert "offer_draw" in match.legal_actions(white)


def test_the_next_game_changes_the_first_player() -> None:
    match = _match(length=2)
    _three(match)
    match.act(1, "resign")
    assert match.opening == Swap2(first=1)
    assert match.to_act == 1


def test_the_log_and_a_snapshot_replay_the_opening() -> None:
    match = _match(length=2)
    _three(match)
    middle = json.loads(json.dumps(match.snapshot()))
    match.act(1, "opening_choice", choice="place2")
    match.act(1, "move", point="g8")
    match.act(1, "move", point="j10")
    match.act(0, "opening_choice", choice="white")
    match.act(0, "move", point="a1")
    again = RenjuMatch.from_dict(json.loads(json.dumps(match.to_dict())), time_source=FakeTime())
    assert state_of(again) == state_of(match)
    for snapshot in (middle, json.loads(json.dumps(match.snapshot()))):
        restored = RenjuMatch.from_snapshot(snapshot, match.events, time_source=FakeTime())
        assert state_of(restored) == state_of(match)


def test_the_choice_action_round_trips_and_is_checked() -> None:
    assert OpeningChoice("black").to_dict() == {"kind": "opening_choice", "choice": "black"}
    assert action_from_dict({"kind": "opening_choice", "choice": "place2"}) == OpeningChoice(
        "place2"
    )
    with pytest.raises(IllegalMoveError, match="opening_choice needs 'choice'"):
        action_from_dict({"kind": "opening_choice"})
    with pytest.raises(IllegalMoveError, match="opening_choice needs 'choice'"):
        action_from_dict({"kind": "opening_choice", "choice": 1})


def test_a_damaged_opening_in_a_snapshot_is_refused() -> None:
    with pytest.raises(RecordError, match="a swap2 opening is"):
        Swap2.from_dict({"rule": "swap2", "first": True, "step": "choose"})
