"""``gamehall train``: a tiny run from nothing, checkpointed, resumed, replayed from its
record's command to the same weights, and the engine playing with the result; a run from given
weights; refusals that change nothing; its words in another language."""

import hashlib
import json
import shlex
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from gamehall.cli import main
from gamehall.engines import find_engine
from gamehall.engines.driver import play_out
from gamehall.engines.neural import segments
from gamehall.engines.neural.checkpoint import load_checkpoint
from gamehall.engines.neural.levels import NeuralBackgammonEngine
from gamehall.engines.neural.network import Evaluator
from gamehall.play.dice import SeededDice
from gamehall.play.settings import BackgammonSettings
from gamehall.play.tables_match import TablesMatch

DATA = Path(str(resources.files("gamehall.engines.data")))
"""The shipped weights."""
TINY = ["--hidden", "4", "--race-hidden", "2", "--seed", "3"]


def weights(path: Path) -> list[np.ndarray]:
    evaluator, _ = Evaluator.load(path)
    return [
        getattr(getattr(evaluator, n), w)
        for n in ("contact", "race")
        for w in vars(evaluator.contact)
    ]


def test_from_nothing_to_a_checkpoint_resumed_and_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bg.npz"
    run = ["train", "backgammon", "--games", "4", "--segment", "2", "--bench-pairs", "1"]
    assert main([*run, *TINY, "--out", str(out)]) == 0
    said = capsys.readouterr()
    assert said.out.splitlines()[0] == f"4 games trained; checkpoint {out}"
    assert "4 games played: checkpoint written" in said.err
    assert "against gnubg 0-ply: " in said.err
    record = json.loads(Path(f"{out}.json").read_text())
    settings = record["settings"]
    assert settings["alpha"] == 0.02 and settings["lam"] == 0.7 and settings["segment"] == 2
    assert settings["start"] == "from nothing" and settings["seed"] == 3
    if (Path(__file__).resolve().parents[2] / ".git").exists():  # run from a git checkout
        assert len(record["code"]["commit"]) == 40 and isinstance(record["code"]["dirty"], bool)
    assert [s["games"] for s in record["segments"]] == [2, 2]
    assert record["segments"][0]["strength"]["opponent"] == "gnubg 0-ply"

    assert main(["train", "backgammon", "--games", "5", "--resume", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"5 games trained; checkpoint {out}")
    _, resumed, _ = load_checkpoint(out)
    assert [s.games for s in resumed.segments] == [2, 2, 1]
    assert json.loads(Path(f"{out}.json").read_text()) == resumed.to_dict()

    # The record's command trains the same weights again from the start, bit for bit.
    words = shlex.split(resumed.command)
    again = tmp_path / "again.npz"
    words[words.index("--out") + 1] = str(again)
    assert main(words[1:]) == 0
    assert all(np.array_equal(a, b) for a, b in zip(weights(out), weights(again), strict=True))

    evaluator, _ = Evaluator.load(out)
    engine = NeuralBackgammonEngine("backgammon", "expert", seed=1, evaluator=evaluator)
    match = TablesMatch(BackgammonSettings(length=1), dice=SeededDice(2))
    play_out(match, {0: engine, 1: find_engine("backgammon", "random", 2)})
    assert match.is_over


def test_a_run_from_given_weights(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = DATA / "backgammon.npz"
    out = tmp_path / "more.npz"
    args = ["train", "backgammon", "--games", "1", "--bench-pairs", "0", "--seed", "5"]
    assert main([*args, "--start", str(start), "--out", str(out)]) == 0
    _, record, _ = load_checkpoint(out)
    assert record.settings.start is not None
    assert record.settings.start.sha256 == hashlib.sha256(start.read_bytes()).hexdigest()
    assert record.settings.learning.contact_hidden == 128  # the weights' own
    assert record.segments[0].strength is None
    assert f"--start {start}" in record.command
    assert "1 game trained" in capsys.readouterr().out


def test_a_long_nardy_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "nardy.npz"
    args = ["train", "nardy", "--games", "2", "--segment", "1", "--bench-pairs", "1", *TINY]
    assert main([*args, "--out", str(out)]) == 0
    _, record, _ = load_checkpoint(out)
    assert record.settings.game == "nardy" and record.games == 2
    assert record.segments[-1].strength is not None
    assert record.segments[-1].strength.opponent == "beginner"
    capsys.readouterr()
    assert main(["train", "backgammon", "--games", "3", "--resume", str(out)]) == 1
    assert "holds nardy networks: resume it with 'gamehall train nardy'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--games", "0", "--out", "{new}"], "--games must be at least 1"),
        (["--games", "3", "--lam", "2", "--out", "{new}"], "--lam must be between 0 and 1"),
        (["--games", "3", "--alpha", "0", "--out", "{new}"], "--alpha must be a number above 0"),
        (["--games", "3"], "a new run needs --out"),
        (["--out", "{new}"], "a new run needs --games"),
        (["--games", "3", "--out", "{old}"], "exists already: go on with the run in it"),
        (["--resume", "{old}", "--alpha", "0.1"], "leave out --alpha"),
        (["--resume", "{old}", "--start", "{old}"], "--start and --resume do not go together"),
        (["--resume", "{old}"], "has played 2 games already: give a larger --games"),
        (["--resume", "{old}", "--games", "1"], "has played 2 games already"),
        (["--resume", "{shipped}", "--games", "3"], "written before training records kept"),
        (["--resume", "{new}", "--games", "3"], "cannot read"),
        (["--games", "3", "--out", "{new}", "--start", "{nardy}"], "does not hold backgammon"),
        (
            ["--games", "3", "--out", "{new}", "--start", "{shipped}", "--hidden", "8"],
            "--hidden 8: the weights in",
        ),
    ],
)
def test_refusals_change_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], said: str
) -> None:
    old = tmp_path / "old.npz"
    base = ["train", "backgammon", "--games", "2", "--bench-pairs", "0", *TINY]
    assert main([*base, "--out", str(old)]) == 0
    before = old.read_bytes(), Path(f"{old}.json").read_bytes()
    capsys.readouterr()
    names = {
        "new": str(tmp_path / "new.npz"),
        "old": str(old),
        "shipped": str(DATA / "backgammon.npz"),
        "nardy": str(DATA / "nardy.npz"),
    }
    assert main(["train", "backgammon", *(e.format(**names) for e in extra)]) == 1
    assert said in capsys.readouterr().err
    assert (old.read_bytes(), Path(f"{old}.json").read_bytes()) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.npz", "old.npz.json"]


def test_said_in_the_readers_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bg.npz"
    run = ["--lang", "ru", "train", "backgammon", "--games", "2", "--bench-pairs", "0", *TINY]
    assert main([*run, "--out", str(out)]) == 0
    said = capsys.readouterr()
    assert said.out.splitlines()[0] == f"Обучение: 2 партии; контрольная точка {out}"
    assert "Сыграно 2 партии: контрольная точка записана" in said.err
    assert main([*run, "--out", str(out)]) == 1
    assert (
        f"{out} уже существует: продолжите прогон в нём с --resume {out}" in capsys.readouterr().err
    )
    refused = ["--lang", "zh_Hans", "train", "backgammon", "--resume", str(out), "--lam", "0.5"]
    assert main(refused) == 1
    assert "--resume 沿用运行开始时的设置：请去掉 --lam" in capsys.readouterr().err


def test_a_run_stopped_and_resumed_ends_as_if_never_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run = ["train", "backgammon", "--games", "5", "--segment", "2", "--bench-pairs", "0", *TINY]
    whole = tmp_path / "whole.npz"
    assert main([*run, "--out", str(whole)]) == 0
    games = 0
    play = segments.played

    def stopped_in_the_second_segment(evaluator: Evaluator, dice: int) -> np.ndarray:
        nonlocal games
        games += 1
        if games == 4:
            raise KeyboardInterrupt
        return play(evaluator, dice)

    monkeypatch.setattr(segments, "played", stopped_in_the_second_segment)
    out = tmp_path / "stopped.npz"
    capsys.readouterr()
    assert main([*run, "--out", str(out)]) == 130
    said = f"Stopped: the last checkpoint, {out}, holds 2 games; go on with --resume {out}"
    assert said in capsys.readouterr().err
    monkeypatch.undo()
    assert main(["train", "backgammon", "--resume", str(out)]) == 0
    assert all(np.array_equal(a, b) for a, b in zip(weights(out), weights(whole), strict=True))
    _, record, _ = load_checkpoint(out)
    assert [s.games for s in record.segments] == [2, 2, 1]
