"""The chat rooms of this process (``ChatRooms``): their sockets and their last messages, and
the messages said in them on the other processes (see ``chat.py``)."""

from collections import deque
from dataclasses import dataclass
from typing import Self

from gamehall.jsontext import JsonObject
from gamehall.server.bus import Bus
from gamehall.server.socket_connection import SocketConnection

HISTORY = 50
"""The messages a room keeps for those who join later."""


@dataclass(frozen=True)
class ChatLine:
    """One message said in a room: who said it, what, and when (the server's clock)."""

    sender: str
    text: str
    time: float

    def to_dict(self) -> JsonObject:
        """The message as the sockets are sent it."""
        return {"type": "chat", "from": self.sender, "text": self.text, "time": self.time}

    @classmethod
    def from_dict(cls, data: JsonObject) -> Self | None:
        """A message another process published, or None when it is not one."""
        sender, text, time = data.get("from"), data.get("text"), data.get("time")
        if isinstance(sender, str) and isinstance(text, str) and isinstance(time, int | float):
            return cls(sender, text, float(time))
        return None


class ChatRooms:
    """The chat rooms of this process: their sockets and their last messages."""

    def __init__(self, bus: Bus) -> None:
        self.sockets: dict[tuple[str, str], set[SocketConnection]] = {}
        self.history: dict[tuple[str, str], deque[ChatLine]] = {}
        self.bus = bus
        self.bus.on("chat", self._remote)

    def join(self, room: tuple[str, str], connection: SocketConnection) -> list[JsonObject]:
        """Add a socket to ``room``; returns the room's last messages."""
        self.sockets.setdefault(room, set()).add(connection)
        return [line.to_dict() for line in self.history.get(room, ())]

    def leave(self, room: tuple[str, str], connection: SocketConnection) -> None:
        """Take a socket out of ``room`` (a room nobody is in forgets its messages)."""
        sockets = self.sockets.get(room)
        if sockets is not None:
            sockets.discard(connection)
            if not sockets:
                del self.sockets[room]
                self.history.pop(room, None)

    def say(self, room: tuple[str, str], line: ChatLine) -> None:
        """Keep ``line`` and send it to everybody in ``room``, on every process."""
        self._here(room, line)
        self.bus.publish_soon("chat", f"{room[0]}/{room[1]}", {"message": line.to_dict()})

    def _here(self, room: tuple[str, str], line: ChatLine) -> None:
        """Keep ``line`` and send it to the sockets of ``room`` on this process."""
        self.history.setdefault(room, deque(maxlen=HISTORY)).append(line)
        message = line.to_dict()
        for connection in list(self.sockets.get(room, ())):
            connection.send(message)

    async def _remote(self, key: str, origin: str, message: JsonObject) -> None:
        """A message said in a room on another process: passed on if somebody is in it here."""
        match_id, _, name = key.rpartition("/")
        said = message.get("message")
        line = ChatLine.from_dict(said) if isinstance(said, dict) else None
        if (match_id, name) in self.sockets and line is not None:
            self._here((match_id, name), line)
