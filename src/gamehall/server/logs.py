"""The server's log: plain text lines, or JSON lines (``GAMEHALL_LOG_FORMAT=json``) for a log
collector, each naming the request and the match it was written for.

Every HTTP request and socket gets an id (the client's ``X-Request-ID`` when it sends a sane
one, else a new one), answered in ``X-Request-ID`` and kept in a context variable for as long
as the request runs, so that every line written for it carries it, uvicorn's access line
included; a match's socket and the manager's work on a match name the match the same way
(``match_context``). A JSON line holds ``time`` (UTC, ISO 8601), ``level``, ``logger``,
``message``, ``request`` and ``match`` when known, the access line's ``client``, ``method``,
``path`` and ``status``, and ``exception`` (the traceback) when there is one.
"""

import json
import logging
import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Literal

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

LogFormat = Literal["text", "json"]

REQUEST_ID: ContextVar[str | None] = ContextVar("gamehall_request_id", default=None)
MATCH_ID: ContextVar[str | None] = ContextVar("gamehall_match_id", default=None)

SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
"""A client's request id kept as given: short, and nothing that could forge a log line."""

TEXT = "%(asctime)s %(levelname)s %(name)s%(ids)s: %(message)s"


class Ids(logging.Filter):
    """Puts the request's and the match's ids on every record (``request``, ``match``, and
    ``ids``: both as text for the plain format)."""

    def filter(self, record: logging.LogRecord) -> bool:
        request, match = REQUEST_ID.get(), MATCH_ID.get()
        record.request = request
        record.match = match
        named = [f"request={request}"] if request else []
        named += [f"match={match}"] if match else []
        record.ids = f" [{' '.join(named)}]" if named else ""
        return True


class JsonLines(logging.Formatter):
    """One JSON object a line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
        }
        if record.name == "uvicorn.access" and isinstance(record.args, tuple):
            client, method, path, _version, status = (*record.args, None, None, None, None, None)[
                :5
            ]
            line |= {"message": f"{method} {path} {status}", "client": client}
            line |= {"method": method, "path": path, "status": status}
        else:
            line["message"] = record.getMessage()
        for name in ("request", "match"):
            value = getattr(record, name, None)
            if value:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def log_config(form: LogFormat, level: str = "INFO") -> dict[str, object]:
    """The logging configuration (``logging.config.dictConfig``'s, which uvicorn takes as its
    ``log_config``) of the server's and uvicorn's loggers in ``form``."""
    formatter = {"()": JsonLines} if form == "json" else {"format": TEXT}
    handler = {
        "class": "logging.StreamHandler",
        "formatter": "lines",
        "filters": ["ids"],
        "stream": "ext://sys.stderr",
    }
    own = {"handlers": ["lines"], "level": level}  # on to the root too: a test's capture
    theirs = {**own, "propagate": False}  # uvicorn's, as its own configuration has them
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"ids": {"()": Ids}},
        "formatters": {"lines": formatter},
        "handlers": {"lines": handler},
        "loggers": {"gamehall": own, "uvicorn": theirs, "uvicorn.access": theirs},
    }


@contextmanager
def match_context(match_id: str | int) -> Iterator[None]:
    """Name ``match_id`` in every line written inside."""
    token = MATCH_ID.set(str(match_id))
    try:
        yield
    finally:
        MATCH_ID.reset(token)


class RequestIds:
    """The middleware giving every request and socket its id (kept in ``REQUEST_ID`` while it
    runs) and answering it in ``X-Request-ID``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
        request_id = given if SANE_ID.fullmatch(given) else uuid.uuid4().hex[:16]
        token = REQUEST_ID.set(request_id)

        async def answered(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).setdefault("X-Request-ID", request_id)
            await send(message)

        try:
            await self.app(scope, receive, answered)
        finally:
            REQUEST_ID.reset(token)
