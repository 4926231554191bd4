"""The one-sided bear-off database against values worked out by hand, and the exact two-sided
win chances built from it."""

from fractions import Fraction

import numpy as np
import pytest

from gamehall.engines.neural import bearoff


def rolls(home: list[int]) -> list[float]:
    """36 times the chance of needing 0, 1, 2, 3 rolls."""
    return [round(36 * p, 9) for p in bearoff.distribution(home)[:4]]


@pytest.mark.parametrize(
    ("point", "misses"),
    # One checker misses in one roll only when the roll moves fewer pips than its point:
    # 4: 2-1; 5: 1-1, 2-1, 3-1; 6: 1-1, 2-1, 3-1, 4-1, 3-2 (each non-double twice).
    [(1, 0), (2, 0), (3, 0), (4, 2), (5, 5), (6, 9)],
)
def test_one_checker(point: int, misses: int) -> None:
    home = [0] * 6
    home[point - 1] = 1
    assert rolls(home) == [0, 36 - misses, misses, 0]


def test_two_checkers() -> None:
    assert rolls([2, 0, 0, 0, 0, 0]) == [0, 36, 0, 0]
    # On the 2-point both come off unless a 1 is rolled with another number (10 of 36).
    assert rolls([0, 2, 0, 0, 0, 0]) == [0, 26, 10, 0]
    # Four checkers on the 1-point: a double takes all four, else two come off a roll.
    assert rolls([4, 0, 0, 0, 0, 0]) == [0, 6, 30, 0]


def test_the_table() -> None:
    db = bearoff.database()
    assert db.shape == (bearoff.SIZE, bearoff.MAX_ROLLS) == (54264, 32)
    assert np.allclose(db.sum(axis=1), 1.0)
    assert bearoff.distribution([0] * 6)[0] == 1.0
    # 15 checkers on the 1-point: doubles take four, others two; never more than 8 rolls.
    assert bearoff.distribution([15, 0, 0, 0, 0, 0])[9:].sum() == 0
    assert 6.9 < bearoff.mean_rolls([15, 0, 0, 0, 0, 0]) < 7.5
    with pytest.raises(ValueError, match="0 to 15 checkers"):
        bearoff.distribution([16, 0, 0, 0, 0, 0])


def test_two_sided_win_chances() -> None:
    six = np.array([[0, 0, 0, 0, 0, 1]])
    one = np.array([[1, 0, 0, 0, 0, 0]])
    # On roll with one checker on the 6 against one on the 1: win unless the roll misses (9/36).
    assert bearoff.win_chances(six, one)[0] == pytest.approx(float(Fraction(27, 36)))
    # The side on roll with the 1-point checker always wins.
    assert bearoff.win_chances(one, six)[0] == pytest.approx(1.0)
    # One checker on the 6 each: the first misses 9/36, then the second wins unless it misses.
    assert bearoff.win_chances(six, six)[0] == pytest.approx(27 / 36 + 9 / 36 * 9 / 36)


def test_bearoff_boards() -> None:
    boards = np.zeros((2, 2, 26), np.int8)
    boards[:, :, 0] = 14
    boards[:, :, 3] = 1
    boards[1, 1, 3], boards[1, 1, 9] = 0, 1
    assert bearoff.is_bearoff(boards).tolist() == [True, False]
