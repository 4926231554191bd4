"""A socket's place among its owner's (``socket_caps.py``): taken as a socket opens, given back
as it closes. Over the cap the socket is closed at once with ``TOO_MANY_SOCKETS``, which the
pages say in the reader's words (``operations.sockets.too-many``).
"""

from fastapi import WebSocket

from gamehall.server.limits import client_address
from gamehall.server.services import services_of
from gamehall.server.socket_caps import Place, TooManySocketsError
from gamehall.store import SessionInfo

TOO_MANY_SOCKETS = 4429
"""The close code of a socket over its owner's cap."""


def socket_owner(websocket: WebSocket, session: SessionInfo | None) -> str:
    """The key a socket is counted under: its account, else its client's address."""
    return f"user:{session.user.id}" if session else f"address:{client_address(websocket)}"


async def take_place(websocket: WebSocket, session: SessionInfo | None) -> Place | None:
    """The accepted socket's place, or None once it is closed for being over its owner's cap."""
    try:
        return await services_of(websocket).sockets.take(socket_owner(websocket, session))
    except TooManySocketsError as exc:
        await websocket.close(TOO_MANY_SOCKETS, str(exc))
        return None
