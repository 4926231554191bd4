"""Saving matches: ``--save`` in .json, .psq and .mat, and the .mat record of a match's log."""

import io
import json
import sys
from pathlib import Path

import pytest

from gamehall.cli import main
from gamehall.engines import find_engine
from gamehall.engines.driver import play_out
from gamehall.errors import GameError, RecordError
from gamehall.play.clock import TimeControl
from gamehall.play.dice import SeededDice
from gamehall.play.records import export_mat, import_mat, validate
from gamehall.play.records.from_match import mat_record
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import BackgammonSettings, MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.renju import Board
from gamehall.terminal.records import check_save_path, record_text, save_record

COMPUTERS = ["--white", "computer", "--black", "computer", "--seed", "11", "--level", "random"]


def run(monkeypatch: pytest.MonkeyPatch, argv: list[str], typed: str = "") -> tuple[int, str]:
    output = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    monkeypatch.setattr(sys, "stdout", output)
    return main(argv), output.getvalue()


@pytest.mark.parametrize("game", ["backgammon", "renju"])
def test_save_json_reads_back_as_the_same_match(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: str
) -> None:
    path = tmp_path / "match.json"
    status, out = run(monkeypatch, ["play", game, *COMPUTERS, "--length", "2", "--save", str(path)])
    assert status == 0
    assert out.endswith(f"Saved the match to {path}\n")
    data = json.loads(path.read_text())
    match = (RenjuMatch if game == "renju" else TablesMatch).from_dict(data)
    assert match.is_over and max(match.score) >= 2
    assert match.to_dict() == data


def test_save_psq_holds_the_last_renju_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.psq"
    status, out = run(monkeypatch, ["play", "renju", *COMPUTERS, "--save", str(path)])
    assert status == 0
    text = path.read_text()
    board = Board.from_psq(text)
    assert board.result is not None
    assert text.splitlines()[-3:-1] == ["Computer 1", "Computer 2"]
    last = out.split("Game over")[0].strip().splitlines()[-1]
    assert last.endswith(board.moves[-1])


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy"])
def test_save_mat_reads_back(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: str) -> None:
    path = tmp_path / "match.mat"
    length = "1" if game == "nardy" else "3"
    argv = ["play", game, *COMPUTERS, "--length", length, "--save", str(path)]
    status, _ = run(monkeypatch, argv)
    assert status == 0
    record = import_mat(path.read_text())
    validate(record)
    assert record.players == ("Computer 1", "Computer 2")
    assert record.length == int(length)
    last = record.games[-1]
    assert last.winner is not None
    assert last.score[last.winner] + last.points >= int(length)


@pytest.mark.parametrize(
    ("game", "name", "message"),
    [
        ("backgammon", "match.txt", "give a file name ending in .json, .mat, .psq"),
        ("backgammon", "match.psq", "a .psq file cannot hold backgammon: use .json, .mat"),
        ("renju", "game.mat", "a .mat file cannot hold renju: use .json, .psq"),
    ],
)
def test_a_wrong_extension_is_refused_before_the_match(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    name: str,
    message: str,
) -> None:
    status, out = run(monkeypatch, ["play", game, "--save", name], "h8\n")
    assert status == 2
    assert out == ""
    assert message in capsys.readouterr().err
    with pytest.raises(GameError, match="cannot"):
        check_save_path(name, game)


def test_a_match_left_unfinished_is_not_saved(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    status, out = run(monkeypatch, ["play", "renju", "--save", str(path)], "quit\n")
    assert status == 0
    assert not path.exists()
    assert "Saved" not in out


def test_a_file_that_cannot_be_written_is_reported(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "no such folder" / "match.json"
    status, _ = run(monkeypatch, ["play", "renju", *COMPUTERS, "--save", str(path)])
    assert status == 1
    assert "the match could not be saved" in capsys.readouterr().err


def played(game: str, seed: int, length: int = 1, **options: object) -> TablesMatch:
    settings = MatchSettings.from_dict({"game": game, "length": length, **options})  # type: ignore[arg-type]
    match = TablesMatch(settings, ("Ann", "Bob"), dice=SeededDice(seed))
    play_out(match, {p: find_engine(game, "beginner", seed + p) for p in (0, 1)})
    return match


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy"])
def test_mat_records_of_many_matches_replay(game: str) -> None:
    for seed in range(2 if game == "nardy" else 4):
        match = played(game, seed, length=1 if game == "nardy" else 5)
        record = mat_record(match)
        assert [g.winner for g in record.games] == [g.winner for g in match.games]
        assert import_mat(export_mat(record)).games == record.games


def test_a_resignation_after_a_roll_keeps_the_roll_unless_it_is_forced() -> None:
    match = TablesMatch(BackgammonSettings(), ("Ann", "Bob"), dice=SeededDice(1))
    match.start()
    player = match.on_roll
    assert match.dice is not None and match.position is not None
    free = len(match.position.legal_plays(match.dice)) > 1
    match.act(player, "resign", value=1)
    match.act(1 - player, "accept")
    turns = mat_record(match).games[0].turns
    assert turns[-1].kind == "resign"
    assert (turns[-2].kind == "roll" and turns[-2].play is None) == free
    validate(mat_record(match))


def test_a_match_lost_on_time_keeps_its_last_game_open() -> None:
    now = [0.0]
    match = TablesMatch(
        BackgammonSettings(clock=TimeControl.parse("fischer:10")),
        ("Ann", "Bob"),
        dice=SeededDice(2),
        time_source=lambda: now[0],
    )
    match.start()
    now[0] = 20.0
    match.check_time()
    record = mat_record(match)
    assert record.games[0].winner is None
    assert record.header["Comment"].endswith("ran out of time")
    assert import_mat(export_mat(record)).games == record.games


def test_the_crawford_rule_is_written_when_it_is_not_the_variants() -> None:
    match = played("backgammon", 1, length=3, crawford=False)
    assert mat_record(match).header["Crawford"] == "Off"
    assert "Crawford" not in mat_record(played("georgian", 1, length=3)).header


def test_nardy_with_other_rules_options_has_no_mat_record() -> None:
    match = played("nardy", 1, options={"bearoff": "standard"})
    with pytest.raises(RecordError, match="default rules options"):
        mat_record(match)
    with pytest.raises(GameError):
        record_text(match, ".psq")


def test_save_record_writes_json(tmp_path: Path) -> None:
    match = played("georgian", 2)
    save_record(match, str(tmp_path / "m.JSON"))
    assert TablesMatch.from_dict(json.loads((tmp_path / "m.JSON").read_text())).is_over


def test_the_save_is_told_in_the_chosen_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "match.mat"
    argv = ["--lang", "ru", "play", "backgammon", *COMPUTERS, "--save", str(path)]
    status, out = run(monkeypatch, argv)
    assert status == 0 and out.endswith(f"Матч сохранён в {path}\n")
