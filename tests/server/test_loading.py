"""Loading live matches: a load runs on the replays' worker thread, never on the event loop;
concurrent requests share one load; a loaded match is kept; a finished match's state is read
from the store without any replay; a match is restored from its latest snapshot, with only the
events after it replayed, and replayed whole when its snapshot cannot be used."""

import asyncio
import threading
from typing import Any

import pytest

from gamehall.play.actions import Action, action_from_dict
from gamehall.play.clock import TimeControl
from gamehall.play.match import Match
from gamehall.play.registry import load_match, restore_match
from gamehall.play.settings import BackgammonSettings
from gamehall.play.views import legal_of, state_of
from gamehall.server.config import Config
from gamehall.server.live import LiveMatch, LiveMatches, snapshots
from gamehall.server.live.manager import NOT_SAVED
from gamehall.server.live.snapshots import SNAPSHOT_EVERY, snapshot_due
from gamehall.store import PlayerSeat, Store
from server.helpers import FakeClock, Hall, running
from support import aio


def _seats(store: Store) -> list[PlayerSeat]:
    users = [store.users.create(name, "password-long") for name in ("ann", "bob")]
    return [PlayerSeat(u.id, "human", None, u.name) for u in users]


def test_a_match_is_replayed_once_off_the_event_loop(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(database_url=store.url, bot_delay=0)
    replays: list[str] = []

    def recorded(data: Any, *args: Any, **kwargs: Any) -> Any:
        replays.append(threading.current_thread().name)
        return load_match(data, *args, **kwargs)

    monkeypatch.setattr(snapshots, "load_match", recorded)

    async def scenario() -> None:
        first = LiveMatches(store, config, clock=FakeClock())
        match_id = await first.create(BackgammonSettings(), _seats(store))
        await first.stop()
        second = LiveMatches(store, config, clock=FakeClock())
        one, two = await asyncio.gather(second.get(match_id), second.get(match_id))
        assert one is two and await second.get(match_id) is one
        await second.stop()

    aio.run(scenario())
    assert len(replays) == 1
    assert replays[0].startswith("gamehall-replay")


def test_the_state_of_a_finished_match_needs_no_replay(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    with running(config, clock=clock, grace_seconds=1) as hall:
        match_id, players = hall.match_between({"game": "renju"})
        with players[0].socket(match_id) as stayer:
            with players[1].socket(match_id):
                pass
            clock.advance(1)
            stayer.act("claim_abandoned")
            assert stayer.reply()["state"]["phase"] == "over"
        final = _state(hall, match_id)

    def no_replay(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a finished match's state was replayed")

    monkeypatch.setattr(snapshots, "load_match", no_replay)
    monkeypatch.setattr(snapshots, "restore_match", no_replay)
    with running(config, clock=clock) as hall:
        assert _state(hall, match_id) == final
        assert final["winner"] == 0 and final["end_reason"] == "abandoned"


def _state(hall: Hall, match_id: str) -> dict[str, Any]:
    state: dict[str, Any] = hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]
    return state


class Socket:
    """A player's socket that keeps nothing."""

    def __init__(self, seat: int) -> None:
        self.seat: int | None = seat
        self.language = "en"

    def send(self, message: dict[str, Any]) -> None:
        return None


def _next(match: Match) -> tuple[int, Action]:
    """The player to act and his next action: the first legal play, a roll, a take."""
    seat = match.to_act
    assert seat is not None
    actions = match.legal_actions(seat)
    legal = legal_of(match, seat)
    if legal and legal["plays"]:
        return seat, action_from_dict({"kind": "play", "text": legal["plays"][0]})
    kind = next(k for k in ("confirm", "roll", "take", "accept") if k in actions)
    return seat, action_from_dict({"kind": kind})


async def _play(manager: LiveMatches, live: LiveMatch, store: Store, steps: int) -> list[int]:
    """Take ``steps`` actions of the player to act (the first legal play, a roll, a take);
    after each, how many events the match has beyond its stored snapshot."""
    behind = []
    for _ in range(steps):
        seat, action = _next(live.match)
        await manager.act(live, Socket(seat), action, None)
        stored = store.matches.load(live.id)
        assert stored is not None and stored.snapshot is not None
        behind.append(len(live.match.events) - stored.snapshot["events"])
    return behind


def test_a_match_is_restored_from_its_snapshot_and_the_events_after_it(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(database_url=store.url, bot_delay=0)
    restored: list[int] = []

    def recorded(snapshot: Any, events: Any, **kwargs: Any) -> Any:
        restored.append(len(events) - snapshot["events"])
        return restore_match(snapshot, events, **kwargs)

    def no_replay(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a match with a snapshot was replayed from its start")

    monkeypatch.setattr(snapshots, "restore_match", recorded)

    async def scenario() -> None:
        clock = FakeClock()
        first = LiveMatches(store, config, clock=clock)
        settings = BackgammonSettings(
            length=7, clock=TimeControl.parse("fischer:600+5"), dice="fair"
        )
        match_id = await first.create(settings, _seats(store))
        live = await first.get(match_id)
        behind = await _play(first, live, store, 40)
        assert all(0 <= b < SNAPSHOT_EVERY for b in behind)
        assert any(b > 0 for b in behind)  # not a snapshot with every move
        await first.stop()
        monkeypatch.setattr(snapshots, "load_match", no_replay)
        second = LiveMatches(store, config, clock=clock)
        again = await second.get(match_id)
        assert state_of(again.match) == state_of(live.match)
        assert again.match.to_dict(secrets=True) == live.match.to_dict(secrets=True)
        await _play(second, again, store, 6)  # the fair dice go on from the stored seed
        await second.stop()

    aio.run(scenario())
    assert len(restored) == 1


def test_a_match_whose_snapshot_cannot_be_used_is_replayed(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    config = Config(database_url=store.url, bot_delay=0)

    async def scenario() -> None:
        clock = FakeClock()
        first = LiveMatches(store, config, clock=clock)
        match_id = await first.create(BackgammonSettings(length=3), _seats(store))
        live = await first.get(match_id)
        await _play(first, live, store, 8)
        await first.stop()
        stored = store.matches.load(match_id)
        assert stored is not None and stored.snapshot is not None
        store.matches.append(
            match_id,
            [],
            secrets=None,
            status="playing",
            summary=stored.summary,
            snapshot={**stored.snapshot, "version": 99},
        )
        second = LiveMatches(store, config, clock=clock)
        again = await second.get(match_id)
        assert state_of(again.match) == state_of(live.match)
        await second.stop()

    aio.run(scenario())
    assert "its snapshot cannot be used" in caplog.text


def test_a_snapshot_is_due_at_every_game_start_and_end_and_every_few_events() -> None:
    assert snapshot_due(None, 5, [{"kind": "roll"}])  # none stored yet (or not known here)
    assert not snapshot_due(None, 5, [])  # nothing new
    assert not snapshot_due(100, 100 + SNAPSHOT_EVERY - 1, [{"kind": "play"}])
    assert snapshot_due(100, 100 + SNAPSHOT_EVERY, [{"kind": "play"}])
    assert snapshot_due(100, 103, [{"kind": "game_end"}, {"kind": "game_start"}])
    assert snapshot_due(100, 101, [{"kind": "game_start"}])


class Replies:
    """A player's socket that keeps the errors it is sent."""

    def __init__(self, seat: int) -> None:
        self.seat: int | None = seat
        self.language = "en"
        self.errors: list[str] = []

    def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "error":
            self.errors.append(message["message"])


class Greeted:
    """A socket that keeps the hello."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.language = "en"
        self.hello: dict[str, Any] = {}

    def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "hello":
            self.hello = message


def test_a_restored_match_reads_its_earlier_events_only_when_somebody_reads_the_log(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(database_url=store.url, bot_delay=0)
    recent: list[int] = []
    earlier: list[tuple[int, str]] = []
    load_recent, read_events = store.matches.load_recent, store.matches.read_events

    def recorded_recent(match_id: str) -> Any:
        found = load_recent(match_id)
        assert found is not None and found[0].events is not None
        recent.append(len(found[0].events))
        return found

    def recorded_earlier(match_id: str, stop: int) -> list[dict[str, Any]]:
        earlier.append((stop, threading.current_thread().name))
        return read_events(match_id, stop)

    async def scenario() -> None:
        clock = FakeClock()
        first = LiveMatches(store, config, clock=clock)
        settings = BackgammonSettings(length=7, clock=TimeControl.parse("fischer:600+5"))
        match_id = await first.create(settings, _seats(store))
        live = await first.get(match_id)
        await _play(first, live, store, 60)
        whole = live.match.to_dict()
        await first.stop()
        monkeypatch.setattr(store.matches, "load_recent", recorded_recent)
        monkeypatch.setattr(store.matches, "read_events", recorded_earlier)
        second = LiveMatches(store, config, clock=clock)
        again = await second.get(match_id)
        assert recent and recent[0] <= SNAPSHOT_EVERY
        assert not earlier and not again.match.events.complete
        assert len(again.match.events) == len(whole["events"])
        assert state_of(again.match) == state_of(live.match)
        socket = Greeted()
        await second.join(again, socket)
        assert socket.hello["events"] == whole["events"]
        assert len(earlier) == 1 and not earlier[0][1].startswith("MainThread")
        assert earlier[0][0] == len(whole["events"]) - recent[0]
        await _play(second, again, store, 6)
        assert again.match.to_dict()["events"][: len(whole["events"])] == whole["events"]
        await second.stop()

    aio.run(scenario())
    assert len(earlier) == 1  # fetched once


def test_a_fair_dice_game_in_progress_goes_on_from_a_log_read_from_its_start_on(
    store: Store,
) -> None:
    config = Config(database_url=store.url, bot_delay=0)

    async def scenario() -> None:
        clock = FakeClock()
        first = LiveMatches(store, config, clock=clock)
        settings = BackgammonSettings(length=7, dice="fair")
        match_id = await first.create(settings, _seats(store))
        live = await first.get(match_id)
        await _play(first, live, store, 50)
        found = store.matches.load_recent(match_id)
        assert found is not None
        stored, start = found
        assert stored.events is not None and stored.events[0]["kind"] == "game_start"
        assert stored.events[0]["seq"] == start > 0
        await first.stop()
        second = LiveMatches(store, config, clock=clock)
        again = await second.get(match_id)
        assert not again.match.events.complete
        await _play(second, again, store, 6)
        await second.stop()
        # The whole log replays, and its fair dice go on from the stored seed: the rolls made
        # after the restore follow from it with the counters of the game (``FairDice.resume``
        # checks every roll of the game).
        whole = store.matches.load(match_id)
        assert whole is not None
        replayed = load_match(whole.as_match_dict(secrets=True))
        assert replayed.to_dict() == again.match.to_dict()

    aio.run(scenario())


def test_a_failed_save_of_a_restored_match_goes_back_without_fetching_its_earlier_events(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(database_url=store.url, bot_delay=0)

    def refused(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    async def scenario() -> None:
        clock = FakeClock()
        first = LiveMatches(store, config, clock=clock)
        settings = BackgammonSettings(length=7)
        match_id = await first.create(settings, _seats(store))
        await _play(first, await first.get(match_id), store, 40)
        await first.stop()
        second = LiveMatches(store, config, clock=clock)
        again = await second.get(match_id)
        before = state_of(again.match)
        seat, action = _next(again.match)
        replies = Replies(seat)
        with monkeypatch.context() as patched:
            patched.setattr(store.matches, "append_batch", refused)
            await second.act(again, replies, action, 1)
        assert replies.errors == [NOT_SAVED]
        assert state_of(again.match) == before and not again.match.events.complete
        await _play(second, again, store, 2)
        await second.stop()

    aio.run(scenario())
