"""The rules page's turn rules, one worked example each: entering, hitting, blocks, bearing off,
doubles, and which dice must be played.

Positions are written with ``Position.from_points``: ``{point: checkers}`` for each side in his
own numbering (25 the bar). The opponent's point ``q`` is the side on roll's ``25 - q``.
"""

from collections.abc import Iterable

import pytest

from gamehall.backgammon import Position
from gamehall.errors import IllegalMoveError

P = Position.from_points


def results(position: Position, dice: tuple[int, int]) -> set[Position]:
    """The positions the legal plays of ``dice`` lead to."""
    return {play.result for play in position.legal_plays(dice)}


def after(position: Position, texts: Iterable[str], dice: tuple[int, int]) -> set[Position]:
    """The positions the plays written in ``texts`` lead to."""
    return {position.play(text, dice) for text in texts}


def notations(position: Position, dice: tuple[int, int]) -> set[str]:
    return {play.notation for play in position.legal_plays(dice)}


def error(position: Position, text: str, dice: tuple[int, int]) -> str:
    """The message of the error that playing ``text`` raises."""
    with pytest.raises(IllegalMoveError) as caught:
        position.play(text, dice)
    return str(caught.value)


# -- the start and the first roll --------------------------------------------------------------


def test_the_opening_6_5_has_the_seven_plays_gnubg_lists() -> None:
    assert notations(Position.initial(), (6, 5)) == {
        "24/13",
        "24/18 13/8",
        "24/18 8/3",
        "13/8 13/7",
        "13/7 8/3",
        "13/2",
        "8/3 8/2",
    }


def test_dice_in_either_order_give_the_same_plays() -> None:
    start = Position.initial()
    assert results(start, (2, 6)) == results(start, (6, 2))


# -- entering from the bar ---------------------------------------------------------------------

# One checker on the bar; the opponent holds his 6 (our 19), our 24 (his 1) is open.
ON_BAR = P({25: 1, 13: 14}, {6: 5, 13: 5, 8: 3, 24: 2})


def test_a_checker_on_the_bar_enters_before_any_other_move() -> None:
    assert results(ON_BAR, (6, 1)) == after(ON_BAR, ["bar/24 13/7", "bar/18"], (6, 1))
    for play in ON_BAR.legal_plays((6, 1)):
        assert play.moves[0].src == 25


def test_moving_another_checker_while_on_the_bar_says_enter_first() -> None:
    assert error(ON_BAR, "13/7 13/12", (6, 1)) == "a checker on the bar must enter first"


def test_entering_lands_on_25_minus_the_die_and_a_blocked_entry_point_is_refused() -> None:
    # bar/19 with the 6 would land on the opponent's 6-point, which holds five checkers.
    assert "19 is blocked" in error(ON_BAR, "bar/19 13/12", (6, 1))


def test_a_closed_board_gives_one_empty_play_and_the_turn_passes() -> None:
    closed = P({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    for dice in [(6, 5), (3, 3), (1, 2)]:
        (play,) = closed.legal_plays(dice)
        assert play.moves == () and play.notation == ""
        assert play.result == closed.swapped()
        assert closed.play("", dice) == closed.swapped()


def test_one_of_two_checkers_on_the_bar_enters_and_the_rest_of_the_roll_is_lost() -> None:
    # Only our 24 (his 1) is open: the 1 enters one checker, the 6 cannot be played.
    two_on_bar = P({25: 2, 13: 13}, {2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    (play,) = two_on_bar.legal_plays((6, 1))
    assert play.notation == "bar/24"
    assert play.result.opponent[25] == 1 and play.result.opponent[24] == 1


def test_once_every_checker_is_in_the_other_dice_move_freely() -> None:
    two_on_bar = P({25: 2, 13: 13}, {2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    assert notations(two_on_bar, (1, 1)) == {"bar/24(2) 13/11", "bar/24(2) 13/12(2)"}


# -- hitting and blocked points ----------------------------------------------------------------

# The opponent has left a blot on his 18 (our 7).
BLOT_ON_7 = P({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 4, 18: 1, 8: 3, 6: 5})


def test_landing_on_a_blot_hits_it_and_puts_it_on_the_bar() -> None:
    assert {"13/7* 8/7", "13/7*/6"} <= notations(BLOT_ON_7, (6, 1))
    hit = BLOT_ON_7.play("13/7* 8/7", (6, 1))
    assert hit.mover[25] == 1 and hit.mover[18] == 0  # the opponent, now on roll, is on the bar
    assert hit.opponent[7] == 2


def test_a_point_with_two_or_more_opposing_checkers_is_blocked() -> None:
    start = Position.initial()
    # Our 19 is the opponent's 6-point (five checkers): the back checkers cannot move a 5.
    for play in start.legal_plays((5, 5)):
        assert all(move.src != 24 for move in play.moves)
    assert error(start, "24/19 13/8(3)", (5, 5)) == "19 is blocked: 5 opposing checkers stand there"


# -- doubles ------------------------------------------------------------------------------------


def test_doubles_are_played_four_times() -> None:
    plays = Position.initial().legal_plays((6, 6))
    assert all(len(play.moves) == 4 for play in plays)
    assert "24/18(2) 13/7(2)" in {play.notation for play in plays}


# -- which dice must be played ------------------------------------------------------------------


def test_both_dice_must_be_used_when_some_play_uses_both() -> None:
    # 24/18 alone would leave the 5 unplayable (18/13 and 20/15 blocked); 24/19 20/14 plays both.
    position = P({24: 1, 20: 1, 1: 13}, {12: 2, 10: 2, 16: 2, 2: 9})
    assert notations(position, (6, 5)) == {"24/19 20/14"}
    assert error(position, "24/18", (6, 5)) == (
        "'24/18' leaves a die unplayed: you must use both dice when you can"
    )


def test_when_only_one_die_can_be_played_it_must_be_the_larger() -> None:
    # The lone runner can play the 6 or the 5, not both (our 13 is blocked).
    position = P({24: 1, 1: 14}, {12: 2, 2: 13})
    assert notations(position, (6, 5)) == {"24/18"}
    assert error(position, "24/19", (6, 5)) == (
        "'24/19' plays the smaller die: when only one die can be played, it must be the larger (6)"
    )


def test_with_doubles_as_many_as_possible_are_played() -> None:
    position = P({24: 1, 1: 14}, {12: 2, 2: 13})
    assert notations(position, (4, 4)) == {"24/8"}
    assert "you must play 4" in error(position, "24/16", (4, 4))


def test_a_roll_with_no_legal_move_gives_exactly_one_empty_play() -> None:
    stuck = P({24: 1, 1: 14}, {7: 2, 6: 2, 2: 11})
    (play,) = stuck.legal_plays((6, 5))
    assert play.moves == ()
    assert play.result == stuck.swapped()
    assert play.result.mover == stuck.opponent and play.result.opponent == stuck.mover


# -- bearing off --------------------------------------------------------------------------------


def test_a_die_bears_off_a_checker_from_the_point_of_its_number() -> None:
    position = P({6: 1, 5: 1, 4: 1}, {13: 2})
    assert "6/off 5/off" in notations(position, (6, 5))


def test_a_higher_die_bears_off_from_the_highest_point_when_no_checker_stands_higher() -> None:
    position = P({3: 2, 2: 1}, {13: 2})
    assert notations(position, (6, 5)) == {"3/off(2)"}


def test_a_higher_die_must_move_a_checker_from_a_higher_point() -> None:
    # The 5 cannot bear off the checker on 3 while one stands on 6: the 6 must move.
    position = P({6: 1, 3: 1}, {13: 2})
    assert results(position, (5, 1)) == after(position, ["6/1 3/2", "6/5/off"], (5, 1))
    assert error(position, "3/off 6/5", (5, 1)) == (
        "cannot bear off from 3 with a 5: a checker on a higher point must be moved first"
    )


def test_no_bearing_off_with_a_checker_outside_the_home_board() -> None:
    position = P({8: 1, 6: 14}, {13: 2})
    assert results(position, (6, 5)) == after(position, ["8/2 6/1", "8/3 6/off"], (6, 5))
    assert error(position, "6/off 6/1", (6, 5)) == (
        "cannot bear off yet: all your checkers must be in your home board"
    )


def test_a_checker_hit_during_the_bear_off_must_enter_and_come_home_first() -> None:
    position = P({25: 1, 3: 5}, {13: 2})
    assert notations(position, (6, 3)) == {"bar/16"}
    assert error(position, "bar/22 3/off", (6, 3)) == (
        "cannot bear off yet: all your checkers must be in your home board"
    )
    home = P({3: 6}, {13: 2})
    assert all(move.dst == 0 for play in home.legal_plays((6, 3)) for move in play.moves)


def test_bearing_off_the_last_checker_ends_the_game_with_dice_left() -> None:
    position = P({1: 1}, {13: 2})
    (play,) = position.legal_plays((6, 5))
    assert play.notation == "1/off"
    assert play.result.result is not None
