"""Reading typed checker moves as single steps of the turn being played."""

import pytest

from gamehall.backgammon.position import Position
from gamehall.errors import IllegalMoveError
from gamehall.play.dice import ScriptedDice
from gamehall.play.settings import BackgammonSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.tables.position import TablesPosition
from gamehall.terminal.moves import single_steps


def turn_of(dice: tuple[int, int], position: str | None = None) -> TablesMatch:
    """A backgammon match with player 0 to play ``dice`` (from ``position``'s ID if given)."""
    match = TablesMatch(BackgammonSettings(), dice=ScriptedDice([dice]))
    match.start()
    if position is not None:
        start: TablesPosition = Position.from_id(position)
        assert match.dice is not None
        match.position, match.turn = start, start.start_turn(match.dice)
    return match


def test_one_checker_with_one_die() -> None:
    assert single_steps(turn_of((6, 3)), "13/7") == [(13, 6)]
    assert single_steps(turn_of((6, 3)), "8/5") == [(8, 3)]


def test_one_checker_with_both_dice_and_several_checkers() -> None:
    assert single_steps(turn_of((6, 3)), "13/4") == [(13, 3), (10, 6)]
    assert single_steps(turn_of((6, 3)), "13/7/4") == [(13, 6), (7, 3)]
    assert single_steps(turn_of((6, 3)), "13/10/4") == [(13, 3), (10, 6)]
    assert single_steps(turn_of((6, 3)), "13/7 8/5") == [(13, 6), (8, 3)]


def test_a_way_that_could_hit_on_either_point_must_be_named() -> None:
    blots = Position.from_board(
        [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0],
        [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 3, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0],
    )
    match = turn_of((6, 3), blots.to_id())
    with pytest.raises(IllegalMoveError, match=r"13/4 could be 13/10\*/4 or 13/7\*/4"):
        single_steps(match, "13/4")
    assert single_steps(match, "13/7*/4") == [(13, 6), (7, 3)]


def test_the_steps_go_on_from_the_moves_made() -> None:
    match = turn_of((6, 3))
    match.act(0, "move", src=13, die=6)
    assert single_steps(match, "7/4") == [(7, 3)]
    match.act(0, "move", src=7, die=3)
    with pytest.raises(IllegalMoveError, match="all the dice have been played"):
        single_steps(match, "8/5")


def test_bearing_off_uses_the_exact_die_first_then_a_larger() -> None:
    home = Position.from_board([2, 2, 2, 2, 2, 2] + [0] * 19, [0] * 5 + [15] + [0] * 19)
    match = turn_of((6, 3), home.to_id())
    assert single_steps(match, "3/off") == [(3, 3)]
    assert single_steps(match, "6/off") == [(6, 6)]
    assert single_steps(match, "6/off 3/off") == [(6, 6), (3, 3)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("13/9", "13/9 cannot be played with the dice left"),
        ("13/7 13/7", "13/7 cannot be played with the dice left \\(3\\)"),
        ("bar/22", "bar/22"),
        ("", "write the moves to make"),
        ("7/8", "goes the wrong way"),
    ],
)
def test_what_cannot_be_played_says_why(text: str, message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        single_steps(turn_of((6, 3)), text)
