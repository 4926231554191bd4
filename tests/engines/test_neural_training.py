"""TD(lambda) self-play training: the lambda-returns, self-play games, and a run in segments
that, stopped and resumed from its checkpoint, ends with the weights of the run never stopped."""

from pathlib import Path

import numpy as np
import pytest

from gamehall.engines.neural import training
from gamehall.engines.neural.checkpoint import GeneratorState, dice_generator, load_checkpoint
from gamehall.engines.neural.lineage import CodeState, RunSettings, TrainingRecord
from gamehall.engines.neural.network import Evaluator, Net
from gamehall.engines.neural.segments import train_segments
from gamehall.engines.neural.training import Settings, lambda_targets, self_play


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


TINY = Settings(contact_hidden=4, race_hidden=2)


def tiny_run(out: Path, games: int, segment: int) -> TrainingRecord:
    settings = RunSettings("backgammon", games, segment, 4, str(out), 0, TINY)
    return TrainingRecord(settings, CodeState())


class Interrupted(Exception):
    pass


def test_a_resumed_run_ends_with_the_weights_of_an_uninterrupted_one(tmp_path: Path) -> None:
    whole, dice = Evaluator.fresh(4, 4, 2), dice_generator(4)
    done = train_segments(whole, tiny_run(tmp_path / "a.npz", 7, 3), dice, CodeState(), none, quiet)
    assert [s.games for s in done.segments] == [3, 3, 1]
    # The same run stopped in its second segment, after five games: resumed from the first
    # segment's checkpoint, it plays the fourth and fifth games again, on the same dice.
    played: list[int] = []

    def stop_after_five(written: TrainingRecord | None) -> None:
        played.append(1)
        if len(played) == 6:  # five games and the first checkpoint
            raise Interrupted

    out = tmp_path / "b.npz"
    with pytest.raises(Interrupted):
        start = Evaluator.fresh(4, 4, 2)
        train_segments(
            start, tiny_run(out, 7, 3), dice_generator(4), CodeState(), none, stop_after_five
        )
    evaluator, record, generators = load_checkpoint(out)
    assert record.games == 3
    resumed = train_segments(
        evaluator, record, generators.dice.generator(), CodeState(), none, quiet
    )
    assert resumed.games == 7 and [s.games for s in resumed.segments] == [3, 3, 1]
    for net in ("contact", "race"):
        for name in ("w1", "b1", "w2", "b2"):
            ours = getattr(getattr(evaluator, net), name)
            assert np.array_equal(ours, getattr(getattr(whole, net), name))
    assert not np.array_equal(whole.contact.w1, Evaluator.fresh(4, 4, 2).contact.w1)
    # The checkpoint on disk holds those weights, and its dice stand where the run's stopped.
    again, _, kept = load_checkpoint(out)
    assert np.array_equal(again.race.w2, whole.race.w2)
    assert kept.dice == GeneratorState.of(dice) != generators.dice


def none(evaluator: Evaluator) -> None:
    return None


def quiet(written: TrainingRecord | None) -> None:
    return None


def test_self_play_games_end() -> None:
    boards = self_play(Evaluator.fresh(2, 8, 4), 2, 0)
    assert boards[-1, 1, 0] == 15
    assert (boards[:-1, 1, 0] < 15).all() and (boards[:, 0, 0] < 15).all()
    assert (boards.sum(axis=2) == 15).all()


def test_a_game_cut_after_its_turns_is_learnt_from_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Young networks can hit each other back and forth for ever: a game is cut after
    # MAX_TURNS turns, its last position valued by the networks themselves.
    monkeypatch.setattr(training, "MAX_TURNS", 12)
    boards = training.played(Evaluator.fresh(4, 4, 2), 99)
    assert len(boards) == 12 and boards[-1, 1, 0] < 15
    evaluator = Evaluator.fresh(4, 4, 2)
    done = train_segments(
        evaluator, tiny_run(tmp_path / "c.npz", 3, 3), dice_generator(4), CodeState(), none, quiet
    )
    assert done.games == 3
    assert np.isfinite(evaluator.contact.w1).all()
    assert not np.array_equal(evaluator.contact.w2, Evaluator.fresh(4, 4, 2).contact.w2)


def test_one_game_updates_the_weights_as_the_code_that_trained_the_shipped_weights() -> None:
    # Sums of the weights after one game, on the same dice, as the code of the shipped run's
    # first segment (before the race inputs: their weights start at zero here) gave them.
    rng = np.random.default_rng(39)

    def net(hidden: int) -> Net:
        w1 = rng.uniform(-0.07, 0.07, (208, hidden)).astype(np.float32)
        w1 = np.vstack((w1, np.zeros((3, hidden), np.float32)))
        w2 = rng.uniform(-0.1, 0.1, (hidden, 5)).astype(np.float32)
        return Net(w1, np.zeros(hidden, np.float32), w2, np.zeros(5, np.float32))

    evaluator = Evaluator(net(8), net(4))
    settings = Settings(alpha=0.03, contact_hidden=8, race_hidden=4)
    boards = self_play(evaluator, 39, 0)
    training.learn(evaluator, boards, settings, settings.rate(0))
    assert len(boards) == 79
    old = {
        "contact": (-0.8992426820368564, -0.005098837602417916, -0.39117359986994416),
        "race": (-0.5526198678853689, 0.002533328195568174, -1.292425007559359),
    }
    for name, found in (("contact", evaluator.contact), ("race", evaluator.race)):
        sums = (found.w1[:208].sum(dtype=np.float64), found.b1.sum(dtype=np.float64))
        assert (*sums, found.w2.sum(dtype=np.float64)) == pytest.approx(old[name], abs=1e-9)
    assert evaluator.contact.b2.tolist() == pytest.approx(
        [-0.036151688545942307, -0.04954412952065468, -0.009592129848897457,
         0.04249066114425659, -0.0023554994259029627], abs=1e-9
    )  # fmt: skip
