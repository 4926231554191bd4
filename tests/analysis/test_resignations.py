"""Resignations judged as GNU Backgammon judges them: the offer against playing on for the
resigner, the acceptance against refusing for his opponent, counted with the cube decisions."""

import json
from pathlib import Path

import pytest

from gamehall.analysis.files import read_source
from gamehall.analysis.tables import analyse_record
from gamehall.analysis.values import Decision, TablesAnalysis
from gamehall.cli import main
from gamehall.play.records import MatGame, MatRecord, MatTurn
from support.analysis_matches import played_match

T = MatTurn
WINNING_GAMMON_RESIGNED = "\n".join(
    [
        " 5 point match",
        "",
        " Game 1",
        " Ann : 0                        Bob : 0",
        "  1) 21: 13/11 24/23             66: 24/18 24/18 13/7 13/7",
        "  2) 21: 13/11 6/5               ",
        "      Wins 2 points",
        "",
    ]
)
"""Bob, 22 pips ahead with two more points made, resigns a gammon on his roll."""


def _resignation(analysis: TablesAnalysis, game: int) -> tuple[Decision, Decision | None]:
    """The offer and the acceptance (if any) of the resignation in ``game``."""
    offer = next(d for d in analysis.decisions if d.game == game and d.kind == "resign")
    accept = next((d for d in analysis.decisions if d.game == game and d.kind == "accept"), None)
    return offer, accept


def test_resigning_a_gammon_while_winning_is_a_blunder(tmp_path: Path) -> None:
    path = tmp_path / "resigned.mat"
    path.write_text(WINNING_GAMMON_RESIGNED)
    record = read_source(path)
    assert isinstance(record, MatRecord)
    analysis = analyse_record(record)
    offer, accept = _resignation(analysis, 1)
    assert offer.player == 1 and offer.move == 2
    assert offer.played == "resign-gammon" and offer.best == "play-on"
    assert offer.band == "blunder" and offer.loss > 2.0
    assert offer.loss_mwc is not None and offer.loss_mwc > 0.1
    assert [c.move for c in offer.choices] == ["play-on", "resign-gammon"]
    assert accept is not None and accept.player == 0
    assert accept.played == accept.best == "accept" and accept.loss == 0 and accept.band is None
    bob, ann = analysis.players[1], analysis.players[0]
    assert bob.errors["blunder"] >= 1 and bob.cube_error >= offer.loss
    assert bob.cube_decisions == 1 and ann.cube_decisions == 1
    assert offer in [d for d in analysis.decisions if d.band == "blunder"]
    assert TablesAnalysis.from_dict(analysis.to_dict()) == analysis


def test_the_command_line_lists_the_resignation_and_writes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, out = tmp_path / "resigned.mat", tmp_path / "a.json"
    path.write_text(WINNING_GAMMON_RESIGNED)
    assert main(["analyse", str(path), "--json", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "Cube and resignations" in printed
    assert "game 1, move 2: Bob: resign-gammon; right: play-on (-2." in printed
    assert "blunder)" in printed
    kinds = [d["kind"] for d in json.loads(out.read_text())["decisions"]]
    assert kinds[-2:] == ["resign", "accept"]


def test_an_accepted_resignation_of_a_lost_game_is_no_error() -> None:
    """An engine resigns a single game it cannot win any more; accepting it is right too."""
    record = played_match(2, 3, (("beginner", "advanced"),) * 2 + (("advanced", "beginner"),))
    game = record.games[1]
    assert game.turns[-1].kind == "resign" and game.points == 1
    offer, accept = _resignation(analyse_record(record), 2)
    assert offer.played == "resign-single" and offer.band is None and offer.loss < 0.02
    assert accept is not None and accept.band is None and accept.loss < 0.02
    assert accept.best == "accept"


def test_a_long_nardy_surrender_is_judged_alone() -> None:
    """Surrendering an even game at its start throws the game away; no one accepts it."""
    game = MatGame((0, 0), [T.resign(1)], winner=0, points=1)
    analysis = analyse_record(MatRecord(3, ("Ann", "Bob"), variant="nardy", games=[game]))
    offer, accept = _resignation(analysis, 1)
    assert accept is None
    assert offer.player == 1 and offer.played == "resign-oin" and offer.best == "play-on"
    assert offer.band == "blunder" and 0.5 < offer.loss < 1.5
    assert analysis.players[1].cube_decisions == 1
