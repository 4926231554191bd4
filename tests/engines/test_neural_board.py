"""The neural engine's fast board gives exactly the rules layer's legal results: on the public
vectors (International) and on random games of both backgammons; it moves by each position's
rules (long nardy's: ``test_nardy_board``)."""

import json
import random
from pathlib import Path

import pytest

from gamehall.backgammon import Position
from gamehall.engines.neural.board import (
    MoveGenerator,
    MoveRules,
    from_sides,
    initial_board,
    pip_counts,
)
from gamehall.nardy import Position as NardyPosition

VECTORS = Path(__file__).parents[1] / "data" / "backgammon_legal_sample.jsonl"

Ends = set[tuple[tuple[int, ...], tuple[int, ...]]]


def fast(generator: MoveGenerator, position: Position, dice: tuple[int, int]) -> Ends:
    board = from_sides(position.mover, position.opponent)
    return {
        (tuple(map(int, r[0])), tuple(map(int, r[1]))) for r in generator.successors(board, *dice)
    }


def rules(position: Position, dice: tuple[int, int]) -> Ends:
    return {(p.result.mover, p.result.opponent) for p in position.legal_plays(dice)}


def test_the_public_vectors() -> None:
    generator = MoveGenerator()
    cases = [json.loads(line) for line in VECTORS.read_text().splitlines() if line.strip()]
    assert len(cases) == 500
    for case in cases:
        position = Position.from_id(case["id"])
        dice = (case["dice"][0], case["dice"][1])
        assert fast(generator, position, dice) == rules(position, dice), case["id"]


@pytest.mark.parametrize("variant", ["international", "georgian"])
def test_random_games(variant: str) -> None:
    generator = MoveGenerator(MoveRules("georgian" if variant == "georgian" else "backgammon"))
    rng = random.Random(12)
    cases = 0
    for _ in range(40):
        position = Position.initial(variant)
        while position.result is None:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = position.legal_plays(dice)
            assert fast(generator, position, dice) == rules(position, dice), position.to_id()
            cases += 1
            position = rng.choice(plays).result
    assert cases > 2000


def test_georgian_freezes_a_checker_that_hits_at_home() -> None:
    # 8/4* hits in the home board: in Georgian that checker may not go on to 4/3 with the 1.
    ends = []
    for variant in ("international", "georgian"):
        position = Position.from_points({8: 1, 6: 14}, {21: 1, 24: 14}, variant)
        ends.append(
            fast(
                MoveGenerator(MoveRules("georgian" if variant == "georgian" else "backgammon")),
                position,
                (4, 1),
            )
        )
        assert ends[-1] == rules(position, (4, 1))
    assert ends[1] < ends[0]


def test_no_move_passes_and_the_start() -> None:
    start = initial_board()
    assert pip_counts(start[None]).tolist() == [[167, 167]]
    closed = Position.from_points({25: 1, 10: 14}, {k: 2 for k in range(1, 7)} | {13: 3})
    ends = fast(MoveGenerator(), closed, (6, 6))
    assert ends == {(closed.opponent, closed.mover)}


def test_the_fast_board_moves_by_each_positions_rules() -> None:
    assert MoveRules.of(Position.initial().rules) == MoveRules("backgammon")
    assert MoveRules.of(Position.initial("georgian").rules) == MoveRules("georgian")
    nardy = NardyPosition.initial(bearoff="maxpips", block_check="final", head_exception="plain")
    rules = MoveRules.of(nardy.rules)
    assert rules == MoveRules("nardy", "maxpips", "final", "plain")
    assert rules.code.tolist() == [1, 0, 2, 1, 1]
    assert MoveRules.of(NardyPosition.initial().rules).code.tolist() == [1, 0, 0, 0, 0]
    assert MoveRules("georgian").code.tolist() == [0, 1, 0, 0, 0]
    start = initial_board("nardy")
    assert start[:, 24].tolist() == [15, 15] and start.sum() == 30
