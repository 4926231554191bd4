"""Yamaguchi's limit on the declared fifth moves: the RIF's text sets none, so the limit is the
rule's own, the most non-symmetrical fifth moves that every position after move 4 can hold."""

import pytest

from gamehall.errors import IllegalMoveError, RecordError
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.renju_openings import YAMAGUCHI_MOST_OFFERS, Yamaguchi
from gamehall.play.settings import RenjuSettings
from gamehall.renju import Board
from gamehall.renju.symmetry import distinct_points, equivalent, symmetries
from support.matches import FakeTime

COLUMNS = "abcdefghijklmno"
POINTS = [f"{c}{r}" for c in COLUMNS for r in range(1, 16)]


def _within(point: str, distance: int) -> bool:
    return max(abs(COLUMNS.index(point[0]) - 7), abs(int(point[1:]) - 8)) <= distance


def _fifth_moves(moves: list[str]) -> int:
    """How many fifth moves, no two symmetrical, the position after ``moves`` holds."""
    stones = Board.from_moves(moves).stones()
    return distinct_points([p for p in POINTS if p not in stones], stones)


def test_every_position_after_move_4_holds_the_most_declared_fifth_moves() -> None:
    fewest = 225
    for second in (p for p in POINTS if _within(p, 1) and p != "h8"):
        for third in (p for p in POINTS if _within(p, 2) and p not in ("h8", second)):
            for fourth in POINTS:
                if fourth in ("h8", second, third):
                    continue
                stones = {"h8": "black", second: "white", third: "black", fourth: "white"}
                if len(symmetries(stones)) > 1:
                    fewest = min(fewest, _fifth_moves(["h8", second, third, fourth]))
    # a position with no symmetry holds every empty point: 221
    assert _fifth_moves(["h8", "h9", "j10", "a1"]) == 221
    assert fewest == YAMAGUCHI_MOST_OFFERS == 62
    assert _fifth_moves(["h8", "g8", "i8", "j8"]) == 62
    assert _fifth_moves(["h8", "g7", "f6", "a1"]) == 116  # about the diagonal only


def _declaring() -> RenjuMatch:
    settings = RenjuSettings(opening="yamaguchi")
    match = RenjuMatch(settings, ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    for point in ("h8", "g8", "i8"):
        match.act(0, "move", point=point)
    return match


def test_the_most_may_be_declared_and_offered_but_no_more() -> None:
    match = _declaring()
    refused = "'63' is not a number of fifth moves: declare 1 to 62"
    with pytest.raises(IllegalMoveError, match=refused):
        match.act(0, "opening_choice", choice="63")
    match.act(0, "opening_choice", choice="62")
    match.act(1, "opening_choice", choice="white")
    match.act(1, "move", point="j8")  # White's move 4 makes the position twice symmetrical
    board = match.board
    assert board is not None
    stones = board.stones()
    offered: list[str] = []
    for point in POINTS:
        if point not in stones and equivalent(point, tuple(offered), stones) is None:
            match.act(0, "offer", point=point)
            offered.append(point)
    assert len(offered) == 62
    assert match.opening is not None and match.opening.step == "select"


def test_a_stored_count_above_the_most_is_refused() -> None:
    data = Yamaguchi(0, "offers", 62).to_dict()
    assert Yamaguchi.from_dict(data) == Yamaguchi(0, "offers", 62)
    with pytest.raises(RecordError, match="a yamaguchi opening is"):
        Yamaguchi.from_dict({**data, "count": 63})
