"""TD(lambda) self-play training: the lambda-returns, reproducibility from the seed, resuming
as if never stopped, and the ``gamehall train`` command."""

import json
from pathlib import Path

import numpy as np
import pytest

from gamehall.cli import main
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.training import Record, Settings, lambda_targets, self_play, train


def test_lambda_returns_by_hand() -> None:
    # Two positions before the end; the last position's side on roll lost a single game.
    values = np.array([[0.5, 0.1, 0.0, 0.1, 0.0], [0.3, 0.0, 0.0, 0.2, 0.0]])
    final = np.array([[0.0, 0.0, 0.0, 0.0, 0.0]])
    lam = 0.5
    targets = lambda_targets(values, final, lam)
    # s_1's target is the flipped final result: the side on roll at s_1 won.
    assert targets[1].tolist() == [1, 0, 0, 0, 0]
    # s_0's: flip of 0.5 * V(s_1) + 0.5 * G(s_1) = (0.65, 0, 0, 0.1, 0) -> (0.35, 0.1, 0, 0, 0).
    assert targets[0] == pytest.approx([0.35, 0.1, 0.0, 0.0, 0.0])


def test_lambda_zero_is_td_zero_and_one_is_monte_carlo() -> None:
    values = np.random.default_rng(1).uniform(0, 0.3, (5, 5))
    final = np.array([[0.0, 0.0, 0.0, 1.0, 0.0]])  # gammoned
    td0 = lambda_targets(values, final, 0.0)
    assert td0[2] == pytest.approx([1 - values[3, 0], *values[3, [3, 4, 1, 2]]])
    mc = lambda_targets(values, final, 1.0)
    assert mc[4].tolist() == [1, 1, 0, 0, 0] and mc[3].tolist() == [0, 0, 0, 1, 0]


def run(games: int, every: int, out: Path, evaluator: Evaluator, record: Record) -> None:
    train(evaluator, record, games, out, every, lambda e: None, lambda g, last: None)


def test_a_run_is_reproducible_and_resumes_as_if_never_stopped(tmp_path: Path) -> None:
    settings = Settings(contact_hidden=8, race_hidden=4)
    first = Evaluator.fresh(4, 8, 4)
    run(6, 3, tmp_path / "a.npz", first, Record(seed=4, settings=settings))
    again = Evaluator.fresh(4, 8, 4)
    run(3, 3, tmp_path / "b.npz", again, Record(seed=4, settings=settings))
    resumed, meta = Evaluator.load(tmp_path / "b.npz")
    record = Record.from_json(meta)
    assert record.games == 3 and len(record.checkpoints) == 1
    run(3, 3, tmp_path / "b.npz", resumed, record)
    assert record.games == 6
    for name in ("w1", "b1", "w2", "b2"):
        assert np.array_equal(getattr(first.contact, name), getattr(resumed.contact, name))
        assert np.array_equal(getattr(first.race, name), getattr(resumed.race, name))
    assert not np.array_equal(first.contact.w1, Evaluator.fresh(4, 8, 4).contact.w1)


def test_self_play_games_end() -> None:
    boards = self_play(Evaluator.fresh(2, 8, 4), 2, 0)
    assert boards[-1, 1, 0] == 15
    assert (boards[:-1, 1, 0] < 15).all() and (boards[:, 0, 0] < 15).all()
    assert (boards.sum(axis=2) == 15).all()


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bg.npz"
    args = ["train", "backgammon", "--games", "4", "--every", "2", "--bench-pairs", "1"]
    assert main([*args, "--out", str(out), "--seed", "3", "--hidden", "8"]) == 0
    record = json.loads(Path(f"{out}.json").read_text())
    assert record["games"] == 4 and record["seed"] == 3
    assert [c["games"] for c in record["checkpoints"]] == [2, 4]
    assert record["checkpoints"][-1]["benchmark"]["opponent"] == "gnubg 0-ply"
    assert record["checkpoints"][-1]["benchmark"]["games"] == 2
    assert record["checkpoints"][-1]["games"] == 4
    assert "4 games trained" in capsys.readouterr().out
    more = ["train", "backgammon", "--games", "2", "--bench-pairs", "0", "--out", str(out)]
    assert main([*more, "--resume", str(out)]) == 0
    resumed = json.loads(Path(f"{out}.json").read_text())
    assert resumed["games"] == 6
    first, then = resumed["command"].split("; then ")
    assert first == (
        f"gamehall train backgammon --games 4 --out {out} --every 2 --bench-pairs 1 "
        "--hidden 8 --seed 3"
    )
    resume = f"--every 5000 --bench-pairs 0 --resume {out}"
    assert then == f"gamehall train backgammon --games 2 --out {out} {resume}"


def test_the_command_refuses_nonsense(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["train", "backgammon", "--games", "0", "--out", str(tmp_path / "x.npz")]
    assert main(args) == 1
    assert "--games must be a positive number" in capsys.readouterr().err
