"""The cube hint in the hint registry and at the terminal: before the roll of a player who may
double, his three cube choices with cubeful equities; on a double, the receiver's take and pass;
nothing of the kind where the cube is not his to turn."""

import io
import json

import pytest
from tests.terminal.test_session import OpeningThreeOne, ScriptedInput, lines

from gamehall.backgammon.position import Position
from gamehall.engines.base import MatchContext
from gamehall.engines.hints import Hints, hint_for
from gamehall.engines.neural.cube import CubeHint
from gamehall.engines.neural.cube_hints import cube_hints
from gamehall.errors import GameError
from gamehall.nardy import Position as NardyPosition
from gamehall.play.actions import Confirm, Double, Play, Start
from gamehall.play.dice import SeededDice
from gamehall.play.settings import BackgammonSettings, MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.terminal.session import TerminalGame


def _after_the_opening(game: str = "backgammon", length: int = 0) -> TablesMatch:
    """A match whose opening play is made: the other player is on roll (before rolling, when
    he may double)."""
    settings = MatchSettings.from_dict({"game": game, "length": length})  # type: ignore[arg-type]
    match = TablesMatch(settings, dice=SeededDice(4))
    match.apply(None, Start())
    seat = match.to_act
    assert seat is not None and match.position is not None and match.dice is not None
    play = match.position.legal_plays(match.dice)[0]
    match.apply(seat, Play(play.notation))
    if "confirm" in match.legal_actions(seat):
        match.apply(seat, Confirm())
    return match


@pytest.mark.parametrize("game", ["backgammon", "georgian"])
def test_before_the_roll_the_cube_choices_with_their_equities(game: str) -> None:
    match = _after_the_opening(game)
    seat = match.to_act
    assert seat is not None and match.phase == "roll" and match.may_double(seat)
    hints = hint_for(match, seat)
    assert hints.cube is not None
    cube = CubeHint.from_dict(dict(hints.cube))
    assert cube.action == "no-double"  # one move into the game: nobody doubles yet
    moves = [c.move for c in hints.candidates]
    assert moves[0] == "No double" and sorted(moves) == [
        "Double, pass",
        "Double, take",
        "No double",
    ]
    values = {c.move: c.equity for c in hints.candidates}
    assert values["No double"] == pytest.approx(cube.no_double)
    assert values["Double, take"] == pytest.approx(cube.double_take)
    assert values["Double, pass"] == 1.0
    assert hints.candidates[0].difference == 0.0
    assert hints.notes == ("Proper cube action: No double.",)
    assert Hints.from_dict(json.loads(json.dumps(hints.to_dict()))) == hints


def test_on_a_double_the_receiver_is_told_take_or_pass() -> None:
    match = _after_the_opening()
    seat = match.to_act
    assert seat is not None
    match.apply(seat, Double())
    hints = hint_for(match, 1 - seat)
    assert [c.move for c in hints.candidates] == ["Take", "Pass"]
    take, drop = hints.candidates
    assert drop.equity == -1.0 and take.equity is not None and take.equity > -1.0
    assert hints.notes[0].startswith("Proper answer: take (the doubler's cube action: ")
    win = dict(take.probabilities)["win"]
    assert win > 0.4  # the receiver's own chances, not the doubler's


def test_no_cube_hint_where_the_cube_is_not_the_players() -> None:
    # A one-point match and nardy have no cube: the roll comes at once, the hint ranks plays.
    for match in (_after_the_opening(length=1), _after_the_opening("nardy", length=1)):
        seat = match.to_act
        assert seat is not None and match.phase == "move"
        hints = hint_for(match, seat)
        assert hints.cube is None and "No double" not in [c.move for c in hints.candidates]
    with pytest.raises(GameError, match="backgammon and Georgian"):
        cube_hints(NardyPosition.initial(), MatchContext(), False)
    crawford = MatchContext(match_length=5, score=(4, 0), crawford=True)
    with pytest.raises(GameError, match="not available"):
        cube_hints(Position.initial(), crawford, False)


def test_the_terminal_hint_before_the_roll_shows_the_cube_action() -> None:
    match = TablesMatch(BackgammonSettings(length=0), ("Ann", "Bob"), dice=OpeningThreeOne())
    output = io.StringIO()
    script = ScriptedInput(output, lines("8/5 6/5", "hint"))
    TerminalGame(match, {}, script, output).run()
    out = output.getvalue()
    hint = out.split("> hint\n")[1]
    assert hint.startswith("The engine's choices (cube: Janowski's cubeful equities")
    assert "   1. No double" in hint and "Double, take" in hint and "Double, pass" in hint
    assert "(Proper cube action: No double.)" in hint
