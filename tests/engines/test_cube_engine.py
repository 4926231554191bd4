"""The network levels' cube and resignation decisions with the real network: the Crawford game,
post-Crawford play, clear positions, a match score's resignations, the Georgian cube."""

from dataclasses import replace

import numpy as np
import pytest

from gamehall.backgammon.position import Position
from gamehall.engines import (
    AnswerDouble,
    AnswerResignation,
    ChooseResignation,
    MatchContext,
    OfferDouble,
)
from gamehall.engines.neural.board import from_sides
from gamehall.engines.neural.cube import CubeHint, before_roll
from gamehall.engines.neural.levels import NeuralBackgammonEngine
from gamehall.errors import GameError


def engine(game: str = "backgammon") -> NeuralBackgammonEngine:
    return NeuralBackgammonEngine(game, "expert", seed=0)  # type: ignore[arg-type]


def points(
    mine: dict[int, int], theirs: dict[int, int], variant: str = "international"
) -> Position:
    return Position.from_points(mine, theirs, variant)


# A race the side on roll wins about four times in five (a double and a take, or a pass).
AHEAD = points({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 4, 5: 4, 4: 3, 3: 2, 2: 2})
CRUSHING = points({1: 15}, {12: 15})


def test_the_crawford_game_has_no_double() -> None:
    player = engine()
    crawford = MatchContext(match_length=5, score=(3, 4), crawford=True)
    assert player.decide(OfferDouble(CRUSHING, crawford)) is False
    hint = player.cube_hint(CRUSHING, crawford)
    assert not hint.may_double and hint.action == "no-double"


def test_after_the_crawford_game_the_trailer_doubles_at_once() -> None:
    player = engine()
    trailer = MatchContext(match_length=5, score=(0, 4))
    assert player.decide(OfferDouble(Position.initial(), trailer)) is True
    leader = MatchContext(match_length=5, score=(4, 0))
    assert player.decide(OfferDouble(Position.initial(), leader)) is False
    # The leader takes the trailer's double in an even game, and drops it (a free drop, to
    # 1-away against 4-away) where a gammon at 2 would cost him the match's lead.
    assert player.decide(AnswerDouble(Position.initial(), leader)) == "take"
    assert player.decide(AnswerDouble(CRUSHING, leader)) == "drop"


def test_clear_positions() -> None:
    player = engine()
    money = MatchContext()
    assert player.cube_hint(Position.initial(), money).action == "no-double"
    assert player.decide(OfferDouble(Position.initial(), money)) is False
    assert player.cube_hint(CRUSHING, money).action == "too-good"
    assert player.decide(OfferDouble(CRUSHING, money)) is False
    assert player.decide(AnswerDouble(CRUSHING, money)) == "drop"
    ahead = player.cube_hint(AHEAD, money)
    assert ahead.doubles
    assert player.decide(OfferDouble(AHEAD, money)) is True
    answer = "drop" if ahead.response == "pass" else "take"
    assert player.decide(AnswerDouble(AHEAD, money)) == answer


def test_the_engines_hint_round_trips() -> None:
    hint = engine().cube_hint(AHEAD)
    assert CubeHint.from_dict(hint.to_dict()) == hint
    assert hint.to_dict()["probabilities"] == list(hint.probabilities)


def test_georgian_takes_a_redouble_to_three_that_a_double_to_four_would_drop() -> None:
    # The same race, the opponent's cube at 2: a redouble to 3 risks less than one to 4.
    player = engine("georgian")
    ahead = points({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 4, 5: 4, 4: 3, 3: 2, 2: 2}, "georgian")
    international = replace(MatchContext(), cube_value=2, cube_owner="opponent")
    georgian = replace(MatchContext.for_variant("georgian"), cube_value=2, cube_owner="opponent")
    hint4 = player.cube_hint(ahead, replace(international, cube_owner="engine"))
    hint3 = player.cube_hint(ahead, replace(georgian, cube_owner="engine"))
    assert hint3.double_take is not None and hint4.double_take is not None
    assert hint3.double_take < hint4.double_take  # the taker loses less at 3 than at 4
    assert player.decide(AnswerDouble(ahead, georgian)) in ("take", "drop")


def test_resignations_at_a_match_score() -> None:
    player = engine()
    # We are far behind in the race with nothing off and the opponent about to finish: in
    # money play the network is unsure of a backgammon (so no offer it might regret), but at a
    # score where a single loss at this cube already loses the match, a single is offered.
    lost = points({12: 15}, {1: 2})
    assert player.decide(ChooseResignation(lost, MatchContext())) is None
    match_lost = MatchContext(match_length=5, score=(2, 3), cube_value=2, cube_owner="engine")
    assert player.decide(ChooseResignation(lost, match_lost)) == 1
    # Accepting: a single that wins the match is taken even where a gammon was likely.
    gammon = points({1: 2}, {12: 15})
    assert player.decide(AnswerResignation(gammon.swapped(), 1, MatchContext())) is False
    wins_match = MatchContext(match_length=5, score=(4, 2))
    assert player.decide(AnswerResignation(gammon.swapped(), 1, wins_match)) is True


@pytest.mark.parametrize("value", [1, 2, 3])
def test_the_jacoby_rule_values_a_resignation_as_a_single(value: int) -> None:
    player = engine()
    gammon = points({1: 2}, {12: 15})
    jacoby = MatchContext(jacoby=True)
    assert player.decide(AnswerResignation(gammon.swapped(), value, jacoby)) is True
    assert player.decide(ChooseResignation(gammon.swapped(), jacoby)) in (None, 1)


def test_world_class_decides_the_cube_on_2_ply_probabilities() -> None:
    board = from_sides(AHEAD.mover, AHEAD.opponent)
    player = NeuralBackgammonEngine("backgammon", "world-class", seed=0)
    deep = player.cube_probabilities(AHEAD)
    assert np.allclose(deep, before_roll(player.searcher, board, 2, player.budget.reply_width))
    assert np.allclose(engine().cube_probabilities(AHEAD), engine().probabilities(AHEAD))
    assert np.allclose(before_roll(player.searcher, board, 0), engine().probabilities(AHEAD))
    assert not np.allclose(deep, engine().probabilities(AHEAD))
    assert 0.0 <= deep[4] <= deep[3] <= 1.0 - deep[0] and 0.0 <= deep[2] <= deep[1] <= deep[0]
    with pytest.raises(GameError, match="0, 1 or 2 plies"):
        before_roll(player.searcher, board, 3)
