"""The bus between server processes: messages by topic, never one's own, and processes found
gone when they fall silent (only while one's own beats come back)."""

import asyncio
from typing import Any

import pytest

from gamehall.server import bus as bus_module
from gamehall.server.bus import GONE_AFTER, Bus
from gamehall.server.live import SystemClock
from support import aio


class Quiet:
    """A broker that sends nothing (the test delivers by hand)."""

    async def publish(self, topic: str, message: dict[str, Any]) -> None:
        return None

    async def listen(self, deliver: Any, connected: Any) -> None:
        return None

    async def close(self) -> None:
        return None


def test_messages_go_to_their_kinds_handler_never_back_to_their_sender() -> None:
    bus = Bus(Quiet(), clock=SystemClock())
    got: list[tuple[str, str, dict[str, Any]]] = []

    async def chat(key: str, origin: str, message: dict[str, Any]) -> None:
        got.append((key, origin, message))

    async def scenario() -> None:
        bus.on("chat", chat)
        await bus._deliver("chat:m1/players", {"origin": "other", "text": "hi"})
        await bus._deliver("chat:m1/players", {"origin": bus.origin, "text": "mine"})
        await bus._deliver("user:5", {"origin": "other"})  # no handler: ignored
        await bus._deliver("chat:m1/players", {"text": "who?"})  # no origin: ignored

    aio.run(scenario())
    assert got == [("m1/players", "other", {"origin": "other", "text": "hi"})]


def test_a_silent_process_is_gone_only_while_the_broker_works() -> None:
    now = [0.0]
    bus = Bus(Quiet(), clock=lambda: now[0])
    gone: list[str] = []
    back: list[str] = []

    async def forget(origin: str) -> None:
        gone.append(origin)

    async def ask_again() -> None:
        back.append("asked")

    async def scenario() -> None:
        bus.on_gone(forget)
        bus.on_reconnect(ask_again)
        await bus._deliver("alive:other", {"origin": "other"})
        await bus._deliver("alive:me", {"origin": bus.origin})
        now[0] = GONE_AFTER + 1
        assert await bus.look_for_gone() == []  # our own beat is not back: the broker is away
        await bus._deliver("alive:me", {"origin": bus.origin})
        assert await bus.look_for_gone() == ["other"]
        assert await bus.look_for_gone() == []  # told once
        assert back == []
        await bus._deliver("alive:other", {"origin": "other"})  # it was only cut off
        await asyncio.sleep(0)
        assert back == ["asked"]

    aio.run(scenario())
    assert gone == ["other"]


class Hanging(Quiet):
    """A broker whose publications never end (a network cut without a reset)."""

    async def publish(self, topic: str, message: dict[str, Any]) -> None:
        await asyncio.Event().wait()


def test_a_publication_that_hangs_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """It never holds the match whose change is stored: the others catch up from the store."""
    monkeypatch.setattr(bus_module, "PUBLISH_TIMEOUT", 0.05)
    bus = Bus(Hanging(), clock=SystemClock())
    assert aio.run(bus.publish("match", "m1", {"type": "update"})) is False


class Flaky(Quiet):
    """A broker whose publications fail until ``up``, and that keeps what goes out."""

    def __init__(self) -> None:
        self.up = False
        self.sent: list[str] = []

    async def publish(self, topic: str, message: dict[str, Any]) -> None:
        if not self.up:
            raise ConnectionError("the broker is away")
        self.sent.append(topic)


def test_a_lost_publication_makes_the_others_catch_up() -> None:
    broker = Flaky()
    sender, receiver = Bus(broker, clock=SystemClock()), Bus(Quiet(), clock=SystemClock())
    asked: list[str] = []

    async def catch_up() -> None:
        asked.append("caught up")

    async def scenario() -> None:
        receiver.on_reconnect(catch_up)
        assert not await sender.publish("match", "m1", {"events": []})  # lost
        broker.up = True
        assert await sender.publish("match", "m1", {"events": []})
        assert await sender.publish("match", "m1", {"events": []})
        assert broker.sent == ["match:m1", f"resync:{sender.origin}", "match:m1"]
        await receiver._deliver(f"resync:{sender.origin}", {"origin": sender.origin})
        await asyncio.sleep(0)

    aio.run(scenario())
    assert asked == ["caught up"]
