"""Janowski's cubeful equities and the cube decisions they give (``engines.neural.cube``):
the literature's known values, clear positions, match scores, the Georgian cube."""

from dataclasses import replace

import numpy as np
import pytest

from gamehall.engines.base import MatchContext
from gamehall.engines.neural.board import initial_board
from gamehall.engines.neural.cube import CubeHint, cube_hint, cube_life, flip
from gamehall.engines.neural.live import LiveCube, Outcomes
from gamehall.errors import GameError

MONEY = MatchContext()
GEORGIAN = MatchContext.for_variant("georgian")


def probs(p: float, won: float = 1.0, lost: float = 1.0) -> list[float]:
    """The five probabilities of a position won with chance ``p``, an average win worth
    ``won`` points and an average loss ``lost`` (gammons only)."""
    return [p, p * (won - 1.0), 0.0, (1.0 - p) * (lost - 1.0), 0.0]


def take_point(
    context: MatchContext, x: float, won: float = 1.0, lost: float = 1.0, lo: float = 0.5
) -> float:
    """The taker's least winning chance at which he takes (bisection on the doubler's p);
    ``won`` and ``lost`` are the doubler's average win and loss."""
    hi = 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if cube_hint(probs(mid, won, lost), context, x).response == "take":
            lo = mid
        else:
            hi = mid
    return 1.0 - lo


def test_money_take_points_dead_live_and_janowski() -> None:
    assert take_point(MONEY, 0.0) == pytest.approx(0.25, abs=1e-6)
    assert take_point(MONEY, 1.0) == pytest.approx(0.20, abs=1e-6)
    # x = 2/3: (L - 1/2) / (W + L + x/2) = 0.5 / (2 + 1/3) = 21.4 %
    assert take_point(MONEY, 2 / 3) == pytest.approx(3 / 14, abs=1e-6)


@pytest.mark.parametrize(("won", "lost"), [(1.3, 1.1), (1.5, 1.25), (1.0, 1.4)])
@pytest.mark.parametrize("x", [0.0, 0.5, 0.68, 1.0])
def test_money_take_points_with_gammons_follow_janowskis_formula(
    won: float, lost: float, x: float
) -> None:
    # The taker's average loss is the doubler's average win, and the other way round.
    expected = (won - 0.5) / (lost + won + 0.5 * x)
    assert take_point(MONEY, x, won, lost, lo=0.0) == pytest.approx(expected, abs=1e-6)


def test_live_cube_corners_and_ownership() -> None:
    live = LiveCube.for_money(Outcomes.from_probabilities(probs(0.5)))
    assert live.take_point(1) == pytest.approx(0.2, abs=1e-6)
    assert live.cash_point(1) == pytest.approx(0.8, abs=1e-6)
    # Owning the cube at 50 %: the line from (0, -1) to the cash point (80 %, +1).
    assert live.live(0.5, 1, "me") == pytest.approx(0.25, abs=1e-6)
    assert live.live(0.5, 1, None) == pytest.approx(0.0, abs=1e-9)
    assert live.live(0.5, 1, "opp") == pytest.approx(-0.25, abs=1e-6)
    assert cube_hint(probs(0.5), MONEY).no_double == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize(
    ("position", "action", "response"),
    [
        (probs(0.55), "no-double", "take"),
        (probs(0.72), "double-take", "take"),
        (probs(0.86), "double-pass", "pass"),
        ([0.9, 0.6, 0.05, 0.0, 0.0], "too-good", "pass"),
        ([1.0, 0.0, 0.0, 0.0, 0.0], "double-pass", "pass"),
    ],
)
def test_clear_money_decisions(position: list[float], action: str, response: str) -> None:
    hint = cube_hint(position, MONEY)
    assert (hint.action, hint.response) == (action, response)
    assert hint.double_pass == 1.0


def test_the_jacoby_rule_makes_a_gammonish_position_a_double() -> None:
    gammonish = [0.8, 0.5, 0.1, 0.0, 0.0]
    assert cube_hint(gammonish, MONEY).action == "too-good"
    jacoby = cube_hint(gammonish, replace(MONEY, jacoby=True))
    assert jacoby.action == "double-pass"
    assert jacoby.no_double < cube_hint(gammonish, MONEY).no_double


def test_beavers_when_allowed_in_money_play_only() -> None:
    weak_double = probs(0.3)
    assert cube_hint(weak_double, MONEY).response == "take"
    assert cube_hint(weak_double, replace(MONEY, beavers=True)).response == "beaver"
    assert cube_hint(probs(0.6), replace(MONEY, beavers=True)).response == "take"
    match = MatchContext(match_length=7, beavers=True)
    assert cube_hint(weak_double, match).response == "take"


def test_no_double_when_the_cube_is_not_available() -> None:
    owned = replace(MONEY, cube_value=2, cube_owner="opponent")
    capped = replace(MONEY, cube_value=4, cube_owner="engine", cube_cap=4)
    crawford = MatchContext(match_length=5, score=(0, 4), crawford=True)
    for context in (owned, capped, crawford):
        hint = cube_hint(probs(0.9), context)
        assert hint.action == "no-double" and not hint.may_double and not hint.doubles
        assert hint.double_take is None and hint.best == hint.no_double
    assert "not available" in cube_hint(probs(0.9), crawford).text


def test_post_crawford_the_trailer_doubles_at_once_the_leader_never() -> None:
    trailer = MatchContext(match_length=5, score=(0, 4))
    for p in (0.2, 0.5, 0.7):
        assert cube_hint(probs(p), trailer).action == "double-take"
    leader = MatchContext(match_length=5, score=(4, 1))
    assert cube_hint(probs(0.7), leader).action == "no-double"
    # The leader 1-away doubling is pointless, and a pass would lose the match: take.
    assert cube_hint(probs(0.97), leader).response == "take"


def test_a_cube_that_already_wins_the_match_stays_put() -> None:
    # 2-away owning a cube at 2: a single win is the match, a redouble only risks more.
    context = MatchContext(match_length=7, score=(5, 0), cube_value=2, cube_owner="engine")
    assert cube_hint(probs(0.75), context).action == "no-double"


def test_match_hints_give_match_winning_chances() -> None:
    context = MatchContext(match_length=7, score=(2, 4))
    hint = cube_hint([0.7, 0.2, 0.0, 0.05, 0.0], context)
    assert hint.mwc is not None
    nd, dt, dp = hint.mwc
    assert 0.0 < nd < 1.0 and dt is not None and dp is not None
    assert hint.double_pass == pytest.approx(1.0)
    assert hint.best_mwc == max(nd, min(dt, dp))
    assert cube_hint(probs(0.7), MONEY).best_mwc is None


@pytest.mark.parametrize(
    ("context", "ratio"),
    [
        (MONEY, 2.0),
        (replace(MONEY, cube_value=2, cube_owner="engine"), 2.0),
        (GEORGIAN, 2.0),
        (replace(GEORGIAN, cube_value=2, cube_owner="engine"), 1.5),
        (replace(GEORGIAN, cube_value=5, cube_owner="engine"), 1.2),
    ],
)
def test_the_variants_next_cube_value_sets_what_a_take_risks(
    context: MatchContext, ratio: float
) -> None:
    # A certain single win: no double is worth the cube (1), double/take the next value.
    hint = cube_hint([1.0, 0.0, 0.0, 0.0, 0.0], context)
    assert hint.no_double == pytest.approx(1.0)
    assert hint.double_take == pytest.approx(ratio)


def test_georgian_take_points_fall_as_the_steps_shrink() -> None:
    points = [
        take_point(replace(GEORGIAN, cube_value=v, cube_owner="engine" if v > 1 else None), 0.68)
        for v in (1, 2, 3, 4, 5)
    ]
    assert points == sorted(points, reverse=True)
    # 5 -> 6 is the last step: a dead cube, (L - 1/r) / (W + L) with r = 6/5.
    assert points[-1] == pytest.approx((1 - 5 / 6) / 2, abs=1e-6)
    # 1 -> 2 in Georgian: the taker's cube can rise only to 3, so he needs more than 21.4 %.
    assert points[0] > take_point(MONEY, 0.68)
    at_six = replace(GEORGIAN, cube_value=6, cube_owner="engine")
    assert cube_hint(probs(0.9), at_six).double_take is None


def test_cube_life_by_position_class() -> None:
    assert cube_life(initial_board()) == 0.68
    race = np.zeros((2, 26), np.int8)
    race[0, 6], race[1, 6] = 15, 15
    assert cube_life(race) == 0.6  # every checker home: a bear-off
    race[0, 6], race[0, 8] = 5, 10  # 110 pips to go for the side on roll
    race[1, 6], race[1, 10] = 5, 10
    assert cube_life(race) == pytest.approx(0.55 + 0.00125 * 110)
    race[0, 6], race[0, 8], race[0, 2] = 0, 0, 15  # 30 pips: the shortest races are 0.6
    assert cube_life(race) == 0.6


def test_flip_sees_the_match_from_the_other_side() -> None:
    context = MatchContext(match_length=7, score=(2, 5), cube_value=2, cube_owner="engine")
    flipped = flip(context)
    assert flipped.score == (5, 2) and flipped.cube_owner == "opponent"
    assert flip(flipped) == context


def test_a_hint_round_trips_and_refuses_bad_values() -> None:
    for hint in (
        cube_hint(probs(0.72), MONEY),
        cube_hint(probs(0.7), MatchContext(match_length=5, score=(1, 2))),
        cube_hint(probs(0.9), MatchContext(match_length=5, crawford=True, score=(4, 0))),
    ):
        data = hint.to_dict()
        assert CubeHint.from_dict(data) == hint
        assert data["text"] == hint.text
    data = cube_hint(probs(0.72), MONEY).to_dict()
    with pytest.raises(GameError, match="cube action"):
        CubeHint.from_dict({**data, "action": "redouble"})
    with pytest.raises(GameError, match="no_double must be a number"):
        CubeHint.from_dict({**data, "no_double": "0.5"})
    with pytest.raises(GameError, match="five"):
        cube_hint([0.5, 0.1], MONEY)


def test_the_contexts_cube_options_are_checked_by_type() -> None:
    with pytest.raises(GameError, match="jacoby must be true or false"):
        MatchContext(jacoby="on")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="crawford_rule must be true, false or None"):
        MatchContext(match_length=5, crawford_rule=1)  # type: ignore[arg-type]
