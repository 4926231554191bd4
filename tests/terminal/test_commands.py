"""The ``gamehall`` command line: ``play``'s options and ``verify-dice``."""

import argparse
import io
import json
import sys
from pathlib import Path

import pytest

from gamehall import GAMES
from gamehall.cli import build_parser, main, player_names, seats
from gamehall.engines import find_engine
from gamehall.engines.driver import play_out
from gamehall.errors import GameError
from gamehall.play.clock import TIME_CONTROL_HELP
from gamehall.play.dice import FairDice
from gamehall.play.settings import NardySettings
from gamehall.play.tables_match import TablesMatch
from gamehall.words import words


def options(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["play", *argv])


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["backgammon"], ("human", "computer")),
        (["backgammon", "--vs", "human"], ("human", "human")),
        (["backgammon", "--vs", "computer"], ("human", "computer")),
        (["backgammon", "--white", "computer"], ("computer", "human")),
        (["backgammon", "--black", "human"], ("computer", "human")),
        (["backgammon", "--white", "human", "--black", "human"], ("human", "human")),
        (["nardy", "--white", "computer", "--black", "human"], ("computer", "human")),
        (["renju", "--black", "computer"], ("computer", "human")),
        (["renju", "--white", "computer"], ("human", "computer")),
        (["georgian", "--vs", "human", "--white", "computer"], ("computer", "human")),
        (["renju", "--white", "human", "--black", "computer"], ("computer", "human")),
        (["renju", "--vs", "computer", "--white", "computer"], ("human", "computer")),
    ],
)
def test_who_plays_each_side(argv: list[str], expected: tuple[str, str]) -> None:
    assert seats(options(*argv)) == expected


def test_contradicting_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(GameError, match="--vs human and --black computer name the same player"):
        seats(options("backgammon", "--vs", "human", "--black", "computer"))
    assert main(["play", "renju", "--vs", "human", "--white", "computer"]) == 2
    assert "name the same player" in capsys.readouterr().err


def test_player_names() -> None:
    say = words("en").say
    assert player_names(("human", "computer"), say) == ("Human", "Computer")
    assert player_names(("computer", "human"), say) == ("Computer", "Human")
    assert player_names(("human", "human"), say) == ("Player 1", "Player 2")
    assert player_names(("computer", "computer"), say) == ("Computer 1", "Computer 2")


def test_player_names_in_the_chosen_language() -> None:
    say = words("ru").say
    assert player_names(("human", "computer"), say) == ("Человек", "Компьютер")
    assert player_names(("human", "human"), say) == ("Игрок 1", "Игрок 2")
    assert player_names(("computer", "computer"), words("zh_Hans").say) == ("电脑 1", "电脑 2")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nardy", "--length", "0"], "nardy has no money play"),
        (["renju", "--clock", "blitz"], "'blitz' is not a time control"),
        (["backgammon", "--length", "99"], "match length 99"),
    ],
)
def test_bad_settings_exit_with_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["play", *argv]) == 2
    assert message in capsys.readouterr().err


def test_play_help_explains_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for flag in ("--vs", "--white", "--level", "--length", "--clock", "--seed", "--save"):
        assert flag in text
    assert " ".join(TIME_CONTROL_HELP.split()) in text
    assert "not for fair play" in text


def test_a_clock_is_shown_and_used(monkeypatch: pytest.MonkeyPatch) -> None:
    output = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    monkeypatch.setattr(sys, "stdout", output)
    assert main(["play", "backgammon", "--clock", "delay:12+60/pt", "--length", "3"]) == 0
    assert "clocks: Human 3:00, Computer 3:0" in output.getvalue()


def test_info_is_still_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert main(["info"]) == 0
    out = capsys.readouterr().out
    assert out.count("games:") == 2
    for name, text in GAMES.items():
        assert f"  {name:<11} {text}\n" in out


def test_info_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "ru", "info"]) == 0
    out = capsys.readouterr().out
    assert "\nигры:\n" in out and "  nardy       Длинные нарды\n" in out


def fair_record(tmp_path: Path) -> Path:
    dice = FairDice(client_seeds=["ann"])
    for _ in range(30):
        dice.roll()
    dice.reveal()
    path = tmp_path / "dice.json"
    path.write_text(json.dumps(dice.record().to_dict()))
    return path


def test_verify_dice_accepts_a_good_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify-dice", str(fair_record(tmp_path))]) == 0
    assert capsys.readouterr().out == "all 30 rolls check out\n"


def test_verify_dice_finds_a_tampered_roll(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = fair_record(tmp_path)
    data = json.loads(path.read_text())
    first = data["rolls"][4]["dice"]
    data["rolls"][4]["dice"] = [first[0] % 6 + 1, first[1]]
    path.write_text(json.dumps(data))
    assert main(["verify-dice", str(path)]) == 1
    assert capsys.readouterr().out.startswith("roll 4 (counter 4) was ")


def test_verify_dice_checks_a_played_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = TablesMatch(NardySettings(dice="fair"))
    play_out(match, {p: find_engine("nardy", "beginner", p) for p in (0, 1)})
    path = tmp_path / "game1.json"
    path.write_text(json.dumps(match.dice_record(1).to_dict()))
    assert main(["verify-dice", str(path)]) == 0
    assert "rolls check out" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot open the dice record"),
        ("not json", "is not JSON"),
        ('{"version": 7}', "this is not a version 1 dice record"),
    ],
)
def test_verify_dice_on_a_file_that_is_no_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, message: str
) -> None:
    path = tmp_path / "dice.json"
    if content is not None:
        path.write_text(content)
    assert main(["verify-dice", str(path)]) == 1
    assert message in capsys.readouterr().err
