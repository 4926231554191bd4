"""Ratings per game kind: which systems each game keeps, and one rated result updating both."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.ratings import (
    GAME_KINDS,
    TABLES_GAMES,
    FibsRating,
    GameRatings,
    Glicko2Rating,
    RatingError,
    check_game,
    fibs,
    glicko2,
    rate_result,
    systems,
)


def test_every_game_keeps_glicko2_and_the_tables_games_fibs_too() -> None:
    assert set(GAME_KINDS) == {"renju", "backgammon", "georgian", "nardy"}
    assert systems("renju") == ("glicko2",)
    for game in ("backgammon", "georgian", "nardy"):
        assert game in TABLES_GAMES and systems(game) == ("glicko2", "fibs")
    with pytest.raises(RatingError, match="game 'chess' is not rated: choose one of"):
        systems("chess")  # type: ignore[arg-type]
    with pytest.raises(RatingError, match="not rated"):
        check_game(None)


def test_a_newcomers_ratings() -> None:
    renju = GameRatings.new("renju")
    assert renju == GameRatings("renju", Glicko2Rating(), None)
    assert renju.provisional and renju.display() == "1500?"
    nardy = GameRatings.new("nardy")
    assert nardy.fibs == FibsRating()


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: GameRatings("backgammon"), "backgammon keeps a FIBS rating"),
        (lambda: GameRatings("renju", Glicko2Rating(), FibsRating()), "renju keeps no FIBS"),
        (lambda: GameRatings("renju", {"rating": 1500}), "glicko2 must be a Glicko2Rating"),  # type: ignore[arg-type]
        (lambda: GameRatings("go"), "game 'go' is not rated"),  # type: ignore[arg-type]
        (lambda: GameRatings.from_dict({"game": "renju"}), "fields game, glicko2, fibs"),
    ],
)
def test_bad_game_ratings_are_refused(make: object, words: str) -> None:
    assert callable(make)
    with pytest.raises(RatingError, match=words):
        make()


@pytest.mark.parametrize("game", ["renju", "backgammon", "georgian", "nardy"])
def test_game_ratings_round_trip_through_json(game: str) -> None:
    first, second = GameRatings.new(game), GameRatings.new(game)  # type: ignore[arg-type]
    length = None if game == "renju" else 3
    first, _ = rate_result(first, second, 1, length)
    assert GameRatings.from_dict(json.loads(json.dumps(first.to_dict()))) == first


def test_a_renju_draw_brings_the_glicko2_ratings_closer() -> None:
    strong = GameRatings("renju", Glicko2Rating(1800, 80, 0.06))
    weak = GameRatings("renju", Glicko2Rating(1500, 120, 0.06))
    strong_after, weak_after = rate_result(strong, weak, 0.5)
    assert (strong_after.glicko2, weak_after.glicko2) == glicko2.rate_game(
        strong.glicko2, weak.glicko2, 0.5
    )
    assert strong_after.glicko2.rating < 1800 and weak_after.glicko2.rating > 1500
    assert strong_after.fibs is None and weak_after.fibs is None


def test_a_tables_match_moves_both_systems() -> None:
    first = GameRatings("backgammon", Glicko2Rating(1600, 90, 0.06), FibsRating(1500, 250))
    second = GameRatings("backgammon", Glicko2Rating(1650, 60, 0.06), FibsRating(1700, 600))
    first_after, second_after = rate_result(first, second, 1, length=9)
    assert (first_after.glicko2, second_after.glicko2) == glicko2.rate_game(
        first.glicko2, second.glicko2, 1
    )
    assert (first_after.fibs, second_after.fibs) == fibs.rate_match(first.fibs, second.fibs, 9)  # type: ignore[arg-type]
    lost_second, lost_first = rate_result(second, first, 0, length=9)
    assert (lost_first, lost_second) == (first_after, second_after)


@pytest.mark.parametrize(
    ("first", "second", "score", "length", "words"),
    [
        ("renju", "nardy", 1, None, "a renju rating and a nardy rating cannot be rated together"),
        ("renju", "renju", 1, 3, "renju is rated game by game: give no match length"),
        ("georgian", "georgian", 1, None, "georgian is rated by the match: give the match length"),
        ("nardy", "nardy", 0.5, 3, "a nardy match cannot be drawn"),
        ("nardy", "nardy", 1, 0, "match length must be 1 or more"),
        ("nardy", "nardy", 1, True, "match length must be a whole number, not True"),
        ("renju", "renju", "1", None, "a result must be 1"),
    ],
)
def test_bad_results_are_refused(
    first: str, second: str, score: object, length: object, words: str
) -> None:
    with pytest.raises(RatingError, match=words):
        rate_result(
            GameRatings.new(first),  # type: ignore[arg-type]
            GameRatings.new(second),  # type: ignore[arg-type]
            score,  # type: ignore[arg-type]
            length,  # type: ignore[arg-type]
        )
    with pytest.raises(RatingError, match="must be GameRatings"):
        rate_result(Glicko2Rating(), GameRatings.new("renju"), 1)  # type: ignore[arg-type]


@given(st.sampled_from(TABLES_GAMES), st.integers(1, 25), st.lists(st.booleans(), max_size=20))
def test_experience_adds_up_the_lengths_played(
    game: str, length: int, first_wins: list[bool]
) -> None:
    first, second = GameRatings.new(game), GameRatings.new(game)  # type: ignore[arg-type]
    for won in first_wins:
        first, second = rate_result(first, second, 1 if won else 0, length)
    assert first.fibs is not None and second.fibs is not None
    assert first.fibs.experience == second.fibs.experience == length * len(first_wins)
    # Between two players of equal experience the FIBS rating is zero-sum.
    assert first.fibs.rating + second.fibs.rating == pytest.approx(3000)
