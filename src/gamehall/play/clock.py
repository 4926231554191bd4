"""Game clocks: Fischer increment, the backgammon delay clock and byoyomi, with one model.

A :class:`Clock` has two sides, 0 and 1, and runs the clock of whoever must act, whether they
must move, roll, or decide on a double or a resignation. Time is read from an injectable *time
source* (a callable returning seconds, :func:`time.monotonic` by default), so that tests and
replays control it.

Time controls have a text form, as a command line would pass them (all times in seconds, written
as whole or decimal numbers)::

    fischer:300+5       300 s, and 5 s more after every action (fischer:300 means no increment)
    delay:12+600        backgammon clock: each turn 12 s are free, then a reserve of 600 s runs
    delay:12+60/pt      the same with a reserve of 60 s per point of the match (7 points: 420 s)
    byoyomi:600+5x30    600 s of main time, then 5 periods of 30 s

``TimeControl.parse(text)`` reads it and ``str(control)`` writes it back.

The rules, each applied when a side ends its turn (``switch`` or ``stop``):

* Fischer: the time used is taken from the clock, then the increment is added.
* Delay: the first ``delay`` seconds of every turn are free; only time beyond them is taken from
  the reserve.
* Byoyomi: the main time runs first; then the periods, one at a time. A turn ended within a
  period gives that period back in full; a period that runs out is lost.

Time is up the instant it reaches zero: a side flags when its clock, its reserve once its delay is
used, or its last period reaches zero. Every event can carry a :class:`ClockSnapshot` of both
clocks; a clock can be persisted with :meth:`Clock.to_dict` and resumed with
:meth:`Clock.from_dict`.
"""

from __future__ import annotations

import math
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Any

from typing_extensions import TypedDict

from gamehall.errors import GameError, RecordError

TimeSource = Callable[[], float]
"""A callable that returns the current time in seconds (only differences matter)."""

DAY = 24 * 3600
MOST_DAYS = 7
"""The longest time any part of a clock gives (its initial time, or what a turn gives back or
leaves free), in days: a week, long enough for correspondence play."""
MOST_PERIODS = 30
"""The most byoyomi periods."""

TIME_CONTROL_HELP = (
    "write fischer:300+5 (300 s, then 5 s more each move), delay:12+600 or delay:12+60/pt "
    "(12 s free each move, then a reserve of 600 s, or of 60 s per match point) or "
    f"byoyomi:600+5x30 (600 s, then 5 periods of 30 s); each time at most {MOST_DAYS} days (a "
    f"reserve per point 1 day), and at most {MOST_PERIODS} periods"
)

_NUMBER = r"([0-9]+(?:\.[0-9]+)?)"
"""Digits 0-9 only: other scripts' digits (which a regex's digit class and ``float`` take) are
not read."""
_FORMS = {
    "fischer": re.compile(rf"{_NUMBER}(?:\+{_NUMBER})?"),
    "delay": re.compile(rf"{_NUMBER}\+{_NUMBER}(/pt)?"),
    "byoyomi": re.compile(rf"{_NUMBER}\+([0-9]+)x{_NUMBER}"),
}


class ClockError(GameError):
    """The clock cannot do what was asked: started twice, switched while stopped, no such side."""


class TimeControlError(ClockError):
    """A time control that cannot be read or makes no sense (no time at all, a negative time)."""


class TimeExpiredError(ClockError):
    """A side's time ran out before it ended its turn: it has lost on time."""

    def __init__(self, side: int) -> None:
        super().__init__(f"player {side} has run out of time")
        self.side = side


def _seconds(value: float) -> str:
    """A number of seconds in the shortest text that reads back to the same float."""
    text = format(Decimal(repr(float(value))), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _check_time(value: float, what: str) -> None:
    if not (math.isfinite(value) and value >= 0):
        raise TimeControlError(f"{what} must be a number of seconds, zero or more, not {value}")


def _check_most(value: float, what: str, days: int = MOST_DAYS) -> None:
    """Refuse ``value`` seconds when they are more than ``days`` days."""
    if value > days * DAY:
        most = "1 day" if days == 1 else f"{days} days"
        raise TimeControlError(f"{what} is at most {most}, not {_seconds(value)} s")


class TimeControl(ABC):
    """How much time each side has and how it is given back: Fischer, Delay or Byoyomi."""

    @staticmethod
    def parse(text: str) -> TimeControl:
        """Read a time control written as ``fischer:300+5``, ``delay:12+60/pt``, ``byoyomi:...``.
        The controls read are kept (a control is a frozen value, and a match's clock text is
        read again for every change the server stores)."""
        return _parsed(text)

    @abstractmethod
    def initial_time(self, match_length: int | None = None) -> float:
        """Seconds on each side's clock at the start (``match_length`` for a reserve per point)."""

    @property
    def initial_periods(self) -> int:
        """Byoyomi periods each side starts with (none for the other controls)."""
        return 0

    @abstractmethod
    def _spend(
        self, remaining: float, periods: int, before: float, after: float
    ) -> tuple[float, int, bool]:
        """The clock of a running side whose turn has gone from ``before`` to ``after`` seconds.

        ``remaining`` and ``periods`` are the side's values at ``before``; returns the values at
        ``after`` and whether the side has run out of time.
        """

    @abstractmethod
    def _finish(self, remaining: float, periods: int) -> float:
        """The clock of a side that ends its turn in time with ``remaining`` and ``periods``."""

    def _free_left(self, elapsed: float) -> float:
        """Seconds of a turn that has lasted ``elapsed`` still to pass before its side's time
        runs (none but on a delay clock)."""
        return 0.0


@dataclass(frozen=True)
class Fischer(TimeControl):
    """``initial`` seconds, and ``increment`` seconds added after every turn."""

    initial: float
    increment: float = 0.0

    def __post_init__(self) -> None:
        _check_time(self.initial, "the initial time")
        _check_time(self.increment, "the increment")
        if self.initial == 0:
            raise TimeControlError("a Fischer clock needs some initial time")
        _check_most(self.initial, "a clock's initial time")
        _check_most(self.increment, "a clock's increment")

    def __str__(self) -> str:
        increment = f"+{_seconds(self.increment)}" if self.increment else ""
        return f"fischer:{_seconds(self.initial)}{increment}"

    def initial_time(self, match_length: int | None = None) -> float:
        """The initial time."""
        return self.initial

    def _spend(
        self, remaining: float, periods: int, before: float, after: float
    ) -> tuple[float, int, bool]:
        left = remaining - (after - before)
        return max(left, 0.0), periods, left <= 0

    def _finish(self, remaining: float, periods: int) -> float:
        return remaining + self.increment


@dataclass(frozen=True)
class Delay(TimeControl):
    """The backgammon clock: ``delay`` free seconds every turn, then the ``reserve`` runs.

    With ``per_point`` the reserve is that many seconds per point of the match.
    """

    delay: float
    reserve: float
    per_point: bool = False

    def __post_init__(self) -> None:
        _check_time(self.delay, "the delay")
        _check_time(self.reserve, "the reserve")
        if self.delay + self.reserve == 0:
            raise TimeControlError("a delay clock needs a delay or a reserve")
        _check_most(self.delay, "a clock's delay")
        if self.per_point:
            _check_most(self.reserve, "a clock's reserve per match point", 1)
        else:
            _check_most(self.reserve, "a clock's reserve")

    def __str__(self) -> str:
        per_point = "/pt" if self.per_point else ""
        return f"delay:{_seconds(self.delay)}+{_seconds(self.reserve)}{per_point}"

    def initial_time(self, match_length: int | None = None) -> float:
        """The reserve; with a reserve per point, times the match length."""
        if not self.per_point:
            return self.reserve
        if match_length is None or match_length < 1:
            raise TimeControlError(
                f"{self} gives a reserve per match point: "
                "say how many points the match is played to"
            )
        return self.reserve * match_length

    def _spend(
        self, remaining: float, periods: int, before: float, after: float
    ) -> tuple[float, int, bool]:
        charged = max(after - self.delay, 0.0) - max(before - self.delay, 0.0)
        left = remaining - charged
        return max(left, 0.0), periods, left <= 0 and after >= self.delay

    def _finish(self, remaining: float, periods: int) -> float:
        return remaining

    def _free_left(self, elapsed: float) -> float:
        return max(self.delay - elapsed, 0.0)


@dataclass(frozen=True)
class Byoyomi(TimeControl):
    """``main`` seconds, then ``periods`` periods of ``period`` seconds each.

    On this clock a side's remaining time counts the main time and every period it has left
    (the current one with what is left of it): ``main + periods * period`` at the start.
    """

    main: float
    periods: int
    period: float

    def __post_init__(self) -> None:
        _check_time(self.main, "the main time")
        _check_time(self.period, "the period")
        if self.periods < 1 or self.period == 0:
            raise TimeControlError("byoyomi needs at least one period of some seconds")
        if self.periods > MOST_PERIODS:
            raise TimeControlError(
                f"byoyomi has at most {MOST_PERIODS} periods, not {self.periods}"
            )
        _check_most(self.main, "a clock's main time")
        _check_most(self.period, "a byoyomi period")

    def __str__(self) -> str:
        return f"byoyomi:{_seconds(self.main)}+{self.periods}x{_seconds(self.period)}"

    def initial_time(self, match_length: int | None = None) -> float:
        """The main time and all the periods."""
        return self.main + self.periods * self.period

    @property
    def initial_periods(self) -> int:
        """The number of periods."""
        return self.periods

    def _spend(
        self, remaining: float, periods: int, before: float, after: float
    ) -> tuple[float, int, bool]:
        left = remaining - (after - before)
        if left <= 0:
            return 0.0, 0, True
        return left, min(periods, math.ceil(left / self.period)), False

    def _finish(self, remaining: float, periods: int) -> float:
        return max(remaining, periods * self.period)


def _side(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    raise RecordError(f"a clock side must be 0, 1 or null, not {value!r}")


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RecordError(f"{what} must be a number of seconds, zero or more, not {value!r}")
    if not math.isfinite(value) or value < 0:
        raise RecordError(f"{what} must be a number of seconds, zero or more, not {value!r}")
    return float(value)


def _pair(data: Mapping[str, object], key: str) -> tuple[object, object]:
    value = data.get(key)
    if not isinstance(value, list) or len(value) != 2:
        raise RecordError(f"a clock snapshot needs {key!r} as a list of two values")
    first: object = value[0]
    second: object = value[1]
    return first, second


def _periods(value: object, both: tuple[object, object]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordError(f"byoyomi periods must be whole numbers, zero or more: {list(both)}")
    return value


class ClockReadings(TypedDict):
    """``ClockSnapshot.to_dict()``: what a front end reads of both clocks."""

    remaining: list[float]
    periods: list[int]
    running: int | None
    elapsed: float
    flagged: int | None


@dataclass(frozen=True, slots=True)
class ClockSnapshot:
    """Both clocks at one instant, to attach to an event.

    ``remaining`` is each side's time left (for byoyomi: main time plus the periods left, the
    current one counted with what is left of it); ``periods`` the byoyomi periods left (0 on other
    clocks); ``running`` the side whose clock runs, or None; ``elapsed`` how long that side has
    been on its current turn (a display shows the delay left as ``delay - elapsed``);
    ``flagged`` the side whose time ran out, or None.
    """

    remaining: tuple[float, float]
    periods: tuple[int, int] = (0, 0)
    running: int | None = None
    elapsed: float = 0.0
    flagged: int | None = None
    _readings: ClockReadings | None = field(default=None, init=False, repr=False, compare=False)

    def to_dict(self) -> ClockReadings:
        """A JSON-able dict: ``remaining``, ``periods``, ``running``, ``elapsed``, ``flagged``."""
        return {
            "remaining": list(self.remaining),
            "periods": list(self.periods),
            "running": self.running,
            "elapsed": self.elapsed,
            "flagged": self.flagged,
        }

    @property
    def readings(self) -> ClockReadings:
        """``to_dict()`` made once, for the events that carry the snapshot: it is written and
        sent with each of them several times, and must be read, never changed. (Kept in a
        slot, not a ``cached_property``'s instance dict: every action's events keep a snapshot,
        and a dict more each is work for the garbage collector.)"""
        readings = self._readings
        if readings is None:
            readings = self.to_dict()
            object.__setattr__(self, "_readings", readings)
        return readings

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> ClockSnapshot:
        """Read :meth:`to_dict`'s form back; RecordError if it is not one."""
        if not isinstance(data, Mapping):
            raise RecordError("a clock snapshot must be a JSON object")
        first, second = (_number(t, "a clock's remaining time") for t in _pair(data, "remaining"))
        periods = [_periods(p, _pair(data, "periods")) for p in _pair(data, "periods")]
        running, flagged = _side(data.get("running")), _side(data.get("flagged"))
        elapsed = _number(data.get("elapsed"), "the time of the current turn")
        if running is None and elapsed:
            raise RecordError("a stopped clock cannot have a turn in progress")
        return cls((first, second), (periods[0], periods[1]), running, elapsed, flagged)


class Clock:
    """Two clocks, for sides 0 and 1, of which at most one runs.

    Every method that changes the clock reads the time source once and returns the snapshot of
    that instant.
    """

    def __init__(
        self,
        control: TimeControl,
        *,
        match_length: int | None = None,
        time_source: TimeSource = time.monotonic,
        state: ClockSnapshot | None = None,
    ) -> None:
        """A stopped clock with the control's initial time, or resumed from ``state``.

        A resumed clock that was running goes on from the moment it is created: the time between
        the snapshot and the resumption is not charged.
        """
        self.control = control
        self._time = time_source
        if state is None:
            start = control.initial_time(match_length)
            state = ClockSnapshot((start, start), (control.initial_periods,) * 2)
        self._remaining = list(state.remaining)
        self._periods = list(state.periods)
        self._running = state.running
        self._elapsed = state.elapsed
        self._flagged = state.flagged
        self._since = self._time()

    @property
    def running(self) -> int | None:
        """The side whose clock runs, or None."""
        return self._running

    def start(self, side: int) -> ClockSnapshot:
        """Start ``side``'s clock (at the start of a game, or after :meth:`stop`)."""
        self._check_side(side)
        self._catch_flag(now := self._time())
        if self._running is not None:
            raise ClockError(f"the clock of player {self._running} is already running")
        self._begin_turn(side, now)
        return self._view(now)

    def switch(self, to_side: int) -> ClockSnapshot:
        """End the running side's turn and start ``to_side``'s clock (which may be the same side).

        If the running side's time had already run out, nothing is switched: the clock stops with
        that side flagged and TimeExpiredError is raised (and so does :meth:`start`).
        """
        self._check_side(to_side)
        self._catch_flag(now := self._time())
        if self._running is None:
            raise ClockError("the clock is not running: start it first")
        self._end_turn(self._running, now)
        self._begin_turn(to_side, now)
        return self._view(now)

    def stop(self) -> ClockSnapshot:
        """End the running side's turn as :meth:`switch` does, and start no clock.

        A side whose time had run out is flagged (see :meth:`flagged`) rather than an error
        raised: stopping is always possible. Stopping a stopped clock changes nothing.
        """
        now = self._time()
        if self._running is not None:
            self._end_turn(self._running, now)
        return self._view(now)

    def give(self, side: int, seconds: float) -> ClockSnapshot:
        """Add ``seconds`` to ``side``'s time (an arbiter's penalty of the other side), running
        or not; a side already flagged stays flagged."""
        self._check_side(side)
        _check_time(seconds, "the time given")
        self._remaining[side] += seconds
        return self._view(self._time())

    def remaining(self, side: int) -> float:
        """Seconds left on ``side``'s clock now (see :class:`ClockSnapshot` for byoyomi)."""
        self._check_side(side)
        return self._view(self._time()).remaining[side]

    def periods(self, side: int) -> int:
        """Byoyomi periods ``side`` has left now (0 on other clocks)."""
        self._check_side(side)
        return self._view(self._time()).periods[side]

    def flagged(self) -> int | None:
        """The side whose time has run out by now, or None: ``snapshot().flagged``, reckoned
        for the running side alone (every legal action asks it)."""
        return self._flag_at(self._time())

    def flags_in(self) -> float | None:
        """Seconds from now until the running side's time runs out (0 once it has; a delay
        clock's unused delay counted), or None when no clock runs: what a server's timer
        waits for, reckoned for the running side alone (it is asked after every action)."""
        side = self._running
        if side is None:
            return None
        remaining, _, _, elapsed = self._spent(side, self._time())
        return max(remaining, 0.0) + self.control._free_left(elapsed)

    def snapshot(self) -> ClockSnapshot:
        """Both clocks now."""
        return self._view(self._time())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: the control's text under ``control``, a snapshot under ``state``."""
        return {"control": str(self.control), "state": self.snapshot().to_dict()}

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], *, time_source: TimeSource = time.monotonic
    ) -> Clock:
        """Resume a clock saved by :meth:`to_dict`; RecordError if ``data`` is not one."""
        text = data.get("control") if isinstance(data, Mapping) else None
        if not isinstance(text, str):
            raise RecordError("a saved clock needs its time control as text under 'control'")
        try:
            control = TimeControl.parse(text)
        except TimeControlError as error:
            raise RecordError(str(error)) from error
        saved_state = data.get("state") or {}
        if not isinstance(saved_state, Mapping):
            raise RecordError("a clock snapshot must be a JSON object")
        state = ClockSnapshot.from_dict(saved_state)
        return cls(control, time_source=time_source, state=state)

    def saved(self) -> dict[str, Any]:
        """The clock as it stands, read without the time source: its control, its state at
        the instant it last changed (``state``) and that instant (``since``). ``Clock.restore``
        goes on from it exactly, the time since that instant charged as the original would."""
        state = ClockSnapshot(
            (self._remaining[0], self._remaining[1]),
            (self._periods[0], self._periods[1]),
            self._running,
            self._elapsed,
            self._flagged,
        )
        return {"control": str(self.control), "state": state.to_dict(), "since": self._since}

    @classmethod
    def restore(
        cls, data: Mapping[str, object], *, time_source: TimeSource = time.monotonic
    ) -> Clock:
        """The clock that :meth:`saved` gave; RecordError if ``data`` is not one."""
        clock = cls.from_dict(data, time_source=time_source)
        clock._since = _number(data.get("since"), "the time the clock last changed")
        return clock

    def _check_side(self, side: int) -> None:
        if type(side) is not int or side not in (0, 1):
            raise ClockError(f"there is no player {side!r} on this clock: the players are 0 and 1")

    def _flag_at(self, now: float) -> int | None:
        """``_view(now).flagged``, reckoned for the running side alone."""
        side = self._running
        if self._flagged is not None or side is None:
            return self._flagged
        return side if self._spent(side, now)[2] else None

    def _catch_flag(self, now: float) -> None:
        """Raise TimeExpiredError if a side has run out of time by ``now``, stopping its clock."""
        if self._running is not None and self._flag_at(now) is not None:
            self._end_turn(self._running, now)
        if self._flagged is not None:
            raise TimeExpiredError(self._flagged)

    def _begin_turn(self, side: int, now: float) -> None:
        self._running, self._elapsed, self._since = side, 0.0, now

    def _end_turn(self, side: int, now: float) -> None:
        """Settle the turn of ``side``, which runs, at ``now``; flag it if its time ran out."""
        remaining, periods, out, _ = self._spent(side, now)
        self._periods[side] = periods
        if self._flagged is None and not out:
            self._remaining[side] = self.control._finish(remaining, periods)
        else:
            self._remaining[side] = remaining
            if self._flagged is None:
                self._flagged = side
        self._running, self._elapsed, self._since = None, 0.0, now

    def _spent(self, side: int, now: float) -> tuple[float, int, bool, float]:
        """The running ``side``'s time and periods at ``now``, whether it has run out, and the
        seconds its turn has lasted."""
        elapsed = self._elapsed + max(now - self._since, 0.0)
        remaining, periods, out = self.control._spend(
            self._remaining[side], self._periods[side], self._elapsed, elapsed
        )
        return remaining, periods, out, elapsed

    def _view(self, now: float) -> ClockSnapshot:
        """Both clocks at ``now``, without changing anything."""
        remaining, periods = list(self._remaining), list(self._periods)
        side, flagged, elapsed = self._running, self._flagged, 0.0
        if side is not None:
            remaining[side], periods[side], out, elapsed = self._spent(side, now)
            if out and flagged is None:
                flagged = side
        return ClockSnapshot(
            (remaining[0], remaining[1]), (periods[0], periods[1]), side, elapsed, flagged
        )


@lru_cache(maxsize=256)
def _parsed(text: str) -> TimeControl:
    """``TimeControl.parse``, kept for each text read (a refused text is not kept)."""
    kind, _, rest = text.strip().lower().partition(":")
    form = _FORMS.get(kind)
    match = form.fullmatch(rest) if form else None
    if match is None:
        raise TimeControlError(f"{text!r} is not a time control: {TIME_CONTROL_HELP}")
    numbers = match.groups()
    if kind == "fischer":
        return Fischer(float(numbers[0]), float(numbers[1] or 0))
    if kind == "delay":
        return Delay(float(numbers[0]), float(numbers[1]), per_point=bool(numbers[2]))
    return Byoyomi(float(numbers[0]), int(numbers[1]), float(numbers[2]))
