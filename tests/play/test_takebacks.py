"""Takebacks: asked after one's turn, accepted or declined by the opponent; allowed in casual
matches only (never in Georgian); the match goes back to before the turn, and a replay of the
log rebuilds it."""

import json

import pytest

from gamehall.errors import IllegalMoveError
from gamehall.play.actions import AllowTakebacks
from gamehall.play.dice import ScriptedDice
from gamehall.play.match import Match
from gamehall.play.records.from_match import mat_record
from gamehall.play.records.renju import renju_game
from gamehall.play.registry import load_match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.play.views import state_of
from support.matches import FakeTime


def _tables(game: str, rolls: list[tuple[int, int]], casual: bool = True) -> TablesMatch:
    settings = MatchSettings.from_dict({"game": game, "length": 1})
    match = TablesMatch(settings, ("Ann", "Bob"), dice=ScriptedDice(rolls), time_source=FakeTime())
    if casual:
        match.apply(None, AllowTakebacks())
    match.start()
    return match


def _renju(casual: bool = True) -> RenjuMatch:
    settings = MatchSettings.from_dict({"game": "renju"})
    match = RenjuMatch(settings, ("Ann", "Bob"), time_source=FakeTime())  # type: ignore[arg-type]
    if casual:
        match.apply(None, AllowTakebacks())
    match.start()
    return match


def _replayed(match: Match) -> Match:
    return load_match(json.loads(json.dumps(match.to_dict())))


def test_a_takeback_accepted_replays_the_turn_with_the_same_dice() -> None:
    match = _tables("backgammon", [(3, 1), (6, 5), (2, 1)])
    before = state_of(match)
    match.act(0, "play", text="24/21 24/23")
    match.act(0, "confirm")
    assert match.to_act == 1 and match.dice == (6, 5)
    match.act(1, "move", src=24, die=6)  # Bob starts his turn: the takeback still stands
    assert match.legal_actions(1) and "takeback" not in match.legal_actions(0)
    match.act(0, "takeback")
    assert state_of(match)["takeback"] == 0
    events = match.act(1, "accept_takeback")
    assert [e.kind for e in events] == ["accept_takeback"]
    assert match.to_act == 0 and match.dice == (3, 1) and match.phase == "move"
    after = state_of(match)
    assert after.get("position") == before.get("position") and "takeback" not in after
    match.act(0, "play", text="8/5 6/5")
    match.act(0, "confirm")
    assert match.dice == (2, 1)  # the next roll is a new one
    replayed = _replayed(match)
    assert replayed.to_dict() == match.to_dict() and state_of(replayed) == state_of(match)
    restored = TablesMatch.from_snapshot(match.snapshot(), match.events)
    assert state_of(restored) == state_of(match)


def test_a_declined_takeback_leaves_the_turn_and_a_new_turn_lets_it_lapse() -> None:
    match = _tables("nardy", [(2, 5), (6, 6), (3, 1), (4, 2)])
    mover = match.to_act
    assert mover is not None
    match.act(mover, "play", text="24/18(2)")
    if match.to_act == mover:
        match.act(mover, "confirm")
    match.act(mover, "takeback")
    with pytest.raises(IllegalMoveError, match="already waiting"):
        match.act(mover, "takeback")
    match.act(1 - mover, "decline_takeback")
    assert match.takeback_asked is None and match.to_act == 1 - mover
    match.act(mover, "takeback")
    assert match.position is not None and match.dice is not None
    play = match.position.legal_plays(match.dice)[0]
    match.act(1 - mover, "play", text=play.notation)
    if match.to_act == 1 - mover:
        match.act(1 - mover, "confirm")
    assert match.takeback_asked is None
    with pytest.raises(IllegalMoveError, match="no takeback of your opponent"):
        match.act(1 - mover, "accept_takeback")
    assert _replayed(match).to_dict() == match.to_dict()


def test_a_renju_takeback_removes_the_last_stone() -> None:
    match = _renju()
    match.act(0, "move", point="h8")
    match.act(1, "move", point="h9")
    with pytest.raises(IllegalMoveError, match="no turn to take back"):
        match.act(0, "takeback")
    match.act(1, "takeback")
    match.act(0, "accept_takeback")
    assert match.board is not None and match.board.moves == ["h8"] and match.to_act == 1
    match.act(1, "move", point="i9")
    assert _replayed(match).to_dict() == match.to_dict()


@pytest.mark.parametrize("casual", [True, False])
def test_georgian_moves_are_final(casual: bool) -> None:
    if casual:
        settings = MatchSettings.from_dict({"game": "georgian"})
        match = TablesMatch(settings, ("Ann", "Bob"), time_source=FakeTime())
        with pytest.raises(IllegalMoveError, match="moves are final"):
            match.apply(None, AllowTakebacks())
        return
    match = _tables("georgian", [(3, 1), (6, 5)], casual=False)
    match.act(0, "play", text="8/5 6/5")
    with pytest.raises(IllegalMoveError, match="moves are final"):
        match.act(0, "takeback")


def test_no_takeback_where_the_referee_did_not_allow_it() -> None:
    match = _tables("backgammon", [(3, 1), (6, 5)], casual=False)
    match.act(0, "play", text="8/5 6/5")
    match.act(0, "confirm")
    before = match.to_dict()
    with pytest.raises(IllegalMoveError, match="casual games only"):
        match.act(0, "takeback")
    assert match.to_dict() == before
    with pytest.raises(IllegalMoveError, match="the referee allows takebacks, not a player"):
        match.act(0, "allow_takebacks")
    renju = _renju(casual=False)
    renju.act(0, "move", point="h8")
    with pytest.raises(IllegalMoveError, match="casual games only"):
        renju.act(0, "takeback")


def test_a_turn_taken_back_is_not_taken_back_again_until_played_again() -> None:
    match = _tables("backgammon", [(3, 1), (6, 5), (2, 1), (4, 4)])
    match.act(0, "play", text="24/21 24/23")
    match.act(0, "confirm")
    match.act(0, "takeback")
    match.act(1, "accept_takeback")
    with pytest.raises(IllegalMoveError, match="no turn to take back"):
        match.act(0, "takeback")
    match.act(0, "play", text="8/5 6/5")
    match.act(0, "confirm")
    match.act(0, "takeback")
    match.act(1, "accept_takeback")
    assert match.dice == (3, 1) and match.to_act == 0
    assert _replayed(match).to_dict() == match.to_dict()


def test_the_records_leave_the_turns_taken_back_out() -> None:
    taken = _tables("backgammon", [(3, 1), (6, 5), (2, 1)])
    taken.act(0, "play", text="24/21 24/23")
    taken.act(0, "confirm")
    taken.act(0, "takeback")
    taken.act(1, "accept_takeback")
    taken.act(0, "play", text="8/5 6/5")
    taken.act(0, "confirm")
    straight = _tables("backgammon", [(3, 1), (2, 1)])
    straight.act(0, "play", text="8/5 6/5")
    straight.act(0, "confirm")
    assert mat_record(taken).games == mat_record(straight).games
    renju = _renju()
    for point in ("h8", "h9"):
        renju.act(renju.to_act or 0, "move", point=point)
    renju.act(1, "takeback")
    renju.act(0, "accept_takeback")
    renju.act(1, "move", point="i9")
    assert renju_game(renju.settings, renju.events).board.moves == ["h8", "i9"]
