"""``gamehall analyse`` prints its report in the chosen language: the headings, the rows, the
rating word and the errors' lines; the players' names, the notation and the units stay."""

import re
from pathlib import Path

import pytest

from gamehall import cli

MATCH = Path(__file__).resolve().parent.parent / "data" / "opening_error.mat"
"""One roll of a money game: Ann plays 31 with 24/21 24/23 (a blunder) instead of 8/5 6/5."""


def _report(capsys: pytest.CaptureFixture[str], language: str) -> str:
    assert cli.main(["--lang", language, "analyse", str(MATCH), "--quiet"]) == 0
    return capsys.readouterr().out


def test_the_report_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    out = _report(capsys, "ru")
    lines = out.splitlines()
    for heading in ("Ходы шашками", "Куб и сдачи", "Удача", "В целом", "Ошибки"):
        assert heading in lines, out
    assert "  партия 1, ход 1: Ann сыграл 31 24/23 24/21; лучше 8/5 6/5 (" in out
    assert "грубая ошибка)" in out and "Ужасно!" in out
    words = [w for w in re.findall(r"[^\W\d_]+", out) if w not in {"Ann", "Bob", "EMG", "mEMG"}]
    words = [w for w in words if w != "PR"]
    assert all(re.search("[а-яё]", w, re.IGNORECASE) for w in words), words


def test_the_report_in_english_is_as_it_was(capsys: pytest.CaptureFixture[str]) -> None:
    out = _report(capsys, "en")
    assert "\nChecker play\n" in out and "\nErrors\n" in out
    assert re.search(r"\n  Rating +Awful! +Supernatural\n", out), out
    assert "  game 1, move 1: Ann played 31 24/23 24/21; best 8/5 6/5 (-0." in out
    assert "EMG, blunder)" in out
