"""Glicko-2 against the worked example of Glickman's "Example of the Glicko-2 system", and the
properties the system promises."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.ratings import Glicko2Rating, RatingError, glicko2
from gamehall.ratings.glicko2 import Outcome, Settings, expected_score, idle, rate_game, rate_period

PLAYER = Glicko2Rating(1500, 200, 0.06)
OPPONENTS = (Glicko2Rating(1400, 30), Glicko2Rating(1550, 100), Glicko2Rating(1700, 300))


def test_the_papers_worked_example() -> None:
    """The paper: a player rated 1500 (RD 200, σ 0.06) plays three games in a period, winning
    against 1400 (RD 30) and losing to 1550 (RD 100) and 1700 (RD 300); with τ = 0.5 the new
    rating is 1464.06, RD 151.52, σ 0.05999.

    The paper rounds its steps to four places (μ' = -0.2069, so r' = 173.7178·μ' + 1500 =
    1464.06); unrounded, μ' = -0.20694 and r' = 1464.051, so the rating agrees to 0.01. The
    paper's σ' = 0.05999 is 0.059996 cut to five places."""
    after = rate_period(
        PLAYER,
        [Outcome(OPPONENTS[0], 1), Outcome(OPPONENTS[1], 0), Outcome(OPPONENTS[2], 0)],
        Settings(tau=0.5),
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.059996, abs=0.000001)


def test_the_papers_expected_scores() -> None:
    """The paper's table of step 3: E = 0.639, 0.432 and 0.303 against the three opponents."""
    expected = [expected_score(PLAYER, opponent) for opponent in OPPONENTS]
    assert expected == pytest.approx([0.639, 0.432, 0.303], abs=0.0005)


def test_a_period_without_games_only_grows_the_deviation() -> None:
    """The paper, step 6: a player who does not compete keeps μ and σ, and φ' = √(φ² + σ²):
    φ = 200/173.7178 = 1.15129, φ' = √(1.15129² + 0.06²) = 1.15286, RD' = 200.27."""
    after = rate_period(PLAYER, [])
    assert after == idle(PLAYER)
    assert after.rating == PLAYER.rating and after.volatility == PLAYER.volatility
    assert after.deviation == pytest.approx(200.27, abs=0.005)


def test_idle_periods_add_up_under_the_ceiling() -> None:
    three = idle(idle(idle(PLAYER)))
    assert idle(PLAYER, periods=3).deviation == pytest.approx(three.deviation)
    assert idle(PLAYER, periods=0) == PLAYER
    assert idle(PLAYER, periods=10_000).deviation == pytest.approx(350.0)
    assert idle(PLAYER, Settings(max_deviation=300), periods=10_000).deviation == 300.0


def test_one_game_is_a_period_of_its_own() -> None:
    winner, loser = rate_game(PLAYER, OPPONENTS[1], 1)
    assert winner == rate_period(PLAYER, [Outcome(OPPONENTS[1], 1)])
    assert loser == rate_period(OPPONENTS[1], [Outcome(PLAYER, 0)])


def test_a_newcomer_moves_far_at_first() -> None:
    """Two newcomers (1500 ± 350): the winner of their first game gains about 162 points."""
    winner, loser = rate_game(Glicko2Rating(), Glicko2Rating(), 1)
    assert winner.rating == pytest.approx(1662.21, abs=0.01)
    assert loser.rating == pytest.approx(1337.79, abs=0.01)
    assert winner.deviation == loser.deviation == pytest.approx(290.23, abs=0.01)


def test_the_deviation_may_grow_a_little_after_an_uninformative_game() -> None:
    """The deviation "shrinks after a game" against the paper's φ* (the deviation grown by
    one period), but not always against the old one: a well-known player (RD 30) who beats a
    far weaker unknown one learns almost nothing, while the period still adds σ."""
    player = Glicko2Rating(2000, 30, 0.06)
    after, _ = rate_game(player, Glicko2Rating(1000, 350), 1)
    assert player.deviation < after.deviation < idle(player).deviation


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: rate_period(PLAYER, [Outcome(OPPONENTS[0], 2)]), "result must be 1"),
        (lambda: rate_period(PLAYER, [Outcome(OPPONENTS[0], True)]), "not True"),
        (lambda: rate_period(PLAYER, [Outcome(OPPONENTS[0], "1")]), "not '1'"),  # type: ignore[arg-type]
        (lambda: rate_period(PLAYER, [(OPPONENTS[0], 1)]), "must be Outcome values"),  # type: ignore[list-item]
        (lambda: rate_period(PLAYER, "win"), "list of Outcome"),  # type: ignore[arg-type]
        (lambda: rate_period({"rating": 1500}, []), "must be a Glicko2Rating"),  # type: ignore[arg-type]
        (lambda: Outcome(1500, 1), "opponent must be a Glicko2Rating"),  # type: ignore[arg-type]
        (lambda: rate_game(PLAYER, PLAYER, 0.25), "0.5 \\(draw\\)"),
        (lambda: rate_period(PLAYER, [], {"tau": 0.5}), "glicko2.Settings"),  # type: ignore[arg-type]
        (lambda: rate_period(PLAYER, [], {}), "glicko2.Settings, not \\{\\}"),  # type: ignore[arg-type]
        (lambda: idle(PLAYER, 0), "glicko2.Settings, not 0"),  # type: ignore[arg-type]
        (lambda: idle(PLAYER, periods=-1), "periods must be 0 or more"),
        (lambda: idle(PLAYER, periods=1.0), "periods must be a whole number"),  # type: ignore[arg-type]
        (lambda: Settings(tau=0), "tau must be from 0.1 to 2"),
        (lambda: Settings(tau="0.5"), "tau must be a number"),  # type: ignore[arg-type]
        (lambda: Settings(max_deviation=math.inf), "max_deviation must be a finite number"),
        (lambda: Settings.from_dict({"tau": 0.5, "c": 30}), "unknown Glicko-2 settings: c"),
        (lambda: Settings.from_dict([("tau", 0.5)]), "read from a mapping"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_is_refused_with_what_is_allowed(call: object, words: str) -> None:
    assert callable(call)
    with pytest.raises(RatingError, match=words):
        call()


def test_settings_round_trip() -> None:
    settings = Settings(tau=0.3, max_deviation=500)
    assert Settings.from_dict(settings.to_dict()) == settings
    assert Settings.from_dict({}) == Settings() == glicko2.Settings(0.5, 350.0)


ratings = st.builds(
    Glicko2Rating,
    rating=st.floats(100, 3500),
    deviation=st.floats(30, 350),
    volatility=st.floats(0.03, 0.1),
)
taus = st.floats(0.2, 1.2)


@given(ratings, ratings, taus)
def test_a_win_never_lowers_the_rating_and_a_loss_never_raises_it(
    player: Glicko2Rating, opponent: Glicko2Rating, tau: float
) -> None:
    settings = Settings(tau=tau)
    assert rate_period(player, [Outcome(opponent, 1)], settings).rating >= player.rating
    assert rate_period(player, [Outcome(opponent, 0)], settings).rating <= player.rating


@given(ratings, ratings, st.sampled_from([0, 0.5, 1]), taus)
def test_a_game_tells_more_than_no_game(
    player: Glicko2Rating, opponent: Glicko2Rating, score: float, tau: float
) -> None:
    """After a game the deviation is below φ* (step 6: the old one grown by a period with the
    new volatility), and a newcomer's, at the ceiling, always shrinks."""
    settings = Settings(tau=tau)
    after = rate_period(player, [Outcome(opponent, score)], settings)
    grown = min(math.hypot(player.deviation, after.volatility * glicko2.SCALE), 350.0)
    assert after.deviation < grown
    newcomer = Glicko2Rating(player.rating, 350.0, player.volatility)
    assert rate_period(newcomer, [Outcome(opponent, score)], settings).deviation < 350.0


@given(
    st.builds(Glicko2Rating, st.floats(500, 3500), st.floats(30, 350), st.floats(0.03, 0.1)),
    st.sampled_from([0, 0.5, 1]),
)
def test_two_equal_players_move_symmetrically(player: Glicko2Rating, score: float) -> None:
    first, second = rate_game(player, player, score)
    assert first.rating - player.rating == pytest.approx(player.rating - second.rating)
    assert first.deviation == pytest.approx(second.deviation)
    assert first.volatility == pytest.approx(second.volatility)
    if score == 0.5:
        assert first.rating == second.rating == player.rating


@given(ratings, ratings, st.sampled_from([0, 0.5, 1]))
def test_the_order_of_the_players_does_not_matter(
    first: Glicko2Rating, second: Glicko2Rating, score: float
) -> None:
    one, two = rate_game(first, second, score)
    assert rate_game(second, first, 1 - score) == (two, one)


@given(ratings, st.lists(st.tuples(ratings, st.sampled_from([0, 0.5, 1])), max_size=12))
def test_a_period_gives_a_rating_within_bounds(
    player: Glicko2Rating, games: list[tuple[Glicko2Rating, float]]
) -> None:
    after = rate_period(player, [Outcome(opponent, score) for opponent, score in games])
    assert Glicko2Rating.from_dict(after.to_dict()) == after
    assert after.deviation <= 350.0


extreme = st.builds(
    Glicko2Rating,
    rating=st.floats(0, 10_000),
    deviation=st.floats(1e-9, 1000, exclude_min=False),
    volatility=st.floats(0.0001, 1),
)


@given(extreme, st.lists(st.tuples(extreme, st.sampled_from([0, 0.5, 1])), min_size=1, max_size=4))
def test_even_absurd_ratings_are_rated_within_bounds(
    player: Glicko2Rating, games: list[tuple[Glicko2Rating, float]]
) -> None:
    """Every rating a Glicko2Rating takes can be rated against every other: the arithmetic
    stays finite and the result is again a rating (the bounds hold)."""
    after = rate_period(player, [Outcome(opponent, score) for opponent, score in games])
    assert 0 <= after.rating <= 10_000 and 0 < after.deviation <= 350.0
