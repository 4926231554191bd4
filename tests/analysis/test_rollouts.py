"""The analysis's doubtful plays rolled out: the rollout confirms a clear opening error, the
threshold chooses what is rolled out, and the command line prints the verdicts."""

from pathlib import Path

import pytest

from gamehall.analysis.rollouts import doubtful, roll_out_decisions
from gamehall.analysis.tables import analyse_record
from gamehall.cli import main
from gamehall.engines.neural.rollout import RolloutSettings
from gamehall.errors import GameError
from gamehall.play.records import MatGame, MatRecord, MatTurn, export_mat

QUICK = RolloutSettings(trials=72, truncate=4, seed=3)


def _opening(play: str) -> MatRecord:
    game = MatGame((0, 0), [MatTurn.roll(0, (3, 1), play)], winner=None, points=0)
    return MatRecord(0, ("Ann", "Bob"), games=[game])


def test_the_rollout_confirms_a_bad_opening_play() -> None:
    record = _opening("24/21 24/23")
    analysis = analyse_record(record)
    (rolled,) = roll_out_decisions(record, analysis, QUICK, threshold=0.02, workers=1)
    assert rolled.decision is analysis.decisions[0]
    assert rolled.best.play == "8/5 6/5"
    assert rolled.played.play == "24/23 24/21"
    assert rolled.loss > 3 * rolled.played.error
    assert len(rolled.choices) == len(analysis.decisions[0].choices)


def test_the_threshold_chooses_what_is_rolled_out() -> None:
    record = _opening("8/5 6/5")
    analysis = analyse_record(record)
    assert roll_out_decisions(record, analysis, QUICK, threshold=0.02, workers=1) == ()
    assert len(doubtful(analysis, 0.0)) == 1
    with pytest.raises(GameError, match="an equity of 0 or more"):
        doubtful(analysis, -0.1)


def test_the_command_line_prints_the_rollouts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.mat"
    path.write_text(export_mat(_opening("24/21 24/23")))
    quick = ["--trials", "36", "--truncate", "2", "--workers", "1", "--quiet"]
    assert main(["analyse", str(path), "--rollout", *quick]) == 0
    printed = capsys.readouterr().out
    assert "Rollouts (36 games a choice, cubeless)" in printed
    assert "game 1, move 1: Ann played 31 24/23 24/21; the rollout's best: 8/5 6/5 (-0." in printed
    assert main(["analyse", str(path)]) == 0
    assert "Rollouts" not in capsys.readouterr().out
    assert main(["analyse", str(path), "--rollout", "--rollout-above", "1", *quick]) == 0
    assert "No play lost enough to be rolled out." in capsys.readouterr().out


def test_bad_rollout_options_are_refused_before_the_analysis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.mat"
    path.write_text(export_mat(_opening("24/21 24/23")))
    assert main(["analyse", str(path), "--rollout", "--rollout-above", "-1"]) == 1
    assert main(["analyse", str(path), "--rollout", "--trials", "0"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "--rollout-above is an equity of 0 or more" in captured.err
    assert "1 to 1,000,000 trials" in captured.err
    renju = tmp_path / "g.psq"
    renju.write_text("Piskvorky 15x15, 11:11, 0\n8,8,0\n")
    assert main(["analyse", str(renju), "--rollout"]) == 1
    assert "a renju game has no dice" in capsys.readouterr().err
