"""The chat rooms of this process (``ChatRooms``): their sockets and their last messages, and
the messages said in them on the other processes (see ``chat.py``; a tournament's room,
``tournament_chat.py``, is named ``(id, "tournament")`` and reads its history from the
store)."""

from collections import deque

from pydantic import ValidationError

from gamehall.jsontext import JsonObject
from gamehall.server.bus import Bus
from gamehall.server.protocol.chat import ChatLine
from gamehall.server.socket_connection import SocketConnection

HISTORY = 50
"""The messages a room keeps for those who join later."""


class ChatRooms:
    """The chat rooms of this process: their sockets and their last messages."""

    def __init__(self, bus: Bus) -> None:
        self.sockets: dict[tuple[str, str], set[SocketConnection]] = {}
        self.history: dict[tuple[str, str], deque[ChatLine]] = {}
        self.bus = bus
        self.bus.on("chat", self._remote)

    def join(self, room: tuple[str, str], connection: SocketConnection) -> list[ChatLine]:
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

    def find(self, match_id: str, line_id: str) -> ChatLine | None:
        """The line ``line_id`` among the last messages of the match's rooms kept on this
        process (None if it is not there: never said, or forgotten)."""
        for kind in ("players", "spectators"):
            for line in self.history.get((match_id, kind), ()):
                if line.id == line_id:
                    return line
        return None

    def say(self, room: tuple[str, str], line: ChatLine) -> None:
        """Keep ``line`` and send it to everybody in ``room``, on every process."""
        self._here(room, line)
        self.bus.publish_soon("chat", f"{room[0]}/{room[1]}", {"message": line.wire()})

    def _here(self, room: tuple[str, str], line: ChatLine) -> None:
        """Keep ``line`` and send it to the sockets of ``room`` on this process."""
        self.history.setdefault(room, deque(maxlen=HISTORY)).append(line)
        message = line.wire()
        for connection in list(self.sockets.get(room, ())):
            connection.send(message)

    async def _remote(self, key: str, origin: str, message: JsonObject) -> None:
        """A message said in a room on another process: passed on if somebody is in it here
        (one that cannot be read is dropped)."""
        match_id, _, name = key.rpartition("/")
        if (match_id, name) not in self.sockets:
            return
        try:
            line = ChatLine.model_validate(message.get("message"))
        except ValidationError:
            return
        self._here((match_id, name), line)
