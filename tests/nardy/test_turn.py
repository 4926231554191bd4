"""The step-by-step API (``Position.start_turn``): every step it offers can be completed, the
steps it refuses say why, and its complete plays are exactly ``legal_plays``."""

from typing import Any

import pytest

from gamehall import IllegalMoveError
from gamehall.nardy import Position, Turn

SEED_POSITIONS = [
    (Position.initial(), (6, 5)),
    (Position.initial(), (3, 3)),
    (Position.from_points({24: 14, 4: 1}, {12: 15}, "black"), (4, 4)),
    (Position.from_points({13: 1, 9: 1, 1: 13}, {6: 1, 7: 1, 11: 1, 12: 12}), (5, 2)),
    (Position.from_points({6: 1, 4: 1}, {12: 15}), (5, 3)),
    (Position.from_points({11: 2, 10: 1, 9: 1, 8: 1, 7: 1, 2: 9}, {12: 15}), (5, 5)),
    (
        Position.from_points({11: 2, 10: 1, 9: 1, 8: 1, 7: 1, 2: 9}, {12: 15}, block_check="final"),
        (5, 5),
    ),
    (Position.from_points({2: 1}, {12: 15}), (1, 1)),
    (Position.from_points({24: 15}, {12: 13, 19: 1, 18: 1}), (6, 5)),
]


def turn_results(turn: Turn[Position]) -> set[tuple[int, ...]]:
    """Every complete play the turn leads to, walking each offered step (and checking that
    each can be completed)."""
    found: set[tuple[int, ...]] = set()
    offered = turn.legal_moves()
    if turn.is_complete:
        assert offered == []
        found.add(tuple(turn.play().result.board))
        return found
    assert offered, "an offered step must leave a way to complete the play"
    for move in offered:
        before = turn.position
        assert turn.move(move.src, move.die) == move
        found |= turn_results(turn)
        assert turn.undo() == move
        assert turn.position == before
    return found


@pytest.mark.parametrize(("position", "dice"), SEED_POSITIONS)
def test_the_turn_reaches_exactly_the_legal_plays(
    position: Position, dice: tuple[int, int]
) -> None:
    expected = {tuple(play.result.board) for play in position.legal_plays(dice)}
    assert turn_results(position.start_turn(dice)) == expected


def test_the_turn_reaches_exactly_the_legal_plays_of_the_sample(
    sample_cases: list[dict[str, Any]],
) -> None:
    for case in sample_cases:
        position = Position.from_dict(case["position"])
        turn = position.start_turn(tuple(case["dice"]))
        assert turn_results(turn) == {tuple(board) for board in case["results"]}


def test_the_head_rule_step_by_step() -> None:
    turn = Position.initial().start_turn((6, 5))
    assert [(m.src, m.dst) for m in turn.legal_moves()] == [(24, 18), (24, 19)]
    turn.move(24, 6)
    assert turn.position.turn == "white", "the mover stays on roll during his turn"
    assert [(m.src, m.dst) for m in turn.legal_moves()] == [(18, 13)]
    with pytest.raises(IllegalMoveError, match="no more checkers may leave the head"):
        turn.move(24, 5)
    with pytest.raises(IllegalMoveError, match="no 6 is left to play"):
        turn.move(18, 6)
    with pytest.raises(IllegalMoveError, match="not complete"):
        turn.play()
    turn.move(18, 5)
    assert turn.is_complete and turn.dice_left == ()
    assert turn.play().notation == "24/13"


def test_the_block_rule_step_by_step() -> None:
    position = Position.from_points({24: 8, 13: 1, 11: 2, 10: 1, 9: 1, 8: 1, 7: 1}, {12: 15})
    turn = position.start_turn((5, 1))
    assert (11, 6) not in [(m.src, m.dst) for m in turn.legal_moves()]
    with pytest.raises(IllegalMoveError, match="11/6 would build a block of six points"):
        turn.move(11, 5)
    turn.move(11, 1)
    assert (11, 6) in [(m.src, m.dst) for m in turn.legal_moves()]
    turn.move(11, 5)
    assert turn.play().result.board[5] == 1


def test_a_step_that_strands_the_dice_is_refused() -> None:
    """S5: 13/8 is a legal step, but the 2 could not be played after it."""
    turn = Position.from_points({13: 1, 9: 1, 1: 13}, {6: 1, 7: 1, 11: 1, 12: 12}).start_turn(
        (5, 2)
    )
    assert [(m.src, m.dst) for m in turn.legal_moves()] == [(9, 4)]
    with pytest.raises(IllegalMoveError, match="cannot be completed into a legal play"):
        turn.move(13, 5)
    with pytest.raises(IllegalMoveError, match="7 is taken"):
        turn.move(9, 2)


def test_a_pass_is_complete_at_once() -> None:
    turn = Position.from_points({24: 15}, {12: 13, 19: 1, 18: 1}).start_turn((6, 5))
    assert turn.is_complete and turn.legal_moves() == []
    assert turn.play().moves == ()
    with pytest.raises(IllegalMoveError, match="no move of this turn to take back"):
        turn.undo()
