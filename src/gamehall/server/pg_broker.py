"""PostgreSQL's own pub/sub (``LISTEN``/``NOTIFY``) between server processes, for a PostgreSQL
store without Redis: the same ``Broker`` as ``RedisBroker`` (``bus.py``), with no other
service to run.

Every message goes out on one channel, ``gamehall``, as ``{"topic", "message"}``. A
notification carries at most 8,000 bytes: a longer message (an update with many events) goes
out without its events, and the process that gets it reads them from the store. A lost
connection is opened again after ``RETRY_SECONDS``; ``connected`` is called each time the
``LISTEN`` holds, so that the bus catches up from the store with what was missed meanwhile.
"""

import asyncio
import json
import logging
from collections.abc import Mapping
from typing import Protocol

import psycopg
from sqlalchemy import make_url

from gamehall.jsontext import JsonValue
from gamehall.server.broker import Connected, Deliver

log = logging.getLogger(__name__)

CHANNEL = "gamehall"
MAX_PAYLOAD = 7900
"""The longest notification sent, in bytes (PostgreSQL's limit is 8,000)."""
RETRY_SECONDS = 1.0


def libpq_url(database_url: str) -> str:
    """The store's SQLAlchemy URL (``postgresql+psycopg://...``) as psycopg takes it."""
    url = make_url(database_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


def payload(topic: str, message: Mapping[str, object]) -> str:
    """The notification of ``message`` on ``topic``; an update too long to send goes without
    its events (``"events": None``: the receiver reads them from the store)."""
    text = json.dumps({"topic": topic, "message": message}, separators=(",", ":"))
    if len(text.encode()) > MAX_PAYLOAD and "events" in message:
        short = {**message, "events": None}
        text = json.dumps({"topic": topic, "message": short}, separators=(",", ":"))
    if len(text.encode()) > MAX_PAYLOAD:
        raise ValueError(f"a message on {topic} is too long for PostgreSQL's NOTIFY")
    return text


class Sender(Protocol):
    """What the broker asks of its sending connection (a ``psycopg.AsyncConnection``)."""

    @property
    def closed(self) -> bool:
        """Whether the connection is closed."""

    async def execute(self, query: str, params: tuple[str, str]) -> object:
        """Run ``query`` with ``params``."""

    async def close(self) -> None:
        """Close the connection."""


class PostgresBroker:
    """A ``Broker`` on the store's PostgreSQL server."""

    def __init__(self, database_url: str) -> None:
        self.url = libpq_url(database_url)
        self._sender: Sender | None = None
        self._lock = asyncio.Lock()

    async def publish(self, topic: str, message: Mapping[str, object]) -> None:
        """Notify every process listening of ``message`` on ``topic``."""
        text = payload(topic, message)
        async with self._lock:
            if self._sender is None or self._sender.closed:
                self._sender = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            try:
                await self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, text))
            except psycopg.Error:
                await self._sender.close()
                self._sender = None
                raise

    async def ping(self) -> None:
        """Return at once: the broker is the store's PostgreSQL, which readiness checks
        through the store."""

    async def listen(self, deliver: Deliver, connected: Connected) -> None:
        """Pass every notification to ``deliver`` until cancelled, listening again after a
        lost connection; ``connected`` once each ``LISTEN`` holds."""
        while True:
            try:
                await self._listen_once(deliver, connected)
            except (psycopg.OperationalError, OSError) as exc:
                log.warning(
                    "lost PostgreSQL's notifications (%s): again in %s s", exc, RETRY_SECONDS
                )
                await asyncio.sleep(RETRY_SECONDS)

    async def _listen_once(self, deliver: Deliver, connected: Connected) -> None:
        async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
            await conn.execute(f"LISTEN {CHANNEL}")
            await connected()
            async for notify in conn.notifies():
                try:
                    item: JsonValue = json.loads(notify.payload)
                except ValueError:
                    continue
                if not isinstance(item, dict):
                    continue
                topic, message = item.get("topic"), item.get("message")
                if isinstance(topic, str) and isinstance(message, dict):
                    await deliver(topic, message)

    async def close(self) -> None:
        """Close the sending connection."""
        if self._sender is not None:
            await self._sender.close()
            self._sender = None
