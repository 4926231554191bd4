"""A socket's end on the server: the queue of messages waiting to be sent to it, and the
writer that sends them, so that a slow reader never holds up a match (one that falls too far
behind is disconnected: it can reconnect and get a new ``hello``). Every socket has one: a
match's, the chat's, the lobby's, a user's own.
"""

import asyncio

from fastapi import WebSocket

from gamehall.jsontext import JsonObject
from gamehall.server.live import dumps
from gamehall.server.live.fanout import Serialised
from gamehall.server.live.workers import Workers

QUEUE_SIZE = 256
"""Messages waiting for a slow reader before it is disconnected."""
TRY_AGAIN_LATER = 1013
"""The close code for a reader left behind."""


class SocketConnection:
    """One socket on a match: its seat, the language of its reader (that of the handshake
    request) and the queue of messages waiting to be sent."""

    def __init__(self, seat: int | None, language: str = "en") -> None:
        self.seat = seat
        self.language = language
        self._queue: asyncio.Queue[JsonObject | None] = asyncio.Queue(QUEUE_SIZE)
        self.overflowed = False

    def send(self, message: JsonObject) -> None:
        """Queue ``message``; a reader that has fallen behind is cut off instead."""
        if self.overflowed:
            return
        try:
            self._queue.put_nowait(message)
        except asyncio.QueueFull:
            self.overflowed = True
            self._stop()

    def close(self) -> None:
        """Stop the writer once what is queued is sent."""
        try:
            self._queue.put_nowait(None)
        except asyncio.QueueFull:
            self._stop()

    def _stop(self) -> None:
        """Drop what is queued and stop the writer."""
        while not self._queue.empty():
            self._queue.get_nowait()
        self._queue.put_nowait(None)

    async def write_to(self, websocket: WebSocket, workers: Workers) -> None:
        """Send the queued messages until closed; close the socket of a reader left behind.
        A hello carries the whole log: it is written out on the ``workers``' play thread. An
        update comes with its text (``Serialised``)."""
        while (message := await self._queue.get()) is not None:
            if isinstance(message, Serialised):  # an update's text, made once for its seat
                text = message.text
            elif message.get("type") == "hello":
                text = await workers.play(dumps, message)
            else:
                text = dumps(message)
            await websocket.send_text(text)
        if self.overflowed:
            await websocket.close(TRY_AGAIN_LATER, "too many messages waiting: reconnect")
