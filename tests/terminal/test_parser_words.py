"""The command line's refusals of bad options in the chosen language: argparse's own (invalid
choice, unrecognized or missing arguments, a value of the wrong kind) from the catalog's
``cli.parser.*`` templates, and the command line's own (``--seed``, ``--vs``) from the
refusals' texts; exit status 2, English as argparse writes it."""

import argparse
import inspect
import re

import pytest

from gamehall import cli
from gamehall.words import LANGUAGES, words

SCRIPTS = {"ru": "[а-яё]", "ka": "[\u10a0-\u10ff]", "zh_Hans": "[\u4e00-\u9fff]"}
NAMED = {"gamehall", "play", "tournament", "analyse", "rollout", "admin", "game", "COMMAND"}
NAMED |= {"human", "computer", "fair"}
"""Words of an error line typed or named as they are: the program and its commands, the
arguments' names, the values given."""

BAD = [
    (["play", "chess"], "invalid choice"),
    (["play", "backgammon", "--length", "x"], "invalid int value"),
    (["tournament"], "the following arguments are required"),
    (["play", "backgammon", "--bogus"], "unrecognized arguments"),
    (["analyse", "--trials"], "expected one argument"),
    (["rollout", "backgammon", "x", "--ply", "5"], "invalid choice"),
    (["admin"], "the following arguments are required"),
    (["analyse", "x", "--seconds", "soon"], "invalid float value"),
    (["play", "backgammon", "--seed", "abc"], "practice dice take a whole number"),
    (["play", "renju", "--vs", "human", "--white", "computer"], "name the same player"),
]
"""Bad invocations of several commands, and what argparse or the command says in English."""


def _error_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str]:
    try:
        status = cli.main(argv)
    except SystemExit as leaving:
        status = int(str(leaving.code))
    return status, capsys.readouterr().err.strip().splitlines()[-1]


def _share(line: str, language: str) -> float:
    """The share of the line's letters in ``language``'s script, leaving out option names,
    quoted values and the words named as they are."""
    unquoted = re.sub(r"'[^']*'", " ", line)
    plain = re.sub(r"(?<!\w)--?[a-z][\w-]*", " ", unquoted)
    found = [w for w in re.findall(r"[^\W\d_]+", plain) if w not in NAMED]
    letters = sum(len(w) for w in found)
    said = sum(len(w) for w in found if re.search(SCRIPTS[language], w, re.IGNORECASE))
    return said / letters


@pytest.mark.parametrize("language", ["ru", "ka", "zh_Hans"])
@pytest.mark.parametrize(("argv", "english"), BAD, ids=[" ".join(argv) for argv, _ in BAD])
def test_a_bad_option_is_refused_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], language: str, argv: list[str], english: str
) -> None:
    status, line = _error_line(capsys, ["--lang", language, *argv])
    assert status == 2
    assert english not in line
    assert _share(line, language) >= 0.9, line


@pytest.mark.parametrize(("argv", "english"), BAD, ids=[" ".join(argv) for argv, _ in BAD])
def test_english_is_as_argparse_writes_it(
    capsys: pytest.CaptureFixture[str], argv: list[str], english: str
) -> None:
    status, line = _error_line(capsys, ["--lang", "en", *argv])
    assert status == 2
    assert english in line


def test_the_locale_chooses_the_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    status, line = _error_line(capsys, ["play", "chess"])
    assert (status, line) == (
        2,
        "gamehall play: ошибка: аргумент game: неверный выбор: 'chess' "
        "(можно: 'backgammon', 'georgian', 'nardy', 'renju')",
    )


def test_every_template_is_argparse_s_own() -> None:
    """Each keyed template is one argparse passes through gettext, word for word (a Python
    whose argparse words them otherwise fails here, not silently in English)."""
    source = inspect.getsource(argparse)
    english = words("en")
    templates = [
        text
        for key, text in english.texts.items()
        if key.startswith("cli.parser.") and ".type." not in key
    ]
    templates += [f for k, fs in english.counted.items() if "cli.parser." in k for f in fs.values()]
    for template in templates:
        assert f"'{template}'" in source or f'"{template}"' in source, template


def _fields(text: str) -> list[str]:
    return sorted(re.findall(r"%(?:\(\w+\))?[sr]", text))


def test_every_language_keeps_argparse_s_fields() -> None:
    english = words("en")
    for language in LANGUAGES[1:]:
        said = words(language)
        for key, text in english.texts.items():
            if key.startswith("cli.parser."):
                assert _fields(said.texts[key]) == _fields(text), (language, key)
        for form in said.counted["cli.parser.expected-n"].values():
            assert _fields(form) == ["%s"], language


def test_argparse_speaks_english_again_after_a_parse(capsys: pytest.CaptureFixture[str]) -> None:
    before = vars(argparse)["_"]
    _error_line(capsys, ["--lang", "ru", "play", "chess"])
    assert vars(argparse)["_"] is before
    plain = argparse.ArgumentParser(prog="plain", exit_on_error=False)
    plain.add_argument("--n", type=int)
    with pytest.raises(argparse.ArgumentError, match="invalid int value"):
        plain.parse_args(["--n", "x"])
