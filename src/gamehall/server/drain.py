"""Graceful drain: a process told to stop (SIGTERM) hands its players over to the others.

Left to itself, uvicorn stops listening at once on SIGTERM and cuts every WebSocket (1012) in
the middle of whatever it was sending, so that a player could lose the answer to an action the
store had taken. A draining process instead:

1. answers ``/readyz`` 503 (``draining``) at once, so that the proxy sends nobody new to it;
2. refuses each new WebSocket with the close code 1012 (service restart: "reconnect"), which the
   pages and the terminal take as "try again", through the proxy, on another process;
3. lets the actions in flight finish (their events stored and sent), then ends every socket's
   reading: the socket's handler leaves as if the client had gone, its queued messages are
   written, and the socket is closed with 1012;
4. once every socket is closed, or ``drain_seconds`` have gone, lets uvicorn stop as usual:
   the app's stop flushes the group writer (every acknowledged event is stored already), and a
   lone server pauses its matches' clocks while a process sharing them with others does not
   (``LiveMatches.stop``: the others carry on with them).

``DrainGate`` is the ASGI middleware that refuses and ends the sockets; ``sigterm_drains``
starts the drain on the first SIGTERM, before uvicorn's own handler (a second signal, or
SIGINT, stops the server the usual way, at once).
"""

import asyncio
import contextlib
import contextvars
import logging
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)

SERVICE_RESTART = 1012
"""The close code of a socket refused or ended by a draining process: reconnect elsewhere."""
RECONNECT = "the server is restarting: reconnect"


class Drain:
    """Whether this process drains, and the sockets it has to end. ``seconds`` bounds how long
    it waits for them to close."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.draining = False
        self.sockets: set[Ending] = set()
        self._task: asyncio.Task[None] | None = None

    @property
    def started(self) -> bool:
        """Whether the drain was begun (``begin``)."""
        return self._task is not None or self.draining

    def begin(self, then: Callable[[], None]) -> None:
        """Start draining (on the running loop) and call ``then`` once it is done; in a
        context of its own (not that of the request the signal came in the middle of)."""
        if self._task is None:
            loop = asyncio.get_running_loop()
            self._task = loop.create_task(self.run(then), context=contextvars.Context())

    async def run(self, then: Callable[[], None] = lambda: None) -> None:
        """Drain: refuse new sockets, end the open ones, wait (at most ``seconds``) until they
        are closed, then call ``then``."""
        self.draining = True
        log.info("draining: %d sockets to hand over", len(self.sockets))
        for ending in self.sockets:
            ending.end()
        try:
            async with asyncio.timeout(self.seconds):
                while self.sockets:
                    await asyncio.sleep(0.02)
        except TimeoutError:
            log.warning(
                "draining: %d sockets still open after %g s", len(self.sockets), self.seconds
            )
        log.info("drained")
        then()


class Ending:
    """One open socket's end, as the drain asks for it: between two frames, the socket's next
    read is a disconnect; while its handler waits for a frame, that wait is cancelled and
    turned into a disconnect. (Nothing is added to each frame's read but a flag: racing every
    read against an event cost 30-45 µs a frame.)"""

    def __init__(self) -> None:
        self.ending = False
        self.reader: asyncio.Task[object] | None = None
        """The task waiting for a frame, while one does."""
        self.cancelled = False

    def end(self) -> None:
        self.ending = True
        if self.reader is not None:
            self.cancelled = True
            self.reader.cancel()

    async def read(self, receive: Receive) -> Message:
        """The next message of the socket, or a disconnect once it is to end."""
        if self.ending:
            return DISCONNECT
        self.reader = asyncio.current_task()
        try:
            return await receive()
        except asyncio.CancelledError:
            if not self.cancelled or self.reader is None:
                raise
            self.reader.uncancel()  # the drain's cancel, taken back: the handler leaves
            return DISCONNECT
        finally:
            self.reader = None


DISCONNECT: Message = {"type": "websocket.disconnect", "code": SERVICE_RESTART}
"""What a socket's handler reads once the drain has ended the socket."""


class DrainGate:
    """ASGI middleware: a draining process's WebSockets, refused (new) or ended (open) with
    1012. A socket is ended between two of its frames (``Ending``): an action being handled is
    finished and answered first; the handler then reads a disconnect, leaves and writes what it
    queued, and the socket is closed with 1012."""

    def __init__(self, app: ASGIApp, drain: Drain) -> None:
        self.app = app
        self.drain = drain

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        if self.drain.draining:
            await receive()  # the connect
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": SERVICE_RESTART, "reason": RECONNECT})
            return
        ending = Ending()
        closed = False

        async def read() -> Message:
            return await ending.read(receive)

        async def write(message: Message) -> None:
            nonlocal closed
            if message["type"] == "websocket.close":
                closed = True
            await send(message)

        self.drain.sockets.add(ending)
        try:
            await self.app(scope, read, write)
            if ending.ending and not closed:
                await send(
                    {"type": "websocket.close", "code": SERVICE_RESTART, "reason": RECONNECT}
                )
        finally:
            self.drain.sockets.discard(ending)


@contextlib.contextmanager
def sigterm_drains(drain: Drain) -> Iterator[None]:
    """While the app runs under ``gamehall serve`` (in the main thread, after uvicorn took the
    signals), the first SIGTERM starts the drain, and hands the signal on to uvicorn's handler
    once the drain is over: uvicorn then stops as on any signal. A second SIGTERM goes to it at
    once. Elsewhere (tests running the app in a thread) this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    server_handler = signal.getsignal(signal.SIGTERM)
    if not callable(server_handler):
        yield
        return
    loop = asyncio.get_running_loop()

    def handle(sig: int, frame: FrameType | None) -> None:
        if drain.started:
            server_handler(sig, frame)
        else:
            loop.call_soon_threadsafe(drain.begin, lambda: server_handler(sig, frame))

    signal.signal(signal.SIGTERM, handle)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, server_handler)
