"""Each user's own WebSocket (``/ws/user``): what the server has to tell a player wherever on
the site they are, such as the next match of a tournament they play in.

``UserChannels`` keeps the sockets of each user of this process; ``notify`` queues a message
on every one of them (through the match sockets' bounded queue, so a slow reader never holds
the server up). A socket that connects gets a ``hello``, then the notices still in force
(``UserChannels.current``: a tournament match waiting to be played), so a player who reloads
the page or comes late still learns where to go. The socket reads only pings.
"""

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, WebSocket

from gamehall.server.auth import same_origin, services_of, session_of
from gamehall.server.ws import POLICY_VIOLATION, SocketConnection, answer_pings

router = APIRouter()

NOT_LOGGED_IN = 4401

CurrentNotices = Callable[[int], list[dict[str, Any]]]
"""The notices in force for a user (the tournament director's)."""


class UserChannels:
    """The user sockets of this process, by user id."""

    def __init__(self) -> None:
        self._sockets: dict[int, set[SocketConnection]] = {}
        self._names: dict[int, str] = {}
        self.current: CurrentNotices = lambda user_id: []

    def add(self, user_id: int, connection: SocketConnection, name: str | None = None) -> None:
        """Start sending ``user_id``'s messages to ``connection`` (``name``: the user's, for
        the list of who is online)."""
        self._sockets.setdefault(user_id, set()).add(connection)
        if name is not None:
            self._names[user_id] = name

    def remove(self, user_id: int, connection: SocketConnection) -> None:
        """Stop sending to ``connection``."""
        sockets = self._sockets.get(user_id)
        if sockets is not None:
            sockets.discard(connection)
            if not sockets:
                del self._sockets[user_id]
                self._names.pop(user_id, None)

    def online(self) -> list[str]:
        """The names of the users with a socket open on this process, in alphabetical order."""
        return sorted(self._names.values(), key=str.casefold)

    def connected(self, user_id: int) -> bool:
        """Whether the user has a socket open on this process."""
        return bool(self._sockets.get(user_id))

    def notify(self, user_id: int, message: dict[str, Any]) -> int:
        """Send ``message`` to every socket of the user; returns how many there are."""
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
    connection.send({"type": "hello", "user": session.user.name})
    for notice in await asyncio.to_thread(channels.current, user_id):
        connection.send(notice)
    channels.add(user_id, connection, session.user.name)
    try:
        await answer_pings(websocket, connection, hall.live.clock)
    finally:
        channels.remove(user_id, connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)
