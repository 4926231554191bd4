"""The chat rooms of this process (``ChatRooms``): their sockets and their last messages, and
the messages said in them on the other processes (see ``chat.py``)."""

from collections import deque
from typing import Any

from gamehall.server.bus import Bus
from gamehall.server.socket_connection import SocketConnection

HISTORY = 50
"""The messages a room keeps for those who join later."""


class ChatRooms:
    """The chat rooms of this process: their sockets and their last messages."""

    def __init__(self, bus: Bus) -> None:
        self.sockets: dict[tuple[str, str], set[SocketConnection]] = {}
        self.history: dict[tuple[str, str], deque[dict[str, Any]]] = {}
        self.bus = bus
        self.bus.on("chat", self._remote)

    def join(self, room: tuple[str, str], connection: SocketConnection) -> list[dict[str, Any]]:
        """Add a socket to ``room``; returns the room's last messages."""
        self.sockets.setdefault(room, set()).add(connection)
        return list(self.history.get(room, ()))

    def leave(self, room: tuple[str, str], connection: SocketConnection) -> None:
        """Take a socket out of ``room`` (a room nobody is in forgets its messages)."""
        sockets = self.sockets.get(room)
        if sockets is not None:
            sockets.discard(connection)
            if not sockets:
                del self.sockets[room]
                self.history.pop(room, None)

    def say(self, room: tuple[str, str], message: dict[str, Any]) -> None:
        """Keep ``message`` and send it to everybody in ``room``, on every process."""
        self._here(room, message)
        self.bus.publish_soon("chat", f"{room[0]}/{room[1]}", {"message": message})

    def _here(self, room: tuple[str, str], message: dict[str, Any]) -> None:
        """Keep ``message`` and send it to the sockets of ``room`` on this process."""
        self.history.setdefault(room, deque(maxlen=HISTORY)).append(message)
        for connection in list(self.sockets.get(room, ())):
            connection.send(message)

    async def _remote(self, key: str, origin: str, message: dict[str, Any]) -> None:
        """A message said in a room on another process: passed on if somebody is in it here."""
        match_id, _, name = key.rpartition("/")
        said = message.get("message")
        if (match_id, name) in self.sockets and isinstance(said, dict):
            self._here((match_id, name), said)
