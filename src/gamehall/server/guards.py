"""Guards in front of the app: the ``Host`` header, the size of a request body, the depth of a
JSON text.

``Guards`` is an ASGI middleware: a request whose ``Host`` is not one of the server's names is
answered 400 (a page of another site whose name was pointed at this server, DNS rebinding,
passes the ``Origin`` check but not this one), and a body larger than the configured limit is
answered 413, whether it says so in its ``Content-Length`` or only sends too many bytes.
``json_depth`` measures a text's nesting before ``json.loads`` recurses into it.
"""

import ipaddress
import json
from collections.abc import Iterable

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamehall.jsontext import JsonValue

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
EVERY_INTERFACE = ("0.0.0.0", "::", "")
MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects read from a client (an action needs 3)."""


def allowed_hosts(configured: Iterable[str], listen_host: str) -> frozenset[str]:
    """The host names a request may be sent to: the configured ones, else the address the
    server listens on and the loopback names."""
    names = {name.lower() for name in configured}
    return frozenset(names or {listen_host.lower(), *LOOPBACK_NAMES})


def host_name(header: str) -> str:
    """The name of a ``Host`` header, without its port (``[::1]:8000`` is ``::1``)."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    return header.rpartition(":")[0] if header.count(":") == 1 else header


def is_ip_address(name: str) -> bool:
    """Whether ``name`` is an IP address rather than a DNS name (which can be rebound)."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def nests_deeper(text: str, max_depth: int) -> bool:
    """Whether ``text``'s arrays and objects nest deeper than ``max_depth``. A text with no more
    opening brackets than that cannot, and most frames are such: they are not walked."""
    if text.count("[") + text.count("{") <= max_depth:
        return False
    return json_depth(text) > max_depth


def json_depth(text: str) -> int:
    """How deep ``text``'s arrays and objects nest (brackets inside strings do not count)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def loads_shallow(text: str, max_depth: int = MAX_JSON_DEPTH) -> JsonValue:
    """``json.loads`` of a text nested at most ``max_depth`` deep; ``ValueError`` otherwise
    (a deeper text would make the parser recurse until the interpreter gives up)."""
    if nests_deeper(text, max_depth):
        raise ValueError(f"JSON nested deeper than {max_depth} levels")
    value: JsonValue = json.loads(text)
    return value


def header(scope: Scope, name: bytes) -> bytes | None:
    """The value of the request's header ``name`` (lower case), if it has one."""
    headers: list[tuple[bytes, bytes]] = scope["headers"]
    return next((value for key, value in headers if key == name), None)


class BodyTooLargeError(HTTPException):
    """A request body over the limit: 413."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is too large: at most {limit} bytes")


class Guards:
    """The middleware: the ``Host`` check of every request and socket, the body size limit."""

    def __init__(self, app: ASGIApp, *, hosts: frozenset[str], any_ip: bool, max_body: int) -> None:
        self.app = app
        self.hosts = hosts
        self.any_ip = any_ip
        """Whether an IP address of the machine's may be named (the server listens on every
        interface): an address cannot be rebound to another site."""
        self.max_body = max_body

    def host_allowed(self, scope: Scope) -> bool:
        """Whether the request names one of the server's hosts."""
        host = header(scope, b"host")
        if host is None:
            return False
        name = host_name(host.decode("latin-1"))
        return name in self.hosts or (self.any_ip and is_ip_address(name))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if not self.host_allowed(scope):
            await _refuse(
                scope, send, 400, "this server does not answer to that host name", "unknown-host"
            )
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        length = header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _refuse(scope, send, 413, BodyTooLargeError(self.max_body).detail, "too-large")
            return
        await self.app(scope, self._counted(receive), send)

    def _counted(self, receive: Receive) -> Receive:
        """``receive`` that stops a body at the limit (the app then answers 413)."""
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                body: bytes = message.get("body", b"")
                seen += len(body)
                if seen > self.max_body:
                    raise BodyTooLargeError(self.max_body)
            return message

        return counted


async def _refuse(scope: Scope, send: Send, status: int, detail: str, code: str) -> None:
    """Answer ``status`` with the protocol's ``{"code", "detail"}`` (a socket: refused before it is
    accepted, which the client sees as a failed handshake)."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008, "reason": detail})
        return
    body = json.dumps({"code": code, "detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
