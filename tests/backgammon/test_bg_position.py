"""Backgammon positions as values: building them, GNU Backgammon's Position ID, the diagram,
pip counts, equality, the end of the game and its value, and what is refused."""

from collections.abc import Callable

import gnubg_nn
import pytest

import gamehall.backgammon as backgammon
from gamehall.backgammon import GameResult, MatchState, Position
from gamehall.backgammon.position import START
from gamehall.errors import GameError, IllegalMoveError, InvalidPositionError, RecordError

P = Position.from_points
START_POINTS = {24: 2, 13: 5, 8: 3, 6: 5}


def gnubg_id(position: Position) -> str:
    return str(gnubg_nn.position_id([list(side) for side in position.board]))


# -- building -----------------------------------------------------------------------------------


def test_the_start() -> None:
    start = Position.initial()
    assert start.mover == START and start.opponent == START
    assert start.mover[24] == 2 and start.mover[13] == 5 and start.mover[8] == 3
    assert start.mover[6] == 5 and sum(start.mover) == 15
    assert start == P(START_POINTS, START_POINTS)
    assert start.result is None and not start.is_over


def test_from_board_takes_gnubgs_board_with_the_side_on_roll_first() -> None:
    on_roll = [0] * 25
    on_roll[5], on_roll[24] = 14, 1  # 14 on his 6, one on the bar
    opponent = [0] * 25
    opponent[0] = 2  # two on his 1 (our 24), 13 borne off
    position = Position.from_board(on_roll, opponent)
    assert position.mover[6] == 14 and position.mover[25] == 1 and position.mover[0] == 0
    assert position.opponent[1] == 2 and position.opponent[0] == 13
    assert position.board == (tuple(opponent), tuple(on_roll))
    assert position == P({6: 14, 25: 1}, {1: 2})


def test_pip_count() -> None:
    assert Position.initial().pip_count() == (167, 167)
    assert P({25: 1, 6: 2, 1: 3}, {23: 1}).pip_count() == (25 + 12 + 3, 23)
    after = Position.initial().play("24/13", (6, 5))
    assert after.pip_count() == (167, 156)  # the side on roll is now the opponent


def test_swapped_puts_the_other_side_on_roll() -> None:
    position = P({25: 1, 6: 14}, {1: 2})
    assert position.swapped().mover == position.opponent
    assert position.swapped().swapped() == position
    assert position.swapped() != position


# -- Position ID --------------------------------------------------------------------------------


def test_position_ids_of_the_start_and_of_opening_plays() -> None:
    start = Position.from_id("4HPwATDgc/ABMA")
    assert start == Position.initial() and start.to_id() == "4HPwATDgc/ABMA"
    # After a play the opponent is on roll: the ID is what gnubg shows him.
    assert start.play("13/8 13/7", (6, 5)).to_id() == "4OvBATDgc/ABMA"
    assert start.play("8/4 6/4", (4, 2)).to_id() == "mGfwATDgc/ABMA"


@pytest.mark.parametrize(
    "position",
    [
        Position.initial(),
        Position.initial().play("24/18 13/11", (6, 2)),
        P({25: 2, 6: 7, 1: 3}, {23: 1, 6: 10, 25: 1}),
        P({1: 1}, {}),
        P({}, {6: 15}),
    ],
)
def test_to_id_is_gnubgs_and_from_id_reads_it_back(position: Position) -> None:
    position_id = position.to_id()
    assert position_id == gnubg_id(position)
    assert Position.from_id(position_id) == position
    assert gnubg_nn.board_from_position_id(position_id) == [list(s) for s in position.board]


@pytest.mark.parametrize("text", ["", "4HPwATDgc/ABM", "4HPwATDgc/ABM!", "/////////////w"])
def test_a_text_that_is_no_position_id_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        Position.from_id(text)


# -- the diagram and repr -----------------------------------------------------------------------

START_DIAGRAM = """\
 Position ID: 4HPwATDgc/ABMA
 +13-14-15-16-17-18------19-20-21-22-23-24-+
 | X           O    |   | O              X |
 | X           O    |   | O              X |
 | X           O    |   | O                |
 | X                |   | O                |
 | X                |   | O                |
v|                  |BAR|                  |
 | O                |   | X                |
 | O                |   | X                |
 | O           X    |   | X                |
 | O           X    |   | X              O |
 | O           X    |   | X              O |
 +12-11-10--9--8--7-------6--5--4--3--2--1-+
 Pip count  X: 167  O: 167
 Borne off  X: 0  O: 0   X on roll"""

BAR_DIAGRAM = """\
 Position ID: 4H8AAOngDwCAAQ
 +13-14-15-16-17-18------19-20-21-22-23-24-+
 |                  | O | O                |
 |                  |   | O                |
 |                  |   | O                |
 |                  |   | O                |
 |                  |   |10                |
v|                  |BAR|                  |
 |                  |   | 7                |
 |                  |   | X                |
 |                  |   | X              X |
 |                  | X | X              X |
 |                  | X | X           O  X |
 +12-11-10--9--8--7-------6--5--4--3--2--1-+
 Pip count  X: 95  O: 108
 Borne off  X: 3  O: 3   X on roll"""


def test_the_diagram_of_the_start() -> None:
    assert str(Position.initial()) == START_DIAGRAM


def test_the_diagram_shows_the_bar_tall_stacks_and_borne_off_checkers() -> None:
    assert str(P({25: 2, 6: 7, 1: 3}, {23: 1, 6: 10, 25: 1})) == BAR_DIAGRAM


def test_repr_evaluates_back() -> None:
    for position in (Position.initial(), P({25: 1, 6: 14}, {1: 2}, "georgian")):
        copy = eval(repr(position), {"Position": Position})
        assert copy == position and copy.variant is position.variant
    assert repr(Position.initial()) == "Position.from_id('4HPwATDgc/ABMA')"
    assert repr(Position.initial("georgian")) == "Position.from_id('4HPwATDgc/ABMA', 'georgian')"


# -- equality and hashing -----------------------------------------------------------------------


def test_positions_compare_and_hash_by_their_checkers() -> None:
    start = Position.initial()
    one_way = start.play("8/5 6/5", (3, 1))
    other_way = Position.from_id(one_way.to_id())
    assert one_way == other_way and hash(one_way) == hash(other_way)
    assert len({start, Position.from_id("4HPwATDgc/ABMA"), one_way, other_way}) == 2
    assert one_way != start
    assert {start: "start"}[P(START_POINTS, START_POINTS)] == "start"
    assert start == Position.initial("georgian")  # the checkers, not the variant


def test_moves_in_different_orders_reach_equal_positions() -> None:
    start = Position.initial()
    one, other = start.start_turn((6, 5)), start.start_turn((6, 5))
    one.move(13, 6)
    one.move(8, 5)
    other.move(8, 5)
    other.move(13, 6)
    assert one.play().result == other.play().result == start.play("13/7 8/3", (6, 5))


# -- the end of the game ------------------------------------------------------------------------


def test_a_single_game_when_the_loser_has_borne_off() -> None:
    last = P({1: 1}, {6: 10})  # the opponent has borne off 5
    end = last.play("1/off", (3, 2))
    assert end.result == GameResult("opponent", "single", 1)
    assert end.swapped().result == GameResult("player", "single", 1)
    assert end.is_over


def test_a_gammon_when_the_loser_has_borne_off_none() -> None:
    end = P({1: 1}, {6: 15}).play("1/off", (1, 1))
    assert end.result == GameResult("opponent", "gammon", 2)


@pytest.mark.parametrize(
    "loser",
    [
        {24: 1, 6: 14},  # a checker in the winner's home board (the loser's 24 is the winner's 1)
        {19: 1, 6: 14},  # the winner's 6-point
        {25: 1, 6: 14},  # a checker on the bar
    ],
)
def test_a_backgammon_when_the_loser_is_still_on_the_bar_or_in_the_winners_home(
    loser: dict[int, int],
) -> None:
    end = P({2: 1}, loser).play("2/off", (6, 5))
    assert end.result == GameResult("opponent", "backgammon", 3)


def test_the_result_from_either_side() -> None:
    finished = P({}, {6: 15})  # the side on roll has borne off all fifteen
    assert finished.result == GameResult("player", "gammon", 2)
    assert finished.swapped().result == GameResult("opponent", "gammon", 2)
    assert P({}, {6: 14}).result == GameResult("player", "single", 1)


def test_nobody_moves_after_the_game_is_over() -> None:
    over = P({1: 1}, {6: 15}).play("1/off", (6, 5))
    for attempt in (
        lambda: over.legal_plays((3, 1)),
        lambda: over.play("6/3 6/5", (3, 1)),
        lambda: over.swapped().legal_plays((3, 1)),
    ):
        with pytest.raises(IllegalMoveError, match="the game is over"):
            attempt()


# -- what is refused ----------------------------------------------------------------------------


def test_sixteen_checkers_are_refused() -> None:
    on_roll = [0] * 25
    on_roll[5] = 16
    with pytest.raises(InvalidPositionError, match="16 checkers, more than 15"):
        Position.from_board(on_roll, [0] * 25)
    with pytest.raises(InvalidPositionError, match="16 checkers"):
        P({6: 16}, {6: 15})


def test_both_colours_on_one_point_are_refused() -> None:
    # The side on roll's 24 is the opponent's 1.
    with pytest.raises(InvalidPositionError, match="point 24 of the side on roll holds checkers"):
        P({24: 1}, {1: 1})


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Position.from_board([0] * 24, [0] * 25), "needs 25 counts"),
        (lambda: P({6: -1}, {}), "not negative"),
        (lambda: P({26: 1}, {}), "points are 1 to 24, 25 the bar"),
        (lambda: P({0: 1}, {}), "points are 1 to 24, 25 the bar"),
        (lambda: P({}, {}), "both sides have borne off all 15"),
    ],
)
def test_impossible_positions_are_refused(make: Callable[[], Position], message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        make()


def test_both_sides_on_the_bar_against_closed_boards_is_refused() -> None:
    closed = {25: 1, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}
    with pytest.raises(InvalidPositionError, match="both sides are on the bar"):
        P(closed, closed)
    open_board = {25: 1, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2}
    assert P(closed, open_board).to_id() == gnubg_id(P(closed, open_board))


def test_a_rule_set_of_another_game_is_refused() -> None:
    from gamehall.nardy.position import Position as NardyPosition

    with pytest.raises(InvalidPositionError, match="not a backgammon variant"):
        Position(START, START, NardyPosition.initial().rules)


def test_an_unknown_variant_is_refused() -> None:
    with pytest.raises(GameError, match="unknown backgammon variant 'plakoto'"):
        Position.initial("plakoto")


# -- the public API -----------------------------------------------------------------------------


def test_the_package_exports_its_api() -> None:
    assert set(backgammon.__all__) == {
        "GEORGIAN",
        "INTERNATIONAL",
        "VARIANTS",
        "GameResult",
        "MatchState",
        "Move",
        "Play",
        "Position",
        "Turn",
        "Variant",
        "find_variant",
    }
    assert backgammon.MatchState is MatchState
    assert backgammon.__doc__ and "Georgian" in backgammon.__doc__
