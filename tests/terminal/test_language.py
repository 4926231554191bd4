"""The command line speaks the language ``--lang`` names, else the system's locale's."""

import re

import pytest

from gamehall import cli
from gamehall.terminal.language import (
    UnknownLanguageError,
    chosen_language,
    system_language,
)

CYRILLIC = re.compile("[\u0400-\u04ff]")
GEORGIAN = re.compile("[\u10d0-\u10ff]")


@pytest.mark.parametrize(
    ("environment", "language"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "ka_GE.UTF-8"}, "ka"),
        ({"LANG": "zh_CN.UTF-8"}, "zh_Hans"),
        ({"LANG": "zh_TW.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        ({"LC_ALL": "ka_GE.UTF-8", "LC_MESSAGES": "ru_RU", "LANG": "en_US"}, "ka"),
        ({"LC_MESSAGES": "ru_RU@latin", "LANG": "en_US"}, "ru"),
        ({"LC_ALL": "", "LANG": "ru_RU.UTF-8"}, "ru"),
    ],
)
def test_the_system_locale_chooses(environment: dict[str, str], language: str) -> None:
    assert system_language(environment) == language


def test_the_option_wins_over_the_system() -> None:
    assert chosen_language("ka", {"LANG": "ru_RU.UTF-8"}) == "ka"
    assert chosen_language("zh-CN", {}) == "zh_Hans"
    assert chosen_language(None, {"LANG": "ru_RU.UTF-8"}) == "ru"
    with pytest.raises(UnknownLanguageError, match="en, ka, ru, zh_Hans"):
        chosen_language("xx", {})


def test_an_unknown_language_is_refused_naming_those_spoken(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "C")
    assert cli.main(["--lang", "xx", "info"]) == 2
    error = capsys.readouterr().err
    assert "'xx'" in error and "en, ka, ru, zh_Hans" in error


def test_the_help_in_russian_from_lang(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "сыграть матч в терминале" in out and CYRILLIC.search(out)


def test_the_help_in_georgian_from_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--lang", "ka", "play", "--help"])
    out = capsys.readouterr().out
    assert "ვინ თამაშობს თეთრებით" in out and GEORGIAN.search(out)


def test_english_help_is_as_it_was(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--lang", "en", "--help"])
    assert "play a match in the terminal" in capsys.readouterr().out
