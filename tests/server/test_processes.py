"""Two server processes on one database, joined by a broker (Redis in production; here an
in-memory hub with Redis's delivery: every subscriber, the publisher too, gets every message)."""

import asyncio
import json
from collections.abc import Awaitable, Callable
from contextlib import ExitStack
from typing import Any

import pytest

from gamehall.server.broker import PREFIX, RedisBroker
from gamehall.server.config import Config
from gamehall.server.live.persistence import Loaded, Persistence
from gamehall.server.live.sync import OUTAGE_POLL_SECONDS
from server.helpers import Choice, Table, running, tables_choice
from support import aio

Deliver = Callable[[str, dict[str, Any]], Awaitable[None]]


class Hub:
    """Pub/sub between event loops in threads, as Redis is between processes."""

    def __init__(self) -> None:
        self.listeners: list[tuple[asyncio.AbstractEventLoop, Deliver]] = []

    def broker(self) -> "HubBroker":
        return HubBroker(self)


class HubBroker:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def publish(self, match_id: str, message: dict[str, Any]) -> None:
        for loop, deliver in list(self.hub.listeners):
            copy = json.loads(json.dumps(message))
            asyncio.run_coroutine_threadsafe(deliver(match_id, copy), loop)

    async def listen(self, deliver: Deliver, connected: Callable[[], Awaitable[None]]) -> None:
        entry = (asyncio.get_running_loop(), deliver)
        self.hub.listeners.append(entry)
        await connected()
        try:
            await asyncio.Event().wait()
        finally:
            self.hub.listeners.remove(entry)

    async def close(self) -> None:
        return None


def _tables(seat: int, message: dict[str, Any]) -> Choice:
    return tables_choice(message)


def test_two_processes_share_a_live_match(config: Config, monkeypatch: pytest.MonkeyPatch) -> None:
    """The other process applies each update's events to its copy: it loads the match once
    (for its first socket) and never replays it again."""
    loads: list[str] = []
    load = Persistence.load

    async def counted(self: Persistence, match_id: str, *, resuming: bool = False) -> Loaded:
        loads.append(match_id)
        return await load(self, match_id, resuming=resuming)

    monkeypatch.setattr(Persistence, "load", counted)
    hub = Hub()
    with running(config, broker=hub.broker()) as one, running(config, broker=hub.broker()) as two:
        match_id, players = one.match_between({"game": "backgammon"})
        elsewhere = two.login(players[1].name)
        with ExitStack() as stack:
            first = stack.enter_context(players[0].socket(match_id))
            second = stack.enter_context(elsewhere.socket(match_id))
            watcher = stack.enter_context(two.anonymous().socket(match_id))
            assert second.hello["you"] == 1 and watcher.hello["you"] is None
            first.until(lambda m: m["type"] == "presence" and m["connected"] == [True, True])
            table = Table({0: first, 1: second}, (watcher,))
            for _ in range(20):
                assert table.step(_tables)
            final = table.last[0]["state"]
            assert table.last[1]["state"] == final
            with (
                one.anonymous().socket(match_id) as here,
                two.anonymous().socket(match_id) as there,
            ):
                assert here.hello["state"] == there.hello["state"] == final
                assert len(here.hello["events"]) == one.event_count(match_id)
        assert loads == [match_id]


class FakePubSub:
    def __init__(self, items: list[dict[str, Any]]) -> None:
        self.items = items
        self.patterns: list[str] = []
        self.closed = False

    async def psubscribe(self, pattern: str) -> None:
        self.patterns.append(pattern)

    async def listen(self) -> Any:
        for item in self.items:
            yield item

    async def __aenter__(self) -> "FakePubSub":
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.closed = True  # redis-py's PubSub resets (closes) itself on leaving its block


class FakeRedis:
    def __init__(self, items: list[dict[str, Any]]) -> None:
        self.published: list[tuple[str, str]] = []
        self.pubsubs: list[FakePubSub] = []
        self.items = items

    async def publish(self, channel: str, data: str) -> None:
        self.published.append((channel, data))

    def pubsub(self) -> FakePubSub:
        self.pubsubs.append(FakePubSub(self.items))
        return self.pubsubs[-1]


def test_the_redis_broker_speaks_json_on_one_channel_per_match() -> None:
    items = [
        {"type": "psubscribe", "channel": PREFIX + "*", "data": 1},
        {"type": "pmessage", "channel": (PREFIX + "m1").encode(), "data": b'{"type": "update"}'},
        {"type": "pmessage", "channel": PREFIX + "m2", "data": "not json"},
        {"type": "pmessage", "channel": "other:m3", "data": "{}"},
    ]
    fake = FakeRedis(items)
    broker = RedisBroker(fake)  # type: ignore[arg-type]
    received: list[tuple[str, dict[str, Any]]] = []
    connections: list[int] = []

    async def deliver(topic: str, message: dict[str, Any]) -> None:
        received.append((topic, message))

    async def connected() -> None:
        connections.append(len(received))

    async def scenario() -> None:
        await broker.publish("match:m1", {"type": "update", "origin": "x"})
        await broker._listen_once(deliver, connected)

    aio.run(scenario())
    assert fake.published == [(PREFIX + "match:m1", '{"type": "update", "origin": "x"}')]
    assert received == [("m1", {"type": "update"})]
    assert connections == [0]  # told once the subscription holds, before any message
    assert fake.pubsubs[0].patterns == [PREFIX + "*"] and fake.pubsubs[0].closed


class LossyHub(Hub):
    """A hub that loses every update, as Redis does while it is away."""

    def broker(self) -> "HubBroker":
        return LossyBroker(self)


class LossyBroker(HubBroker):
    async def publish(self, topic: str, message: dict[str, Any]) -> None:
        if message.get("type") != "update":
            await super().publish(topic, message)


def test_a_process_that_missed_every_update_catches_up_from_the_store(config: Config) -> None:
    """No update message ever arrives; each process reads the store for the moves the other
    stored (every 50 ms here), so the game goes on and both sides see every move."""
    hub = LossyHub()
    with (
        running(config, broker=hub.broker(), poll_seconds=0.05) as one,
        running(config, broker=hub.broker(), poll_seconds=0.05) as two,
    ):
        match_id, players = one.match_between({"game": "backgammon"})
        elsewhere = two.login(players[1].name)
        with players[0].socket(match_id) as first, elsewhere.socket(match_id) as second:
            table = Table({0: first, 1: second})
            for _ in range(12):
                assert table.step(_tables)
            assert table.last[0]["state"] == table.last[1]["state"]


def test_polling_is_on_where_another_process_may_write_unseen() -> None:
    """Every 10 s with Redis (a safety net), every second on PostgreSQL without it, never on
    SQLite without it (one process); a setting overrides."""
    assert Config(redis_url="redis://r").poll_every() == 10.0
    # PostgreSQL's notifications carry the changes: a poll a second cost 0.15-0.3 ms a stored
    # event at 1,000 games and moved p99 from 69 ms to 99 ms-2.9 s (issue 41, fault 6)
    assert Config(database_url="postgresql://h/db").poll_every() == 10.0
    assert Config(database_url="sqlite:///x.db").poll_every() == 0.0
    assert Config(database_url="sqlite:///x.db", poll_seconds=0.5).poll_every() == 0.5


def test_the_players_of_a_process_found_gone_are_away(config: Config) -> None:
    """Bob plays on the second process; when the first finds it gone (a crash: nothing said
    he left), his seat has nobody any more and his grace period starts."""
    hub = Hub()
    with running(config, broker=hub.broker()) as one, running(config, broker=hub.broker()) as two:
        match_id, players = one.match_between({"game": "backgammon"})
        with players[0].socket(match_id) as first, two.login(players[1].name).socket(match_id):
            first.until(lambda m: m["type"] == "presence" and m["connected"] == [True, True])
            here = one.services.live
            crashed = two.services.live.bus.origin
            one.main.portal.call(here._process_gone, crashed)
            gone = first.until(lambda m: m["type"] == "presence" and not m["connected"][1])
            assert gone["grace"]["player"] == 1


def test_two_processes_offered_a_rematch_at_once_start_one(config: Config) -> None:
    """Ann asks on the first process and Bob on the second at the same moment, so each process
    holds its own player's offer when it hears of the other's: the one holding seat 0's starts
    the rematch, the other only learns of it; both answer with the same new match."""
    hub = Hub()
    with running(config, broker=hub.broker()) as one, running(config, broker=hub.broker()) as two:
        match_id, players = one.match_between({"game": "renju"})
        with players[0].socket(match_id) as socket:
            socket.act("resign")
            socket.until(lambda m: m["type"] == "update" and m["state"]["phase"] == "over")
        here, there = (hall.services.rematches for hall in (one, two))
        here.offers[match_id], there.offers[match_id] = 0, 1  # neither heard of the other yet
        one.main.portal.call(here._remote, match_id, "two", {"type": "offer", "seat": 1})
        two.main.portal.call(there._remote, match_id, "one", {"type": "offer", "seat": 0})
        new_id = here.started[match_id]
        path = f"/api/matches/{match_id}/rematch"
        elsewhere = two.login(players[1].name)
        for player in (players[0], elsewhere):
            assert player.ok("post", path) == {"status": "started", "match_id": new_id}
        assert {m.id for m in one.store.matches.list_matches()} == {match_id, new_id}  # one rematch


class DeadBroker(HubBroker):
    """Redis killed outright: every publication refused, nothing ever heard."""

    async def publish(self, topic: str, message: dict[str, Any]) -> None:
        raise ConnectionError("Connection refused")

    async def listen(self, deliver: Deliver, connected: Callable[[], Awaitable[None]]) -> None:
        await asyncio.Event().wait()


def test_while_redis_is_down_the_other_process_polls_the_store_every_second(
    config: Config,
) -> None:
    """Issue 41: with Redis killed, a move reached the other process only at its next poll
    (10 s with Redis); while the broker fails, each process looks at the store every second."""
    hub = Hub()
    with (
        running(config, broker=DeadBroker(hub), poll_seconds=10) as one,
        running(config, broker=DeadBroker(hub), poll_seconds=10) as two,
    ):
        match_id, players = one.match_between({"game": "renju"})
        elsewhere = two.login(players[1].name)
        with players[0].socket(match_id) as black, elsewhere.socket(match_id) as white:
            for mover, other, point in ((black, white, "h8"), (white, black, "h9")):
                mover.act("move", point=point)
                state = mover.reply()["state"]
                assert other.reply(timeout=2 * OUTAGE_POLL_SECONDS + 1)["state"] == state
