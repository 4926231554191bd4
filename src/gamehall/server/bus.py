"""Messages between server processes: one ``Broker`` (Redis pub/sub), shared by every part of
the server that has something to tell the other processes.

A message goes out on a topic ``<kind>:<key>`` (``match:<id>`` for a live match's changes and
presence, ``user:<id>`` for a user's notices, ``chat:<room>``, ``rematch:<match id>``,
``online:<process>``) tagged with this process's ``origin``; the ``Bus`` of every other process
hands it to the handler registered for its kind. A process never gets its own messages back.
Nothing here is the truth: the store is. A lost message (Redis away) costs a delay, never a
game: when the broker comes back each part that registered ``on_reconnect`` catches up (the
live matches read what they missed from the store). A message this process failed to publish
is lost for the others even if their own connections never broke: at its next publication that
goes out, it tells them so (``resync:<origin>``), and their ``on_reconnect`` parts catch up.
A publication that fails or takes too long (``PUBLISH_TIMEOUT``; Redis's own is shorter,
``broker.py``) opens the bus's circuit breaker (``breaker.py``): for its cool-down nothing is
published (every message is lost at once, with no wait), and the live matches poll the store
every second until a publication goes out again (``live/sync.py``).

Every process says it is alive (``alive:<origin>``) every ``ALIVE_EVERY`` seconds, and goodbye
as it stops (``leaving:<origin>``). One that said goodbye, or was not heard of for ``GONE_AFTER``
seconds (killed, or cut off), is gone: each part that registered
``on_gone`` forgets what it knew of it (the seats it had sockets for), so that a crashed process
does not keep its players "connected" forever. A process judges others gone only while it hears
its own beats come back: when the broker itself is away, nobody is declared gone. A process heard
of again after it was found gone (it had been cut off) counts as a reconnection: the parts that
registered ``on_reconnect`` ask again who is where.
"""

import asyncio
import logging
import math
import uuid
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Protocol, TypeAlias

from gamehall.jsontext import JsonObject
from gamehall.server.breaker import Breaker
from gamehall.server.figures import BUS_LAG_SECONDS

log = logging.getLogger(__name__)

Job: TypeAlias = Coroutine[object, object, object]
"""Work of the bus's to run in the background (a callback's, a publication)."""
Outgoing: TypeAlias = Mapping[str, object]
"""A message to publish: what its sender built, written as JSON on the way (it arrives as a
``JsonObject``)."""


class Broker(Protocol):
    """Pub/sub between server processes by topic (``RedisBroker``)."""

    async def publish(self, topic: str, message: Outgoing) -> None:
        """Send ``message`` on ``topic`` to every process listening."""

    async def ping(self) -> None:
        """Return when the broker answers; raise when it does not (readiness checks)."""

    async def listen(
        self,
        deliver: Callable[[str, JsonObject], Awaitable[None]],
        connected: Callable[[], Awaitable[None]],
    ) -> None:
        """Call ``deliver(topic, message)`` for every message published (this process's own
        too), until cancelled; call ``connected`` each time listening starts, the first time
        and after every lost connection (messages published meanwhile are lost)."""

    async def close(self) -> None:
        """Let go of the connection."""


ALIVE_EVERY = 5.0
"""Seconds between two of a process's ``alive`` messages."""
GONE_AFTER = 3 * ALIVE_EVERY
"""Seconds after which a silent process is gone."""
PUBLISH_TIMEOUT = 2.0
"""Seconds a publication may take before it is given up (a broker that hangs must not hold a
match whose change is already stored: the others catch up from the store)."""

RESYNC = "resync"
"""The kind of the message that tells the others a publication of its sender was lost."""
LEAVING = "leaving"
"""The kind of the message a stopping process says goodbye with (``Bus.stop``)."""

Handler = Callable[[str, str, JsonObject], Awaitable[None]]
"""Called with the key of the topic, the origin (the sending process) and the message."""


class Bus:
    """This process's end of the broker (none: a lone process, and every call does nothing).
    ``clock`` is the server's: when each process was last heard of is read from it."""

    def __init__(
        self,
        broker: Broker | None,
        *,
        carries_on: bool | None = None,
        clock: Callable[[], float],
    ) -> None:
        self.broker = broker
        self.clock = clock
        self._heard: dict[str, float] = {}
        """When each process (this one too) was last heard of."""
        self._gone: list[Callable[[str], Job]] = []
        self._departed: set[str] = set()
        """The processes found gone (until they are heard of again)."""
        self.carries_on = broker is not None if carries_on is None else carries_on
        """Whether other processes always carry on with the matches when this one stops (so
        that it does not pause their clocks): true with Redis, which is only configured for
        several processes; false with PostgreSQL's notifications, used by a lone process too,
        where ``carries_on_now`` asks whether another process is alive."""
        self.origin = uuid.uuid4().hex
        self.breaker = Breaker(clock)
        """Open for a while after a publication failed: nothing is published meanwhile."""
        self._handlers: dict[str, Handler] = {}
        self._reconnected: list[Callable[[], Job]] = []
        self._listener: asyncio.Task[object] | None = None
        self._listened = False
        self._tasks: set[asyncio.Task[object]] = set()
        self._unsent = False
        """Whether a publication failed since the others were last told to catch up."""
        self.on(RESYNC, self._others_lost)
        self.on(LEAVING, self._left)

    def carries_on_now(self) -> bool:
        """Whether another process carries on with the matches if this one stops now: always
        with Redis (``carries_on``); else whether another was heard of within ``GONE_AFTER``
        seconds and has not said it is leaving."""
        if self.carries_on:
            return True
        now = self.clock()
        return any(
            origin != self.origin and now - heard <= GONE_AFTER
            for origin, heard in self._heard.items()
        )

    async def _left(self, key: str, origin: str, message: JsonObject) -> None:
        """Another process stops: it is gone from now on, without waiting ``GONE_AFTER``."""
        self._heard.pop(origin, None)
        self._departed.add(origin)
        for callback in self._gone:
            await callback(origin)

    @property
    def shared(self) -> bool:
        """Whether other processes may be listening (a broker is configured)."""
        return self.broker is not None

    def on(self, kind: str, handler: Handler) -> None:
        """Hand the messages of topics ``kind:...`` from other processes to ``handler``."""
        self._handlers[kind] = handler

    def on_reconnect(self, callback: Callable[[], Job]) -> None:
        """Call ``callback`` whenever the broker is listened to again after it went away
        (messages may have been lost meanwhile)."""
        self._reconnected.append(callback)

    def on_gone(self, callback: Callable[[str], Job]) -> None:
        """Call ``callback`` with the origin of each process found gone."""
        self._gone.append(callback)

    async def look_for_gone(self) -> list[str]:
        """Find the processes not heard of for ``GONE_AFTER`` seconds (only while this one's
        own beats come back) and tell the ``on_gone`` callbacks; returns their origins."""
        now = self.clock()
        if now - self._heard.get(self.origin, -math.inf) > GONE_AFTER:
            return []  # the broker is away, not the others
        gone = [
            o for o, heard in self._heard.items() if o != self.origin and now - heard > GONE_AFTER
        ]
        for origin in gone:
            del self._heard[origin]
            self._departed.add(origin)
            log.warning("server process %s has not been heard of for %s s", origin, GONE_AFTER)
            for callback in self._gone:
                await callback(origin)
        return gone

    async def _beat(self) -> None:
        while True:
            await self.publish("alive", self.origin, {})
            await asyncio.sleep(ALIVE_EVERY)
            await self.look_for_gone()

    async def publish(self, kind: str, key: str, message: Outgoing) -> bool:
        """Send ``message`` on ``kind:key`` to the other processes; whether it went out (a
        failure is logged: the others catch up when the broker is back)."""
        if self.broker is None:
            return False
        if self.breaker.open:  # the broker failed a moment ago: do not wait for it again
            self._unsent = True
            return False
        try:
            async with asyncio.timeout(PUBLISH_TIMEOUT):
                await self.broker.publish(
                    f"{kind}:{key}", {"origin": self.origin, "sent": self.clock(), **message}
                )
        except Exception as exc:
            log.warning(
                "could not publish %s:%s to the other processes (%s): not trying for %s s",
                kind,
                key,
                str(exc) or "timed out",
                self.breaker.cool_down,
            )
            self.breaker.failed()
            self._unsent = True
            return False
        self.breaker.succeeded()
        if self._unsent:  # something was lost meanwhile: the others catch up from the store
            self._unsent = False
            await self.publish(RESYNC, self.origin, {})
        return True

    async def _others_lost(self, key: str, origin: str, message: JsonObject) -> None:
        """Another process could not publish some messages: catch up as after a reconnection."""
        self._catch_up()

    def _catch_up(self) -> None:
        """Run every ``on_reconnect`` part: messages may have been lost."""
        for callback in self._reconnected:
            self.spawn(callback())

    def publish_soon(self, kind: str, key: str, message: Outgoing) -> None:
        """``publish`` without waiting for it (from code that cannot wait); on the event
        loop's thread."""
        if self.broker is not None:
            self.spawn(self.publish(kind, key, message))

    def spawn(self, work: Job) -> None:
        """Run ``work`` in the background, kept until it ends (``stop`` cancels it)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def start(self) -> None:
        """Start listening to the other processes."""
        if self.broker is not None and self._listener is None:
            self._listener = asyncio.create_task(self.broker.listen(self._deliver, self._connected))
            self.spawn(self._beat())

    async def stop(self) -> None:
        """Say goodbye to the others (so that the last of several processes to stop knows it is
        the last), stop listening and close the broker's connections."""
        if self._listener is not None:
            await self.publish(LEAVING, self.origin, {})
        tasks = [t for t in (self._listener, *self._tasks) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._listener = None
        if self.broker is not None:
            await self.broker.close()

    async def _connected(self) -> None:
        """The broker listens (again): after the first time, let every part catch up."""
        if not self._listened:
            self._listened = True
            return
        self._catch_up()

    async def _deliver(self, topic: str, message: JsonObject) -> None:
        kind, _, key = topic.partition(":")
        origin = message.get("origin")
        if isinstance(origin, str):
            self._heard[origin] = self.clock()
            if origin in self._departed:  # back after it was found gone
                self._departed.discard(origin)
                self._catch_up()
        handler = self._handlers.get(kind)
        if handler is None or not isinstance(origin, str) or origin == self.origin:
            return
        sent = message.get("sent")
        if isinstance(sent, float):
            BUS_LAG_SECONDS.observe(max(0.0, self.clock() - sent))
        try:
            await handler(key, origin, message)
        except Exception:
            log.exception("a message on %s from another process could not be handled", topic)
