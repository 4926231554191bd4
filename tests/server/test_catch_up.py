"""Applying another process's events to a live copy of a match (``catch_up``): the copy ends up
with exactly the origin's events and state, or says it cannot (a gap, a difference)."""

from typing import Any

from gamehall.engines import find_engine
from gamehall.engines.driver import step
from gamehall.play.clock import TimeControl
from gamehall.play.dice import SeededDice
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import BackgammonSettings, MatchSettings, NardySettings, RenjuSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.play.views import state_of
from gamehall.server.live.catch_up import LoggedDice, catch_up
from gamehall.server.live.clocks import MatchTime
from support.matches import FakeTime


class Wall(FakeTime):
    async def sleep(self, seconds: float) -> None:
        self.advance(seconds)


def _origin(settings: MatchSettings) -> tuple[Match, Wall]:
    clock = Wall()
    cls = RenjuMatch if settings.game == "renju" else TablesMatch
    match = cls(settings, ("ann", "bob"), dice=SeededDice(7), time_source=clock)
    match.start()
    return match, clock


def _copy(origin: Match, wall: Wall, dice: LoggedDice | None) -> tuple[Match, MatchTime]:
    time_source = MatchTime(wall)
    copy = type(origin).from_dict(origin.to_dict(), dice=dice, time_source=time_source)
    return copy, time_source


def _play(match: Match, clock: FakeTime, actions: int) -> list[dict[str, Any]]:
    first = len(match.events)
    engines = {s: find_engine(match.game, "random", s) for s in (0, 1)}
    for _ in range(actions):
        if match.is_over:
            break
        seat = match.to_act
        assert seat is not None
        clock.advance(1.5)
        step(match, seat, engines[seat])
    return [e.to_dict() for e in match.events[first:]]


def test_a_copy_takes_the_origins_events_one_batch_at_a_time() -> None:
    for settings in (
        BackgammonSettings(length=3),
        NardySettings(clock=TimeControl.parse("fischer:600+5")),
        RenjuSettings(),
    ):
        origin, clock = _origin(settings)
        dice = LoggedDice() if settings.game != "renju" else None
        copy, time_source = _copy(origin, clock, dice)
        for _ in range(30):
            batch = _play(origin, clock, 3)
            if not batch:
                break
            assert catch_up(copy, time_source, dice, batch), settings
            assert state_of(copy) == state_of(origin)
        assert [e.to_dict() for e in copy.events] == [e.to_dict() for e in origin.events]
        assert time_source.pinned is None and (dice is None or not dice.queued)


def test_a_gap_or_a_difference_is_refused() -> None:
    origin, clock = _origin(BackgammonSettings(length=3))
    dice = LoggedDice()
    copy, time_source = _copy(origin, clock, dice)
    skipped = _play(origin, clock, 2)
    batch = _play(origin, clock, 2)
    assert not catch_up(copy, time_source, dice, batch)  # a gap: the first batch is missing
    assert not catch_up(copy, time_source, dice, [])
    assert not catch_up(copy, time_source, dice, ["not an event"])
    changed = [dict(e) for e in skipped]
    changed[-1]["outcome"] = {**changed[-1].get("outcome", {}), "score": [9, 9]}
    assert not catch_up(copy, time_source, dice, changed)  # not what this copy logs
    assert not dice.queued


def test_a_copy_rolls_the_same_fair_dice_from_the_games_seed() -> None:
    """Fair dice: the copy, loaded with the game's secret seed, rolls what the origin rolled;
    a new game's seed (drawn by each process) makes the copy refuse, to be reloaded."""
    clock = Wall()
    settings = BackgammonSettings(length=3, dice="fair")
    origin = TablesMatch(settings, ("ann", "bob"), time_source=clock)
    origin.start()
    time_source = MatchTime(clock)
    copy = TablesMatch.from_dict(origin.to_dict(secrets=True), time_source=time_source)
    for _ in range(2000):
        if origin.is_over:
            return
        batch = _play(origin, clock, 1)
        if any(e["kind"] == "game_start" for e in batch):
            assert not catch_up(copy, time_source, None, batch)  # a new game, a new seed
            return
        assert catch_up(copy, time_source, None, batch)
        assert state_of(copy) == state_of(origin)
    raise AssertionError("the first game did not end")
