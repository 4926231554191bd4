"""Every match setting from ``gamehall play``: the options make the play layer's MatchSettings,
which refuses what it refuses in its own words; fair dice take the player's own seed."""

import argparse
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from gamehall.cli import build_parser, main, new_match, seats
from gamehall.engines import ENGINES, LEVELS
from gamehall.errors import GameError
from gamehall.play.dice import verify_record
from gamehall.play.settings import GAME_NAMES, MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.terminal.settings import RULES_OPTIONS, settings_from
from gamehall.words import words


def options(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["play", *argv])


def run(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> tuple[int, str]:
    output = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(sys, "stdout", output)
    return main(argv), output.getvalue()


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["backgammon"], {}),
        (["backgammon", "--length", "5", "--no-crawford"], {"length": 5, "crawford": False}),
        (["georgian", "--length", "3", "--crawford"], {"length": 3, "crawford": True}),
        (
            ["backgammon", "--length", "0", "--jacoby", "--beavers", "--cube-cap", "16"],
            {"length": 0, "jacoby": True, "beavers": True, "cube_cap": 16},
        ),
        (["georgian", "--length", "0", "--cube-cap", "5"], {"length": 0, "cube_cap": 5}),
        (
            ["backgammon", "--dice", "fair", "--clock", "fischer:300+5"],
            {"dice": "fair", "clock": "fischer:300+5"},
        ),
        (
            ["nardy", "--length", "3", "--first-move", "winner", "--surrender-value", "mars"],
            {"length": 3, "first_move": "winner", "surrender_value": "mars"},
        ),
        (
            ["nardy", "--bearoff", "maxpips", "--block-check", "final"],
            {"options": {"bearoff": "maxpips", "block_check": "final"}},
        ),
        (
            ["nardy", "--head-exception", "plain", "--last-roll-tie"],
            {"options": {"head_exception": "plain", "last_roll_tie": "on"}},
        ),
        (
            ["renju", "--rule", "gomoku-standard", "--opening", "free", "--forbidden", "refuse"],
            {"options": {"rule": "gomoku-standard", "opening": "free", "forbidden": "refuse"}},
        ),
        (
            ["renju", "--forbidden", "claim", "--false-claim", "none"],
            {"options": {"forbidden": "claim", "false_claim": "none"}},
        ),
    ],
)
def test_every_setting_reaches_the_match_settings(
    argv: list[str], expected: dict[str, Any]
) -> None:
    assert settings_from(options(*argv)) == MatchSettings.from_dict({"game": argv[0], **expected})


@pytest.mark.parametrize(
    ("argv", "data"),
    [
        (["backgammon", "--jacoby"], {"jacoby": True}),
        (["backgammon", "--length", "3", "--beavers"], {"length": 3, "beavers": True}),
        (["backgammon", "--length", "0", "--cube-cap", "6"], {"length": 0, "cube_cap": 6}),
        (["georgian", "--length", "0", "--cube-cap", "8"], {"length": 0, "cube_cap": 8}),
        (["backgammon", "--length", "3", "--cube-cap", "8"], {"length": 3, "cube_cap": 8}),
        (["nardy", "--length", "0"], {"length": 0}),
        (["nardy", "--rule", "renju"], {"options": {"rule": "renju"}}),
        (["backgammon", "--bearoff", "seed"], {"options": {"bearoff": "seed"}}),
        (["nardy", "--bearoff", "fast"], {"options": {"bearoff": "fast"}}),
        (["renju", "--opening", "corner"], {"options": {"opening": "corner"}}),
    ],
)
def test_what_the_settings_refuse_is_refused_in_their_words(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    data: dict[str, Any],
) -> None:
    with pytest.raises(GameError) as refused:
        MatchSettings.from_dict({"game": argv[0], **data})
    status, _ = run(monkeypatch, ["play", *argv])
    assert status == 2
    assert capsys.readouterr().err == f"gamehall: {refused.value}\n"


@pytest.mark.parametrize("option", RULES_OPTIONS, ids=lambda o: o.name)
def test_the_rules_options_offer_what_the_settings_allow(option: Any) -> None:
    # A false claim's sanction needs claims, and its time penalty a clock.
    needed = {"forbidden": "claim"} if option.name == "false_claim" else {}
    clock = {"clock": "fischer:300"} if option.name == "false_claim" else {}
    for value in option.values:
        assert MatchSettings.from_dict(
            {"game": option.game, "options": {**needed, option.name: value}, **clock}
        ).options == {**needed, option.name: value}
    with pytest.raises(GameError) as refused:
        MatchSettings.from_dict(
            {"game": option.game, "options": {**needed, option.name: "no such value"}}
        )
    assert str(refused.value).endswith(f"choose one of {', '.join(option.values)}")


def test_help_names_every_setting_and_level(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    flags = ["--length", "--clock", "--dice", "--crawford", "--no-crawford", "--jacoby"]
    flags += ["--beavers", "--cube-cap", "--first-move", "--surrender-value"]
    flags += [option.flag for option in RULES_OPTIONS]
    for flag in flags:
        assert flag in text
    for game in GAME_NAMES:
        levels = [level for level in LEVELS if (game, level) in ENGINES]
        assert levels, f"no engine for {game}"
        assert re.search(rf"{game}[a-z, ]*: {', '.join(levels)}(;|$| )", text), game


@pytest.mark.parametrize(("game", "level"), sorted(ENGINES))
def test_every_engine_level_takes_a_seat(
    monkeypatch: pytest.MonkeyPatch, game: str, level: str
) -> None:
    first = "--black" if game == "renju" else "--white"
    output = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    monkeypatch.setattr(sys, "stdout", output)
    assert main(["play", game, first, "computer", "--level", level, "--seed", "3"]) == 0
    assert "The match is left unfinished." in output.getvalue()


def test_fair_dice_take_the_players_seed_and_show_the_commitment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    argv = ["play", "nardy", "--white", "computer", "--black", "computer", "--level", "random"]
    argv += ["--dice", "fair", "--seed", "my own seed", "--save", str(path)]
    status, out = run(monkeypatch, argv)
    assert status == 0
    match = TablesMatch.from_dict(json.loads(path.read_text()))
    record = match.dice_record(1)
    assert record.client_seeds == (b"my own seed",)
    assert verify_record(record).ok
    assert record.server_seed is not None
    shown = " ".join(out.split())
    assert f"the game's secret seed has the SHA-256 {record.server_seed_hash}" in shown
    assert f"the game's secret seed was {record.server_seed.hex()}" in shown
    status, out = run(monkeypatch, ["verify-dice", str(path)])
    assert (status, out) == (0, f"game 1: all {len(record.rolls)} rolls check out\n")


def test_verify_dice_refuses_a_match_without_fair_dice(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    argv = ["play", "nardy", "--white", "computer", "--black", "computer", "--seed", "5"]
    assert run(monkeypatch, [*argv, "--save", str(path)])[0] == 0
    assert main(["verify-dice", str(path)]) == 1
    assert "not played with provably fair dice" in capsys.readouterr().err


def test_the_seed_goes_to_the_person_playing() -> None:
    args = options("backgammon", "--black", "human", "--dice", "fair", "--seed", "s")
    match = new_match(args, settings_from(args), seats(args), words("en").say)
    seeds = [e for e in match.events if e.kind == "seed"]
    assert [(e.player, e.data["seed"]) for e in seeds] == [(1, "s")]


def test_practice_seeds_are_whole_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "backgammon", "--seed", "abc"]) == 2
    assert "--seed 'abc': practice dice take a whole number" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["renju"], "Renju · 1-point match"),
        (
            ["backgammon", "--length", "0", "--jacoby", "--beavers", "--cube-cap", "16"],
            "Backgammon · money play · Jacoby rule · beavers · cube limit 16",
        ),
        (
            [
                "georgian",
                "--length",
                "5",
                "--no-crawford",
                "--dice",
                "fair",
                "--clock",
                "fischer:300+5",
            ],
            "Georgian backgammon · 5-point match · clock fischer:300+5 · provably fair dice · "
            "Crawford rule off",
        ),
        (
            ["nardy", "--length", "3", "--surrender-value", "mars", "--first-move", "winner"],
            "Long nardy · 3-point match · the winner starts the next game · "
            "a surrender with nothing borne off costs a mars",
        ),
        (
            ["nardy", "--head-exception", "plain", "--last-roll-tie"],
            "Long nardy · 1-point match · head-exception plain · last-roll-tie on",
        ),
    ],
)
def test_the_match_starts_by_saying_its_settings(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], line: str
) -> None:
    status, out = run(monkeypatch, ["play", *argv])
    assert status == 0
    assert out.splitlines()[0] == line
