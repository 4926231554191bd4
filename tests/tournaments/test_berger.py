"""Berger tables against the published tables, and the round robin's properties."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from gamehall.tournaments.berger import berger_table, double_berger_table

# The FIDE Berger tables (Handbook C.05, Annex 1), as Chris Fox's chess pages print them.
SIX = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
TEN_ROUNDS_1_2_9 = [
    [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)],
    [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)],
    [(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)],
]


def test_six_players_is_the_published_table() -> None:
    assert berger_table(6) == SIX


def test_ten_players_rounds_one_two_and_nine() -> None:
    table = berger_table(10)
    assert [table[0], table[1], table[8]] == TEN_ROUNDS_1_2_9


def test_an_odd_field_rests_whoever_meets_the_dummy() -> None:
    # Five players use the six-player table; number 6 is the dummy.
    assert berger_table(5)[0] == [(1, None), (2, 5), (3, 4)]
    assert berger_table(5)[1] == [(4, None), (5, 3), (1, 2)]


def test_double_round_robin_exchanges_the_last_two_rounds_then_reverses_colours() -> None:
    double = double_berger_table(6)
    assert double[:5] == [SIX[0], SIX[1], SIX[2], SIX[4], SIX[3]]
    assert double[5] == [(6, 1), (5, 2), (4, 3)]
    assert len(double) == 10


@given(st.integers(min_value=2, max_value=21), st.booleans())
def test_everyone_meets_everyone_once_or_twice(players: int, double: bool) -> None:
    table = double_berger_table(players) if double else berger_table(players)
    meetings: Counter[frozenset[int]] = Counter()
    colours: Counter[tuple[int, int]] = Counter()
    for round_ in table:
        seen = [n for pair in round_ for n in pair if n is not None]
        assert sorted(seen) == list(range(1, players + 1))  # everyone once a round
        for white, black in round_:
            if black is not None:
                meetings[frozenset((white, black))] += 1
                colours[white, black] += 1
    times = 2 if double else 1
    assert len(meetings) == players * (players - 1) // 2
    assert set(meetings.values()) == {times}
    if double:
        assert all(colours[w, b] == 1 for w, b in colours)  # each colour once per pair


@given(st.integers(min_value=2, max_value=20).filter(lambda n: n % 2 == 0))
def test_colours_balance_within_one(players: int) -> None:
    whites = Counter(white for round_ in berger_table(players) for white, _ in round_)
    assert all(abs(2 * whites[n] - (players - 1)) <= 1 for n in range(1, players + 1))
