"""Fifth-move offers symmetrical about any axis or centre of the position are refused, not only
those symmetrical about h8 (an audit found mirror-image offers accepted in all three openings
that take offers)."""

import pytest

from gamehall.errors import IllegalMoveError
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuOpening, RenjuSettings
from gamehall.renju import Board
from gamehall.renju.symmetry import IDENTITY, equivalent, image, symmetries
from support.matches import FakeTime


def _match(opening: RenjuOpening) -> RenjuMatch:
    settings = RenjuSettings(opening=opening)
    match = RenjuMatch(settings, ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    return match


def _soosorv() -> RenjuMatch:
    match = _match("soosorv-8")
    for point in ("h8", "h9", "h10"):
        match.act(0, "move", point=point)
    match.act(1, "opening_choice", choice="white")
    match.act(1, "move", point="i9")  # symmetrical about row 9
    match.act(1, "opening_choice", choice="2")
    match.act(0, "opening_choice", choice="black")
    return match


def _yamaguchi() -> RenjuMatch:
    match = _match("yamaguchi")
    for point in ("h8", "i9", "j10"):
        match.act(0, "move", point=point)
    match.act(0, "opening_choice", choice="2")
    match.act(1, "opening_choice", choice="white")
    match.act(1, "move", point="k7")  # symmetrical about the anti-diagonal through i9
    return match


def _taraguchi() -> RenjuMatch:
    match = _match("taraguchi-10")
    for point, chooser, keep in (("h8", 1, "white"), ("i8", 0, "black"), ("j8", 1, "white")):
        match.act(match.to_act, "move", point=point)  # type: ignore[arg-type]
        match.act(chooser, "opening_choice", choice=keep)
    match.act(1, "move", point="i10")  # symmetrical about column i
    match.act(0, "opening_choice", choice="offers")
    return match


@pytest.mark.parametrize(
    ("opening", "first", "mirror"),
    [(_soosorv, "g8", "g10"), (_yamaguchi, "h9", "i10"), (_taraguchi, "g9", "k9")],
)
def test_a_mirror_image_offer_is_refused(opening: object, first: str, mirror: str) -> None:
    assert callable(opening)
    match = opening()
    assert isinstance(match, RenjuMatch)
    match.act(0, "move", point=first)
    with pytest.raises(IllegalMoveError, match=f"{mirror} is symmetrical to the offer {first}"):
        match.act(0, "move", point=mirror)


def test_a_position_symmetrical_about_h8_is_still_seen() -> None:
    stones = Board.from_moves("h8 g7 f6 a1").stones()  # about the a1-o15 diagonal
    assert len(symmetries(stones)) == 2
    assert equivalent("g9", ("i7",), stones) == "i7"
    assert equivalent("i7", ("g9",), stones) == "g9"
    assert equivalent("g9", ("i9", "h7", "g8"), stones) is None
    assert equivalent("j8", ("h10",), stones) == "h10"


def test_the_symmetries_of_a_position_map_it_onto_itself_and_off_board_points_to_nothing() -> None:
    stones = Board.from_moves("h8 g8 i8 j8").stones()  # a row: two mirrors and a half-turn
    found = symmetries(stones)
    assert found[0] == IDENTITY and len(found) == 4
    for symmetry in found:
        assert {image(p, symmetry): c for p, c in stones.items()} == stones
    assert sorted({image("o8", s) for s in found}) == ["b8", "o8"]  # about the h-i line
    assert [image("a1", s) for s in found] == ["a1", "a15", None, None]  # p1 is off the board
    assert symmetries(Board.from_moves("h8 h9 j10 a1").stones()) == (IDENTITY,)
