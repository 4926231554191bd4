"""The Position ID codec, checked against GNU Backgammon (gnubg-nn and tests/data's sample)."""

from typing import Any

import gnubg_nn
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gamehall.backgammon.ids import TanBoard, decode_position_id, encode_position_id
from gamehall.errors import InvalidPositionError, RecordError
from support.examples import examples
from support.vectors import backgammon_legal

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def sample_ids() -> list[str]:
    """Every Position ID of the public sample: the positions and all their results."""
    ids = []
    for record in backgammon_legal():
        ids += [record["id"], *record["results"]]
    return ids


def deadlocked(board: TanBoard) -> bool:
    """Both players on the bar against closed home boards: the one placement gnubg also refuses."""
    opponent, on_roll = board
    closed = all(opponent[i] >= 2 and on_roll[i] >= 2 for i in range(6))
    return closed and bool(opponent[24]) and bool(on_roll[24])


@st.composite
def boards(draw: st.DrawFn) -> TanBoard:
    """Any position a game could hold: up to 15 checkers a side, never both sides on one point."""
    first = [0] * 25
    for place in draw(st.lists(st.integers(0, 24), max_size=15)):
        first[place] += 1
    free = [j for j in range(25) if j == 24 or not first[23 - j]]
    second = [0] * 25
    for place in draw(st.lists(st.sampled_from(free), max_size=15)):
        second[place] += 1
    board = (tuple(first), tuple(second))
    if draw(st.booleans()):
        board = (board[1], board[0])
    assume(not deadlocked(board))
    return board


def test_start_position() -> None:
    board = decode_position_id("4HPwATDgc/ABMA")
    assert board == (START, START)
    assert board[1][23] == 2 and board[1][12] == 5 and board[1][7] == 3 and board[1][5] == 5
    assert encode_position_id(board) == "4HPwATDgc/ABMA"


def test_the_player_not_on_roll_comes_first() -> None:
    # The sample's results have the opponent on roll: after 54 from the start, the player who
    # moved (24/20 8/3) is board[0], the one not on roll.
    opponent, on_roll = decode_position_id("xGfwASHgc/ABMA")
    assert on_roll == START
    assert opponent[23] == 1 and opponent[19] == 1 and opponent[7] == 2 and opponent[2] == 1


def test_encode_accepts_any_sequences() -> None:
    assert encode_position_id(([*START], [*START])) == "4HPwATDgc/ABMA"


def test_every_sample_id_round_trips_and_agrees_with_gnubg() -> None:
    ids = sample_ids()
    assert len(ids) > 500
    for pid in ids:
        board = decode_position_id(pid)
        assert [list(side) for side in board] == gnubg_nn.board_from_position_id(pid), pid
        assert encode_position_id(board) == pid


@settings(max_examples=examples(3000), deadline=None)
@given(boards())
def test_random_boards_agree_with_gnubg(board: TanBoard) -> None:
    pid = encode_position_id(board)
    assert pid == gnubg_nn.position_id([list(side) for side in board])
    assert decode_position_id(pid) == board


@settings(max_examples=examples(1000), deadline=None)
@given(st.text(ALPHABET, min_size=14, max_size=14))
def test_any_text_decodes_to_its_own_id_or_raises(pid: str) -> None:
    try:
        board = decode_position_id(pid)
    except RecordError:
        return
    assert encode_position_id(board) == pid
    assert [list(side) for side in board] == gnubg_nn.board_from_position_id(pid)


def test_empty_and_full_boards() -> None:
    empty = ((0,) * 25, (0,) * 25)
    assert encode_position_id(empty) == "AAAAAAAAAAAAAA"
    assert decode_position_id("AAAAAAAAAAAAAA") == empty
    full = ((0,) * 24 + (15,), (15,) + (0,) * 24)
    assert decode_position_id(encode_position_id(full)) == full


@pytest.mark.parametrize(
    ("pid", "message"),
    [
        ("4HPwATDgc/ABM", "has 14 characters, not 13"),
        ("4HPwATDgc/ABMAA", "has 14 characters, not 15"),
        ("", "has 14 characters, not 0"),
        ("4HPwATDgc/AB=A", "'=' is not one of its characters"),
        ("4HPwATDgc ABMA", "' ' is not one of its characters"),
        ("AAAAwP8/AAAAAA", "the player on roll has 16 checkers"),
        ("4P8fAAAAAAAAAA", "the player not on roll has 16 checkers"),
        ("////////////AA", "the player not on roll has 72 checkers"),
        ("AACABAAAAAAAAA", "both players have checkers on one point \\(point 1 of the player"),
        ("27YBANC2bQAABA", "both players are on the bar against closed home boards"),
        ("4HPwATDgc/ABMB", "stray data after the last checker"),
        ("AAAAAAAABAAAAA", "stray data after the last checker"),
    ],
)
def test_bad_ids_raise_record_error(pid: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        decode_position_id(pid)


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ((START,), "a board has two sides"),
        ((START, START[:24]), "the player on roll has 24 places"),
        (((-1, *START[1:]), START), "a negative number of checkers"),
        ((START, (1, *START[1:])), "the player on roll has 16 checkers"),
        (((0,) * 23 + (1, 0), (1,) + (0,) * 24), "both players have checkers on one point"),
        (((2,) * 6 + (0,) * 18 + (1,),) * 2, "both players are on the bar against closed"),
    ],
)
def test_impossible_boards_raise_invalid_position(board: Any, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        encode_position_id(board)
