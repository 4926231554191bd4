"""A turn played one checker at a time: ``Position.start_turn(dice)`` and its ``Turn``."""

import pytest

from gamehall.backgammon import Move, Play, Position, Turn
from gamehall.errors import IllegalMoveError

P = Position.from_points
START = Position.initial()
# 24/18 alone is a legal single move, but after it the 5 cannot be played (18/13 and 20/15 are
# blocked) while 24/19 20/14 plays both dice: the turn must not offer 24/18.
BOTH_DICE = P({24: 1, 20: 1, 1: 13}, {12: 2, 10: 2, 16: 2, 2: 9})


def offered(turn: Turn[Position]) -> set[str]:
    return {str(move) for move in turn.legal_moves()}


def test_a_turn_offers_the_single_moves_of_the_roll() -> None:
    turn = START.start_turn((3, 1))
    assert offered(turn) == {
        "24/21", "13/10", "8/5", "6/3", "24/23", "8/7", "6/5",
    }  # fmt: skip
    assert turn.dice == (3, 1) and turn.dice_left == (3, 1)
    assert not turn.is_complete and turn.moves == ()


def test_moves_then_play_give_the_same_play_as_the_text() -> None:
    turn = START.start_turn((3, 1))
    assert turn.move(8, 3) == Move(8, 5, 3, False)
    assert turn.dice_left == (1,)
    assert turn.position.mover[5] == 1 and turn.position.mover[8] == 2
    turn.move(6, 1)
    assert turn.is_complete and turn.legal_moves() == []
    play = turn.play()
    assert play.notation == "8/5 6/5"
    assert play.result == START.play("8/5 6/5", (3, 1))


def test_a_whole_play_is_made_at_once() -> None:
    turn = START.start_turn((3, 1))
    turn.make(START.find_play("8/5 6/5", (3, 1)))
    assert turn.is_complete and [str(m) for m in turn.moves] == ["8/5", "6/5"]
    assert turn.play().result == START.play("8/5 6/5", (3, 1))


def test_a_play_that_is_not_whole_or_not_legal_here_leaves_the_turn_as_it_was() -> None:
    turn = START.start_turn((3, 1))
    turn.move(8, 3)
    with pytest.raises(IllegalMoveError, match="not a legal play here"):
        turn.make(START.find_play("8/5 6/5", (3, 1)))  # its 3 is played already
    assert [str(m) for m in turn.moves] == ["8/5"] and turn.dice_left == (1,)
    turn.make(Play.from_moves([Move(6, 5, 1)], START))  # the rest of the play, from here
    assert turn.is_complete and turn.play().notation == "8/5 6/5"
    single = START.start_turn((3, 1))
    with pytest.raises(IllegalMoveError, match="not a whole legal play: more dice"):
        single.make(Play.from_moves([Move(8, 5, 3)], START))
    assert single.moves == () and single.dice_left == (3, 1)


def test_undo_takes_the_last_move_back() -> None:
    turn = START.start_turn((6, 5))
    turn.move(24, 6)
    turn.move(18, 5)
    assert turn.undo() == Move(18, 13, 5, False)
    assert [str(m) for m in turn.moves] == ["24/18"] and turn.dice_left == (5,)
    assert turn.undo() == Move(24, 18, 6, False)
    assert turn.position == START and turn.moves == ()
    assert sorted(turn.dice_left) == [5, 6]
    with pytest.raises(IllegalMoveError, match="no move of this turn to take back"):
        turn.undo()


def test_a_play_is_not_complete_until_the_dice_are_used() -> None:
    turn = START.start_turn((6, 5))
    turn.move(13, 5)
    with pytest.raises(IllegalMoveError, match="not complete"):
        turn.play()


def test_a_move_that_cannot_be_completed_is_not_offered_and_is_refused() -> None:
    turn = BOTH_DICE.start_turn((6, 5))
    assert offered(turn) == {"24/19", "20/14"}
    with pytest.raises(IllegalMoveError, match="cannot be completed into a legal play"):
        turn.move(24, 6)
    assert turn.moves == ()
    turn.move(20, 6)
    assert offered(turn) == {"24/19"}


def test_the_larger_die_rule_step_by_step() -> None:
    lone_runner = P({24: 1, 1: 14}, {12: 2, 2: 13})
    turn = lone_runner.start_turn((6, 5))
    assert offered(turn) == {"24/18"}
    with pytest.raises(IllegalMoveError, match="cannot be completed"):
        turn.move(24, 5)
    turn.move(24, 6)
    assert turn.is_complete and turn.dice_left == (5,)


def test_a_refused_step_says_why() -> None:
    on_bar = P({25: 1, 13: 14}, {6: 5, 13: 5, 8: 3, 24: 2})
    turn = on_bar.start_turn((6, 1))
    with pytest.raises(IllegalMoveError, match="a checker on the bar must enter first"):
        turn.move(13, 6)
    with pytest.raises(IllegalMoveError, match="19 is blocked"):
        turn.move(25, 6)
    with pytest.raises(IllegalMoveError, match="no 5 is left to play"):
        turn.move(25, 5)
    with pytest.raises(IllegalMoveError, match="no checker of yours on 12"):
        START.start_turn((6, 1)).move(12, 6)


def test_doubles_give_four_steps() -> None:
    turn = START.start_turn((2, 2))
    assert turn.dice_left == (2, 2, 2, 2)
    for _ in range(4):
        turn.move(6, 2)
    assert turn.is_complete and turn.play().notation == "6/4(4)"


def test_a_roll_with_no_move_is_complete_at_once() -> None:
    closed = P({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    turn = closed.start_turn((6, 5))
    assert turn.is_complete and turn.legal_moves() == []
    play = turn.play()
    assert play.moves == () and play.result == closed.swapped()


def test_a_turn_is_not_started_after_the_game_or_with_bad_dice() -> None:
    over = P({}, {6: 15})
    with pytest.raises(IllegalMoveError, match="the game is over"):
        over.start_turn((3, 1))
    with pytest.raises(IllegalMoveError, match="are not dice"):
        START.start_turn((0, 7))


def test_a_play_is_written_as_the_legal_plays_write_it_whatever_the_order_of_its_moves() -> None:
    """21/15* then 24/21 leaves the board of 24/15*, and is written so."""
    position = P({24: 2, 21: 1, 13: 4, 8: 3, 6: 5}, {10: 1, 24: 2, 13: 4, 8: 3, 6: 5})
    turn = position.start_turn((6, 3))
    turn.move(21, 6)
    turn.move(24, 3)
    assert turn.play().notation == "24/15*"
    assert turn.play().result == position.play("24/15*", (6, 3))
