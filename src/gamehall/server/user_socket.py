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

from fastapi import APIRouter, WebSocket

from gamehall.server.auth import same_origin, session_of
from gamehall.server.protocol.user import UserHello
from gamehall.server.services import services_of
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.socket_places import take_place
from gamehall.server.ws import POLICY_VIOLATION, answer_pings

router = APIRouter()

NOT_LOGGED_IN = 4401


@router.websocket("/ws/user")
async def user_socket(websocket: WebSocket) -> None:
    """The logged-in user's notices (``docs/protocol.md``, the user socket)."""
    if not same_origin(websocket):
        await websocket.close(POLICY_VIOLATION, "connections from other sites are not accepted")
        return
    hall = services_of(websocket)
    session = await hall.workers.store(session_of, websocket)
    if session is None:
        await websocket.close(NOT_LOGGED_IN, "log in to get your notices")
        return
    channels = hall.channels
    user_id = session.user.id
    notices = await hall.workers.store(channels.current, user_id)
    await websocket.accept()
    place = await take_place(websocket, session)
    if place is None:
        return
    connection = SocketConnection(None)
    writer = asyncio.create_task(connection.write_to(websocket, hall.workers))
    connection.send(UserHello(user=session.user.name).wire())
    for notice in notices:
        connection.send(notice.wire())
    channels.add(user_id, connection, session.user.name)  # before the hello is written
    try:
        await answer_pings(websocket, connection, hall.live.clock, place.key)
    finally:
        channels.remove(user_id, connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)
        await hall.sockets.release(place)
