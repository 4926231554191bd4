"""Plays written and read in the standard notation: what ``Play.notation`` writes, what
``Position.play`` accepts, and the ``IllegalMoveError`` that says why a text is refused."""

import pytest

from gamehall.backgammon import Position
from gamehall.errors import IllegalMoveError

P = Position.from_points
START = Position.initial()
# The opponent has blots on his 7 and 6 (our 18 and 19); our lone back checker is on 24.
TWO_BLOTS = P({24: 1, 6: 14}, {7: 1, 6: 1, 2: 13})
# Only our 18 (his 7) holds a blot; our 19 is open.
ONE_BLOT = P({24: 1, 6: 14}, {7: 1, 2: 14})


def notations(position: Position, dice: tuple[int, int]) -> set[str]:
    return {play.notation for play in position.legal_plays(dice)}


def error(position: Position, text: str, dice: tuple[int, int]) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        position.play(text, dice)
    return str(caught.value)


# -- writing ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "dice", "text"),
    [
        (START, (6, 2), "24/18 13/11"),  # two checkers, the higher point first
        (P({13: 15}, {18: 1, 1: 14}), (6, 1), "13/12 13/7*"),  # a hit; same start: higher end first
        (P({25: 1, 6: 14}, {1: 14}), (3, 1), "bar/22 6/5"),  # entering
        (P({6: 2, 1: 13}, {1: 15}), (6, 5), "6/1 6/off"),  # bearing off: off is 0
        (START, (3, 3), "8/5(2) 6/3(2)"),  # the same move repeated
        (START, (6, 5), "24/13"),  # one checker's moves joined
        (ONE_BLOT, (6, 5), "24/18*/13"),  # a hit on the way stays written
        (START, (4, 4), "24/20(2) 13/9(2)"),
    ],
)
def test_the_notation_of_a_legal_play(position: Position, dice: tuple[int, int], text: str) -> None:
    assert text in notations(position, dice)


def test_a_play_and_its_moves() -> None:
    (play,) = [p for p in ONE_BLOT.legal_plays((6, 5)) if p.notation == "24/18*/13"]
    assert [str(move) for move in play.moves] == ["24/18*", "18/13"]
    assert [(m.src, m.dst, m.die, m.hit) for m in play.moves] == [
        (24, 18, 6, True),
        (18, 13, 5, False),
    ]
    assert str(play) == "24/18*/13"


def test_a_pass_is_written_empty() -> None:
    closed = P({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    assert notations(closed, (6, 6)) == {""}


# -- reading ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "dice", "texts"),
    [
        (START, (6, 2), ["24/18 13/11", "13/11 24/18", "24/18, 13/11", " 24/18  13/11 "]),
        (START, (6, 5), ["24/13", "24/18/13", "24/18 18/13", "18/13 24/18"]),
        (START, (3, 1), ["8/5 6/5", "6/5 8/5", "8/5  6/5", "8/5,6/5"]),
        (START, (3, 3), ["8/5(2) 6/3(2)", "8/5 8/5 6/3 6/3", "6/3(2) 8/5 8/5", "8/5(2), 6/3(2)"]),
        (START, (6, 6), ["24/18(2) 13/7(2)", "13/7(2) 24/18 24/18"]),
        (P({25: 1, 6: 14}, {1: 14}), (3, 1), ["bar/22 6/5", "b/22 6/5", "25/22 6/5", "BAR/22 6/5"]),
        (P({6: 2, 1: 13}, {1: 15}), (6, 5), ["6/off 6/1", "6/0 6/1", "6/1 6/o", "6/OFF 6/1"]),
        (P({13: 15}, {18: 1, 1: 14}), (6, 1), ["13/7* 13/12", "13/7 13/12", "13/12 13/7*"]),
        (ONE_BLOT, (6, 5), ["24/18*/13", "24/18* 18/13"]),
    ],
)
def test_any_usual_writing_of_a_play_is_read(
    position: Position, dice: tuple[int, int], texts: list[str]
) -> None:
    played = {position.play(text, dice) for text in texts}
    assert len(played) == 1
    assert played <= {play.result for play in position.legal_plays(dice)}


def test_find_play_gives_the_play_with_its_notation() -> None:
    play = START.find_play("13/11 24/18", (6, 2))
    assert play.notation == "24/18 13/11"
    assert play.result == START.play("24/18 13/11", (6, 2))


def test_a_path_without_its_hit_mark_plays_the_route_that_does_not_hit() -> None:
    assert ONE_BLOT.find_play("24/13", (6, 5)).notation == "24/13"


def test_every_notation_reads_back_as_its_play() -> None:
    for position in (START, ONE_BLOT, TWO_BLOTS):
        for dice in [(6, 5), (3, 1), (4, 4), (2, 2), (6, 6)]:
            for play in position.legal_plays(dice):
                assert position.play(play.notation, dice) == play.result


# -- refusing, with the reason ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "text", "dice", "message"),
    [
        (START, "24/18 13/7", (6, 6), "'24/18 13/7' plays 2 dice: you must play 4 when you can"),
        (START, "24/18 13/8", (6, 6), "13/8 moves 5 pips: with 6 a checker moves 6, 12, 18, 24"),
        (START, "6/1 13/7", (6, 5), "1 is blocked: 2 opposing checkers stand there"),
        (START, "12/6 13/8", (6, 5), "there is no checker of yours on 12 to move"),
        (START, "24/18 24/18 24/18", (6, 6), "there is no checker of yours on 24 to move"),
        (START, "6/8 13/8", (2, 1), "'6/8' goes the wrong way"),
        (START, "off/6", (6, 1), "'off/6' goes the wrong way"),
        (START, "13/7 bar/24", (6, 1), "there is no checker of yours on the bar to move"),
        (START, "13-7", (6, 1), "cannot read '13-7'"),
        (START, "hello", (6, 1), "cannot read 'hello'"),
        (START, "26/20", (6, 1), "26 is not a point"),
        (START, "24/21(5)", (3, 3), "a move repeats 1 to 4 times"),
        (START, "24/14", (6, 5), "24/14 moves 10 pips: with 6-5 a checker moves 5, 6, 11"),
        (START, "6/off 8/2", (6, 5), "cannot bear off yet"),
        (TWO_BLOTS, "24/13", (6, 5), "'24/13' could be "),
    ],
)
def test_a_refused_play_says_why(
    position: Position, text: str, dice: tuple[int, int], message: str
) -> None:
    assert message in error(position, text, dice)


def test_an_ambiguous_text_names_the_plays_it_could_be() -> None:
    message = error(TWO_BLOTS, "24/13", (6, 5))
    assert "24/18*/13" in message and "24/19*/13" in message and "say which" in message
    assert TWO_BLOTS.play("24/18*/13", (6, 5)) != TWO_BLOTS.play("24/19*/13", (6, 5))


@pytest.mark.parametrize("dice", [(0, 7), (0, 1), (3, 7), (3,), (1, 2, 3), (2.0, 1)])
def test_what_is_not_two_dice_is_refused(dice: tuple[int, ...]) -> None:
    with pytest.raises(IllegalMoveError, match="are not dice"):
        START.play("24/18", dice)
    with pytest.raises(IllegalMoveError, match="are not dice"):
        START.legal_plays(dice)


def test_a_refused_play_leaves_the_position_as_it_was() -> None:
    before = P({24: 1, 6: 14}, {7: 1, 2: 14})
    with pytest.raises(IllegalMoveError):
        before.play("24/14", (6, 5))
    assert before == P({24: 1, 6: 14}, {7: 1, 2: 14})


# -- the route written counts: its points, its hit marks, its dice ---------------------------


def test_a_written_route_through_a_blot_hits_it_without_the_mark() -> None:
    """``*`` is optional: the route written passes through the blot, so it hits."""
    hit = ONE_BLOT.play("24/18*/13", (6, 5))
    assert ONE_BLOT.play("24/18/13", (6, 5)) == hit
    assert ONE_BLOT.play("24/18 18/13", (6, 5)) == hit


def test_a_route_the_dice_cannot_make_is_refused() -> None:
    assert "24/17 moves 7 pips" in error(START, "24/17/13", (6, 5))


def test_a_hit_mark_where_there_is_no_blot_is_refused() -> None:
    assert "no opposing blot on 7" in error(START, "13/7* 8/7", (6, 1))


def test_more_moves_than_the_dice_allow_says_so() -> None:
    assert "every die is used" in error(START, "8/2(2) 6/5(2)", (6, 1))
