"""Every line of ``tests/data/backgammon_legal_sample.jsonl``: the legal results of a roll,
as GNU Backgammon's move generator and an independent engine give them."""

from typing import Any

from gamehall.backgammon import Position


def test_the_legal_results_of_a_sample_roll(legal_case: dict[str, Any]) -> None:
    position = Position.from_id(legal_case["id"])
    dice = (legal_case["dice"][0], legal_case["dice"][1])
    plays = position.legal_plays(dice)
    got = sorted(play.result.to_id() for play in plays)
    assert got == legal_case["results"]
    assert len(got) == len(set(got)), "one play per distinct result"


def test_the_sample_covers_the_hard_cases(legal_cases: list[dict[str, Any]]) -> None:
    """The file still holds what makes it worth running: doubles, the bar, the bear-off, passes."""
    positions = [(Position.from_id(case["id"]), case) for case in legal_cases]
    assert len(legal_cases) == 500
    assert sum(case["dice"][0] == case["dice"][1] for _, case in positions) > 50
    assert sum(p.mover[25] > 0 for p, _ in positions) > 20
    assert sum(not any(p.mover[7:]) for p, _ in positions) > 20
    assert sum(case["results"] == [p.swapped().to_id()] for p, case in positions) > 5
