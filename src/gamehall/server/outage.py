"""The database gone: what the server answers while its store cannot be reached.

When the database stops answering (PostgreSQL stopped or out of reach, an SQLite file locked
past its timeout, no connection free in the pool), the store's calls raise SQLAlchemy's
``OperationalError``, ``InterfaceError`` or pool ``TimeoutError``. Those are not the server's
bugs but a passing outage: a request is answered 503 with the protocol's JSON error and a
``Retry-After``, never a plain-text 500, and a socket is closed with 1013 ("try again later").
Nothing has to be restarted afterwards: every call opens its own transaction, and the engine
checks a pooled connection before using it again (``pool_pre_ping``), so the first request after
the database comes back is served as usual. A live match's save that fails is undone in memory
(``live/manager.py``) and its player is told to try again.
"""

import logging
from typing import Any, cast

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocket, WebSocketState

from gamehall.jsontext import JsonObject
from gamehall.server.failures import UNAVAILABLE, Failures

log = logging.getLogger(__name__)

REQUESTS = Failures("requests", log)
"""The requests and sockets the database could not serve: the first of an outage logged."""


RETRY_AFTER = 5
"""Seconds a client is asked to wait before trying again (``Retry-After``)."""

MESSAGE = "the database is not answering just now: nothing was changed, try again in a moment"

TRY_AGAIN_LATER = 1013
"""The WebSocket close code for a passing failure of the server."""


async def database_unavailable(connection: HTTPConnection, exc: Exception) -> JSONResponse | None:
    """The answer to a request the database could not serve: 503, the protocol's error shape
    and ``Retry-After``; a socket is closed with 1013 instead."""
    REQUESTS.failed(exc, " ".join(_what(connection)))
    if isinstance(connection, WebSocket):
        if connection.application_state != WebSocketState.DISCONNECTED:
            await connection.close(TRY_AGAIN_LATER, MESSAGE[:120])
        return None
    detail: JsonObject = {"code": "unavailable", "detail": MESSAGE}
    return JSONResponse(detail, status_code=503, headers={"Retry-After": str(RETRY_AFTER)})


def _what(connection: HTTPConnection) -> tuple[str, str]:
    method = "WS" if isinstance(connection, WebSocket) else connection.scope.get("method", "")
    return str(method), connection.url.path


def answer_outages(app: FastAPI) -> None:
    """Answer the database's outages in ``app`` with 503 (sockets: 1013). Starlette calls the
    one handler with a ``Request`` or a ``WebSocket``, as the connection is."""
    for kind in UNAVAILABLE:
        app.add_exception_handler(kind, cast(Any, database_unavailable))
