"""Every line of tests/data/renju_forbidden_sample.jsonl (Piskvork's referee, Rapfi agreeing)."""

from typing import Any

from gamehall.renju import Board


def test_forbidden_points_match_the_reference(forbidden_case: dict[str, Any]) -> None:
    if "moves" in forbidden_case:
        board = Board.from_moves(forbidden_case["moves"])
        assert board.result is None
    else:
        board = Board.from_position(
            black=forbidden_case["black"],
            white=forbidden_case["white"],
            turn=forbidden_case["to_move"],
        )
    assert board.forbidden_points() == forbidden_case["forbidden"]
