"""The published long nardy reference positions (``tests/data/nardy_rollouts.jsonl``): twenty
positions of five kinds with their rollout figures, and a few of them rolled out again on
other dice, agreeing within the errors."""

from collections import Counter
from typing import Any

import numpy as np
import pytest

from gamehall.engines.neural.board import from_sides
from gamehall.engines.neural.rollout import RolloutSettings
from gamehall.engines.neural.rollout_games import RolloutSpec
from gamehall.engines.neural.rollout_pool import rollout
from gamehall.nardy.position import Position
from support.vectors import read_jsonl

REFERENCE = read_jsonl("nardy_rollouts.jsonl")
AGAIN = ("bearoff", "race", "blocks", "head")
"""The kinds rolled out again here (a head position with fewer trials: the game is long)."""


def test_the_set_holds_twenty_positions_of_five_kinds() -> None:
    kinds = Counter(line["kind"] for line in REFERENCE)
    assert kinds == {"opening": 4, "head": 4, "blocks": 4, "race": 4, "bearoff": 4}
    for line in REFERENCE:
        position = Position.from_dict(line["position"])
        assert not position.is_over
        assert line["trials"] >= 324
        win, error = line["outputs"]["win"]
        assert 0.0 <= win <= 1.0 and error >= 0.0
        figures = line["outputs"]
        equity = 2 * win - 1 + figures["win_mars"][0] - figures["lose_mars"][0]
        assert equity == pytest.approx(line["equity"], abs=2e-4)


def _first_of(kind: str) -> dict[str, Any]:
    return next(line for line in REFERENCE if line["kind"] == kind)


@pytest.mark.parametrize("kind", AGAIN)
def test_a_new_rollout_agrees_with_the_published_one(kind: str) -> None:
    line = _first_of(kind)
    position = Position.from_dict(line["position"])
    board = from_sides(position.mover, position.opponent)
    trials = 36 if kind == "head" else 72
    settings = RolloutSettings(trials=trials, seed=line["seed"] + 1000, stop_at_database=False)
    (result,) = rollout(RolloutSpec("nardy"), [board], settings, workers=1)
    allowed = 4 * np.hypot(result.equity_error, line["equity_error"]) + 0.005
    assert abs(result.equity - line["equity"]) < allowed
