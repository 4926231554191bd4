"""Each user's own WebSocket (``/ws/user``): what the server has to tell a player wherever on
the site they are, such as the next match of a tournament they play in.

``UserChannels`` keeps the sockets of each user of this process; ``notify`` queues a message
on every one of them (through the match sockets' bounded queue, so a slow reader never holds
the server up). A socket that connects gets a ``hello``, then the notices still in force
(``UserChannels.current``: a tournament match waiting to be played), so a player who reloads
the page or comes late still learns where to go. The socket reads only pings.

With several server processes a user's sockets may be on any of them: ``tell`` sends a notice
through the ``Bus`` to the user's sockets on every process (``notify`` only to this one's, for
what every process tells its own players, such as the tournament director's notices), and each
process publishes who has a socket on it (``online:<process>``) whenever that changes and every
``ONLINE_EVERY`` seconds, so that the list of who is online and the seek keeper count every
process. A process not heard of for ``ONLINE_TIMEOUT`` seconds (stopped, or cut off) no longer
counts.
"""

import asyncio
import time
from collections.abc import Callable

from fastapi import APIRouter, WebSocket
from pydantic import ValidationError

from gamehall.server.auth import same_origin, services_of, session_of
from gamehall.server.background import Background
from gamehall.server.bus import Bus
from gamehall.server.protocol.common import JsonObject
from gamehall.server.protocol.user import NOTICES, Notice, UserHello
from gamehall.server.ws import POLICY_VIOLATION, SocketConnection, answer_pings

router = APIRouter()

NOT_LOGGED_IN = 4401
ONLINE_EVERY = 5.0
"""Seconds between two publications of who has a socket on this process."""
ONLINE_TIMEOUT = 3 * ONLINE_EVERY
"""Seconds after which another process's list of who is online no longer counts."""

CurrentNotices = Callable[[int], list[Notice]]
"""The notices in force for a user (the tournament director's)."""


class UserChannels(Background):
    """The user sockets of this process, by user id, and who has one on the other processes."""

    def __init__(self, bus: Bus | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self._sockets: dict[int, set[SocketConnection]] = {}
        self._names: dict[int, str] = {}
        self.current: CurrentNotices = lambda user_id: []
        self.bus = bus or Bus(None)
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


def channels_of(websocket: WebSocket) -> UserChannels:
    """The app's user channels."""
    channels = websocket.app.state.channels
    assert isinstance(channels, UserChannels)
    return channels


@router.websocket("/ws/user")
async def user_socket(websocket: WebSocket) -> None:
    """The logged-in user's notices (``docs/protocol.md``, the user socket)."""
    if not same_origin(websocket):
        await websocket.close(POLICY_VIOLATION, "connections from other sites are not accepted")
        return
    hall = services_of(websocket)
    session = await asyncio.to_thread(session_of, websocket)
    if session is None:
        await websocket.close(NOT_LOGGED_IN, "log in to get your notices")
        return
    channels = channels_of(websocket)
    await websocket.accept()
    connection = SocketConnection(None)
    writer = asyncio.create_task(connection.write_to(websocket))
    user_id = session.user.id
    connection.send(UserHello(user=session.user.name).wire())
    for notice in await asyncio.to_thread(channels.current, user_id):
        connection.send(notice.wire())
    channels.add(user_id, connection, session.user.name)
    try:
        await answer_pings(websocket, connection, hall.live.clock)
    finally:
        channels.remove(user_id, connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)
