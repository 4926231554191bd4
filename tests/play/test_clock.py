"""Clocks: time controls and their text form, the three clocks' rules, flags and persistence.

Every test drives time by hand with a fake time source: nothing sleeps.
"""

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.errors import GameError, RecordError
from gamehall.play.clock import (
    DAY,
    Byoyomi,
    Clock,
    ClockError,
    ClockSnapshot,
    Delay,
    Fischer,
    TimeControl,
    TimeControlError,
    TimeExpiredError,
)


class FakeTime:
    """A time source that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def make(text: str, match_length: int | None = None) -> tuple[Clock, FakeTime]:
    fake = FakeTime()
    return Clock(TimeControl.parse(text), match_length=match_length, time_source=fake), fake


# Time controls


@pytest.mark.parametrize(
    ("text", "control"),
    [
        ("fischer:300+5", Fischer(300, 5)),
        ("fischer:300", Fischer(300)),
        ("fischer:0.5+0.25", Fischer(0.5, 0.25)),
        ("delay:12+600", Delay(12, 600)),
        ("delay:12+60/pt", Delay(12, 60, per_point=True)),
        ("delay:12+0", Delay(12, 0)),
        ("byoyomi:600+5x30", Byoyomi(600, 5, 30)),
        ("byoyomi:0+3x10", Byoyomi(0, 3, 10)),
    ],
)
def test_time_controls_read_and_write_back(text: str, control: TimeControl) -> None:
    assert TimeControl.parse(text) == control
    assert str(control) == text
    assert eval(repr(control)) == control


def test_parse_forgives_spaces_and_capitals() -> None:
    assert TimeControl.parse("  Fischer:300+5 ") == Fischer(300, 5)
    assert str(TimeControl.parse("fischer:300+0")) == "fischer:300"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "300+5",
        "fischer",
        "fischer:",
        "fischer:five",
        "fischer:-3+5",
        "fischer:300+5+1",
        "delay:12",
        "delay:12+60/point",
        "byoyomi:600+5",
        "byoyomi:600+2.5x30",
        "bronstein:300+5",
        "fischer:\u0967\u0968+5",  # Devanagari digits: 0-9 only
        "byoyomi:600+\u0665x30",
    ],
)
def test_unreadable_time_controls_say_how_to_write_one(text: str) -> None:
    with pytest.raises(TimeControlError, match=r"is not a time control: write fischer:300\+5"):
        TimeControl.parse(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fischer:0+5", "needs some initial time"),
        ("delay:0+0", "needs a delay or a reserve"),
        ("byoyomi:600+0x30", "at least one period"),
        ("byoyomi:600+3x0", "at least one period"),
    ],
)
def test_time_controls_without_time_are_refused(text: str, message: str) -> None:
    with pytest.raises(TimeControlError, match=message):
        TimeControl.parse(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fischer:99999999999+0", "a clock's initial time is at most 7 days, not 99999999999 s"),
        ("fischer:604801", "a clock's initial time is at most 7 days, not 604801 s"),
        ("fischer:300+604800.5", "a clock's increment is at most 7 days, not 604800.5 s"),
        ("delay:604801+0", "a clock's delay is at most 7 days"),
        ("delay:12+604801", "a clock's reserve is at most 7 days"),
        ("delay:12+86401/pt", "a clock's reserve per match point is at most 1 day, not 86401 s"),
        ("byoyomi:604801+5x30", "a clock's main time is at most 7 days"),
        ("byoyomi:600+5x604801", "a byoyomi period is at most 7 days"),
        ("byoyomi:600+31x30", "byoyomi has at most 30 periods, not 31"),
    ],
)
def test_time_controls_beyond_their_limits_are_refused(text: str, message: str) -> None:
    with pytest.raises(TimeControlError, match=f"^{re.escape(message)}"):
        TimeControl.parse(text)


def test_time_controls_at_their_limits_are_accepted() -> None:
    week, day = 7 * 24 * 3600, 24 * 3600
    assert TimeControl.parse(f"fischer:{week}+{week}") == Fischer(week, week)
    assert TimeControl.parse(f"delay:{week}+{week}") == Delay(week, week)
    assert TimeControl.parse(f"delay:{week}+{day}/pt") == Delay(week, day, per_point=True)
    assert TimeControl.parse(f"byoyomi:{week}+30x{week}") == Byoyomi(week, 30, week)


@pytest.mark.parametrize("value", [-1.0, float("inf"), float("nan")])
def test_times_must_be_finite_and_not_negative(value: float) -> None:
    with pytest.raises(TimeControlError, match="zero or more"):
        Fischer(300, value)
    with pytest.raises(TimeControlError, match="zero or more"):
        Delay(value, 60)


def test_a_reserve_per_point_needs_the_match_length() -> None:
    control = Delay(12, 60, per_point=True)
    assert control.initial_time(7) == 420
    for length in (None, 0):
        with pytest.raises(TimeControlError, match="how many points"):
            control.initial_time(length)
    with pytest.raises(TimeControlError, match="how many points"):
        Clock(control)


def test_initial_times() -> None:
    assert Fischer(300, 5).initial_time() == 300
    assert Delay(12, 600).initial_time(7) == 600
    assert Byoyomi(600, 5, 30).initial_time() == 750
    assert Byoyomi(600, 5, 30).initial_periods == 5
    assert Fischer(300).initial_periods == 0


seconds = st.decimals(0, DAY, places=3).map(float)  # a per-point reserve is at most a day
controls = st.one_of(
    st.builds(Fischer, seconds.filter(bool), seconds),
    st.builds(Delay, seconds, seconds.filter(bool), st.booleans()),
    st.builds(Delay, seconds.filter(bool), seconds, st.booleans()),
    st.builds(Byoyomi, seconds, st.integers(1, 30), seconds.filter(bool)),
    st.builds(Fischer, st.floats(1e-9, 604800), st.floats(0, 604800)),
)


@given(controls)
def test_every_time_control_round_trips_through_text(control: TimeControl) -> None:
    assert TimeControl.parse(str(control)) == control


def _flags_in_by_snapshot(clock: Clock) -> float | None:
    """``Clock.flags_in`` as the snapshot gives it: the running side's remaining time, and a
    delay clock's unused delay."""
    snapshot = clock.snapshot()
    if snapshot.running is None:
        return None
    wait = snapshot.remaining[snapshot.running]
    if isinstance(clock.control, Delay):
        wait += max(clock.control.delay - snapshot.elapsed, 0.0)
    return max(wait, 0.0)


@given(controls, st.lists(st.tuples(st.sampled_from(["wait", "switch", "stop"]), seconds)))
def test_flagged_and_flags_in_are_the_snapshots_at_every_moment(
    control: TimeControl, steps: list[tuple[str, float]]
) -> None:
    fake = FakeTime()
    clock = Clock(control, match_length=5, time_source=fake)
    clock.start(0)
    side = 0
    for what, wait in steps:
        fake.advance(wait)
        assert clock.flagged() == clock.snapshot().flagged
        assert clock.flags_in() == _flags_in_by_snapshot(clock)
        if what == "switch" and clock.flagged() is None:
            side = 1 - side
            clock.switch(side)
        elif what == "stop":
            clock.stop()
            if clock.flagged() is None:
                clock.start(side)
    assert clock.flagged() == clock.snapshot().flagged
    assert clock.flags_in() == _flags_in_by_snapshot(clock)


# Fischer


def test_fischer_runs_only_the_clock_of_the_side_to_act_and_adds_the_increment() -> None:
    clock, time = make("fischer:300+5")
    assert clock.running is None
    time.advance(50)
    assert clock.remaining(0) == clock.remaining(1) == 300
    clock.start(0)
    time.advance(20)
    assert clock.remaining(0) == 280
    assert clock.remaining(1) == 300
    snapshot = clock.switch(1)
    assert snapshot == ClockSnapshot((285, 300), (0, 0), running=1)
    time.advance(100)
    assert clock.switch(0).remaining == (285, 205)


def test_fischer_flags_when_the_clock_reaches_zero() -> None:
    clock, time = make("fischer:60+2")
    clock.start(0)
    time.advance(59.5)
    assert clock.flagged() is None
    time.advance(0.5)
    assert clock.flagged() == 0
    assert clock.remaining(0) == 0


# Backgammon delay clock


def test_delay_time_within_the_delay_is_free() -> None:
    clock, time = make("delay:12+60/pt", match_length=5)
    assert clock.remaining(0) == 300
    clock.start(0)
    time.advance(12)
    assert clock.remaining(0) == 300
    assert clock.snapshot().elapsed == 12
    time.advance(8)
    assert clock.remaining(0) == 292
    clock.switch(1)
    time.advance(5)
    assert clock.switch(0).remaining == (292, 300)
    time.advance(20)
    assert clock.remaining(0) == 284


def test_delay_each_press_of_the_clock_gives_a_fresh_delay() -> None:
    clock, time = make("delay:10+100")
    clock.start(0)
    for _ in range(5):
        time.advance(15)
        clock.switch(0)
    assert clock.remaining(0) == 75


def test_delay_only_clock_flags_when_the_delay_runs_out() -> None:
    clock, time = make("delay:12+0")
    clock.start(0)
    time.advance(11.9)
    assert clock.flagged() is None
    clock.switch(1)
    time.advance(12)
    assert clock.flagged() == 1


def test_delay_flags_when_the_reserve_runs_out() -> None:
    clock, time = make("delay:12+30")
    clock.start(1)
    time.advance(41.9)
    assert clock.flagged() is None
    time.advance(0.1)
    assert clock.flagged() == 1


# Byoyomi


def test_byoyomi_main_time_then_periods() -> None:
    clock, time = make("byoyomi:60+3x10")
    assert clock.remaining(0) == 90
    assert clock.periods(0) == 3
    clock.start(0)
    time.advance(55)
    assert (clock.remaining(0), clock.periods(0)) == (35, 3)
    clock.switch(1)
    clock.switch(0)
    time.advance(9)
    assert (clock.remaining(0), clock.periods(0)) == (26, 3)


def test_byoyomi_a_turn_ended_within_a_period_gives_it_back() -> None:
    clock, time = make("byoyomi:0+3x10")
    clock.start(0)
    time.advance(9)
    assert clock.remaining(0) == 21
    clock.switch(1)
    assert (clock.remaining(0), clock.periods(0)) == (30, 3)


def test_byoyomi_an_overrun_period_is_lost() -> None:
    clock, time = make("byoyomi:60+3x10")
    clock.start(0)
    time.advance(75)
    assert (clock.remaining(0), clock.periods(0)) == (15, 2)
    clock.switch(1)
    assert (clock.remaining(0), clock.periods(0)) == (20, 2)


def test_byoyomi_a_period_used_to_the_last_second_is_lost() -> None:
    clock, time = make("byoyomi:0+3x10")
    clock.start(0)
    time.advance(10)
    clock.switch(1)
    assert (clock.remaining(0), clock.periods(0)) == (20, 2)


def test_byoyomi_flags_when_the_last_period_runs_out() -> None:
    clock, time = make("byoyomi:5+2x10")
    clock.start(0)
    time.advance(24.5)
    assert (clock.flagged(), clock.periods(0)) == (None, 1)
    time.advance(0.5)
    assert clock.flagged() == 0
    assert (clock.remaining(0), clock.periods(0)) == (0, 0)


# Flags, stops and mistakes


def test_a_turn_ended_after_the_flag_is_refused_and_the_clock_stops() -> None:
    clock, time = make("fischer:60+5")
    clock.start(0)
    time.advance(61)
    with pytest.raises(TimeExpiredError, match="player 0 has run out of time") as caught:
        clock.switch(1)
    assert caught.value.side == 0
    assert clock.snapshot() == ClockSnapshot((0, 60), (0, 0), running=None, flagged=0)
    time.advance(100)
    assert clock.flagged() == 0
    assert clock.remaining(1) == 60
    with pytest.raises(TimeExpiredError):
        clock.start(1)
    with pytest.raises(TimeExpiredError):
        clock.switch(1)


def test_stop_ends_the_turn_and_records_a_flag_without_raising() -> None:
    clock, time = make("fischer:60+5")
    clock.start(0)
    time.advance(10)
    assert clock.stop() == ClockSnapshot((55, 60), (0, 0))
    time.advance(1000)
    assert clock.stop() == ClockSnapshot((55, 60), (0, 0))
    clock.start(1)
    time.advance(60)
    assert clock.stop().flagged == 1
    assert clock.running is None


def test_a_flag_is_caught_even_when_nobody_asked_for_it() -> None:
    clock, time = make("byoyomi:0+1x10")
    clock.start(1)
    time.advance(10)
    with pytest.raises(TimeExpiredError, match="player 1"):
        clock.start(0)
    assert clock.running is None
    assert clock.snapshot().flagged == 1


def test_starting_twice_or_switching_a_stopped_clock_is_refused() -> None:
    clock, _ = make("fischer:60")
    with pytest.raises(ClockError, match="not running"):
        clock.switch(1)
    clock.start(0)
    with pytest.raises(ClockError, match="player 0 is already running"):
        clock.start(1)


@pytest.mark.parametrize("side", [2, -1, True, "0"])
def test_there_are_only_players_0_and_1(side: Any) -> None:
    clock, _ = make("fischer:60")
    for action in (clock.start, clock.switch, clock.remaining, clock.periods):
        with pytest.raises(ClockError, match="the players are 0 and 1"):
            action(side)


def test_a_time_source_going_backwards_charges_nothing() -> None:
    clock, time = make("fischer:60")
    clock.start(0)
    time.advance(-30)
    assert clock.remaining(0) == 60


def test_clock_errors_are_game_errors() -> None:
    for error in (TimeControlError, TimeExpiredError):
        assert issubclass(error, ClockError)
    assert issubclass(ClockError, GameError)


# Snapshots and persistence


sides = st.none() | st.sampled_from([0, 1])
snapshots = st.builds(
    ClockSnapshot,
    st.tuples(seconds, seconds),
    st.tuples(st.integers(0, 10), st.integers(0, 10)),
    sides,
    seconds,
    sides,
).filter(lambda s: s.running is not None or s.elapsed == 0)


@given(snapshots)
def test_snapshots_round_trip_through_json(snapshot: ClockSnapshot) -> None:
    assert ClockSnapshot.from_dict(json.loads(json.dumps(snapshot.to_dict()))) == snapshot


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"remaining": [1]}, "'remaining' as a list of two"),
        ({"remaining": [1, -1]}, "zero or more"),
        ({"remaining": [1, "2"]}, "zero or more"),
        ({"periods": [1, 1.5]}, "whole numbers"),
        ({"running": 2}, "0, 1 or null"),
        ({"flagged": "0"}, "0, 1 or null"),
        ({"elapsed": None}, "zero or more"),
        ({"running": None, "elapsed": 3}, "cannot have a turn in progress"),
    ],
)
def test_a_malformed_snapshot_says_what_is_wrong(change: dict[str, Any], message: str) -> None:
    good = ClockSnapshot((10, 20), (0, 0), 0, 1.5).to_dict()
    with pytest.raises(RecordError, match=message):
        ClockSnapshot.from_dict(good | change)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "time control as text"),
        ({"control": 5}, "time control as text"),
        ({"control": "sudden death"}, "is not a time control"),
        ({"control": "fischer:60"}, "'remaining'"),
        ({"control": "fischer:60", "state": "none"}, "JSON object"),
    ],
)
def test_a_malformed_saved_clock_says_what_is_wrong(data: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Clock.from_dict(data)


quarters = st.integers(0, 400).map(lambda n: n / 4)
actions = st.lists(
    st.tuples(st.sampled_from(["switch0", "switch1", "stop", "start0", "start1"]), quarters),
    max_size=12,
)


@given(
    st.sampled_from(["fischer:60+2", "delay:12+45", "delay:8+0", "byoyomi:20+3x10"]),
    actions,
    actions,
)
def test_a_saved_clock_resumes_exactly(text: str, before: Any, after: Any) -> None:
    """Save a clock at any moment, restore it, and both clocks go on alike."""
    clock, time = make(text)
    play(clock, time, before)
    saved = json.loads(json.dumps(clock.to_dict()))
    resumed = Clock.from_dict(saved, time_source=time)
    assert resumed.snapshot() == clock.snapshot()
    assert resumed.to_dict() == saved
    assert play(resumed, time, after, rewind=True) == play(clock, time, after)


@given(
    st.sampled_from(["fischer:60+2", "delay:12+45", "delay:8+0", "byoyomi:20+3x10"]),
    actions,
    quarters,
    actions,
)
def test_a_clock_saved_as_it_stands_is_restored_later_exactly(
    text: str, before: Any, pause: float, after: Any
) -> None:
    """``saved()`` reads no time; the clock it restores, however much later, charges the time
    since the clock last changed as the original does, to the bit."""
    clock, time = make(text)
    play(clock, time, before)
    saved = json.loads(json.dumps(clock.saved()))
    time.advance(pause)
    restored = Clock.restore(saved, time_source=time)
    assert restored.saved() == clock.saved()
    assert restored.snapshot() == clock.snapshot()
    assert play(restored, time, after, rewind=True) == play(clock, time, after)


def test_a_restored_clock_needs_the_time_it_last_changed() -> None:
    clock, _ = make("fischer:60")
    saved = clock.saved()
    del saved["since"]
    with pytest.raises(RecordError, match="the time the clock last changed"):
        Clock.restore(saved)


def play(
    clock: Clock, time: FakeTime, script: list[tuple[str, float]], rewind: bool = False
) -> list[Any]:
    """Run actions on the clock, each after a pause; returns what each gave."""
    start = time.now
    results: list[Any] = []
    for action, pause in script:
        time.advance(pause)
        try:
            if action == "stop":
                results.append(clock.stop())
            elif action.startswith("start"):
                results.append(clock.start(int(action[-1])))
            else:
                results.append(clock.switch(int(action[-1])))
        except ClockError as error:
            results.append(str(error))
        results.append((clock.flagged(), clock.remaining(0), clock.periods(1)))
    if rewind:
        time.now = start
    return results


@given(actions)
def test_time_is_neither_lost_nor_made_without_increments(script: Any) -> None:
    """Without an increment, the time on both clocks falls by exactly the time that ran."""
    clock, time = make("fischer:60")
    initial = 2 * clock.remaining(0)
    ran = 0.0
    for action, pause in script:
        if clock.running is not None:
            ran += pause
        time.advance(pause)
        if clock.flagged() is not None:
            return
        if action == "stop":
            clock.stop()
        elif clock.running is None:
            clock.start(int(action[-1]))
        else:
            clock.switch(int(action[-1]))
        assert sum(clock.snapshot().remaining) == initial - ran
