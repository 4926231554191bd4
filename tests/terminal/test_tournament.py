"""``gamehall tournament``: engine tournaments from the command line, and the JSON they write."""

import io
import json
from pathlib import Path
from typing import Any

import pytest

from gamehall.cli import main
from gamehall.engines.base import Engine
from gamehall.engines.renju import RandomRenjuEngine
from gamehall.play.registry import new_match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuSettings
from gamehall.renju import Board
from gamehall.terminal import tournament as tournament_cli
from gamehall.terminal import tournament_play
from gamehall.terminal.tournament import ProgressBar, report, standings_table
from gamehall.terminal.tournament_play import Entrant, drawn, match_seed
from gamehall.tournaments import Pairing, Tournament, TournamentSettings
from gamehall.words import words

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

ENGLISH = words("en").say


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
        (["--json", "."], "--json . is a folder: give a file name"),
        (["--format", "knockout", "--double"], "--double does not apply to a knockout"),
        (["--format", "swiss", "--rounds", "2", "--double"], "--double does not apply to a swiss"),
        (["--group-size", "4"], "--group-size does not apply to a round-robin tournament"),
        (["--format", "swiss", "--rounds", "2", "--qualify", "1"], "--qualify does not apply"),
        (["--format", "groups", "--final", "knockout"], "--final does not apply"),
        (["--seeding", "lots"], "--seeding does not apply to a round-robin"),
        (["--format", "knockout", "--tiebreak", "wins"], "--tiebreak does not apply"),
        (
            ["--rule", "gomoku-freestyle", "--forbidden", "claim"],
            "--forbidden claim does not apply to gomoku-freestyle",
        ),
        (["--withdraw", "random-9@2"], "random-9 is not a player: random-1, random-2"),
        (["--withdraw", "random-1"], "write NAME@ROUND"),
        (["--forfeit", "random-1@0"], "write NAME@ROUND"),
        (["--withdraw", "random-1@2", "--withdraw", "random-1@3"], "random-1 can withdraw once"),
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
        match = RenjuMatch(RenjuSettings(length=length, draws="replay"), ("a", "b"))
        match.start()
        match.act(0, "move", point="h8")
        match.act(0, "offer_draw")
        match.act(1, "accept")
        assert drawn(match) is expected


def test_a_drawn_renju_match_is_a_drawn_pairing() -> None:
    match = new_match(RenjuSettings(length=1), ("a", "b"))
    match.start()
    match.act(0, "move", point="h8")
    match.act(1, "offer_draw")
    match.act(0, "accept")
    engines = {seat: RandomRenjuEngine(seat) for seat in (0, 1)}
    result = tournament_play.play_match(match, engines)
    assert result.outcome == "1/2-1/2" and result.score == (0.5, 0.5)


def test_each_pairing_has_its_own_seed() -> None:
    one, two = Pairing(1, 1, "a", "b"), Pairing(1, 2, "c", "d")
    assert match_seed(3, one) == match_seed(3, one) != match_seed(3, two)
    assert match_seed(3, one) != match_seed(4, one)


def test_the_table_heads_each_group_and_stars_the_qualifiers() -> None:
    settings = TournamentSettings("groups", group_size=3, qualify=1)
    t = Tournament.create(settings, ["a", "b", "c", "d", "e", "f"])
    rows = tuple(row for table in t.group_standings() for row in table.rows)
    text = standings_table(type(t.standings())(rows, ("wins",)), ENGLISH, by_group=True)
    assert text.startswith("Group A") and "\nGroup B" in text and text.endswith("* qualified")


def test_the_bar_redraws_in_place_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    bar = ProgressBar(stream, 2, ENGLISH)
    t = Tournament.create(TournamentSettings("round-robin"), ["a", "b"]).pair_next_round()
    bar(t, t.pairings[0])
    bar.close()
    assert stream.getvalue().startswith("\r[") and stream.getvalue().endswith("\n")


def test_a_taraguchi_10_round_robin_of_six_random_players_finishes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = [arg for _ in range(6) for arg in ("--player", "computer:random")]
    args = ["tournament", "renju", "--opening", "taraguchi-10", *players, "--seed", "1", "--quiet"]
    data = run(args, tmp_path, capsys)
    assert sum(len(r) for r in data["rounds"]) == 15
    assert all(p["result"] in ("1-0", "0-1", "1/2-1/2") for r in data["rounds"] for p in r)


class Failing(RandomRenjuEngine):
    """A random player whose engine breaks at its third move."""

    def choose_move(self, board: Board, points: list[str]) -> str:
        if len(board.moves) >= 4:
            raise RuntimeError("out of memory")
        return super().choose_move(board, points)


def test_a_failing_engine_forfeits_its_own_games_and_the_tournament_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def engine(game: str, level: str, seed: int | None = None) -> Engine:
        return Failing(seed) if level == "beginner" else RandomRenjuEngine(seed)

    monkeypatch.setattr(tournament_play, "find_engine", engine)
    entrants = [Entrant("random-1", "random"), Entrant("beginner-2", "beginner")]
    entrants += [Entrant("random-3", "random"), Entrant("random-4", "random")]
    t = Tournament.create(TournamentSettings("round-robin"), [e.name for e in entrants])
    t = tournament_play.run(t, entrants, 7)
    assert t.is_finished
    failed = [p for p in t.pairings if "beginner-2" in p.players]
    assert len(failed) == 3
    for p in failed:
        assert p.result is not None and p.result.forfeit
        assert p.result.points()[p.players.index("beginner-2")] == 0.0
        assert p.result.reason == "engine-failed"
    others = [p for p in t.pairings if "beginner-2" not in p.players]
    assert all(p.result is not None and p.result.played for p in others)
    assert "Forfeits:\n  round 1, board " in report(t, words("en"))
    assert "; beginner-2's engine failed\n" in report(t, words("en"))
    assert "; движок игрока beginner-2 не сработал\n" in report(t, words("ru"))


def test_a_swiss_longer_than_a_round_robin_warns_the_director(
    capsys: pytest.CaptureFixture[str],
) -> None:
    players = [arg for _ in range(3) for arg in ("--player", "computer:random")]
    args = ["tournament", "renju", "--format", "swiss", "--rounds", "4", *players, "--quiet"]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "warning: 3 players can play at most 3 Swiss rounds without a repeat" in err


def test_an_unwritable_json_file_is_refused_before_the_tournament_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file system's answer is stood in for: the tests may run with rights to write anywhere.
    monkeypatch.setattr(tournament_cli.os, "access", lambda path, mode: False)
    players = ["--player", "computer:random", "--player", "computer:random"]
    target = tmp_path / "locked.json"
    assert main(["tournament", "renju", *players, "--json", str(target)]) == 1
    captured = capsys.readouterr()
    assert "cannot write there" in captured.err and captured.out == ""


def test_the_help_lists_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    text = capsys.readouterr().out
    assert "random, beginner, intermediate, advanced, expert, world-class" in text


def test_withdrawals_and_forfeits_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = [arg for _ in range(4) for arg in ("--player", "computer:random")]
    absent = ["--withdraw", "random-4@2", "--forfeit", "random-1@1", "--withdraw", "random-2@9"]
    path = tmp_path / "result.json"
    args = ["tournament", "renju", *players, *absent, "--seed", "5", "--quiet"]
    assert main([*args, "--json", str(path)]) == 0
    data = json.loads(path.read_text())
    games = [(number, p) for number, r in enumerate(data["rounds"], start=1) for p in r]
    for number, p in games:
        if number == 1 and "random-1" in p["players"]:
            lost = "-+" if p["players"][0] == "random-1" else "+-"
            assert p["result"] == lost
            assert p["reason"] == "director"
        elif number >= 2 and "random-4" in p["players"]:
            assert p["result"] == ("-+" if p["players"][0] == "random-4" else "+-")
            assert p["reason"] == "withdrawn"
        else:
            assert p["result"] in ("1-0", "0-1", "1/2-1/2") and p["reason"] is None
    assert "random-2@9 was not used: the tournament ended after round 3" in capsys.readouterr().err
