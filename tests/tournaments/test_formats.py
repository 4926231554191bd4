"""Round robins, groups, knockouts and two-stage events, played through."""

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.play.settings import BackgammonSettings
from gamehall.tournaments import Result, Tournament, TournamentError, TournamentSettings
from gamehall.tournaments.groups import group_name, snake_groups
from gamehall.tournaments.knockout import first_round, seed_order
from support.tournaments import play_round, play_through, random_results

NAMES = [f"p{n}" for n in range(1, 41)]


def meetings(t: Tournament) -> Counter[frozenset[str]]:
    return Counter(frozenset(p.players) for p in t.pairings if p.second is not None)


@given(st.integers(2, 12), st.booleans(), st.integers(0, 10**6))
def test_round_robin_everyone_meets_everyone_once_or_twice(
    players: int, double: bool, seed: int
) -> None:
    t = Tournament.create(TournamentSettings("round-robin", double=double), NAMES[:players])
    t = play_through(t, random_results(seed))
    met = meetings(t)
    assert len(met) == players * (players - 1) // 2
    assert set(met.values()) == {2 if double else 1}
    assert sum(row.points for row in t.standings().rows) == sum(met.values())  # 1 a game


def test_round_robin_rounds_follow_the_berger_table() -> None:
    t = Tournament.create(TournamentSettings("round-robin"), ["a", "b", "c", "d", "e", "f"])
    t = t.pair_next_round()
    assert [(p.first, p.second) for p in t.pending] == [("a", "f"), ("b", "e"), ("c", "d")]


def withdrawal_game(policy: str, withdraw_after: int) -> Tournament:
    settings = TournamentSettings("round-robin", withdrawal=policy)  # type: ignore[arg-type]
    t = Tournament.create(settings, ["a", "b", "c", "d", "e", "f"])
    for _ in range(withdraw_after):  # a wins every game he plays
        t = play_round(t.pair_next_round(), lambda p: Result("1-0" if p.first == "a" else "0-1"))
    t = t.withdraw("a")
    return play_through(t, lambda p: Result("1-0"))


def test_a_withdrawal_before_half_the_games_annuls_all_his_results() -> None:
    t = withdrawal_game("annul-under-half", 2)  # a played 2 of 5
    rows = {row.player: row for row in t.standings().rows}
    assert rows["a"].annulled and rows["a"].points == 0 and t.standings().order[-1] == "a"
    # Nobody keeps a point from a game against a, won or lost.
    counted = [p for p in t.pairings if "a" not in p.players]
    assert sum(row.points for row in t.standings().rows) == len(counted)


def test_a_withdrawal_after_half_the_games_keeps_them_and_forfeits_the_rest() -> None:
    t = withdrawal_game("annul-under-half", 3)  # a played 3 of 5
    rows = {row.player: row for row in t.standings().rows}
    assert not rows["a"].annulled and rows["a"].points == 3
    forfeits = [p for p in t.pairings if "a" in p.players and p.result and p.result.forfeit]
    assert len(forfeits) == 2
    assert all(p.points_of("a") == 0 for p in forfeits)


def test_the_forfeit_policy_never_annuls() -> None:
    t = withdrawal_game("forfeit-remaining", 1)
    rows = {row.player: row for row in t.standings().rows}
    assert not rows["a"].annulled and rows["a"].points == 1


def test_a_no_show_is_a_forfeit_not_a_played_result() -> None:
    t = Tournament.create(TournamentSettings("round-robin"), ["a", "b"]).pair_next_round()
    t = t.record(1, 1, Result("-+"))
    (pairing,) = t.pairings
    assert pairing.result is not None and pairing.result.forfeit and not pairing.result.played
    assert t.standings().order == ["b", "a"]


# -- knockout -----------------------------------------------------------------------------------


def test_standard_seeding_places_the_seeds_apart() -> None:
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(4) == [1, 4, 2, 3]


def test_byes_go_to_the_top_seeds() -> None:
    assert first_round(["s1", "s2", "s3", "s4", "s5"]) == [
        ("s1", None),
        ("s4", "s5"),
        ("s2", None),
        ("s3", None),
    ]


@given(st.integers(2, 40), st.integers(0, 10**6), st.sampled_from(["standard", "lots"]))
def test_a_knockout_has_one_winner_after_log2_rounds(players: int, seed: int, seeding: str) -> None:
    settings = TournamentSettings("knockout", seeding=seeding, lots_seed=seed)  # type: ignore[arg-type]
    t = play_through(Tournament.create(settings, NAMES[:players]), random_results(seed))
    assert t.current_round == math.ceil(math.log2(players))
    final = [p for p in t.pairings if p.round == t.current_round]
    assert {p.board for p in final} == {1}
    assert t.winner is not None and t.winner == t.standings().order[0]
    for number in range(1, t.current_round + 1):  # the winner won each of his boards
        assert _won_board(t, t.winner, number)
    assert sum(_won_board(t, name, 1) for name in NAMES[:players]) == len(first_round_boards(t))


def first_round_boards(t: Tournament) -> set[int]:
    return {p.board for p in t.pairings if p.round == 1}


def _won_board(t: Tournament, name: str, number: int) -> bool:
    """Whether ``name`` went through from his board of round ``number`` (a bye counts; a
    replayed draw is decided by the last leg)."""
    legs = sorted(
        (p for p in t.pairings if p.round == number and name in p.players), key=lambda p: p.leg
    )
    return bool(legs) and (legs[-1].is_bye or legs[-1].points_of(name) == 1)


def test_a_drawn_knockout_pairing_is_replayed_with_colours_swapped_until_decided() -> None:
    t = Tournament.create(TournamentSettings("knockout"), ["a", "b"]).pair_next_round()
    t = t.record(1, 1, Result("1/2-1/2"))
    (replay,) = t.pending
    assert (replay.first, replay.second, replay.leg) == ("b", "a", 2)
    t = t.record(1, 1, Result("1/2-1/2"))
    assert (t.pending[0].first, t.pending[0].leg) == ("a", 3)
    t = t.record(1, 1, Result("0-1"))
    assert t.is_finished and t.winner == "b"


def test_a_draw_by_lot_is_the_same_for_the_same_seed() -> None:
    def drawn(seed: int) -> list[tuple[str, str | None]]:
        settings = TournamentSettings("knockout", seeding="lots", lots_seed=seed)
        t = Tournament.create(settings, NAMES[:8]).pair_next_round()
        return [(p.first, p.second) for p in t.pairings]

    assert drawn(5) == drawn(5)
    assert drawn(5) != drawn(6)


# -- groups and two stages ----------------------------------------------------------------------


def test_the_snake_draw() -> None:
    groups = snake_groups([f"s{n}" for n in range(1, 13)], 4)
    assert groups == [
        ["s1", "s6", "s7", "s12"],
        ["s2", "s5", "s8", "s11"],
        ["s3", "s4", "s9", "s10"],
    ]
    assert [group_name(n) for n in (0, 1, 25, 26)] == ["A", "B", "Z", "AA"]


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (12, [12]),
        (15, [15]),
        (16, [8, 8]),
        (17, [9, 8]),
        (20, [10, 10]),
        (25, [9, 8, 8]),
        (21, [7, 7, 7]),
        (41, [9, 8, 8, 8, 8]),
    ],
)
def test_by_default_a_field_splits_into_groups_of_8_to_10(players: int, sizes: list[int]) -> None:
    # Under 16 players: one round robin. 21 to 23 and 31 cannot make groups of 8 to 10 and
    # make the nearest (7 and 8, never more than 10).
    names = [f"s{n}" for n in range(players)]
    assert [len(group) for group in snake_groups(names)] == sizes
    t = Tournament.create(TournamentSettings("two-stage"), names)
    assert [len(table.rows) for table in t.group_standings()] == sizes


def test_an_explicit_group_size_is_the_largest_group() -> None:
    t = Tournament.create(TournamentSettings("groups", group_size=6), NAMES[:17])
    assert [len(table.rows) for table in t.group_standings()] == [5, 6, 6]


@pytest.mark.parametrize(
    ("settings", "players", "message"),
    [
        (TournamentSettings("groups", group_size=3, qualify=1), 7, "a group of fewer than 3"),
        (TournamentSettings("groups", group_size=4, qualify=1), 5, "a group of fewer than 3"),
        (TournamentSettings("two-stage", group_size=5, qualify=4), 6, "qualify fewer than"),
        (TournamentSettings("groups"), 3, "a group of 3 players with 3 qualifying"),
        (TournamentSettings("two-stage", qualify=1), 2, "2 players are too few for groups"),
    ],
)
def test_degenerate_groups_are_refused(
    settings: TournamentSettings, players: int, message: str
) -> None:
    with pytest.raises(TournamentError, match=message):
        Tournament.create(settings, NAMES[:players])


def test_groups_are_seeded_by_rating_when_ratings_are_given() -> None:
    ratings = {f"p{n}": 1000 + n for n in range(1, 9)}  # p8 the highest
    settings = TournamentSettings("groups", group_size=4, qualify=2)
    t = Tournament.create(settings, NAMES[:8], ratings)
    assert t.players[:2] == ("p8", "p7")


def test_groups_play_a_round_robin_each_and_mark_the_qualifiers() -> None:
    settings = TournamentSettings("groups", group_size=4, qualify=2)
    t = play_through(Tournament.create(settings, NAMES[:10]), random_results(3))
    tables = t.group_standings()
    assert [len(table.rows) for table in tables] == [3, 3, 4]  # the snake turns at C
    for letter, table in zip("ABC", tables, strict=True):
        members = {row.player for row in table.rows}
        games = [p for p in t.pairings if p.group == letter and p.second]
        assert len({frozenset(p.players) for p in games}) == len(members) * (len(members) - 1) // 2
        assert [row.qualified for row in table.rows][:2] == [True, True]
        assert not any(row.qualified for row in table.rows[2:])
    assert t.winner is None


@pytest.mark.parametrize("final", ["knockout", "round-robin"])
def test_two_stages_groups_then_the_qualifiers_final(final: str) -> None:
    settings = TournamentSettings(
        "two-stage",
        BackgammonSettings(length=3),
        group_size=4,
        qualify=2,
        final=final,  # type: ignore[arg-type]
    )
    t = Tournament.create(settings, NAMES[:8])
    t = play_through(t, random_results(11, draws=False))
    qualifiers = t.qualifiers()
    assert len(qualifiers) == 4
    winners = [table.rows[0].player for table in t.group_standings()]
    assert qualifiers[:2] == winners  # group winners are seeded first
    finals = [p for p in t.pairings if p.stage == "final"]
    assert {name for p in finals for name in p.players} == set(qualifiers)
    assert finals[0].round == 4  # groups of 4 play rounds 1-3
    order = t.standings().order
    assert set(order[:4]) == set(qualifiers) and order[0] == t.winner
    assert len(order) == 8


def test_a_final_needs_two_qualifiers() -> None:
    settings = TournamentSettings("two-stage", group_size=4, qualify=1)
    with pytest.raises(TournamentError, match="2 qualifiers"):
        Tournament.create(settings, NAMES[:4])
