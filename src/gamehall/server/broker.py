"""Redis pub/sub between server processes, so that several of them can share live matches.

Each stored change of a live match is published on ``gamehall:match:<id>``; every process
listens to all of them (a pattern subscription) and passes on those of the other processes.
The store stays the one truth: a message only tells a process to reload its copy.
"""

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis

log = logging.getLogger(__name__)

PREFIX = "gamehall:match:"
RETRY_SECONDS = 1.0
"""How long to wait before listening again after Redis went away."""


class RedisBroker:
    """A ``Broker`` (see ``gamehall.server.live``) on one Redis server."""

    def __init__(self, client: redis.Redis) -> None:
        self._client = client

    @classmethod
    def from_url(cls, url: str) -> "RedisBroker":
        """A broker on the Redis at ``url`` (``redis://host:6379/0``)."""
        return cls(redis.Redis.from_url(url))

    async def publish(self, match_id: str, message: dict[str, Any]) -> None:
        """Publish ``message`` about ``match_id`` to the other processes."""
        await self._client.publish(PREFIX + match_id, json.dumps(message))

    async def listen(self, deliver: Callable[[str, dict[str, Any]], Awaitable[None]]) -> None:
        """Pass every published message to ``deliver`` until cancelled, listening again after
        a lost connection (messages published meanwhile are lost: a process that missed one
        reloads the match at its next change)."""
        while True:
            try:
                await self._listen_once(deliver)
            except (redis.ConnectionError, OSError) as exc:
                log.warning("lost Redis (%s): listening again in %s s", exc, RETRY_SECONDS)
                await asyncio.sleep(RETRY_SECONDS)

    async def _listen_once(self, deliver: Callable[[str, dict[str, Any]], Awaitable[None]]) -> None:
        pubsub = self._client.pubsub()
        try:
            await pubsub.psubscribe(PREFIX + "*")
            async for item in pubsub.listen():
                if item.get("type") != "pmessage":
                    continue
                channel = _text(item.get("channel"))
                try:
                    message = json.loads(_text(item.get("data")))
                except ValueError:
                    continue
                if channel.startswith(PREFIX) and isinstance(message, dict):
                    await deliver(channel[len(PREFIX) :], message)
        finally:
            await pubsub.aclose()  # type: ignore[no-untyped-call]  # untyped in redis-py

    async def close(self) -> None:
        """Close the connections."""
        await self._client.aclose()


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
