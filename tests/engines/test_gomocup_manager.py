"""``gamehall match``: two Gomocup brains under gamehall's referee; faults lose with their
reason; full games of ``gamehall brain renju`` against itself and against an independent
scripted brain, saved as .psq."""

import json
import sys
from pathlib import Path

import pytest

from gamehall.cli import main
from gamehall.engines.gomocup.manager import (
    GameRecord,
    MatchSettings,
    read_openings,
    run_match,
)
from gamehall.engines.renju_search.levels import warm_up
from gamehall.errors import GameError
from gamehall.renju.board import Board

SCRIPTED = Path(__file__).parent / "scripted_brain.py"
GAMEHALL = f"{sys.executable} -m gamehall brain renju --level intermediate"


@pytest.fixture(autouse=True, scope="module")
def _compiled() -> None:
    """Compile the search here first: the brains started as subprocesses then load it from
    numba's cache instead of compiling it during their first timed move."""
    warm_up()


def scripted(mode: str) -> str:
    return f"{sys.executable} {SCRIPTED} {mode}"


def test_game_records_round_trip() -> None:
    game = GameRecord(3, "B", "white", "five", ("h8", "h9"))
    assert GameRecord.from_dict(game.to_dict()) == game
    assert game.white == "A" and game.winning_brain == "A"


def test_settings_are_checked() -> None:
    with pytest.raises(GameError, match="number of games"):
        MatchSettings("a", "b", games=0)
    with pytest.raises(GameError, match="number of games"):
        MatchSettings("a", "b", games=True)
    with pytest.raises(GameError, match="timeout_turn is milliseconds"):
        MatchSettings("a", "b", timeout_turn=-1)
    with pytest.raises(GameError, match="rule must be"):
        MatchSettings("a", "b", rule="caro")
    with pytest.raises(GameError, match="max_nodes are the nodes a move of brains A and B"):
        MatchSettings("a", "b", max_nodes=(1000, -1))
    with pytest.raises(GameError, match="max_nodes are the nodes a move of brains A and B"):
        MatchSettings("a", "b", max_nodes=(1000,))  # type: ignore[arg-type]


def test_a_node_limit_is_sent_to_its_brain_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """``--black-max-node 1000``: brain A is told ``INFO max_node 1000`` in every game,
    whichever colour it plays (the scripted brain then names itself with it); brain B is not."""
    status = main(
        [
            "match",
            "renju",
            "--black",
            scripted("play"),
            "--white",
            scripted("illegal"),
            "--games",
            "2",
            "--timeout-turn",
            "2000",
            "--black-max-node",
            "1000",
        ]
    )
    assert status == 0
    out = capsys.readouterr().out
    assert "A scripted-play-1000:" in out and "B scripted-illegal:" in out
    settings = MatchSettings(scripted("play"), scripted("illegal"), games=2, max_nodes=(0, 500))
    assert run_match(settings).names == {"A": "scripted-play", "B": "scripted-illegal-500"}


def test_openings_are_read_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "openings.txt"
    path.write_text("# two openings\nh8 h9 j10\n\nh8 i9  # with a comment\n", encoding="utf-8")
    assert read_openings(path) == (("h8", "h9", "j10"), ("h8", "i9"))
    path.write_text("h8 h8\n", encoding="utf-8")
    with pytest.raises(GameError, match="line 1: move 2: h8 is occupied"):
        read_openings(path)


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("crash", "crashed"),
        ("slow", "timeout"),
        ("illegal", "answered an illegal move"),
        ("garbage", "answered an illegal move: 'the middle, please' is not a move"),
    ],
)
def test_a_faulty_brain_loses_with_the_reason(mode: str, reason: str) -> None:
    settings = MatchSettings(scripted(mode), scripted("play"), games=2, timeout_turn=1000)
    result = run_match(settings)
    assert [game.winning_brain for game in result.games] == ["B", "B"]
    for game in result.games:
        assert reason in game.reason
    assert result.scores["B"].points == 2
    assert result.names == {"A": f"scripted-{mode}", "B": "scripted-play"}


def test_an_occupied_answer_is_named(tmp_path: Path) -> None:
    settings = MatchSettings(scripted("play"), scripted("illegal"), games=1, timeout_turn=2000)
    (game,) = run_match(settings).games
    assert game.winner == "black"
    assert "is occupied" in game.reason and game.reason.startswith("white")


def test_gamehall_brain_plays_full_games_against_a_scripted_brain(tmp_path: Path) -> None:
    settings = MatchSettings(GAMEHALL, scripted("play"), games=2, timeout_turn=5000, save=tmp_path)
    result = run_match(settings)
    assert [game.winning_brain for game in result.games] == ["A", "A"]
    assert all(game.reason == "five" for game in result.games)
    assert result.scores["A"].black[0] == 1 and result.scores["A"].white[0] == 1
    for game in result.games:
        text = (tmp_path / f"game-{game.number:03d}.psq").read_text(encoding="utf-8")
        board = Board.from_psq(text, opening="free")
        assert board.moves == list(game.moves)
        assert board.result is not None and board.result.winner == game.winner
    lines = (tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert [GameRecord.from_dict(json.loads(line)) for line in lines] == result.games


def test_gamehall_match_runs_gamehall_brain_against_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text("h8 i9 j10\n", encoding="utf-8")
    status = main(
        [
            "match",
            "renju",
            "--black",
            GAMEHALL,
            "--white",
            GAMEHALL,
            "--games",
            "2",
            "--timeout-turn",
            "5000",
            "--openings",
            str(openings),
            "--save",
            str(tmp_path / "games"),
        ]
    )
    out, err = capsys.readouterr()
    assert status == 0
    assert "2/2" in err and "[" in err
    assert out.startswith("games played: 2")
    assert "as Black" in out and "as White" in out
    records = [
        json.loads(line) for line in (tmp_path / "games" / "games.jsonl").read_text().splitlines()
    ]
    for record in records:
        assert record["moves"][:3] == ["h8", "i9", "j10"]
        assert "timeout" not in record["reason"] and "illegal" not in record["reason"]


def test_a_brain_over_its_game_time_loses() -> None:
    # no limit a move, 2 s a game: the slow brain (3 s a move) overstays on its first move
    settings = MatchSettings(
        scripted("play"), scripted("slow"), games=1, timeout_turn=0, timeout_match=2000
    )
    (game,) = run_match(settings).games
    assert game.winner == "black"
    assert game.reason.startswith("white timeout") and "limit 2000 ms" in game.reason
