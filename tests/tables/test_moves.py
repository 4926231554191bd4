"""Standard notation of plays: written (format_play) and read (parse_play)."""

import pytest

from gamehall.errors import IllegalMoveError
from gamehall.tables.moves import BAR, OFF, Move, format_play, parse_play


@pytest.mark.parametrize(
    ("moves", "text"),
    [
        ([Move(24, 18, 6), Move(13, 11, 2)], "24/18 13/11"),
        ([Move(13, 11, 2), Move(24, 18, 6)], "24/18 13/11"),
        ([Move(13, 7, 6, hit=True)], "13/7*"),
        ([Move(BAR, 22, 3)], "bar/22"),
        ([Move(6, OFF, 6)], "6/off"),
        ([Move(8, 5, 3), Move(8, 5, 3)], "8/5(2)"),
        ([Move(24, 18, 6), Move(18, 13, 5)], "24/13"),
        ([Move(24, 18, 6, hit=True), Move(18, 13, 5)], "24/18*/13"),
        ([Move(6, 3, 3)] * 4, "6/3(4)"),
        ([Move(13, 10, 3), Move(10, 7, 3), Move(13, 10, 3), Move(6, 3, 3)], "13/10 13/7 6/3"),
        ([], ""),
    ],
)
def test_format_play(moves: list[Move], text: str) -> None:
    assert format_play(moves) == text


def test_move_text() -> None:
    assert str(Move(13, 7, 6, hit=True)) == "13/7*"
    assert str(Move(BAR, 20, 5)) == "bar/20"
    assert str(Move(3, OFF, 5)) == "3/off"


@pytest.mark.parametrize(
    ("text", "paths"),
    [
        ("24/18 13/11", [((24, False), (18, False)), ((13, False), (11, False))]),
        ("24/18/13", [((24, False), (18, False), (13, False))]),
        ("24/18*/13", [((24, False), (18, True), (13, False))]),
        ("8/5(2)", [((8, False), (5, False))] * 2),
        (
            "bar/22 b/20 25/21",
            [((BAR, False), (22, False)), ((BAR, False), (20, False)), ((BAR, False), (21, False))],
        ),
        (
            "6/off 5/0 4/o",
            [((6, False), (OFF, False)), ((5, False), (OFF, False)), ((4, False), (OFF, False))],
        ),
        ("  13/7*,  8/7 ", [((13, False), (7, True)), ((8, False), (7, False))]),
        ("BAR/22", [((BAR, False), (22, False))]),
        ("", []),
        ("pass", []),
    ],
)
def test_parse_play(text: str, paths: list[tuple[tuple[int, bool], ...]]) -> None:
    assert parse_play(text) == paths


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("24-18", "cannot read '24-18'"),
        ("18/24", "goes the wrong way"),
        ("off/3", "goes the wrong way"),
        ("3/bar", "goes the wrong way"),
        ("30/24", "30 is not a point"),
        ("8/5(7)", "repeats 1 to 4 times"),
        ("hello", "cannot read 'hello'"),
    ],
)
def test_parse_play_refuses_with_reason(text: str, words: str) -> None:
    with pytest.raises(IllegalMoveError, match=words):
        parse_play(text)
