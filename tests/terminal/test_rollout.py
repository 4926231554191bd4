"""``gamehall rollout``: a position's table, the plays of a roll ranked by the rollout, the
words of the chosen language, and clear refusals that print no table."""

import json

import pytest

from gamehall.cli import main
from gamehall.terminal.rollout import parse_dice, parse_position

QUICK = ["--trials", "36", "--truncate", "2", "--workers", "1"]


def test_a_position_is_rolled_out_into_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rollout", "backgammon", "4HPwATDgc/ABMA", *QUICK, "--cubeful"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "36 games, stopped after 2 plies, variance reduced, the first two rolls rotated, seed 0"
    )
    assert lines[1].split() == [
        "win",
        "W",
        "g",
        "W",
        "bg",
        "L",
        "g",
        "L",
        "bg",
        "equity",
        "cubeful",
    ]
    assert len(lines[2].split()) == len(lines[3].split()) == 7
    assert all(cell.startswith("±") for cell in lines[3].split())


def test_the_plays_of_a_roll_are_ranked_by_the_rollout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rollout", "backgammon", "start", "--plays", "2", "--dice", "31", *QUICK]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[:3] == ["1.", "8/5", "6/5"]
    assert out[3].startswith(" 2. ")
    assert "±" in out[1]


def test_nardy_and_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    start = json.dumps({"board": [0] * 11 + [-15] + [0] * 11 + [15], "turn": "white"})
    assert main(["--lang", "ru", "rollout", "nardy", start, *QUICK]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("партий: 36, остановлены через 2 полухода")
    assert lines[1].split() == ["победа", "В", "марс", "П", "марс", "эквити"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nardy", "start", "--cubeful"], "long nardy has no doubling cube"),
        (["nardy", "[1, 2]"], "a long nardy position is a mapping"),
        (["nardy", "xx"], 'a long nardy position is JSON with "board"'),
        (["backgammon", "start", "--dice", "77", "--plays", "2"], "dice are two numbers"),
        (["backgammon", "start", "--dice", "31"], "--plays and --dice go together"),
        (["backgammon", "start", "--trials", "0"], "1 to 1,000,000 trials"),
        (["backgammon", "start", "--plays", "30", "--dice", "31"], "1 to 20 candidate plays"),
    ],
)
def test_bad_requests_are_refused_before_any_table(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rollout", *argv, "--workers", "1"]) == 1
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""


def test_positions_and_dice_are_read() -> None:
    assert parse_position("georgian", "start").variant.name == "georgian"
    assert parse_position("backgammon", "4HPwATDgc/ABMA").to_id() == "4HPwATDgc/ABMA"
    assert parse_dice("3-1") == (3, 1)


def test_the_players_ply_is_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["rollout", "georgian", "start", "--trials", "12", "--truncate", "1"]
    assert main([*argv, "--player-ply", "1", "--workers", "1"]) == 0
    assert capsys.readouterr().out.startswith("12 games, stopped after 1 ply,")
