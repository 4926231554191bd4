"""``gamehall tournament`` in the chosen language: the heading, the standings, the groups, the
forfeits, the winner and the progress bar; the players' and tie-breaks' names stay as typed."""

import re

import pytest

from gamehall import cli

PLAYERS = [arg for _ in range(6) for arg in ("--player", "computer:random")]


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[str, str]:
    assert cli.main(argv) == 0
    captured = capsys.readouterr()
    return captured.out, captured.err


def test_a_round_robin_in_russian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    out, err = _run(capsys, ["tournament", "renju", *PLAYERS[:6], "--seed", "3"])
    lines = out.splitlines()
    assert lines[0] == "round-robin · Рэндзю · матч до 1 очка · игроков: 3 · зерно жребия 3"
    assert re.match(r"  #  игрок +очки  ", lines[1]), out
    assert lines[-1].startswith("Победитель: random-")
    assert "матчей 3/3, тур 3" in err


def test_a_two_stage_event_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--lang", "ru", "tournament", "renju", *PLAYERS, "--seed", "3", "--quiet"]
    argv += ["--format", "two-stage", "--group-size", "3", "--qualify", "1"]
    out, _ = _run(capsys, [*argv, "--withdraw", "random-4@2"])
    assert "\nГруппа A\n" in out and "\nГруппа B\n" in out and "\n* вышел дальше\n" in out
    assert "\nИтоговая таблица (knockout, затем места в группах)\n" in out
    assert re.search(r"\n  #  игрок +группа +очки\n", out), out
    assert "\nНеявки:\n  тур 2, доска 2: " in out


def test_the_standings_in_georgian(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--lang", "ka", "tournament", "renju", *PLAYERS[:4], "--seed", "1", "--quiet"]
    out, _ = _run(capsys, argv)
    assert "მოთამაშეები: 2" in out and "გამარჯვებული: random-" in out
