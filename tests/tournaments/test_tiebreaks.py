"""Each tie-break on a published or hand-worked example (sources in docs/tournaments.md)."""

import pytest

from gamehall.tournaments import Pairing, Result
from gamehall.tournaments import tiebreaks as tb
from gamehall.tournaments.records import Record, Round, build_records
from gamehall.tournaments.standings import compute_standings, lots


def opponents_with_scores(scores: list[float]) -> tuple[list[tuple[float, float]], float]:
    return [(1.0, s) for s in scores], sum(scores)


def test_buchholz_and_median_buchholz_of_the_published_example() -> None:
    # Median-Buchholz explained (the opponents finish on 4, 2, 3, 4, 5, 6): drop the highest
    # (6) and the lowest (2), leaving 4 + 3 + 4 + 5 = 16.
    values, total = opponents_with_scores([4, 2, 3, 4, 5, 6])
    assert tb.buchholz(values) == total == 24
    assert tb.median_buchholz(values) == 16


def test_median_buchholz_with_too_few_opponents_is_zero() -> None:
    assert tb.median_buchholz([(1.0, 3.0), (0.0, 2.0)]) == 0


def crosstable(games: list[tuple[int, str, str, str]]) -> list[Pairing]:
    return [
        Pairing(number, board, a, b, Result(outcome))  # type: ignore[arg-type]
        for board, (number, a, b, outcome) in enumerate(games, start=1)
    ]


def test_sonneborn_berger_of_the_published_double_round_robin() -> None:
    # ChessKid's example: Bob 3 points (0 and 1 against Mary, 1 and 1 against John): SB 4.5;
    # Mary 1.5 (1 and 0 against Bob, 0 and 1/2 against John): SB 3.75; John 1.5: SB 2.25.
    games = [
        (1, "bob", "mary", "0-1"),
        (2, "mary", "bob", "0-1"),
        (3, "bob", "john", "1-0"),
        (4, "john", "bob", "0-1"),
        (5, "mary", "john", "0-1"),
        (6, "john", "mary", "1/2-1/2"),
    ]
    records = build_records(["bob", "mary", "john"], crosstable(games), 0.0)
    sb = {p: tb.sonneborn_berger(tb.contributions(records, p, 6, virtual=False)) for p in records}
    assert {p: records[p].points for p in records} == {"bob": 3, "mary": 1.5, "john": 1.5}
    assert sb == {"bob": 4.5, "mary": 3.75, "john": 2.25}


def test_the_virtual_opponent_of_a_default_win() -> None:
    # FIDE's first example: in a 9-round Swiss A scores 6, with a win by default in round 3
    # after 2 points from rounds 1-2. Round 3 counts for A as 2 + 0 + 6 x 0.5 = 5; A counts
    # for his opponents as 5.5 (the default win as a draw).
    rounds = [Round(1, "o1", 1, True, True), Round(2, "o2", 1, True, True)]
    rounds.append(Round(3, "absent", 1, False, True))
    rounds += [Round(n, f"o{n}", 0.5, True, False) for n in range(4, 10)]
    a = Record("A", rounds)
    records = {"A": a} | {r.opponent: Record(r.opponent) for r in rounds if r.opponent}
    assert a.points == 6
    assert tb.contributions(records, "A", 9, virtual=True)[2] == (1, 5.0)
    assert tb.adjusted_score(a, 9) == 5.5


def test_the_virtual_opponent_of_an_absence() -> None:
    # FIDE's second example: B, absent in round 7 of 9, had 4 points after round 6 and ends on
    # 6. Round 7 counts for B as 4 + 1 + 2 x 0.5 = 6; B counts for his opponents as 6.5.
    rounds = [Round(n, f"o{n}", 4 / 6, True, False) for n in range(1, 7)]
    rounds += [Round(8, "o8", 1, True, True), Round(9, "o9", 1, True, True)]
    b = Record("B", rounds)
    records = {"B": b} | {r.opponent: Record(r.opponent) for r in rounds if r.opponent}
    assert b.points == pytest.approx(6)
    points, opponent = tb.contributions(records, "B", 9, virtual=True)[6]
    assert points == 0 and opponent == pytest.approx(6.0)
    assert tb.adjusted_score(b, 9) == pytest.approx(6.5)


def test_direct_encounter_needs_all_the_tied_to_have_met() -> None:
    games = [
        (1, "a", "b", "1-0"),
        (1, "c", "d", "1-0"),
        (2, "b", "c", "1-0"),
        (2, "d", "a", "1/2-1/2"),
        (3, "c", "a", "1/2-1/2"),
    ]
    records = build_records(["a", "b", "c", "d"], crosstable(games), 1.0)
    # a, b and c have all met: a 1.5 (beat b, drew c), b 1 (beat c), c 0.5.
    assert tb.direct_encounter(records, ["a", "b", "c"]) == {"a": 1.5, "b": 1.0, "c": 0.5}
    # b and d have not met: direct encounter separates nobody.
    assert tb.direct_encounter(records, ["a", "b", "d"]) is None


def test_wins_count_forfeit_wins_and_a_bye_worth_a_win() -> None:
    games = [
        Pairing(1, 1, "a", "b", Result("1-0")),
        Pairing(2, 1, "a", "c", Result("+-")),
        Pairing(3, 1, "a", None, Result("bye")),
        Pairing(4, 1, "c", "a", Result("1/2-1/2")),
    ]
    swiss = build_records(["a", "b", "c"], games, 1.0)
    assert tb.wins(swiss["a"]) == 3
    round_robin = build_records(["a", "b", "c"], games, 0.0)  # a rest is no win
    assert tb.wins(round_robin["a"]) == 2


def test_points_difference_sums_the_played_matches_margins() -> None:
    games = [
        Pairing(1, 1, "a", "b", Result("1-0", (5, 3))),
        Pairing(2, 1, "c", "a", Result("1-0", (7, 6))),
        Pairing(3, 1, "a", "d", Result("+-")),
    ]
    records = build_records(["a", "b", "c", "d"], games, 1.0)
    assert tb.points_difference(records["a"]) == 1  # +2, -1, and nothing for the forfeit
    assert tb.points_difference(records["b"]) == -2


def test_standings_apply_the_tiebreaks_in_order_then_lots() -> None:
    # a, b, c each beat one of the others (a cycle) and d lost all: a, b, c level on 2 points
    # with equal direct encounter and Sonneborn-Berger: wins do not split them either, so the
    # lots (seed 7) decide, as drawn.
    games = [
        (1, "a", "b", "1-0"),
        (1, "c", "d", "1-0"),
        (2, "b", "c", "1-0"),
        (2, "a", "d", "1-0"),
        (3, "c", "a", "1-0"),
        (3, "b", "d", "1-0"),
    ]
    standings = compute_standings(
        ["a", "b", "c", "d"],
        crosstable(games),
        tiebreaks=["direct-encounter", "sonneborn-berger", "wins"],
        bye_points=0.0,
        lots_seed=7,
        virtual_opponents=False,
    )
    drawn = lots(["a", "b", "c", "d"], 7)
    assert standings.order[:3] == sorted(["a", "b", "c"], key=drawn.__getitem__)
    assert standings.order[3] == "d"
    first = standings.rows[0]
    assert first.tiebreaks == {"direct-encounter": 1.0, "sonneborn-berger": 2.0, "wins": 2.0}
    assert first.lot == drawn[first.player]
    assert standings.lots_seed == 7


def test_direct_encounter_ranks_each_tie_among_its_own_players() -> None:
    # a and b finish on 2, c and d on 1: a beat b, and d beat c.
    games = [
        (1, "a", "b", "1-0"),
        (1, "c", "d", "0-1"),
        (2, "a", "c", "0-1"),
        (2, "b", "d", "1-0"),
        (3, "a", "d", "1-0"),
        (3, "b", "c", "1-0"),
    ]
    standings = compute_standings(
        ["b", "a", "c", "d"],
        crosstable(games),
        tiebreaks=["direct-encounter"],
        bye_points=0.0,
        lots_seed=0,
        virtual_opponents=False,
    )
    assert standings.order == ["a", "b", "d", "c"]
    assert [row.tiebreaks["direct-encounter"] for row in standings.rows] == [1, 0, 1, 0]
