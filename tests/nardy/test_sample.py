"""Every line of the public test vectors (``nardy_legal_sample.jsonl``, computed with the
default options): the legal results of a roll, as the sorted boards after each distinct play,
and plays read back from their notation."""

from typing import Any

from gamehall.nardy import Position


def test_legal_results_match_the_sample(sample_case: dict[str, Any]) -> None:
    position = Position.from_dict(sample_case["position"])
    dice = tuple(sample_case["dice"])
    plays = position.legal_plays(dice)
    got = sorted(play.result.board for play in plays)
    assert got == sample_case["results"]
    assert len(plays) == len(sample_case["results"]), "one play per distinct result"
    assert all(play.result.turn != position.turn for play in plays)
    for play in {plays[0], plays[len(plays) // 2], plays[-1]}:
        assert position.play(play.notation, dice) == play.result


def test_the_sample_is_complete(sample_cases: list[dict[str, Any]]) -> None:
    assert len(sample_cases) == 393
