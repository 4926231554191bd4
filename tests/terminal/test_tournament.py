"""``gamehall tournament``: engine tournaments from the command line, and the JSON they write."""

import io
import json
from pathlib import Path
from typing import Any

import pytest

from gamehall.cli import main
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuSettings
from gamehall.terminal.tournament import ProgressBar, standings_table
from gamehall.terminal.tournament_play import drawn, match_seed
from gamehall.tournaments import Pairing, Tournament, TournamentSettings

EXAMPLE = [
    "tournament",
    "renju",
    "--format",
    "swiss",
    "--rounds",
    "5",
    "--player",
    "computer:random",
    "--player",
    "computer:beginner",
    "--player",
    "computer:beginner",
    "--player",
    "computer:random",
    "--seed",
    "3",
]


def run(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    path = tmp_path / "result.json"
    assert main([*args, "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Wrote {path}" in out
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def check_schema(data: dict[str, Any]) -> None:
    """Every name is one of ``players``, a bye has a null second player, standings rows have
    their fields."""
    players = data["players"]
    assert len(set(players)) == len(players)
    for round_ in data["rounds"]:
        assert round_, "a round has pairings"
        for pairing in round_:
            first, second = pairing["players"]
            assert first in players and (second is None or second in players)
            assert (second is None) == (pairing["result"] == "bye")
            assert pairing["result"] in ("1-0", "0-1", "1/2-1/2", "+-", "-+", "--", "bye")
    assert sorted(row["player"] for row in data["standings"]) == sorted(players)
    for row in data["standings"]:
        assert {"player", "points", "tiebreaks"} <= set(row)


def test_the_issues_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = run(EXAMPLE, tmp_path, capsys)
    assert data["format"] == "swiss" and data["game"] == "renju"
    assert data["players"] == ["random-1", "beginner-2", "beginner-3", "random-4"]
    assert len(data["rounds"]) == 5 and all(len(r) == 2 for r in data["rounds"])
    check_schema(data)
    first = data["standings"][0]
    assert set(first["tiebreaks"]) == {"buchholz", "median-buchholz", "direct-encounter", "wins"}
    assert sum(row["points"] for row in data["standings"]) == 10  # a point a match
    assert data["winner"] == first["player"] and data["seed"] == 3


def test_a_seed_makes_the_run_reproducible(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(EXAMPLE, tmp_path, capsys) == run(EXAMPLE, tmp_path, capsys)


@pytest.mark.parametrize(
    "extra",
    [
        ["renju", "--format", "round-robin"],
        ["renju", "--format", "knockout", "--seeding", "lots"],
        ["renju", "--format", "groups", "--group-size", "3", "--qualify", "1"],
        ["nardy", "--format", "two-stage", "--group-size", "3", "--qualify", "2"],
        ["backgammon", "--format", "swiss", "--rounds", "2", "--length", "3"],
        [
            "georgian",
            "--format",
            "two-stage",
            "--group-size",
            "3",
            "--qualify",
            "2",
            "--final",
            "round-robin",
        ],
    ],
)
def test_every_format_runs_to_the_end(
    extra: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = ["--player", "computer:random"] * 3 + ["--player", "computer:beginner"] * 3
    data = run(["tournament", *extra, *players, "--seed", "1"], tmp_path, capsys)
    check_schema(data)
    assert data["format"] == extra[2]
    if data["format"] in ("groups", "two-stage"):
        assert [len(group) for group in data["groups"]] == [3, 3]
    if data["format"] != "groups":
        assert data["winner"] in data["players"]


def test_a_bye_is_a_pairing_without_a_second_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = ["--player", "computer:random"] * 3
    data = run(["tournament", "renju", "--format", "knockout", *players], tmp_path, capsys)
    byes = [p for r in data["rounds"] for p in r if p["players"][1] is None]
    assert [bye["players"][0] for bye in byes] == ["random-1"]  # the top seed
    assert data["seed"] is None and isinstance(data["lots_seed"], int)


def test_the_progress_bar_and_the_standings_are_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([*EXAMPLE]) == 0
    captured = capsys.readouterr()
    assert "[" in captured.err and "10/10 matches, round 5" in captured.err
    assert "buchholz" in captured.out and "Winner: " in captured.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--player", "human:me"], "computer:LEVEL"),
        (["--player", "computer:grandmaster"], "no level 'grandmaster'"),
        (["--format", "swiss"], "a Swiss needs a number of rounds"),
        (["--rounds", "3"], "give rounds only for a Swiss"),
        (["--format", "groups", "--group-size", "2"], "group_size must be a whole number"),
        (["--json", "/no/such/folder/out.json"], "there is no folder"),
        (["--seed", "-1"], "0 or more"),
        (["--length", "0"], "money"),
    ],
)
def test_wrong_options_are_refused(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    players = ["--player", "computer:random", "--player", "computer:random"]
    game = ["backgammon"] if "--length" in args else ["renju"]
    assert main(["tournament", *game, *players, *args]) == 1
    assert message in capsys.readouterr().err


def test_one_player_is_not_a_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "renju", "--player", "computer:random"]) == 1
    assert "2 players or more" in capsys.readouterr().err


def test_a_renju_match_stands_drawn_once_tied_half_a_point_short() -> None:
    for length, expected in ((1, True), (2, False)):
        match = RenjuMatch(RenjuSettings(length=length), ("a", "b"))
        match.start()
        match.act(0, "move", point="h8")
        match.act(0, "offer_draw")
        match.act(1, "accept")
        assert drawn(match) is expected


def test_each_pairing_has_its_own_seed() -> None:
    one, two = Pairing(1, 1, "a", "b"), Pairing(1, 2, "c", "d")
    assert match_seed(3, one) == match_seed(3, one) != match_seed(3, two)
    assert match_seed(3, one) != match_seed(4, one)


def test_the_table_heads_each_group_and_stars_the_qualifiers() -> None:
    settings = TournamentSettings("groups", group_size=3, qualify=1)
    t = Tournament.create(settings, ["a", "b", "c", "d", "e", "f"])
    rows = tuple(row for table in t.group_standings() for row in table.rows)
    text = standings_table(type(t.standings())(rows, ("wins",)), by_group=True)
    assert text.startswith("Group A") and "\nGroup B" in text and text.endswith("* qualified")


def test_the_bar_redraws_in_place_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    bar = ProgressBar(stream, 2)
    t = Tournament.create(TournamentSettings("round-robin"), ["a", "b"]).pair_next_round()
    bar(t, t.pairings[0])
    bar.close()
    assert stream.getvalue().startswith("\r[") and stream.getvalue().endswith("\n")
