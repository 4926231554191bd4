"""Swiss pairing: score groups, no repeats while avoidable, one bye each, colours in renju."""

from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.play.settings import MatchSettings
from gamehall.tournaments import Result, Tournament, TournamentSettings
from gamehall.tournaments.swiss import SwissPlayer, pair_round
from gamehall.tournaments.tournament import _swiss_player
from support.examples import examples
from support.tournaments import play_round, random_results

NAMES = [f"p{n}" for n in range(1, 41)]


def swiss(players: int, rounds: int, game: str = "renju") -> Tournament:
    match = MatchSettings.from_dict({"game": game})  # type: ignore[arg-type]
    return Tournament.create(TournamentSettings("swiss", match, rounds=rounds), NAMES[:players])


def state(t: Tournament) -> list[SwissPlayer]:
    return [
        _swiss_player(name, number, [p for p in t.pairings if name in p.players])
        for number, name in enumerate(t.players, start=1)
        if name not in t.withdrawn
    ]


def clean_pairing_exists(players: list[SwissPlayer]) -> bool:
    """Whether the field can be paired with no repeat and no second bye."""
    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(p.name for p in players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if b.name not in a.opponents:
                graph.add_edge(a.name, b.name)
    if len(players) % 2:
        graph.add_edges_from((p.name, "bye") for p in players if not p.had_bye)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == graph.number_of_nodes()


def non_repeating_pairing_exists(players: list[SwissPlayer]) -> bool:
    """Whether the field can be paired with no repeat (byes aside)."""
    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(p.name for p in players)
    for i, a in enumerate(players):
        graph.add_edges_from(
            (a.name, b.name) for b in players[i + 1 :] if b.name not in a.opponents
        )
    if len(players) % 2:
        graph.add_edges_from((p.name, "bye") for p in players)
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == graph.number_of_nodes()


def is_clean(pairs: list[tuple[str, str | None]], players: list[SwissPlayer]) -> bool:
    by_name = {p.name: p for p in players}
    return all(
        (b is None and not by_name[a].had_bye) or (b is not None and b not in by_name[a].opponents)
        for a, b in pairs
    )


@settings(max_examples=examples(40))
@given(st.integers(2, 13), st.integers(1, 12), st.integers(0, 10**6), st.integers(2, 40))
def test_no_repeat_while_avoidable_nor_second_bye_while_a_clean_pairing_exists(
    players: int, rounds: int, seed: int, block: int
) -> None:
    t = swiss(players, rounds)
    choose = random_results(seed)
    while not t.is_finished:
        field = state(t)
        pairs = pair_round(field, colour_balance=True, block=block)
        by_name = {p.name: p for p in field}
        assert sorted(n for pair in pairs for n in pair if n) == sorted(p.name for p in field)
        if non_repeating_pairing_exists(field):
            assert all(b is None or b not in by_name[a].opponents for a, b in pairs)
        if clean_pairing_exists(field):
            assert is_clean(pairs, field)
        t = play_round(t.pair_next_round(), choose)


@settings(max_examples=examples(40))
@given(st.integers(3, 21).filter(lambda n: n % 2), st.integers(0, 10**6), st.data())
def test_byes_go_to_different_players(players: int, seed: int, data: st.DataObject) -> None:
    # Up to as many rounds as half the field (a Swiss is shorter than a round robin): then a
    # pairing never has to choose between a rematch and a second bye.
    rounds = data.draw(st.integers(1, (players + 1) // 2))
    t = swiss(players, rounds)
    choose = random_results(seed)
    while not t.is_finished:
        t = play_round(t.pair_next_round(), choose)
    byes = [p.first for p in t.pairings if p.is_bye]
    assert len(byes) == rounds and len(set(byes)) == rounds


def test_a_rematch_is_worse_than_a_second_bye() -> None:
    # a has met b and c and had the bye: either a meets one of them again, or b meets c and a
    # has a second bye. No pair may meet twice while a pairing avoids it: the second bye.
    field = [
        SwissPlayer("a", 2.0, 1, ("b", "c"), byes=1),
        SwissPlayer("b", 1.0, 2, ("a",)),
        SwissPlayer("c", 0.0, 3, ("a",)),
    ]
    (game, bye) = pair_round(field)
    assert set(game) == {"b", "c"} and bye == ("a", None)


@pytest.mark.parametrize(("players", "rounds"), [(4, 6), (4, 9), (3, 6), (5, 10), (6, 10)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_past_a_round_robin_meetings_and_byes_are_spread_as_evenly_as_they_can_be(
    players: int, rounds: int, seed: int
) -> None:
    # As many rounds as players or more: a pair meets a third time (a player has a third bye)
    # only once every pair has met twice (every player has had two byes).
    t = swiss(players, rounds)
    choose = random_results(seed)
    while not t.is_finished:
        t = play_round(t.pair_next_round(), choose)
    met = Counter(frozenset(p.players) for p in t.pairings if not p.is_bye)
    byes = Counter(p.first for p in t.pairings if p.is_bye)
    cycles = players * (players - 1) // 2
    assert max(met.values()) - min(met.values()) <= 1 and len(met) == cycles
    assert not byes or max(byes.values()) - min(byes.values(), default=0) <= 1
    assert len(byes) in (0, players) or max(byes.values()) == 1


def test_a_third_meeting_is_worse_than_a_second() -> None:
    # a-b met twice, c-d once, a-c and b-d never... a must meet b again or c or d once more.
    field = [
        SwissPlayer("a", 2.0, 1, ("b", "b", "c", "d")),
        SwissPlayer("b", 2.0, 2, ("a", "a", "c", "d")),
        SwissPlayer("c", 1.0, 3, ("a", "b", "d")),
        SwissPlayer("d", 1.0, 4, ("a", "b", "c")),
    ]
    pairs = pair_round(field)
    assert {frozenset(pair) for pair in pairs} == {frozenset("ac"), frozenset("bd")} or {
        frozenset(pair) for pair in pairs
    } == {frozenset("ad"), frozenset("bc")}


def test_a_third_bye_is_worse_than_a_second() -> None:
    # Everyone has met everyone once; a has had two byes, b and c one each.
    field = [
        SwissPlayer("a", 3.0, 1, ("b", "c"), byes=2),
        SwissPlayer("b", 2.0, 2, ("a", "c"), byes=1),
        SwissPlayer("c", 1.0, 3, ("a", "b"), byes=1),
    ]
    bye = next(a for a, b in pair_round(field) if b is None)
    assert bye != "a"


@pytest.mark.parametrize(
    ("players", "rounds", "warned"),
    [(6, 5, False), (6, 6, True), (7, 7, False), (7, 8, True)],
)
def test_the_director_is_warned_when_the_rounds_exceed_a_round_robin(
    players: int, rounds: int, warned: bool
) -> None:
    warning = swiss(players, rounds).swiss_warning()
    assert (warning is not None) is warned
    if players == 7 and warned:
        assert warning == (
            "7 players can play at most 7 Swiss rounds without a repeat or a second bye: in 8 "
            "rounds some will meet again and have a second bye (each as seldom as the pairing "
            "can manage)"
        )
    assert Tournament.create(TournamentSettings("round-robin"), ["a", "b"]).swiss_warning() is None


def test_a_bye_is_worth_a_win_and_goes_to_the_lowest_score() -> None:
    t = swiss(5, 2).pair_next_round()
    assert [p.first for p in t.pairings if p.is_bye] == ["p5"]
    assert t.standings().rows[0].points == 1
    t = play_round(t, lambda p: Result("1-0"))
    t = t.pair_next_round()
    (bye,) = [p for p in t.pairings if p.is_bye and p.round == 2]
    assert bye.first != "p5"
    lowest = min(row.points for row in t.standings().rows)
    assert lowest == 0 and {row.points for row in t.standings().rows if row.player == bye.first}


def test_round_one_pairs_the_top_half_with_the_bottom_half() -> None:
    t = swiss(8, 3).pair_next_round()
    assert [frozenset(p.players) for p in t.pairings] == [
        frozenset(("p1", "p5")),
        frozenset(("p2", "p6")),
        frozenset(("p3", "p7")),
        frozenset(("p4", "p8")),
    ]


@given(st.integers(0, 10**6))
def test_winners_meet_winners(seed: int) -> None:
    t = play_round(swiss(16, 3).pair_next_round(), random_results(seed, draws=False))
    t = t.pair_next_round()
    points = {row.player: row.points for row in t.standings().rows}
    assert all(points[p.first] == points[p.second] for p in t.pending if p.second)


def test_renju_colours_alternate_when_the_score_groups_allow() -> None:
    t = swiss(4, 2).pair_next_round()  # p1 (Black) - p3, p4 (Black) - p2
    blacks = {p.first for p in t.pairings}
    t = play_round(t, lambda p: Result("0-1" if p.board == 1 else "1-0"))
    t = t.pair_next_round()  # p3 - p4 and p1 - p2: each a Black and a White of round 1
    for p in t.pending:
        assert p.first not in blacks and p.second in blacks  # the White now has Black


def test_the_higher_ranked_gets_his_due_colour_when_both_are_due_the_same() -> None:
    t = swiss(4, 2).pair_next_round()
    t = play_round(t, lambda p: Result("1-0"))  # p1 and p4 won with Black, p3 and p2 lost
    t = t.pair_next_round()
    assert [(p.first, p.second) for p in t.pending] == [("p4", "p1"), ("p2", "p3")]


def matchings(players: list[SwissPlayer]) -> list[list[tuple[SwissPlayer, SwissPlayer]]]:
    """Every way to pair an even field."""
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    return [
        [(first, other), *more]
        for i, other in enumerate(rest)
        for more in matchings(rest[:i] + rest[i + 1 :])
    ]


def colour_clash(a: SwissPlayer, b: SwissPlayer) -> bool:
    """Both have an absolute preference for the same colour (one would get a third in a row,
    or a difference of 3)."""
    (da, sa), (db, sb) = a.colour_due(), b.colour_due()
    return da != 0 and da == db and sa == sb == 2


@settings(max_examples=examples(40))
@given(st.integers(2, 5).map(lambda n: 2 * n), st.integers(0, 10**6))
def test_renju_colours_keep_fides_absolute_criteria_while_they_can(players: int, seed: int) -> None:
    # FIDE's absolute colour criteria: no colour difference above 2, never three in a row.
    # When no pairing without rematches keeps them (a small field late on), one must give.
    t = swiss(players, 5)
    choose = random_results(seed)
    while not t.is_finished:
        field = state(t)
        possible = any(
            not any(b.name in a.opponents or colour_clash(a, b) for a, b in pairing)
            for pairing in matchings(field)
        )
        t = t.pair_next_round()
        if possible:
            by_name = {p.name: p for p in field}
            for p in t.pending:
                assert p.second is not None
                assert not colour_clash(by_name[p.first], by_name[p.second])
        t = play_round(t, choose)


def test_colours_stay_within_the_absolute_criteria_in_a_larger_field() -> None:
    for seed in range(10):
        t = swiss(16, 5)
        choose = random_results(seed)
        while not t.is_finished:
            t = play_round(t.pair_next_round(), choose)
        for player in state(t):
            colours = player.colours
            assert abs(colours.count("B") - colours.count("W")) <= 2
            assert "BBB" not in colours and "WWW" not in colours


def test_a_withdrawn_player_is_not_paired_again() -> None:
    t = play_round(swiss(6, 3).pair_next_round(), lambda p: Result("1-0"))
    t = t.withdraw("p2").pair_next_round()
    assert all("p2" not in p.players for p in t.pairings if p.round == 2)
    assert sum(1 for p in t.pairings if p.round == 2 and p.is_bye) == 1


def test_pairing_is_deterministic() -> None:
    def run() -> list[tuple[str, str | None]]:
        t = swiss(12, 4)
        choose = random_results(9)
        while not t.is_finished:
            t = play_round(t.pair_next_round(), choose)
        return [(p.first, p.second) for p in t.pairings]

    assert run() == run()


def test_blocks_keep_score_groups_together_in_a_large_field() -> None:
    field = [SwissPlayer(f"q{n}", 1.0 if n < 60 else 0.0, n) for n in range(120)]
    pairs = pair_round(field, block=16)
    score = {p.name: p.score for p in field}
    assert all(b is not None and score[a] == score[b] for a, b in pairs)
    assert Counter(n for pair in pairs for n in pair if n) == Counter(p.name for p in field)


def test_asking_whether_a_swiss_is_over_does_not_pair_a_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = play_round(swiss(6, 3).pair_next_round(), lambda p: Result("1-0"))

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("is_finished paired a round")

    monkeypatch.setattr("gamehall.tournaments.tournament.pair_round", refuse)
    assert not t.is_finished
