"""Taraguchi-10, move by move against the RIF's procedure: moves 1-4 in growing central squares
with a swap offered after each; then Black stays or swaps and plays move 5 within 9x9 (and White
may swap), or offers ten fifth moves (symmetrical ones refused) of which White chooses one."""

import json

import pytest

from gamehall.errors import IllegalMoveError
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.renju_openings import Taraguchi10
from gamehall.play.settings import RenjuSettings
from gamehall.play.views import state_of
from support.matches import FakeTime

TEN = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "a2", "b2", "c2"]
"""Ten fifth moves that no symmetry of the positions below relates."""


def _match() -> RenjuMatch:
    settings = RenjuSettings(opening="taraguchi-10")
    match = RenjuMatch(settings, ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    return match


def _step(match: RenjuMatch) -> object:
    return state_of(match)["opening"]["step"]


def _four(match: RenjuMatch) -> None:
    """Moves 1-4 with no swap: Ann Black, Bob White."""
    for point, chooser, keep in (("h8", 1, "white"), ("i9", 0, "black"), ("j8", 1, "white")):
        match.act(match.to_act, "move", point=point)  # type: ignore[arg-type]
        match.act(chooser, "opening_choice", choice=keep)
    match.act(1, "move", point="g10")


def test_moves_in_growing_squares_with_a_swap_after_each() -> None:
    match = _match()
    with pytest.raises(
        IllegalMoveError, match="breaks the Taraguchi-10 opening: move 1 must be h8"
    ):
        match.act(0, "move", point="h9")
    match.act(0, "move", point="h8")
    assert _step(match) == "swap1" and match.to_act == 1
    with pytest.raises(IllegalMoveError, match="the opening asks you to choose: black, white"):
        match.act(1, "move", point="h9")
    events = match.act(1, "opening_choice", choice="black")  # Bob takes Black
    assert events[0].outcome == {"choice": "black", "black": 1, "swap": True}
    assert match.to_act == 0, "Ann, now White, plays move 2"
    with pytest.raises(IllegalMoveError, match="move 2 must be within the central 3x3 square"):
        match.act(0, "move", point="h10")
    match.act(0, "move", point="h9")
    assert _step(match) == "swap2" and match.to_act == 1, "Black (Bob) may swap"
    match.act(1, "opening_choice", choice="black")
    with pytest.raises(IllegalMoveError, match="move 3 must be within the central 5x5 square"):
        match.act(1, "move", point="h11")
    match.act(1, "move", point="j10")
    assert _step(match) == "swap3" and match.to_act == 0
    match.act(0, "opening_choice", choice="black")  # Ann takes Black back
    assert match.black == 0 and match.to_act == 1, "Bob, now White, plays move 4"
    with pytest.raises(IllegalMoveError, match="move 4 must be within the central 7x7 square"):
        match.act(1, "move", point="h12")
    match.act(1, "move", point="h11")
    assert _step(match) == "choose5" and match.to_act == 0
    assert state_of(match)["opening"]["choices"] == ["black", "white", "offers"]


def test_choice_1_move_5_within_9x9_then_white_may_swap() -> None:
    match = _match()
    _four(match)
    match.act(0, "opening_choice", choice="white")  # Ann swaps: Bob is Black and plays move 5
    assert match.black == 1 and match.to_act == 1
    with pytest.raises(IllegalMoveError, match="move 5 must be within the central 9x9 square"):
        match.act(1, "move", point="a1")
    match.act(1, "move", point="d4")
    assert _step(match) == "swap5" and match.to_act == 0
    match.act(0, "opening_choice", choice="white")  # Ann stays White
    assert match.opening is None and match.to_act == 0
    match.act(0, "move", point="a1")
    assert match.to_act == 1


def test_choice_2_ten_offers_and_whites_choice() -> None:
    match = _match()
    _four(match)
    match.act(0, "opening_choice", choice="offers")
    assert _step(match) == "offers" and match.to_act == 0
    for number, point in enumerate(TEN, start=1):
        events = match.act(0, "move", point=point)
        assert events[0].kind == "offer"
        if number == 1:
            with pytest.raises(IllegalMoveError, match="a1 is already offered"):
                match.act(0, "move", point="a1")
    assert _step(match) == "select" and match.to_act == 1
    with pytest.raises(IllegalMoveError, match="o15 was not offered"):
        match.act(1, "move", point="o15")
    match.act(1, "move", point="c2")
    assert match.opening is None
    assert match.board is not None and match.board.stone_at("c2") == "black"
    assert match.to_act == 1


def test_symmetrical_offers_are_refused() -> None:
    match = _match()
    for point in ("h8", "h9", "h10"):
        match.act(match.to_act, "move", point=point)  # type: ignore[arg-type]
        match.act(match.to_act, "opening_choice", choice="black" if point != "h8" else "white")  # type: ignore[arg-type]
    match.act(match.to_act, "move", point="h6")  # type: ignore[arg-type]
    black = match.black
    match.act(black, "opening_choice", choice="offers")
    match.act(black, "move", point="g7")
    with pytest.raises(IllegalMoveError, match="i7 is symmetrical to the offer g7"):
        match.act(black, "move", point="i7")


def test_the_log_and_snapshots_replay_the_opening() -> None:
    match = _match()
    _four(match)
    middle = json.loads(json.dumps(match.snapshot()))
    match.act(0, "opening_choice", choice="offers")
    for point in TEN:
        match.act(0, "move", point=point)
    match.act(1, "move", point="a1")
    again = RenjuMatch.from_dict(json.loads(json.dumps(match.to_dict())), time_source=FakeTime())
    assert state_of(again) == state_of(match)
    for snapshot in (middle, json.loads(json.dumps(match.snapshot()))):
        restored = RenjuMatch.from_snapshot(snapshot, match.events, time_source=FakeTime())
        assert state_of(restored) == state_of(match)
    opening = Taraguchi10(1, "offers", ("a1",))
    assert Taraguchi10.from_dict(opening.to_dict()) == opening
