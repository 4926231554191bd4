"""The analysis of backgammon matches: GNU Backgammon's figures agree with ours on matches
between our levels, a clear error is found and named, the result round-trips, and what cannot
be analysed is refused in words."""

import json
import statistics
from pathlib import Path

import pytest

from gamehall.analysis.files import read_source
from gamehall.analysis.tables import analyse_record
from gamehall.analysis.values import AnalysisError, TablesAnalysis, Thresholds
from gamehall.cli import main
from gamehall.errors import RecordError
from gamehall.play.records import MatGame, MatRecord, MatTurn, export_mat
from support.analysis_matches import played_match
from support.gnubg_statistics import gnubg_statistics

T = MatTurn
PAIRS = (
    ("beginner", "advanced"),
    ("random", "intermediate"),
    ("advanced", "beginner"),
    ("beginner", "intermediate"),
)


def _money(*turns: MatTurn, winner: int | None = None, points: int = 0) -> MatRecord:
    """A money game of the given turns."""
    game = MatGame((0, 0), list(turns), winner=winner, points=points)
    return MatRecord(0, ("Ann", "Bob"), games=[game])


def test_the_figures_agree_with_gnubgs_analysis() -> None:
    """On four 3-point matches: the same unforced moves, the players in the same order, and
    error and luck rates that go together (benchmarks/analysis_backgammon.py runs more)."""
    ours, theirs = [], []
    for index in range(len(PAIRS)):
        record = played_match(index, 3, PAIRS)
        analysis = analyse_record(record)
        gnubg = gnubg_statistics(export_mat(record))
        for mine, its in zip(analysis.players, gnubg, strict=True):
            assert mine.checker_decisions == its.unforced_moves
            ours.append((mine.error_rate, mine.luck_rate))
            theirs.append((its.error_rate, its.luck_rate))
        a, b = analysis.players
        assert (a.error_rate - b.error_rate) * (gnubg[0].error_rate - gnubg[1].error_rate) > 0
    errors = statistics.correlation([o[0] for o in ours], [t[0] for t in theirs])
    luck = statistics.correlation([o[1] for o in ours], [t[1] for t in theirs])
    assert errors >= 0.9, errors
    assert luck >= 0.8, luck


def test_a_bad_opening_play_is_a_blunder() -> None:
    analysis = analyse_record(_money(T.roll(0, (3, 1), "24/21 24/23")))
    (decision,) = analysis.decisions
    assert decision.kind == "checker" and decision.player == 0 and decision.move == 1
    assert decision.best == "8/5 6/5"
    assert decision.played == "24/23 24/21"
    assert decision.loss >= Thresholds().error
    assert decision.band in ("error", "blunder")
    assert decision.choices[0].move == "8/5 6/5"
    assert any(choice.move == "24/23 24/21" for choice in decision.choices)
    ann = analysis.players[0]
    assert ann.checker_decisions == 1 and ann.checker_error == decision.loss
    assert ann.rolls == 1 and decision.luck is not None


def test_a_double_at_the_start_is_wrong_and_passing_it_a_blunder() -> None:
    analysis = analyse_record(
        _money(T.roll(0, (3, 1), "8/5 6/5"), T.double(1, 2), T.drop(0), winner=1, points=1)
    )
    double = next(d for d in analysis.decisions if d.kind == "double")
    drop = next(d for d in analysis.decisions if d.kind == "drop")
    assert double.player == 1 and double.best == "no-double" and double.loss > 0
    assert drop.player == 0 and drop.best == "take" and drop.band == "blunder"
    assert analysis.players[0].cube_decisions == 1
    assert analysis.players[1].cube_decisions == 1


@pytest.mark.parametrize("pair", [("random", "intermediate"), ("advanced", "beginner")])
def test_long_nardy_errors_follow_the_levels(pair: tuple[str, str]) -> None:
    """The first analysis of long nardy: the weaker level makes several times the errors."""
    analysis = analyse_record(played_match(0, 1, (pair,), game="nardy"))
    assert analysis.game == "nardy" and analysis.match_play
    weak, strong = sorted(analysis.players, key=lambda p: p.name not in ("random", "beginner"))
    assert weak.error_rate > 3 * strong.error_rate, (weak, strong)
    assert all(d.kind == "checker" for d in analysis.decisions)
    assert weak.errors["blunder"] > strong.errors["blunder"]


def test_the_analysis_round_trips() -> None:
    analysis = analyse_record(played_match(1, 1, PAIRS))
    data = analysis.to_dict()
    assert TablesAnalysis.from_dict(json.loads(json.dumps(data))) == analysis
    assert [p["name"] for p in data["players"]] == ["random", "intermediate"]  # type: ignore[index]
    decision = data["decisions"][0]  # type: ignore[index]
    assert set(decision) >= {"game", "move", "player", "kind", "played", "best", "loss", "luck"}


def test_gnubgs_thresholds_band_fewer_errors() -> None:
    record = played_match(0, 1, PAIRS)
    sites = analyse_record(record)
    gnubg = analyse_record(record, thresholds=Thresholds.gnubg())
    assert sum(p.errors.get("doubtful", 0) for p in gnubg.players) <= sum(
        p.errors.get("doubtful", 0) for p in sites.players
    ) + sum(p.errors.get("error", 0) for p in sites.players)
    assert [d.loss for d in sites.decisions] == [d.loss for d in gnubg.decisions]


def test_what_cannot_be_analysed_is_refused_in_words(tmp_path: Path) -> None:
    with pytest.raises(AnalysisError, match="searches 0, 1 or 2 plies, not 3"):
        analyse_record(_money(T.roll(0, (3, 1), "8/5 6/5")), plies=3)
    with pytest.raises(AnalysisError, match="no decisions"):
        analyse_record(MatRecord(0, ("Ann", "Bob")))
    with pytest.raises(AnalysisError, match="no decisions"):
        analyse_record(MatRecord(3, ("Ann", "Bob"), variant="nardy"))
    with pytest.raises(AnalysisError, match="the thresholds grow"):
        Thresholds(0.1, 0.05, 0.2)
    truncated = tmp_path / "cut.mat"
    truncated.write_text(export_mat(played_match(0, 3, PAIRS))[:-400] + "\n 99) 66: 24/18\n")
    with pytest.raises(RecordError, match=r"cut\.mat: .*line"):
        read_source(truncated)
    wrong = tmp_path / "match.txt"
    wrong.write_text("x")
    with pytest.raises(RecordError, match=r"match\.txt: an analysis reads \.mat, \.json, \.psq"):
        read_source(wrong)
    empty = tmp_path / "empty.mat"
    empty.write_text("")
    with pytest.raises(RecordError, match="empty"):
        read_source(empty)


def test_the_command_line_prints_the_figures_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.mat"
    path.write_text(export_mat(played_match(3, 1, PAIRS)))
    out = tmp_path / "a.json"
    assert main(["analyse", str(path), "--json", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "Error rate mEMG" in printed and "Rating" in printed and "beginner" in printed
    data = json.loads(out.read_text())
    assert data["game"] == "backgammon"
    assert [p["name"] for p in data["players"]] == ["beginner", "intermediate"]
    for key in ("error_rate", "checker_error_rate", "cube_error_rate", "luck_rate", "pr", "rating"):
        assert key in data["players"][0]
    assert main(["analyse", str(tmp_path / "missing.mat")]) == 1
    assert "missing.mat: cannot be read" in capsys.readouterr().err
