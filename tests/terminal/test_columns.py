"""A terminal's columns: Chinese characters take two, so tables stay aligned in Chinese."""

import re

import pytest

from gamehall import cli
from gamehall.terminal import columns


def test_wide_characters_take_two_columns() -> None:
    assert columns.width("棋手") == 4 and columns.width("очки") == 4
    assert columns.left("棋手", 6) == "棋手  " and columns.right("积分", 6) == "  积分"
    assert columns.left("player", 3) == "player"


def test_the_standings_line_up_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    players = [arg for _ in range(3) for arg in ("--player", "computer:random")]
    argv = ["--lang", "zh", "tournament", "renju", *players, "--seed", "3", "--quiet"]
    assert cli.main(argv) == 0
    header, first = capsys.readouterr().out.splitlines()[1:3]
    points = re.match(r" +1 +random-\d +\d+", first)
    assert points is not None
    assert columns.width(header[: header.index("积分") + 2]) == points.end()
