"""Every command's ``--help`` in the chosen language: at least 90 % of its letters in the
language's script, once the words that are typed or named as they are (option names, metavars,
choices, commands, programs, file names and notation) are left out."""

import argparse
import re

import pytest

from gamehall import cli
from gamehall.engines import LEVELS

SCRIPTS = {"ru": "[а-яё]", "ka": "[\u10a0-\u10ff]", "zh_Hans": "[\u4e00-\u9fff]"}
"""A letter of each language's own script."""
PROGRAMS = {"gamehall", "GNU", "Backgammon", "gnubg", "Gomocup", "Piskvork", "pbrain", "rapfi"}
PROGRAMS |= {"SQLite", "PostgreSQL", "pg_dump", "Unix", "localhost", "numba"}
"""The programs, systems and protocols the help names."""
TYPED = {"help", "set", "player", "external", "rule", "start", "board", "turn", "Position", "ID"}
TYPED |= {"lambda"}
"""Words typed or read as they are: a command at the prompt and GNU Backgammon's, a protocol's
command, a JSON field, GNU Backgammon's position ID, the TD(lambda) method's name."""


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(found.choices)


COMMANDS = sorted(_subcommands(cli.build_parser()))


def _typed(parser: argparse.ArgumentParser) -> set[str]:
    """The words of ``parser``'s options that are typed as they are: choices and metavars."""
    typed = {*PROGRAMS, *TYPED, *COMMANDS, *LEVELS}
    for action in parser._actions:
        named = "" if action.option_strings else action.dest
        for value in [*(action.choices or ()), action.metavar or "", named]:
            typed.update(re.findall(r"[^\W\d_]+", str(value)))
    return typed


def script_share(text: str, language: str, parser: argparse.ArgumentParser) -> float:
    """The share of ``text``'s letters in ``language``'s script, the typed words left out."""
    typed = _typed(parser)
    joined = re.sub(r"-\n\s*", "-", text)  # a word the help wrapped at its hyphen
    unquoted = re.sub(r"'[^'\s]+'", " ", joined)  # a value quoted as it is typed
    tokens = [t for t in unquoted.split() if not re.search(r"\d|/|-[a-z-]|@|_|\.[a-z]{2}", t)]
    words = [
        word
        for token in tokens
        for word in re.findall(r"[^\W\d_]+", token)
        if word not in typed and not word.isupper()
    ]
    letters = sum(len(word) for word in words)
    said = sum(len(w) for w in words if re.search(SCRIPTS[language], w, re.IGNORECASE))
    return said / letters


def _help(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit):
        cli.main(argv)
    return capsys.readouterr().out


@pytest.mark.parametrize("language", ["ru", "ka", "zh"])
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_s_help_is_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], command: str, language: str
) -> None:
    text = _help(capsys, ["--lang", language, command, "--help"])
    spoken = "zh_Hans" if language == "zh" else language
    parser = _subcommands(cli.build_parser(spoken))[command]
    assert script_share(text, spoken, parser) >= 0.9, text


def test_the_help_follows_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    text = _help(capsys, ["tournament", "--help"])
    parser = _subcommands(cli.build_parser("ru"))["tournament"]
    assert script_share(text, "ru", parser) >= 0.9, text
    assert text.startswith("использование: gamehall tournament")


def test_the_measure_finds_english(capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(capsys, ["--lang", "en", "tournament", "--help"])
    parser = _subcommands(cli.build_parser())["tournament"]
    assert script_share(text, "ru", parser) < 0.1


@pytest.mark.parametrize("language", ["ru", "ka", "zh_Hans"])
def test_the_command_line_s_own_help_is_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    text = _help(capsys, ["--lang", language, "--help"])
    assert script_share(text, language, cli.build_parser(language)) >= 0.9, text
