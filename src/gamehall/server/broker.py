"""Redis pub/sub between server processes, so that several of them can share live matches,
notices, chat and who is online.

A message on a topic (``bus.py``: ``match:<id>``, ``user:<id>``...) goes out on the channel
``gamehall:<topic>``; every process listens to all of them (one pattern subscription). The
store stays the one truth: when Redis comes back after an outage the bus is told
(``connected``), and each process catches up with what it missed from the store. A publication
gives up after ``REDIS_TIMEOUT`` (a hung Redis must not hold the match whose change it carries:
the bus's breaker then stops publishing for a while, ``bus.py``).
"""

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Mapping

import redis.asyncio as redis

from gamehall.jsontext import JsonObject, JsonValue
from gamehall.server.breaker import REDIS_TIMEOUT

log = logging.getLogger(__name__)

Deliver = Callable[[str, JsonObject], Awaitable[None]]
Connected = Callable[[], Awaitable[None]]

PREFIX = "gamehall:"
RETRY_SECONDS = 1.0
"""How long to wait before listening again after Redis went away."""


class RedisBroker:
    """A ``Broker`` (see ``gamehall.server.live``) on one Redis server."""

    def __init__(self, client: redis.Redis) -> None:
        self._client = client

    @classmethod
    def from_url(cls, url: str) -> "RedisBroker":
        """A broker on the Redis at ``url`` (``redis://host:6379/0``)."""
        return cls(redis.Redis.from_url(url, socket_connect_timeout=REDIS_TIMEOUT))

    async def publish(self, topic: str, message: Mapping[str, object]) -> None:
        """Publish ``message`` on ``topic`` to every process."""
        async with asyncio.timeout(REDIS_TIMEOUT):
            await self._client.publish(PREFIX + topic, json.dumps(message))

    async def ping(self) -> None:
        """Return when Redis answers (within its timeout)."""
        async with asyncio.timeout(REDIS_TIMEOUT):
            await self._client.ping()

    async def listen(self, deliver: Deliver, connected: Connected) -> None:
        """Pass every published message to ``deliver`` until cancelled, listening again after
        a lost connection; ``connected`` is called once each subscription is in force, the
        first time and after each lost connection (messages published meanwhile are lost:
        the caller catches up from the store)."""
        while True:
            try:
                await self._listen_once(deliver, connected)
            except (redis.ConnectionError, redis.TimeoutError, OSError) as exc:
                log.warning("lost Redis (%s): listening again in %s s", exc, RETRY_SECONDS)
                await asyncio.sleep(RETRY_SECONDS)

    async def _listen_once(self, deliver: Deliver, connected: Connected) -> None:
        async with self._client.pubsub() as pubsub:
            await pubsub.psubscribe(PREFIX + "*")
            async for item in pubsub.listen():
                kind, channel, data = _fields(item)
                if kind == "psubscribe":
                    await connected()
                if kind != "pmessage":
                    continue
                try:
                    message: JsonValue = json.loads(data)
                except ValueError:
                    continue
                if channel.startswith(PREFIX) and isinstance(message, dict):
                    await deliver(channel[len(PREFIX) :], message)

    async def close(self) -> None:
        """Close the connections."""
        await self._client.aclose()


def _fields(item: object) -> tuple[str, str, str]:
    """The type, the channel and the data of an item of a Redis subscription, as text."""
    if not isinstance(item, dict):
        return "", "", ""
    return _text(item.get("type")), _text(item.get("channel")), _text(item.get("data"))


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
