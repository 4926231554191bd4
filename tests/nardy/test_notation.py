"""Plays written in the mover's own numbering, read back, and the reasons given for illegal
ones."""

import pytest

from gamehall import IllegalMoveError
from gamehall.nardy import Position

START = Position.initial()
MID_GAME = Position.from_points({24: 13, 13: 1, 10: 1}, {12: 14, 22: 1})


@pytest.mark.parametrize("text", ["24/13", "24/18/13", "24/19/13", "24/18 18/13", " 24/13 "])
def test_one_checker_with_both_dice_in_any_usual_form(text: str) -> None:
    assert START.play(text, (6, 5)) == START.play("24/13", (6, 5))


def test_black_writes_his_own_numbering() -> None:
    after = START.play("24/13", (6, 5))
    assert after.turn == "black"
    # Black's 24/18 is white's 12 to white's 6; black's 13 would be white's 1.
    black = after.play("24/18", (5, 1))
    assert black.board[5] == -1 and black.board[11] == -14
    assert after.play("24/13", (6, 5)).board[0] == -1


def test_doubles_repeat_with_a_count() -> None:
    assert START.play("24/18(2)", (6, 6)) == START.play("24/18 24/18", (6, 6))
    assert START.play("24/21 24/15", (3, 3)) == START.play("24/15 24/21", (3, 3))


def test_bearing_off_is_written_off() -> None:
    position = Position.from_points({3: 1, 2: 1}, {12: 15})
    assert position.play("3/off 2/off", (3, 2)).result is not None
    assert position.play("3/o 2/o", (3, 2)).result is not None


def test_notation_of_legal_plays_reads_back() -> None:
    for dice in [(6, 5), (3, 3), (1, 1), (4, 2)]:
        for play in MID_GAME.legal_plays(dice):
            assert MID_GAME.play(play.notation, dice) == play.result
            assert MID_GAME.find_play(play.notation, dice).result == play.result


@pytest.mark.parametrize(
    ("position", "text", "dice", "reason"),
    [
        # the head rule (R6)
        (MID_GAME, "24/18 24/19", (6, 5), "no more checkers may leave the head this turn"),
        (START, "24/18 24/19", (6, 5), "no more checkers may leave the head this turn"),
        # a point with an opposing checker (R4.3)
        (
            Position.from_points(
                {24: 13, 20: 1, 10: 1}, {1: 1, 14: 1, 17: 1, 18: 1, 21: 1, 12: 10}
            ),
            "24/18",
            (6, 3),
            "18 is taken: an opposing checker stands there",
        ),
        # the six-block (R8)
        (
            Position.from_points({24: 8, 13: 1, 11: 2, 10: 1, 9: 1, 8: 1, 7: 1}, {12: 15}),
            "11/6 13/12",
            (5, 1),
            "11/6 would build a block of six points with no opposing checker ahead of it",
        ),
        # bearing off before all are home (R9.1)
        (
            Position.from_points({7: 1, 5: 1, 2: 13}, {12: 15}),
            "5/off 2/off",
            (6, 5),
            "cannot bear off yet: all your checkers must be in your home",
        ),
        # bearing off from below a higher checker (R9.3)
        (
            Position.from_points({6: 1, 2: 1}, {12: 15}),
            "2/off 6/3",
            (4, 3),
            "cannot bear off from 2 with a 4: a checker on a higher point must be moved first",
        ),
        # the larger die (R7.2)
        (
            Position.from_points(
                {24: 13, 20: 1, 10: 1}, {1: 1, 14: 1, 17: 1, 18: 1, 21: 1, 12: 10}
            ),
            "10/7",
            (6, 3),
            "plays the smaller die: when only one die can be played, it must be the larger (6)",
        ),
        # both dice when both can be used (R7.1)
        (
            Position.from_points({13: 1, 9: 1, 1: 13}, {6: 1, 7: 1, 11: 1, 12: 12}),
            "13/8",
            (5, 2),
            "leaves a die unplayed: you must use both dice when you can",
        ),
        # the dice at full value (R9.6)
        (
            Position.from_points({6: 1, 4: 1}, {12: 15}),
            "6/3 4/off",
            (5, 3),
            "bears off with a larger die than needed",
        ),
        # a move no die makes
        (START, "20/14 24/19", (6, 5), "there is no checker of yours on 20"),
        (START, "13/24", (6, 5), "goes the wrong way"),
        (START, "24-18", (6, 5), "cannot read '24-18'"),
        (START, "24/18(5)", (6, 6), "a move repeats 1 to 4 times"),
        (START, "24/18", (7, 1), "are not dice: give two numbers from 1 to 6"),
    ],
)
def test_illegal_plays_say_why(
    position: Position, text: str, dice: tuple[int, int], reason: str
) -> None:
    with pytest.raises(IllegalMoveError) as error:
        position.play(text, dice)
    assert reason in str(error.value)


def test_a_move_no_die_makes_names_the_move_and_the_roll() -> None:
    with pytest.raises(IllegalMoveError) as error:
        START.play("24/20", (6, 5))
    assert "24/20" in str(error.value) and "6-5" in str(error.value)


def test_a_game_over_takes_no_more_plays() -> None:
    finished = Position.from_points({}, {12: 15}, "black")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        finished.play("24/13", (6, 5))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        finished.start_turn((6, 5))


# -- messages of the tables mechanism, as a nardy player reads them ------------------------------


@pytest.mark.parametrize("text", ["24/13(2)", "24/off", "24/13 24/19"])
def test_a_play_longer_than_the_roll_names_the_dice(text: str) -> None:
    """A play longer than the roll says so, rather than naming the (no) dice left."""
    with pytest.raises(IllegalMoveError) as error:
        START.play(text, (6, 5))
    assert not str(error.value).rstrip().endswith("the dice")


def test_booleans_are_not_dice() -> None:
    """``True`` is an ``int`` in Python, but not a die."""
    with pytest.raises(IllegalMoveError, match="are not dice"):
        START.legal_plays((True, 1))


def test_the_full_value_message_speaks_to_the_player() -> None:
    """Players do not know the project's seed document: the message names the rule itself."""
    with pytest.raises(IllegalMoveError) as error:
        Position.from_points({6: 1, 4: 1}, {12: 15}).play("6/3 4/off", (5, 3))
    assert "seed" not in str(error.value)
