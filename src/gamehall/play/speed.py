"""How long a match on a time control is expected to last, and its speed in one word.

A lobby sorts and filters offers by speed, as lichess does: the estimate is each side's initial
time plus what every turn gives back (the increment, the delay, a byoyomi period) over a
usual number of turns, and the speed is the band it falls in. An offer without a clock is
``untimed``.
"""

from typing import Literal

from gamehall.play.clock import Byoyomi, Delay, Fischer, TimeControl

Speed = Literal["untimed", "bullet", "blitz", "rapid", "classical"]
"""A time control's speed, from the quickest; ``untimed`` for no clock."""

SPEEDS: tuple[Speed, ...] = ("untimed", "bullet", "blitz", "rapid", "classical")
"""Every speed, in the order a lobby lists them."""

TURNS_PER_GAME = 40
"""The turns each side is counted to take in one game (lichess counts 40 moves)."""

BANDS: tuple[tuple[float, Speed], ...] = ((180, "bullet"), (480, "blitz"), (1500, "rapid"))
"""The estimate (seconds) below which a control has each speed; classical from the last."""


def per_turn(control: TimeControl) -> float:
    """The seconds a side is given back, or spends free, on every turn."""
    if isinstance(control, Fischer):
        return control.increment
    if isinstance(control, Delay):
        return control.delay
    assert isinstance(control, Byoyomi)
    return control.period


def estimated_seconds(control: TimeControl, length: int) -> float:
    """Each side's expected time in a match of ``length`` points or games (money play, 0, is
    counted as one game): the initial time and ``TURNS_PER_GAME`` turns a game."""
    games = max(length, 1)
    return control.initial_time(games) + TURNS_PER_GAME * games * per_turn(control)


def speed_of(control: TimeControl | None, length: int) -> Speed:
    """The speed of a match of ``length`` on ``control`` (``untimed`` without a clock)."""
    if control is None:
        return "untimed"
    estimate = estimated_seconds(control, length)
    for below, speed in BANDS:
        if estimate < below:
            return speed
    return "classical"
