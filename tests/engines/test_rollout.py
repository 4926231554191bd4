"""Rollouts: reproducible from their seed whatever the number of workers, variance reduction
that narrows the error without moving the mean, agreement with the exact bear-off database and
with the known worth of the opening, quasi-random first rolls, and clear refusals."""

import io

import numpy as np
import pytest

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.engines.neural import bearoff
from gamehall.engines.neural.board import from_sides, initial_board
from gamehall.engines.neural.rollout import RolloutSettings, rollout_in_process
from gamehall.engines.neural.rollout_dice import TrialDice
from gamehall.engines.neural.rollout_games import RolloutSpec
from gamehall.engines.neural.rollout_hints import rollout_hint
from gamehall.engines.neural.rollout_pool import rollout
from gamehall.errors import GameError
from gamehall.nardy.position import Position as NardyPosition

BACKGAMMON = RolloutSpec("backgammon")
NARDY = RolloutSpec("nardy")
MIDGAME = BackgammonPosition.from_id("4HPwATDgc/ABMA")


def board_of(position: BackgammonPosition) -> np.ndarray:  # type: ignore[type-arg]
    return from_sides(position.mover, position.opponent)


def test_seeded_rollouts_repeat_and_do_not_depend_on_the_workers() -> None:
    settings = RolloutSettings(trials=80, truncate=6, seed=7)
    boards = [board_of(MIDGAME), initial_board()]
    one = rollout(BACKGAMMON, boards, settings, workers=1, progress=io.StringIO())
    two = rollout(BACKGAMMON, boards, settings, workers=2, progress=io.StringIO())
    assert one == two
    other = rollout(BACKGAMMON, boards, RolloutSettings(trials=80, truncate=6, seed=8), workers=1)
    assert other[0].equity != one[0].equity


def test_variance_reduction_narrows_the_error() -> None:
    plain = RolloutSettings(trials=144, truncate=12, variance_reduction=False, seed=3)
    reduced = RolloutSettings(trials=144, truncate=12, seed=3)
    game = BACKGAMMON.game()
    (a,) = rollout_in_process(game, [board_of(MIDGAME)], plain)
    (b,) = rollout_in_process(game, [board_of(MIDGAME)], reduced)
    assert b.equity_error < a.equity_error / 2
    assert abs(a.equity - b.equity) < 3 * np.hypot(a.equity_error, b.equity_error)


def test_a_bear_off_played_out_agrees_with_the_database() -> None:
    mover = [0] * 26
    opponent = [0] * 26
    mover[0], mover[1], mover[4], mover[6] = 11, 1, 2, 1  # 11 off; on the 1, 4 and 6 points
    opponent[0], opponent[2], opponent[3] = 12, 2, 1
    board = from_sides(tuple(mover), tuple(opponent))
    exact = bearoff.win_chances(board[None, 0, 1:7], board[None, 1, 1:7])[0]
    settings = RolloutSettings(
        trials=1296, variance_reduction=False, stop_at_database=False, seed=5
    )
    (result,) = rollout_in_process(BACKGAMMON.game(), [board], settings)
    win, mean, error = result.outputs[0]
    assert win == "win"
    assert abs(mean - exact) < 3 * error
    assert 0.2 < exact < 0.8
    assert result.outputs[1][1] == 0.0  # no gammon once both sides have borne off


def test_the_opening_is_worth_a_little_to_the_side_on_roll() -> None:
    # GNU Backgammon's rollouts give the side on roll at the start, before his roll (doubles
    # allowed), about +0.05 cubeless; the network plays its own game, so allow a few errors.
    settings = RolloutSettings(trials=216, seed=11)
    (result,) = rollout(BACKGAMMON, [initial_board()], settings, workers=2)
    assert abs(result.equity - 0.05) < 3 * result.equity_error + 0.03
    assert result.equity_error < 0.04
    assert 0.45 < result.probabilities[0] < 0.58


def test_cubeful_equity_is_for_backgammon_only() -> None:
    settings = RolloutSettings(trials=36, truncate=4, cubeful=True)
    (result,) = rollout_in_process(BACKGAMMON.game(), [board_of(MIDGAME)], settings)
    assert result.cubeful is not None and result.cubeful_error is not None
    assert result.cubeful_error > 0
    with pytest.raises(GameError, match="no doubling cube"):
        rollout_in_process(NARDY.game(), [np.zeros((2, 26), np.int8) + _nardy_start()], settings)


def _nardy_start() -> np.ndarray:  # type: ignore[type-arg]
    board = np.zeros((2, 26), np.int8)
    board[:, 24] = 15
    return board


def test_the_first_two_rolls_are_rotated() -> None:
    firsts = {TrialDice(4, t).roll() for t in range(36)}
    assert len(firsts) == 36
    pairs = set()
    for t in range(1296):
        dice = TrialDice(4, t)
        pairs.add((dice.roll(), dice.roll()))
    assert len(pairs) == 1296
    same = TrialDice(4, 100)
    again = TrialDice(4, 100)
    assert [same.roll() for _ in range(9)] == [again.roll() for _ in range(9)]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"trials": 0}, "1 to 1,000,000 trials"),
        ({"truncate": 0}, "at least one ply"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_settings_are_refused(settings: dict[str, int], message: str) -> None:
    with pytest.raises(GameError, match=message):
        RolloutSettings(**settings)  # type: ignore[arg-type]


def test_bad_workers_and_games_are_refused() -> None:
    with pytest.raises(GameError, match="1 to 64 workers"):
        rollout(BACKGAMMON, [initial_board()], RolloutSettings(trials=1), workers=0)
    with pytest.raises(GameError, match="not 'renju'"):
        RolloutSpec("renju")  # type: ignore[arg-type]


def test_a_play_is_worth_to_its_mover_what_the_position_after_it_costs_the_other() -> None:
    settings = RolloutSettings(trials=36, truncate=3, cubeful=True, seed=2)
    game = BACKGAMMON.game()
    after = board_of(MIDGAME)
    (theirs,) = rollout_in_process(game, [after], settings)
    (mine,) = rollout_in_process(game, [after], settings, played=True)
    assert mine.equity == pytest.approx(-theirs.equity)
    assert mine.cubeful == pytest.approx(-(theirs.cubeful or 0.0))
    assert mine.outputs[0][1] == pytest.approx(1 - theirs.outputs[0][1])
    assert mine.outputs[1][1] == pytest.approx(theirs.outputs[3][1])  # my gammons, his losses


def test_the_best_plays_of_a_nardy_roll_are_rolled_out_with_the_same_dice() -> None:
    board = [0, 0, -1, 0, 0, 1, -1, -1, 1, -1, 1, -9, 0, 0, 0, 1, 0, 0, 1, 1, -1, 1, -1, 8]
    position = NardyPosition.from_dict({"board": board, "turn": "white"})
    settings = RolloutSettings(trials=36, truncate=4, seed=1)
    hints = rollout_hint(position, (6, 5), settings, count=2, workers=1)
    assert hints.game == "nardy"
    assert hints.method == "rollout, 36 trials, cubeless"
    assert len(hints.candidates) == 2
    first, second = hints.candidates
    assert first.equity is not None and second.equity is not None
    assert first.equity >= second.equity and second.difference == pytest.approx(
        second.equity - first.equity, abs=1e-3
    )
    assert [name for name, _ in first.probabilities] == ["win", "win_mars", "lose_mars"]
    assert "±" in first.text
    with pytest.raises(GameError, match="no doubling cube"):
        rollout_hint(position, (6, 5), RolloutSettings(trials=1, cubeful=True), workers=1)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_shows_on_a_terminal_only() -> None:
    settings = RolloutSettings(trials=24, truncate=2)
    shown, hidden = _Terminal(), io.StringIO()
    rollout(BACKGAMMON, [initial_board()], settings, workers=1, progress=shown)
    rollout(BACKGAMMON, [initial_board()], settings, workers=1, progress=hidden)
    assert "/24 [" in shown.getvalue() and "trial/s" in shown.getvalue()
    assert hidden.getvalue() == ""


def test_the_players_may_look_one_ply_ahead() -> None:
    game = BACKGAMMON.game()
    start = board_of(BackgammonPosition.initial())
    result = game.play_at(start, 3, 1, 1)
    legal = {p.result.to_id() for p in BackgammonPosition.initial().legal_plays((3, 1))}
    best = BackgammonPosition.initial().play("8/5 6/5", (3, 1))
    assert best.to_id() in legal
    assert np.array_equal(result, board_of(best))
    deeper = RolloutSettings(trials=24, truncate=3, seed=4, ply=1)
    one = rollout(BACKGAMMON, [board_of(MIDGAME)], deeper, workers=1)
    two = rollout(BACKGAMMON, [board_of(MIDGAME)], deeper, workers=2)
    assert one == two
    with pytest.raises(GameError, match="0 or 1 ply ahead"):
        RolloutSettings(ply=2)
