"""The rule set's geometry and head limit, shared by backgammon and nardy."""

import pytest

from gamehall.tables.rules import TablesRules

OPPOSED = TablesRules("test-opposed", geometry="opposed", hitting=True)
SAME_WAY = TablesRules("test-same-way", geometry="same-way", hitting=False, head_rule=True)


@pytest.mark.parametrize("rules", [OPPOSED, SAME_WAY])
def test_opposite_is_its_own_inverse(rules: TablesRules) -> None:
    assert len(rules.opposite) == 26
    assert rules.opposite[0] == 0 and rules.opposite[25] == 25
    assert sorted(rules.opposite[1:25]) == list(range(1, 25))
    for p in range(26):
        assert rules.opposite[rules.opposite[p]] == p


def test_opposed_geometry_is_backgammons() -> None:
    assert OPPOSED.opposite[1] == 24 and OPPOSED.opposite[6] == 19 and OPPOSED.opposite[13] == 12


def test_same_way_geometry_is_nardys() -> None:
    # Black's own point q is white's q + 12 (q <= 12) or q - 12 (rules page R1.3).
    assert SAME_WAY.opposite[24] == 12 and SAME_WAY.opposite[12] == 24
    assert SAME_WAY.opposite[1] == 13 and SAME_WAY.opposite[13] == 1


def _start() -> tuple[int, ...]:
    side = [0] * 26
    side[24] = 15
    return tuple(side)


@pytest.mark.parametrize(
    ("dice", "limit"),
    [((6, 6), 2), ((4, 4), 2), ((3, 3), 2), ((5, 5), 1), ((6, 5), 1), ((1, 1), 1)],
)
def test_head_limit_first_turn(dice: tuple[int, int], limit: int) -> None:
    assert SAME_WAY.head_limit(_start(), (0,) * 26, dice) == limit


def test_head_limit_seed_carve_out_and_plain() -> None:
    opponent_on_16 = [0] * 26
    opponent_on_16[16] = 1
    plain = TablesRules(
        "plain", geometry="same-way", hitting=False, head_rule=True, head_exception="plain"
    )
    assert SAME_WAY.head_limit(_start(), tuple(opponent_on_16), (4, 4)) == 1
    assert plain.head_limit(_start(), tuple(opponent_on_16), (4, 4)) == 2
    assert SAME_WAY.head_limit(_start(), tuple(opponent_on_16), (6, 6)) == 2


def test_head_limit_after_first_turn_and_without_rule() -> None:
    moved = list(_start())
    moved[24], moved[18] = 14, 1
    assert SAME_WAY.head_limit(tuple(moved), (0,) * 26, (6, 6)) == 1
    assert OPPOSED.head_limit(_start(), (0,) * 26, (6, 6)) == 15
