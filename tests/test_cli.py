"""The command line's entry point."""

import pytest

from gamehall import GAMES, __version__
from gamehall.cli import main


def test_info_prints_version_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert f"gamehall {__version__}" in out
    for name in GAMES:
        assert name in out


def test_errors_are_one_family() -> None:
    from gamehall import GameError, IllegalMoveError, InvalidPositionError, RecordError

    for cls in (IllegalMoveError, InvalidPositionError, RecordError):
        assert issubclass(cls, GameError)
    assert issubclass(GameError, ValueError)
