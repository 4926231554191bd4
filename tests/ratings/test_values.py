"""Rating values: checked by type and range when made, provisional marking, dict round-trips."""

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.errors import GameError
from gamehall.ratings import PROVISIONAL_DEVIATION, FibsRating, Glicko2Rating, RatingError


def test_a_newcomer_has_the_papers_defaults() -> None:
    assert Glicko2Rating() == Glicko2Rating(1500.0, 350.0, 0.06)
    assert FibsRating() == FibsRating(1500.0, 0)


def test_numbers_are_kept_as_floats() -> None:
    rating = Glicko2Rating(1500, 200, 0.06)
    assert type(rating.rating) is float and type(rating.deviation) is float
    assert type(FibsRating(1600).rating) is float


@pytest.mark.parametrize(
    ("deviation", "provisional", "shown"),
    [(350, True, "1500?"), (110.5, True, "1500?"), (110, False, "1500"), (45, False, "1500")],
)
def test_a_rating_is_provisional_above_the_threshold(
    deviation: float, provisional: bool, shown: str
) -> None:
    rating = Glicko2Rating(1500, deviation)
    assert PROVISIONAL_DEVIATION == 110.0
    assert rating.provisional is provisional
    assert rating.display() == shown


def test_the_shown_number_is_rounded_half_up() -> None:
    assert Glicko2Rating(1464.5, 60).display() == "1465"
    assert Glicko2Rating(1463.5, 60).display() == "1464"
    assert FibsRating(1522.3606).display() == "1522.36"


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Glicko2Rating("1500"), "rating must be a number, not '1500'"),  # type: ignore[arg-type]
        (lambda: Glicko2Rating(True), "rating must be a number, not True"),
        (lambda: Glicko2Rating(math.nan), "rating must be a finite number"),
        (lambda: Glicko2Rating(math.inf), "rating must be a finite number"),
        (lambda: Glicko2Rating(10**400), "rating must be a finite number"),
        (lambda: Glicko2Rating(-1), "rating must be from 0 to 10000, not -1"),
        (lambda: Glicko2Rating(10_001), "rating must be from 0 to 10000"),
        (lambda: Glicko2Rating(1500, 0), "rating deviation must be above 0, not 0"),
        (lambda: Glicko2Rating(1500, -30), "rating deviation must be above 0"),
        (lambda: Glicko2Rating(1500, 1001), "rating deviation must be at most 1000"),
        (lambda: Glicko2Rating(1500, None), "rating deviation must be a number, not None"),  # type: ignore[arg-type]
        (lambda: Glicko2Rating(1500, 200, 0), "volatility must be from 0.0001 to 1, not 0"),
        (lambda: Glicko2Rating(1500, 200, "0.06"), "volatility must be a number"),  # type: ignore[arg-type]
        (lambda: FibsRating("1500"), "rating must be a number, not '1500'"),  # type: ignore[arg-type]
        (lambda: FibsRating(1500, -5), "experience must be 0 or more, not -5"),
        (lambda: FibsRating(1500, 2.0), "experience must be a whole number, not 2.0"),  # type: ignore[arg-type]
        (lambda: FibsRating(1500, False), "experience must be a whole number, not False"),
    ],
)
def test_bad_values_are_refused_not_coerced(make: object, words: str) -> None:
    assert callable(make)
    with pytest.raises(RatingError, match=words) as caught:
        make()
    assert isinstance(caught.value, GameError)


@pytest.mark.parametrize(
    ("cls", "data", "words"),
    [
        (Glicko2Rating, {"rating": 1500, "deviation": 200}, "missing: volatility"),
        (FibsRating, {"rating": 1500, "experience": 0, "games": 3}, "unknown: games"),
        (FibsRating, [1500, 0], "read from a mapping"),
    ],
)
def test_bad_dicts_are_refused(cls: type, data: object, words: str) -> None:
    with pytest.raises(RatingError, match=words):
        cls.from_dict(data)  # type: ignore[attr-defined]


@given(st.builds(Glicko2Rating, st.floats(0, 10_000), st.floats(0.001, 1000), st.floats(1e-4, 1)))
def test_glicko2_ratings_round_trip_through_json(rating: Glicko2Rating) -> None:
    assert Glicko2Rating.from_dict(json.loads(json.dumps(rating.to_dict()))) == rating


@given(st.builds(FibsRating, st.floats(allow_nan=False, allow_infinity=False), st.integers(0)))
def test_fibs_ratings_round_trip_through_json(rating: FibsRating) -> None:
    assert FibsRating.from_dict(json.loads(json.dumps(rating.to_dict()))) == rating
