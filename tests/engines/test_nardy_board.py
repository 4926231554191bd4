"""The neural engine's fast long nardy board gives exactly the rules layer's legal results:
on the rules page's worked examples and on random games under every rules option, including
games steered towards blocks so that the six-block rule is exercised."""

import random
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.engines.neural.board import (
    MoveGenerator,
    MoveRules,
    from_sides,
    has_bad_block,
    initial_board,
)
from gamehall.nardy import Position
from gamehall.tables.position import Play

Ends = set[tuple[tuple[int, ...], tuple[int, ...]]]

OPTIONS: list[dict[str, Any]] = [
    {},
    {"bearoff": "standard"},
    {"bearoff": "maxpips"},
    {"block_check": "final"},
    {"head_exception": "plain"},
]


def fast(generator: MoveGenerator, position: Position, dice: tuple[int, int]) -> Ends:
    board = from_sides(position.mover, position.opponent)
    return {
        (tuple(map(int, r[0])), tuple(map(int, r[1]))) for r in generator.successors(board, *dice)
    }


def rules(position: Position, dice: tuple[int, int]) -> Ends:
    return {(p.result.mover, p.result.opponent) for p in position.legal_plays(dice)}


def held(play: Play[Position]) -> int:
    """Points the mover holds after a play: steering by it builds blocks."""
    return sum(1 for n in play.result.opponent[1:25] if n)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(range(len(OPTIONS))), st.booleans())
def test_random_games(seed: int, which: int, blocky: bool) -> None:
    options = OPTIONS[which]
    generator = MoveGenerator(MoveRules("nardy", **options))
    rng = random.Random(seed)
    position = Position.initial(**options)
    while position.result is None:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = position.legal_plays(dice)
        assert fast(generator, position, dice) == rules(position, dice), (position, dice)
        if blocky:
            most = max(held(p) for p in plays)
            plays = [p for p in plays if held(p) == most]
        position = rng.choice(plays).result


def test_the_rules_page_examples() -> None:
    start = Position.initial()
    after_55 = Position.from_points({24: 14, 4: 1}, {12: 15}, "black")
    cases = [
        (start, (6, 6)),
        (start, (4, 4)),
        (start, (3, 3)),
        (after_55, (4, 4)),
        (Position.from_points({13: 1, 9: 1, 1: 13}, {6: 1, 7: 1, 11: 1, 12: 12}), (5, 2)),
        (
            Position.from_points(
                {24: 13, 20: 1, 10: 1}, {1: 1, 14: 1, 17: 1, 18: 1, 21: 1, 12: 10}
            ),
            (6, 3),
        ),
        (Position.from_points({6: 1, 4: 1, 1: 1}, {12: 15}), (6, 4)),
        (Position.from_points({6: 2, 4: 1, 3: 1}, {12: 15}), (6, 5)),
        (Position.from_points({2: 2, 1: 2}, {12: 15}), (4, 3)),
        (Position.from_points({6: 1, 4: 1}, {12: 15}), (5, 3)),
        (Position.from_points({11: 2, 10: 1, 9: 1, 8: 1, 7: 1, 2: 9}, {12: 15}), (5, 5)),
        (Position.from_points({7: 1, 5: 1, 2: 13}, {12: 15}), (6, 5)),
        (Position.from_points({2: 1}, {12: 15}), (1, 1)),
    ]
    for options in OPTIONS:
        generator = MoveGenerator(MoveRules("nardy", **options))
        for position, dice in cases:
            again = Position.from_dict(position.to_dict(), **options)
            assert fast(generator, again, dice) == rules(again, dice), (again, dice, options)


def test_the_seeds_black_4_4_and_the_pass() -> None:
    after_55 = Position.from_points({24: 14, 4: 1}, {12: 15}, "black")
    (only,) = fast(MoveGenerator(MoveRules("nardy")), after_55, (4, 4))
    assert only[1][24] == 14 and only[1][20] == 1  # black 20 is white 8: B {12: 14, 8: 1}
    (plain,) = fast(MoveGenerator(MoveRules("nardy", head_exception="plain")), after_55, (4, 4))
    assert plain[1][24] == 13 and plain[1][20] == 2
    # White's head faces black on white 19 and 18: 6-5 cannot move, the turn passes.
    blocked = Position.from_points({24: 15}, {19: 1, 18: 1, 12: 13})
    assert fast(MoveGenerator(MoveRules("nardy")), blocked, (6, 5)) == {
        (blocked.opponent, blocked.mover)
    }


def test_a_bad_block_is_seen() -> None:
    board = initial_board("nardy")
    assert not has_bad_block(board[0], board[1])
    # Six points held on the opponent's path with all his checkers behind them.
    me = np.zeros(26, np.int8)
    me[1:7] = 2
    me[24] = 3
    op = np.zeros(26, np.int8)
    op[24] = 15
    assert has_bad_block(me, op)
    op[24], op[1] = 14, 1
    assert not has_bad_block(me, op)
