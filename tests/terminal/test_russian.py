"""A whole match at the terminal in the language of the locale (LANG=ru_RU.UTF-8) or of
``--lang``: the narration, prompts, board legends, results and the players' default names are
in that language; only the notation and the commands typed stay as they are."""

import io
import re

import pytest

from gamehall import cli

NOT_WORDS = {
    # the notation and the board's marks
    "bar", "off", "BAR", "X", "O", "SHA",
    # the commands typed and named in the texts
    "roll", "double", "take", "drop", "beaver", "confirm", "undo", "help", "accept", "decline",
    "analyse", "Enter", "next", "end", "resign", "quit", "hint", "moves", "board", "pass",
    "claim", "draw", "winning", "solve", "white", "black", "place", "q",
}  # fmt: skip
"""Words of letters that are not said in the language of the match."""

RENJU = ["h8", "g9", "i8", "a1", "j8", "a2", "k8", "a3", "l8"]
"""Black makes five in a row; White plays along the edge once the opening rule allows it."""


def _words(text: str) -> list[str]:
    """The words of letters in ``text`` that are said in the language of the match."""
    found = re.findall(r"[^\W\d_]+", text)
    return [word for word in found if word not in NOT_WORDS and not re.fullmatch(r"[a-o]", word)]


def _play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    typed: list[str],
    lang: str = "C.UTF-8",
) -> str:
    monkeypatch.setenv("LANG", lang)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in typed)))
    assert cli.main(argv) == 0
    return capsys.readouterr().out


def _share(words: list[str], letters: str) -> float:
    return sum(1 for word in words if re.search(letters, word)) / len(words)


def test_a_backgammon_match_in_russian(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "backgammon", "--white", "computer", "--black", "computer"]
    out = _play(monkeypatch, capsys, [*argv, "--length", "1", "--seed", "7"], [], "ru_RU.UTF-8")
    words = _words(out)
    assert len(words) > 10
    assert _share(words, "[а-яё]") >= 0.9, out
    lines = out.rstrip().splitlines()
    assert "выигрывает матч 1-0" in lines[-1]
    assert "Партия окончена: " in out
    assert "Счёт: " in out


def test_a_renju_game_typed_in_russian(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = ["help", "moves", *RENJU]
    out = _play(monkeypatch, capsys, ["play", "renju", "--vs", "human"], typed, "ru_RU.UTF-8")
    words = _words(out)
    assert _share(words, "[а-яё]") >= 0.9, out
    # the result, then the offer of the analysis (the input ends there)
    result, offer = out.rstrip().splitlines()[-2:]
    assert result == "Игрок 1 выигрывает матч 1-0"
    assert offer.startswith("Введите analyse")
    assert "Команды:" in out
    assert "Пункты, куда можно ходить (" in out
    assert "Партия окончена: Игрок 1 выигрывает (1 очко): " in out


def test_a_renju_game_in_georgian_by_option(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--lang", "ka", "play", "renju", "--vs", "human"]
    out = _play(monkeypatch, capsys, argv, RENJU)
    words = _words(out)
    assert _share(words, "[\u10a0-\u10ff]") >= 0.9, out
    assert "პარტია დასრულდა" in out
    assert out.rstrip().splitlines()[-2] == "მოთამაშე 1: მატჩი მოგებულია 1-0"
