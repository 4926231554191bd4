"""The evaluator: its inputs, the exact cases (finished games, pure bear-offs), the compiled
copy used by training and search equal to the numpy one, and weights that round-trip."""

from pathlib import Path

import numpy as np
import pytest

from gamehall.backgammon import Position
from gamehall.engines.neural import bearoff, fast
from gamehall.engines.neural.board import MoveGenerator, from_sides, initial_board
from gamehall.engines.neural.games.backgammon import (
    INPUTS,
    RACE_AT,
    encode,
    equity,
    flip,
    is_race,
)
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.training import self_play


def board(mine: dict[int, int], theirs: dict[int, int]) -> np.ndarray:
    position = Position.from_points(mine, theirs)
    return from_sides(position.mover, position.opponent)


def test_the_inputs_of_the_start() -> None:
    x = encode(initial_board()[None])[0]
    assert x.shape == (INPUTS,) == (211,)
    # Point 6 of the side on roll holds 5: units 1, 1, 1 and (5 - 3) / 2.
    assert x[20:24].tolist() == [1, 1, 1, 1]
    # Point 24 holds 2: units 1, 1, 0, 0; point 1 is empty.
    assert x[92:96].tolist() == [1, 1, 0, 0]
    assert x[0:4].tolist() == [0, 0, 0, 0]
    # The other side's encoding is the same, then pips / 100 and the other features.
    assert np.array_equal(x[0:98], x[98:196])
    assert x[196] == pytest.approx(1.67)


def test_race_and_contact() -> None:
    race = board({6: 15}, {6: 15})
    contact = board({24: 1, 6: 14}, {6: 15})
    assert is_race(np.stack([race, contact, initial_board()])).tolist() == [True, False, False]


def test_finished_games_are_exact() -> None:
    evaluator = Evaluator.fresh(3)
    lost = np.zeros((3, 2, 26), np.int8)
    lost[:, 1, 0] = 15
    lost[0, 0, 0], lost[0, 0, 3] = 1, 14  # bore one off: a single game
    lost[1, 0, 8] = 15  # none off: gammon
    lost[2, 0, 8], lost[2, 0, 20] = 14, 1  # one in the winner's home board: backgammon
    p = evaluator.probabilities(lost)
    assert p.tolist() == [[0, 0, 0, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 1, 1]]
    assert equity(p).tolist() == [-1, -2, -3]


def test_pure_bearoffs_take_the_database() -> None:
    evaluator = Evaluator.fresh(3)
    b = board({6: 1, 1: 3}, {1: 1})
    b[:, 0] += 0  # both have borne off checkers: no gammons
    p = evaluator.probabilities(b[None])[0]
    want = bearoff.win_chances(b[None, 0, 1:7], b[None, 1, 1:7])[0]
    assert p[0] == pytest.approx(want)
    assert p[1:].tolist() == [0, 0, 0, 0]


def test_flip_and_equity() -> None:
    p = np.array([[0.6, 0.2, 0.05, 0.1, 0.01]])
    assert flip(flip(p)).tolist() == p.tolist()
    assert equity(p)[0] == pytest.approx(0.2 + 0.1 + 0.04)
    assert equity(flip(p))[0] == pytest.approx(-equity(p)[0])


def test_the_compiled_evaluator_is_the_numpy_one() -> None:
    evaluator = Evaluator.fresh(5)
    boards = np.concatenate([self_play(evaluator, 9, game) for game in range(4)])
    generator = MoveGenerator()
    extra = [generator.successors(b, 6, 5) for b in boards[::7]]
    bearoffs = [board({6: 3, 2: 4, 1: 2}, {5: 2, 3: 3}), board({4: 15}, {1: 1, 2: 14})]
    boards = np.concatenate([boards, *extra, np.stack(bearoffs)])
    kinds = is_race(boards)
    assert kinds.any() and not kinds.all() and bearoff.is_bearoff(boards).any()
    assert np.allclose(
        evaluator.probabilities(boards),
        fast.probabilities(boards, evaluator.model()),
        atol=1e-5,
    )


def test_weights_round_trip(tmp_path: Path) -> None:
    evaluator = Evaluator.fresh(7, contact_hidden=16, race_hidden=8)
    path = tmp_path / "w.npz"
    evaluator.save(path, '{"games": 0}')
    again, meta = Evaluator.load(path)
    assert meta == '{"games": 0}'
    boards = np.stack([initial_board(), board({6: 15}, {6: 15})])
    assert np.array_equal(again.probabilities(boards), evaluator.probabilities(boards))


def test_race_inputs_of_a_pure_bearoff_are_the_database() -> None:
    b = board({6: 3, 2: 4, 1: 2}, {5: 2, 3: 3})
    x = encode(b[None])[0]
    mine, theirs = bearoff.mean_rolls([2, 4, 0, 0, 0, 3]), bearoff.mean_rolls([0, 0, 3, 0, 2, 0])
    assert x[RACE_AT : RACE_AT + 2] == pytest.approx([mine / 20, theirs / 20], abs=1e-6)
    exact = bearoff.win_chances(b[None, 0, 1:7], b[None, 1, 1:7])[0]
    assert x[RACE_AT + 2] == pytest.approx(exact, abs=1e-6)


def test_race_inputs_count_the_checkers_outside_as_rolls() -> None:
    # A checker on the 9-point: counted on the 6-point, its 3 pips to get there as 3 / (49/6)
    # of a roll; the other side's lone checker on the 1-point needs exactly one roll.
    b = board({9: 1, 1: 2}, {1: 1})
    x = encode(b[None])[0]
    home = bearoff.mean_rolls([2, 0, 0, 0, 0, 1])
    assert x[RACE_AT] == pytest.approx((home + 3 / (49 / 6)) / 20, abs=1e-6)
    assert x[RACE_AT + 1] == pytest.approx(1 / 20)
    # The other side bears off at his first roll, so the side on roll must finish in one: with
    # the checker on the 6-point that takes 3-3, 4-4, 5-5 or 6-6, and the 3 pips outside leave
    # that chance to the part of the distribution not shifted by a roll.
    assert x[RACE_AT + 2] == pytest.approx((1 - 3 / (49 / 6)) * 4 / 36, abs=1e-6)


def test_contact_positions_have_no_race_inputs() -> None:
    x = encode(np.stack([initial_board(), board({24: 1, 6: 14}, {6: 15})]))
    assert not x[:, RACE_AT:].any()


def test_weights_from_before_the_race_inputs_load_with_zero_weights_for_them(
    tmp_path: Path,
) -> None:
    evaluator = Evaluator.fresh(7, contact_hidden=16, race_hidden=8)
    arrays = {**evaluator.contact.arrays("contact"), **evaluator.race.arrays("race")}
    arrays["contact_w1"] = arrays["contact_w1"][:RACE_AT]
    arrays["race_w1"] = arrays["race_w1"][:RACE_AT]
    np.savez(tmp_path / "old.npz", **arrays)
    old, _ = Evaluator.load(tmp_path / "old.npz")
    assert old.race.w1.shape == (INPUTS, 8)
    assert not old.race.w1[RACE_AT:].any()
    assert np.array_equal(old.contact.w1[:RACE_AT], evaluator.contact.w1[:RACE_AT])
    contact = np.stack([initial_board()])
    assert np.allclose(old.probabilities(contact), evaluator.probabilities(contact))


def test_weights_of_another_game_are_refused(tmp_path: Path) -> None:
    from gamehall.engines.neural.network import NardyEvaluator
    from gamehall.errors import GameError

    NardyEvaluator.fresh(1).save(tmp_path / "nardy.npz")
    with pytest.raises(GameError, match="inputs"):
        Evaluator.load(tmp_path / "nardy.npz")
