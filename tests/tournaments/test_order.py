"""Standings and the next pairings do not depend on the order in which results arrive."""

from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.play.settings import BackgammonSettings
from gamehall.tournaments import Tournament, TournamentSettings
from support.examples import examples
from support.tournaments import play_through, random_results

FORMATS = [
    TournamentSettings("round-robin"),
    TournamentSettings("round-robin", double=True, tiebreaks=("sonneborn-berger", "wins")),
    TournamentSettings("swiss", rounds=4),
    TournamentSettings("swiss", BackgammonSettings(length=3), rounds=3),
    TournamentSettings("knockout"),
    TournamentSettings("groups", group_size=4, qualify=2),
    TournamentSettings("two-stage", group_size=4, qualify=2),
    TournamentSettings("two-stage", group_size=4, qualify=1, final="round-robin"),
]


@settings(max_examples=examples(60))
@given(
    st.sampled_from(FORMATS),
    st.integers(6, 11),
    st.integers(0, 10**6),
    st.integers(0, 10**6),
    st.integers(0, 10**6),
)
def test_results_in_any_order_give_the_same_tournament(
    form: TournamentSettings, players: int, seed: int, order_a: int, order_b: int
) -> None:
    names = [f"p{n}" for n in range(1, players + 1)]
    draws = form.can_draw
    one = play_through(Tournament.create(form, names), random_results(seed, draws), order_a)
    two = play_through(Tournament.create(form, names), random_results(seed, draws), order_b)
    assert one.to_dict() == two.to_dict()
    assert one.standings() == two.standings()
