"""Yamaguchi's limit on the declared fifth moves: the RIF's text sets none, so the limit is the
rule's own, the most non-symmetrical fifth moves that every position after move 4 can hold."""

import pytest

from gamehall.errors import IllegalMoveError, RecordError
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.renju_openings import (
    YAMAGUCHI_MOST_OFFERS,
    Yamaguchi,
    _image,
    _symmetries,
)
from gamehall.play.settings import RenjuSettings
from gamehall.renju import Board
from support.matches import FakeTime

COLUMNS = "abcdefghijklmno"
POINTS = [f"{c}{r}" for c in COLUMNS for r in range(1, 16)]
IDENTITY = (0, 1, 1)
SYMMETRIES = [(swap, sx, sy) for swap in (0, 1) for sx in (1, -1) for sy in (1, -1)]


def _within(point: str, distance: int) -> bool:
    return max(abs(COLUMNS.index(point[0]) - 7), abs(int(point[1:]) - 8)) <= distance


def _fifth_moves(moves: list[str]) -> int:
    """How many fifth moves, no two symmetrical, the position after ``moves`` holds."""
    board = Board.from_moves(moves)
    symmetries = _symmetries(board)
    empty = [p for p in POINTS if board.stone_at(p) is None]
    return len({min(_image(p, s) for s in symmetries) for p in empty})


def _symmetrical(black: set[str], white: set[str]) -> bool:
    """Whether a symmetry other than the identity maps each colour's stones onto themselves."""
    return any(
        {_image(p, s) for p in black} == black and {_image(p, s) for p in white} == white
        for s in SYMMETRIES
        if s != IDENTITY
    )


def test_every_position_after_move_4_holds_the_most_declared_fifth_moves() -> None:
    fewest = 225
    for second in (p for p in POINTS if _within(p, 1) and p != "h8"):
        for third in (p for p in POINTS if _within(p, 2) and p not in ("h8", second)):
            for fourth in POINTS:
                if fourth in ("h8", second, third):
                    continue
                if _symmetrical({"h8", third}, {second, fourth}):
                    fewest = min(fewest, _fifth_moves(["h8", second, third, fourth]))
    # a position with no symmetry holds every empty point: 221
    assert _fifth_moves(["h8", "h9", "j10", "a1"]) == 221
    assert fewest == YAMAGUCHI_MOST_OFFERS == 116
    assert _fifth_moves(["h8", "g7", "f6", "a1"]) == 116


def _declaring() -> RenjuMatch:
    settings = RenjuSettings(opening="yamaguchi")
    match = RenjuMatch(settings, ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    for point in ("h8", "g7", "f6"):
        match.act(0, "move", point=point)
    return match


def test_the_most_may_be_declared_and_offered_but_no_more() -> None:
    match = _declaring()
    refused = "'117' is not a number of fifth moves: declare 1 to 116"
    with pytest.raises(IllegalMoveError, match=refused):
        match.act(0, "opening_choice", choice="117")
    match.act(0, "opening_choice", choice="116")
    match.act(1, "opening_choice", choice="white")
    match.act(1, "move", point="a1")  # White's move 4 makes the position symmetrical
    board = match.board
    assert board is not None
    offered: set[str] = set()
    for point in POINTS:
        if board.stone_at(point) is None and not offered & {
            _image(point, s) for s in _symmetries(board)
        }:
            match.act(0, "offer", point=point)
            offered.add(point)
    assert len(offered) == 116
    assert match.opening is not None and match.opening.step == "select"


def test_a_stored_count_above_the_most_is_refused() -> None:
    data = Yamaguchi(0, "offers", 116).to_dict()
    assert Yamaguchi.from_dict(data) == Yamaguchi(0, "offers", 116)
    with pytest.raises(RecordError, match="a yamaguchi opening is"):
        Yamaguchi.from_dict({**data, "count": 117})
