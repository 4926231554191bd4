"""The FIBS rating formula against hand-worked matches and the figures FIBS players quote."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.ratings import FibsRating, RatingError
from gamehall.ratings.fibs import (
    experience_factor,
    rate_match,
    rating_changes,
    upset_probability,
    win_probability,
)

FAVOURITE = FibsRating(1700, 600)
UNDERDOG = FibsRating(1500, 250)


def test_an_upset_in_a_nine_point_match() -> None:
    """The underdog (1500, experience 250) beats the favourite (1700, experience 600) in a
    9-point match. By hand:

    D = 200, √9 = 3, D·√n/2000 = 0.3, 10^0.3 = 1.995262;
    P_upset = 1 / (1.995262 + 1) = 0.3338606; the underdog won, so P = 1 - P_upset = 0.6661394.
    Winner: K = max(1, 5 - 250/100) = 2.5, gain = 4·2.5·3·0.6661394 = 30·0.6661394 = 19.98418.
    Loser: K = max(1, 5 - 600/100) = 1, loss = 4·1·3·0.6661394 = 12·0.6661394 = 7.99367.
    Both experiences grow by 9: 259 and 609."""
    assert upset_probability(200, 9) == pytest.approx(0.333861, abs=5e-7)
    gain, loss = rating_changes(UNDERDOG, FAVOURITE, 9)
    assert gain == pytest.approx(19.98418, abs=5e-6)
    assert loss == pytest.approx(-7.99367, abs=5e-6)
    winner, loser = rate_match(UNDERDOG, FAVOURITE, 9)
    assert winner == FibsRating(UNDERDOG.rating + gain, 259)
    assert loser == FibsRating(FAVOURITE.rating + loss, 609)


def test_the_favourite_wins_the_same_match() -> None:
    """The favourite wins instead: P = P_upset = 0.3338606.
    Winner (K = 1): gain = 4·1·3·0.3338606 = 12·0.3338606 = 4.00633.
    Loser (K = 2.5): loss = 4·2.5·3·0.3338606 = 30·0.3338606 = 10.01582."""
    gain, loss = rating_changes(FAVOURITE, UNDERDOG, 9)
    assert gain == pytest.approx(4.00633, abs=5e-6)
    assert loss == pytest.approx(-10.01582, abs=5e-6)


def test_two_experienced_equal_players_in_a_one_point_match() -> None:
    """Kevin Bastian's "The FIBS Rating System": a 1-point match between two experienced
    players of the same rating is worth exactly 2 points (4·1·√1·0.5)."""
    assert rating_changes(FibsRating(1600, 400), FibsRating(1600, 5000), 1) == (2.0, -2.0)


def test_newcomers_move_five_times_as_fast() -> None:
    """Two newcomers (1500, experience 0), a 5-point match: 4·5·√5·0.5 = 22.36068 each way."""
    gain, loss = rating_changes(FibsRating(), FibsRating(), 5)
    assert gain == pytest.approx(10 * math.sqrt(5)) and loss == -gain


@pytest.mark.parametrize(
    ("experience", "factor"), [(0, 5.0), (50, 4.5), (100, 4.0), (250, 2.5), (399, 1.01), (400, 1.0)]
)
def test_the_experience_factor(experience: int, factor: float) -> None:
    assert experience_factor(experience) == pytest.approx(factor)
    assert experience_factor(experience + 10_000) == 1.0


def test_win_probabilities_of_the_two_sides_add_up() -> None:
    assert win_probability(1700, 1500, 9) == pytest.approx(1 - 0.333861, abs=5e-7)
    assert win_probability(1500, 1700, 9) == pytest.approx(0.333861, abs=5e-7)
    assert win_probability(1500, 1500, 7) == 0.5


def test_ratings_any_distance_apart_do_not_overflow() -> None:
    assert upset_probability(1e308, 10**6) == 0.0
    gain, loss = rating_changes(FibsRating(1e6, 0), FibsRating(0, 0), 25)
    assert gain == 0.0 and loss == 0.0


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: upset_probability(100, 0), "match length must be 1 or more, not 0"),
        (lambda: upset_probability(100, True), "match length must be a whole number, not True"),
        (lambda: upset_probability(100, 3.0), "match length must be a whole number, not 3.0"),  # type: ignore[arg-type]
        (lambda: upset_probability("100", 3), "rating difference must be a number"),  # type: ignore[arg-type]
        (lambda: upset_probability(math.nan, 3), "must be a finite number"),
        (lambda: win_probability(1500, None, 3), "rating must be a number, not None"),  # type: ignore[arg-type]
        (lambda: experience_factor(-1), "experience must be 0 or more"),
        (lambda: rating_changes(1500, FibsRating(), 1), "must be a FibsRating"),  # type: ignore[arg-type]
        (lambda: rate_match(FibsRating(), FibsRating(), "5"), "match length must be a whole"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_is_refused_with_what_is_allowed(call: object, words: str) -> None:
    assert callable(call)
    with pytest.raises(RatingError, match=words):
        call()


fibs_ratings = st.builds(FibsRating, st.floats(800, 2400), st.integers(0, 5000))


@given(fibs_ratings, fibs_ratings, st.integers(1, 64))
def test_the_winner_gains_and_the_loser_loses(
    winner: FibsRating, loser: FibsRating, length: int
) -> None:
    gain, loss = rating_changes(winner, loser, length)
    assert 0 < gain <= 20 * math.sqrt(length) and -20 * math.sqrt(length) <= loss < 0
    # Each side's change is its own K times the same stake.
    assert gain / experience_factor(winner.experience) == pytest.approx(
        -loss / experience_factor(loser.experience)
    )


@given(fibs_ratings, fibs_ratings, st.integers(1, 64))
def test_an_upset_pays_more_than_the_expected_win(
    first: FibsRating, second: FibsRating, length: int
) -> None:
    """Between two experienced players the stakes of the two results add up to 4·√n, split
    by the chance of each: the less likely result moves the ratings more."""
    one = FibsRating(first.rating, 400)
    two = FibsRating(second.rating, 400)
    first_wins, _ = rating_changes(one, two, length)
    second_wins, _ = rating_changes(two, one, length)
    assert first_wins + second_wins == pytest.approx(4 * math.sqrt(length))
    if one.rating > two.rating:
        assert first_wins <= second_wins
