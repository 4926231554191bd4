"""Each user's channels on this process (``UserChannels``): the user sockets (``/ws/user``,
``user_socket.py``) of each user, the notices sent to them, and who has one on the other
processes (see ``user_socket.py`` for the whole story).
"""

import asyncio
from collections.abc import Callable

from pydantic import ValidationError

from gamehall.jsontext import JsonObject
from gamehall.server.background import Background
from gamehall.server.bus import Bus
from gamehall.server.protocol.user import NOTICES, Notice
from gamehall.server.socket_connection import SocketConnection

ONLINE_EVERY = 5.0
"""Seconds between two publications of who has a socket on this process."""
ONLINE_TIMEOUT = 3 * ONLINE_EVERY
"""Seconds after which another process's list of who is online no longer counts."""

CurrentNotices = Callable[[int], list[Notice]]
"""The notices in force for a user (the tournament director's)."""


class UserChannels(Background):
    """The user sockets of this process, by user id, and who has one on the other processes."""

    def __init__(self, bus: Bus, clock: Callable[[], float]) -> None:
        self._sockets: dict[int, set[SocketConnection]] = {}
        self._names: dict[int, str] = {}
        self.current: CurrentNotices = lambda user_id: []
        self.bus = bus
        self.clock = clock
        self._remote: dict[str, tuple[float, dict[int, str]]] = {}
        """Who has a socket on each other process (by its origin), and when that was heard."""
        self.bus.on("user", self._remote_notice)
        self.bus.on("online", self._remote_online)
        self.bus.on_reconnect(self._publish_online)

    def start(self) -> None:
        """Tell the other processes who is here, now and every ``ONLINE_EVERY`` seconds (with
        no other process, nothing)."""
        if self.bus.shared:
            super().start()

    async def _run(self) -> None:
        while True:
            await self._publish_online()
            await asyncio.sleep(ONLINE_EVERY)

    async def _publish_online(self) -> None:
        users = {str(user_id): name for user_id, name in self._names.items()}
        await self.bus.publish("online", self.bus.origin, {"users": users})

    async def _remote_online(self, key: str, origin: str, message: JsonObject) -> None:
        users = message.get("users")
        if isinstance(users, dict):
            known = {int(i): str(n) for i, n in users.items() if i.isdigit()}
            self._remote[origin] = (self.clock(), known)

    async def _remote_notice(self, key: str, origin: str, message: JsonObject) -> None:
        """Another process's notice for the user ``key`` (one that cannot be read is
        dropped)."""
        try:
            notice = NOTICES.validate_python(message.get("notice"))
        except ValidationError:
            return
        if key.isdigit():
            self.notify(int(key), notice.wire())

    def _elsewhere(self) -> list[dict[int, str]]:
        """Who has a socket on each other process heard of lately."""
        now = self.clock()
        for origin, (heard, _) in list(self._remote.items()):
            if now - heard > ONLINE_TIMEOUT:
                del self._remote[origin]
        return [users for _, users in self._remote.values()]

    def add(self, user_id: int, connection: SocketConnection, name: str | None = None) -> None:
        """Start sending ``user_id``'s messages to ``connection`` (``name``: the user's, for
        the list of who is online)."""
        first = user_id not in self._sockets
        self._sockets.setdefault(user_id, set()).add(connection)
        if name is not None:
            self._names[user_id] = name
        if first and self.bus.shared:
            self.bus.spawn(self._publish_online())

    def remove(self, user_id: int, connection: SocketConnection) -> None:
        """Stop sending to ``connection``."""
        sockets = self._sockets.get(user_id)
        if sockets is not None:
            sockets.discard(connection)
            if not sockets:
                del self._sockets[user_id]
                self._names.pop(user_id, None)
                if self.bus.shared:
                    self.bus.spawn(self._publish_online())

    def online(self) -> list[str]:
        """The names of the users with a socket open on any process, in alphabetical order."""
        names = dict(self._names)
        for users in self._elsewhere():
            names.update(users)
        return sorted(names.values(), key=str.casefold)

    def serving(self) -> bool:
        """Whether any user has a socket open on this process."""
        return bool(self._sockets)

    def online_users(self) -> dict[int, str]:
        """The users with a socket open on any process, by id (their names)."""
        users = dict(self._names)
        for elsewhere in self._elsewhere():
            users.update(elsewhere)
        return users

    def connected(self, user_id: int) -> bool:
        """Whether the user has a socket open on any process."""
        if self._sockets.get(user_id):
            return True
        return any(user_id in users for users in self._elsewhere())

    def tell(self, user_id: int, message: JsonObject) -> None:
        """Send ``message`` (a ``Notice``'s ``wire()`` form) to every socket of the user, on
        every process (from the event loop's thread)."""
        self.notify(user_id, message)
        self.bus.publish_soon("user", str(user_id), {"notice": message})

    def notify(self, user_id: int, message: JsonObject) -> int:
        """Send ``message`` (a ``Notice``'s ``wire()`` form) to every socket of the user;
        returns how many there are."""
        sockets = list(self._sockets.get(user_id, ()))
        for connection in sockets:
            connection.send(message)
        return len(sockets)
