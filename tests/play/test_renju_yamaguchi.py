"""Yamaguchi, move by move against the RIF's procedure: one of the 26 openings and the declared
number of fifth moves, swap, move 4, Black's offers (symmetrical ones refused), White's choice."""

import json

import pytest

from gamehall.errors import IllegalMoveError
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.renju_openings import Yamaguchi
from gamehall.play.settings import RenjuSettings
from gamehall.play.views import state_of
from support.matches import FakeTime


def _match() -> RenjuMatch:
    settings = RenjuSettings(opening="yamaguchi")
    match = RenjuMatch(settings, ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    return match


def test_the_whole_procedure_with_refused_steps() -> None:
    match = _match()
    with pytest.raises(IllegalMoveError, match="the first move must be h8"):
        match.act(0, "move", point="a1")
    for point in ("h8", "h9", "h10"):
        match.act(0, "move", point=point)
    # 1. the first player declares the number of fifth moves
    assert match.to_act == 0 and state_of(match)["opening"]["step"] == "declare"
    with pytest.raises(IllegalMoveError, match="'117' is not a number of fifth moves"):
        match.act(0, "opening_choice", choice="117")
    with pytest.raises(IllegalMoveError, match="your opponent's choice"):
        match.act(1, "opening_choice", choice="2")
    match.act(0, "opening_choice", choice="2")
    # 2. the other player may swap
    assert match.to_act == 1
    events = match.act(1, "opening_choice", choice="black")
    assert events[0].outcome == {"choice": "black", "black": 1, "swap": True}
    # 3. White (Ann) puts move 4 anywhere
    assert match.to_act == 0
    match.act(0, "move", point="h6")
    # 4. Black (Bob) offers two fifth moves, not symmetrical
    assert match.to_act == 1 and state_of(match)["opening"]["step"] == "offers"
    match.act(1, "move", point="g7")
    with pytest.raises(IllegalMoveError, match="i7 is symmetrical to the offer g7"):
        match.act(1, "move", point="i7")
    match.act(1, "offer", point="j11")
    # 5. White chooses one and plays move 6
    assert match.to_act == 0
    with pytest.raises(IllegalMoveError, match="i7 was not offered"):
        match.act(0, "move", point="i7")
    match.act(0, "move", point="j11")
    assert match.opening is None and match.to_act == 0
    assert match.board is not None and match.board.stone_at("j11") == "black"


def test_the_log_and_snapshots_replay_the_opening() -> None:
    match = _match()
    for point in ("h8", "i9", "j10"):
        match.act(0, "move", point=point)
    match.act(0, "opening_choice", choice="1")
    middle = json.loads(json.dumps(match.snapshot()))
    match.act(1, "opening_choice", choice="white")
    match.act(1, "move", point="a1")
    match.act(0, "move", point="g7")
    match.act(1, "move", point="g7")
    again = RenjuMatch.from_dict(json.loads(json.dumps(match.to_dict())), time_source=FakeTime())
    assert state_of(again) == state_of(match)
    for snapshot in (middle, json.loads(json.dumps(match.snapshot()))):
        restored = RenjuMatch.from_snapshot(snapshot, match.events, time_source=FakeTime())
        assert state_of(restored) == state_of(match)
    opening = Yamaguchi(0, "offers", 3, ("g7",))
    assert Yamaguchi.from_dict(opening.to_dict()) == opening
