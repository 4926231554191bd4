"""The long nardy network engine: the evaluator's shapes and weights file, its compiled kernel
equal to its numpy batch, the race test, the bear-off database on hand-derived cases, the
levels, surrender under both settings, hints, and ``gamehall train nardy``."""

from pathlib import Path

import numpy as np
import pytest

from gamehall.engines import ChoosePlay, ChooseResignation, MatchContext, find_engine, levels_of
from gamehall.engines.base import AnswerResignation
from gamehall.engines.driver import play_out
from gamehall.engines.hints import Hints
from gamehall.engines.neural import bearoff
from gamehall.engines.neural.bearoff import sorted_keys
from gamehall.engines.neural.board import Boards, from_sides, initial_board
from gamehall.engines.neural.fast import probabilities as kernel_probabilities
from gamehall.engines.neural.games.description import Probabilities
from gamehall.engines.neural.games.nardy import (
    INPUTS,
    encode,
    flip,
    is_race,
    lost_outcome,
    race_one,
)
from gamehall.engines.neural.hints import hint
from gamehall.engines.neural.levels import (
    NeuralNardyEngine,
    match_chance,
    shipped_evaluator,
    shipped_record,
)
from gamehall.engines.neural.lineage_early import EarlyRecord
from gamehall.engines.neural.network import NardyEvaluator
from gamehall.engines.neural.search import Budget
from gamehall.engines.neural.training import self_play
from gamehall.engines.neural.versus import NARDY, beginner_chooser, duplicate_match, engine_chooser
from gamehall.errors import GameError
from gamehall.nardy import Position
from gamehall.play.dice import SeededDice
from gamehall.play.settings import NardySettings
from gamehall.play.tables_match import TablesMatch


def board(position: Position) -> Boards:
    return from_sides(position.mover, position.opponent)


# -- the evaluator ------------------------------------------------------------------------------


def test_shapes_and_the_weights_file_round_trip(tmp_path: Path) -> None:
    evaluator = NardyEvaluator.fresh(3, 16, 8)
    boards = self_play(evaluator, 3, 0)
    assert encode(boards).shape == (len(boards), INPUTS)
    probs = evaluator.probabilities(boards)
    assert probs.shape == (len(boards), 3)
    assert ((probs >= 0) & (probs <= 1)).all()
    assert (probs[:, 1] <= probs[:, 0] + 1e-9).all() and (
        probs[:, 2] <= 1 - probs[:, 0] + 1e-9
    ).all()
    evaluator.save(tmp_path / "n.npz", '{"games": 0}')
    again, meta = NardyEvaluator.load(tmp_path / "n.npz")
    assert meta == '{"games": 0}'
    assert np.array_equal(again.probabilities(boards), probs)
    assert not np.array_equal(NardyEvaluator.fresh(4, 16, 8).contact.w1, evaluator.contact.w1)


def test_the_kernel_equals_the_batch() -> None:
    evaluator = NardyEvaluator.fresh(5, 16, 8)
    boards = np.concatenate([self_play(evaluator, 5, game) for game in range(3)])
    assert np.allclose(
        kernel_probabilities(boards, evaluator.model()),
        evaluator.probabilities(boards),
        atol=1e-5,
    )


def test_self_play_games_end_and_finished_boards_are_exact() -> None:
    boards = self_play(NardyEvaluator.fresh(2, 8, 4), 2, 0)
    assert boards[-1, 1, 0] == 15 and (boards[:-1, 1, 0] < 15).all()
    assert (boards.sum(axis=2) == 15).all() and not boards[:, :, 25].any()
    assert lost_outcome(boards[-1:]).tolist() == [[0, 0, float(boards[-1, 0, 0] == 0)]]
    assert flip(np.array([[0.7, 0.2, 0.1]])).tolist() == [[pytest.approx(0.3), 0.1, 0.2]]


def test_the_race_test() -> None:
    start = initial_board("nardy")
    race = board(Position.from_points({6: 5, 2: 10}, {18: 4, 14: 11}))
    # White's checker on 13 still has to pass black's on white 10 (black 22).
    contact = board(Position.from_points({13: 1, 2: 14}, {18: 4, 10: 11}))
    # Paths that never meet again although both sides are outside their homes.
    apart = board(Position.from_points({12: 1, 7: 14}, {24: 15}))
    assert is_race(np.stack([start, race, contact, apart])).tolist() == [False, True, False, True]


# -- the bear-off database ----------------------------------------------------------------------


def test_the_bearoff_database_by_hand() -> None:
    # One checker on point p is off in one roll when the dice reach p: a die of p or more,
    # two dice adding up to p or more, or a double whose four steps do.
    one_roll = {1: 36, 2: 36, 3: 36, 4: 34, 5: 31, 6: 27}
    for point, rolls in one_roll.items():
        home = [0] * 6
        home[point - 1] = 1
        assert bearoff.distribution(home, "nardy")[1] == pytest.approx(rolls / 36)
    assert bearoff.distribution([2, 0, 0, 0, 0, 0], "nardy")[1] == pytest.approx(1.0)
    # Three on the 1-point: any double, else two off and one left: 6/36 in one roll.
    three = bearoff.distribution([3, 0, 0, 0, 0, 0], "nardy")
    assert three[1] == pytest.approx(6 / 36) and three[2] == pytest.approx(30 / 36)
    assert bearoff.first_off([0, 0, 0, 0, 0, 14])[0] == 1.0
    first = bearoff.first_off([0, 0, 0, 0, 0, 15])
    assert first[0] == 0.0 and first[1] >= 11 / 36 and first.sum() == pytest.approx(1.0)
    assert bearoff.mean_rolls([0, 0, 0, 0, 0, 15], "nardy") > bearoff.mean_rolls(
        [15, 0, 0, 0, 0, 0], "nardy"
    )


def test_two_sided_bearoffs_are_exact() -> None:
    dist, first = bearoff.tables("nardy")
    out = np.zeros(3)
    # White on roll with one checker on his 6; black needs one roll for his last checker.
    race_one(board(Position.from_points({6: 1}, {13: 1})), dist, first, sorted_keys(), out)
    assert out.tolist() == [pytest.approx(27 / 36), 0.0, 0.0]
    # Black has borne off nothing and cannot finish in one roll: white's win is a mars.
    race_one(board(Position.from_points({1: 2}, {18: 15})), dist, first, sorted_keys(), out)
    assert out.tolist() == [pytest.approx(1.0), pytest.approx(1.0), 0.0]
    evaluator = NardyEvaluator.fresh(1, 8, 4)
    exact = evaluator.probabilities(board(Position.from_points({6: 1}, {13: 1}))[None])
    assert exact[0, 0] == pytest.approx(27 / 36)


# -- levels, surrender, hints -------------------------------------------------------------------


def test_the_levels_are_found_and_play() -> None:
    assert levels_of("nardy") == (
        "random", "beginner", "intermediate", "advanced", "expert", "world-class"
    )  # fmt: skip
    position = Position.initial()
    for level in ("intermediate", "advanced", "expert"):
        engine = find_engine("nardy", level, seed=1)
        assert isinstance(engine, NeuralNardyEngine)
        play = engine.decide(ChoosePlay.roll(position, (6, 5)))
        assert play in position.legal_plays((6, 5))
    quick = NeuralNardyEngine("world-class", budget=Budget(seconds=0.05, root_width=(3, 2)))
    other = Position.initial(block_check="final").play("24/13", (6, 5))
    assert quick.decide(ChoosePlay.roll(other, (4, 2))) in other.legal_plays((4, 2))
    with pytest.raises(GameError, match="levels are"):
        NeuralNardyEngine("beginner")  # type: ignore[arg-type]


class Fixed(NardyEvaluator):
    """An evaluator that gives every live board the same probabilities, for the surrender
    rule."""

    def __init__(self, p: tuple[float, float, float]) -> None:
        fresh = NardyEvaluator.fresh(0, 4, 4)
        super().__init__(fresh.contact, fresh.race)
        self.p = np.array(p)

    def probabilities(self, boards: Boards) -> Probabilities:
        return np.tile(self.p, (len(boards), 1))


MARS_POSITION = Position.from_points({24: 14, 20: 1}, {2: 1}, "white")
BORNE_OFF = Position.from_points({1: 5}, {13: 1}, "white")


@pytest.mark.parametrize(
    ("p", "position", "setting", "resigns"),
    [
        ((0.0, 0.0, 0.0), BORNE_OFF, "oin", 1),  # a sure single loss: equal, so surrender
        ((0.0, 0.0, 0.0), BORNE_OFF, "mars", 1),  # borne off: a surrender costs 1 either way
        ((0.0, 0.0, 1.0), MARS_POSITION, "oin", 1),  # a sure mars for one point
        ((0.0, 0.0, 1.0), MARS_POSITION, "mars", 2),  # a sure mars: 2 either way
        ((0.0, 0.0, 0.5), MARS_POSITION, "oin", 1),  # cheaper than 1.5 expected
        ((0.0, 0.0, 0.5), MARS_POSITION, "mars", None),  # 2 is dearer than 1.5
        ((0.3, 0.0, 0.1), BORNE_OFF, "oin", None),  # the game is not lost
    ],
)
def test_surrender(
    p: tuple[float, float, float], position: Position, setting: str, resigns: int | None
) -> None:
    engine = NeuralNardyEngine("expert", evaluator=Fixed(p))
    for context in (
        MatchContext(surrender=setting),  # type: ignore[arg-type]
        MatchContext(match_length=7, surrender=setting),  # type: ignore[arg-type]
    ):
        assert engine.decide(ChooseResignation(position, context)) == resigns


def test_surrender_ends_the_match_only_when_the_match_is_lost_anyway() -> None:
    engine = NeuralNardyEngine("expert", evaluator=Fixed((0.02, 0.0, 0.6)))
    # Money: 1 point against 1.56 expected; at 4-4 in a match to 5: keep the 2 % match chance.
    assert engine.decide(ChooseResignation(MARS_POSITION, MatchContext())) == 1
    assert engine.decide(ChooseResignation(MARS_POSITION, MatchContext(5, (4, 4)))) is None
    assert match_chance(3, 3) == pytest.approx(0.5)
    assert match_chance(1, 5) > match_chance(2, 5) > match_chance(2, 4)
    with pytest.raises(GameError, match="surrender must be"):
        MatchContext(surrender="half")  # type: ignore[arg-type]


def test_a_resignation_is_accepted_when_it_gives_what_playing_on_would() -> None:
    # The opponent, on roll, is losing a mars half the time.
    engine = NeuralNardyEngine("expert", evaluator=Fixed((0.0, 0.0, 0.5)))
    assert engine.decide(AnswerResignation(MARS_POSITION, 2, MatchContext()))
    assert not engine.decide(AnswerResignation(MARS_POSITION, 1, MatchContext()))


def test_hints_are_ranked() -> None:
    position = Position.initial().play("24/13", (6, 5)).play("24/13", (6, 5))
    hints = hint(position, (4, 2), count=3, ply=1, seconds=5.0)
    assert len(position.legal_plays((4, 2))) == 4
    assert hints.game == "nardy" and len(hints.candidates) == 3
    assert Hints.from_dict(hints.to_dict()) == hints
    first = hints.candidates[0]
    assert first.difference == 0.0 and first.ply == 1
    assert dict(first.probabilities).keys() == {"win", "win_mars", "lose_mars"}
    same_ply = [c.equity or 0.0 for c in hints.candidates if c.ply == first.ply]
    assert same_ply == sorted(same_ply, reverse=True)
    assert all(c.difference is not None and c.difference <= 0 for c in hints.candidates)
    legal = {p.notation for p in position.legal_plays((4, 2))}
    assert {c.move for c in hints.candidates} <= legal
    with pytest.raises(GameError, match="long nardy positions only"):
        hint(object(), (3, 1))  # type: ignore[arg-type]


def test_matches_of_fast_boards() -> None:
    expert = engine_chooser(NeuralNardyEngine("expert", seed=1))
    summary = duplicate_match(expert, beginner_chooser(seed=1), 1, seed=3, game=NARDY)
    assert summary.games == 2 and sum(summary.ends.values()) == 2
    assert set(summary.ends) <= {"won oin", "won mars", "lost oin", "lost mars"}


def test_a_match_against_the_computer_plays_out() -> None:
    match = TablesMatch(NardySettings(length=1), dice=SeededDice(5))
    play_out(match, {0: find_engine("nardy", "expert", 1), 1: find_engine("nardy", "random", 2)})
    assert match.is_over and sorted(match.score) in ([0, 1], [0, 2])


def test_the_shipped_weights_and_their_record() -> None:
    evaluator = shipped_evaluator("nardy")
    assert evaluator.contact.w1.shape[0] == INPUTS and evaluator.contact.w2.shape[1] == 3
    record = shipped_record("nardy")
    assert isinstance(record, EarlyRecord)
    assert record.game == "nardy" and record.games == record.checkpoints[-1].games
    assert record.command.startswith("gamehall train nardy")
    start = evaluator.probabilities(initial_board("nardy")[None])[0]
    assert 0.4 < start[0] < 0.75  # the side on roll at the start is the favourite, not a certainty
