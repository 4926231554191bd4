"""A time control's speed: the estimate is the initial time and forty turns a game of what
each turn gives back; the bands are lichess's."""

import pytest

from gamehall.play.clock import TimeControl
from gamehall.play.speed import estimated_seconds, speed_of


@pytest.mark.parametrize(
    ("clock", "length", "seconds"),
    [
        ("fischer:60", 1, 60),
        ("fischer:180+2", 1, 180 + 80),
        ("fischer:300+5", 3, 300 + 3 * 200),
        ("delay:12+60/pt", 5, 300 + 5 * 480),
        ("delay:12+60/pt", 0, 60 + 480),  # money play counts as one game
        ("byoyomi:600+5x30", 1, 600 + 150 + 1200),
    ],
)
def test_the_estimate_counts_the_initial_time_and_every_turn(
    clock: str, length: int, seconds: float
) -> None:
    assert estimated_seconds(TimeControl.parse(clock), length) == seconds


@pytest.mark.parametrize(
    ("clock", "length", "speed"),
    [
        (None, 1, "untimed"),
        ("fischer:60", 1, "bullet"),
        ("fischer:120+1", 1, "bullet"),
        ("fischer:180+2", 1, "blitz"),
        ("fischer:300+5", 1, "rapid"),
        ("fischer:900+10", 3, "classical"),
        ("fischer:300+5", 3, "rapid"),
        ("fischer:300+5", 6, "classical"),
    ],
)
def test_the_speed_is_the_band_of_the_estimate(clock: str | None, length: int, speed: str) -> None:
    control = None if clock is None else TimeControl.parse(clock)
    assert speed_of(control, length) == speed
