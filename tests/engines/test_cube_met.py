"""The match equity table the project derives (``engines.neural.met``): its known properties and
entries worked out by hand from the model."""

import pytest

from gamehall.engines.neural.met import (
    FREE_DROP,
    GAMMON_RATE,
    SIZE,
    MatchEquityTable,
    match_equity_table,
)
from gamehall.errors import GameError

G = GAMMON_RATE
TABLES = [
    match_equity_table("international"),
    match_equity_table("georgian"),
    match_equity_table("international", crawford=False),
]


def test_it_covers_every_score_of_the_longest_match_and_is_computed_once() -> None:
    table = match_equity_table()
    assert SIZE >= 25 and table.size == SIZE
    assert len(table.pre) == SIZE and all(len(row) == SIZE for row in table.pre)
    assert match_equity_table() is table
    assert table.crawford and not match_equity_table("georgian").crawford


@pytest.mark.parametrize("table", TABLES)
def test_symmetric_and_even_at_equal_needs(table: MatchEquityTable) -> None:
    for a in range(1, SIZE + 1):
        assert table.mwc(a, a, False) == pytest.approx(0.5)
        for b in range(1, SIZE + 1):
            for done in (False, True):
                assert table.mwc(a, b, done) + table.mwc(b, a, done) == pytest.approx(1.0)
    assert table.mwc(1, 1, True) == 0.5


@pytest.mark.parametrize("table", TABLES)
def test_monotonic_the_less_you_need_the_better(table: MatchEquityTable) -> None:
    for done in (False, True):
        for a in range(1, SIZE + 1):
            for b in range(1, SIZE):
                assert table.mwc(a, b, done) < table.mwc(a, b + 1, done)
                assert table.mwc(b, a, done) > table.mwc(b + 1, a, done)
    assert all(x < y for x, y in zip(table.post[1:], table.post[2:], strict=False))
    for a in range(1, SIZE + 1):
        assert table.mwc(a, SIZE, False) > 0.0 and table.mwc(SIZE, a, False) < 1.0


def test_won_and_lost_matches() -> None:
    table = match_equity_table()
    assert table.mwc(0, 5, False) == 1.0 and table.mwc(-3, 1, True) == 1.0
    assert table.mwc(4, 0, False) == 0.0 and table.mwc(4, -1, True) == 0.0


def test_the_crawford_game_by_hand() -> None:
    # 1-away against 2-away, no cube: the leader wins half the games; the trailer's single
    # win leads to 1-away all (even), his gammon wins the match.
    table = match_equity_table()
    assert table.mwc(1, 2, False) == pytest.approx(0.5 + 0.5 * (1 - G) * 0.5)


def test_post_crawford_by_hand_and_the_free_drop() -> None:
    table = match_equity_table()
    # 2-away trailer: he doubles at once, any win takes the match; the leader's free drop.
    assert table.mwc(1, 2, True) == pytest.approx(0.5 + FREE_DROP[2])
    # 3-away trailer: doubles at once, a single win makes it 1-away all, a gammon wins.
    assert table.mwc(1, 3, True) == pytest.approx(1 - 0.5 * ((1 - G) * 0.5 + G))
    # The Crawford game is worth more to the leader than post-Crawford play at the same score
    # (no cube against him), and post-Crawford the free drop is worth something at 2-away.
    for trailer in range(2, SIZE + 1):
        assert table.mwc(1, trailer, False) > table.mwc(1, trailer, True)
    assert table.mwc(1, 2, True) > table.mwc(1, 1, True)


def test_without_the_crawford_rule_one_away_is_post_crawford_at_once() -> None:
    table = match_equity_table("georgian")
    for trailer in range(1, SIZE + 1):
        assert table.mwc(1, trailer, False) == table.mwc(1, trailer, True)


def test_the_variants_cube_values_change_the_table() -> None:
    international, georgian = match_equity_table(), match_equity_table("georgian", crawford=True)
    assert international.mwc(2, 2, False) == georgian.mwc(2, 2, False) == 0.5
    assert any(
        abs(international.mwc(a, b, False) - georgian.mwc(a, b, False)) > 1e-3
        for a in range(2, 12)
        for b in range(2, 12)
    )


def test_close_to_the_usual_values() -> None:
    # Values every published table agrees on to a point or two: 2-away/4-away about 67 %,
    # 3-away/5-away about 65 %, 1-away/3-away after the Crawford game about 69 %.
    table = match_equity_table()
    assert table.mwc(2, 4, False) == pytest.approx(0.67, abs=0.02)
    assert table.mwc(3, 5, False) == pytest.approx(0.65, abs=0.02)
    assert table.mwc(1, 3, True) == pytest.approx(0.69, abs=0.02)


def test_needs_past_the_table_are_refused() -> None:
    with pytest.raises(GameError, match="goes to 64-away"):
        match_equity_table().mwc(SIZE + 1, 3, False)


def test_round_trips() -> None:
    table = match_equity_table("georgian")
    assert MatchEquityTable.from_dict(table.to_dict()) == table
    with pytest.raises(GameError, match="'pre'"):
        MatchEquityTable.from_dict({"variant": "georgian", "crawford": False, "size": 2})
