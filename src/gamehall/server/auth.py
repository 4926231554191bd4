"""Who is asking: the session from the cookie, and the checks that a change comes from our pages.

A session is the opaque token in the ``gamehall_session`` cookie (the store keeps its hash).
A request that changes something must also carry the session's CSRF token in ``X-CSRF-Token``
and, when it has an ``Origin`` header (browsers send one), come from the server's own origin:
another site can make a browser send the cookie, but it can read neither the token nor forge
the origin.
"""

import hmac
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Depends, Request, Response
from starlette.requests import HTTPConnection

from gamehall.server.config import Config
from gamehall.server.refusals import Refusal
from gamehall.server.services import Hall, services_of
from gamehall.store import SessionInfo

SESSION_COOKIE = "gamehall_session"
CSRF_HEADER = "X-CSRF-Token"


def same_origin(connection: HTTPConnection) -> bool:
    """Whether the ``Origin`` header, if any, names this server: the host the client asked
    for, over HTTPS when the site is served over it (the request came over TLS, as a trusted
    proxy says, or the cookies are Secure), else over HTTP or HTTPS. A page served over plain
    HTTP on the same name (a network that rewrites it) is another origin to an HTTPS site.
    Programs that send no Origin are not browsers and cannot be tricked into asking."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    if parts.netloc.lower() != connection.headers.get("host", "").lower():
        return False
    secure = connection.url.scheme in ("https", "wss")
    if secure or services_of(connection).config.secure_cookies:
        return parts.scheme == "https"
    return parts.scheme in ("http", "https")


def session_of(connection: HTTPConnection) -> SessionInfo | None:
    """The live session of the cookie, or None (no cookie, unknown or expired token)."""
    token = connection.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    return services_of(connection).store.users.get_session(token)


async def optional_session(request: Request, hall: Hall) -> SessionInfo | None:
    """Dependency: the session if the client has one (read on the store's threads)."""
    return await hall.workers.store(session_of, request)


async def user_session(
    session: Annotated[SessionInfo | None, Depends(optional_session)],
) -> SessionInfo:
    """Dependency: the session, or 401."""
    if session is None:
        raise Refusal(401, "login-first")
    return session


async def from_our_pages(request: Request) -> None:
    """Dependency of every change: 403 for a request sent from another site."""
    if not same_origin(request):
        raise Refusal(403, "other-site")


async def acting_session(
    request: Request, session: Annotated[SessionInfo, Depends(user_session)]
) -> SessionInfo:
    """Dependency of every change made by a logged-in user: the session, with the request's
    origin and CSRF token checked (403)."""
    await from_our_pages(request)
    token = request.headers.get(CSRF_HEADER, "")
    if not token or not hmac.compare_digest(token.encode(), session.csrf_token.encode()):
        raise Refusal(403, "csrf-failed", header=CSRF_HEADER)
    return session


Session = Annotated[SessionInfo, Depends(user_session)]
"""A route's parameter: the logged-in user's session (401 without one)."""
Acting = Annotated[SessionInfo, Depends(acting_session)]
"""A changing route's parameter: the session, its origin and CSRF token checked (403)."""
MaybeSession = Annotated[SessionInfo | None, Depends(optional_session)]
"""A route's parameter: the session if there is one."""


def set_session_cookie(response: Response, token: str, config: Config) -> None:
    """Give the client its session cookie (HttpOnly, SameSite=Lax, Secure if configured)."""
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=config.session_days * 86400,
        httponly=True,
        samesite="lax",
        secure=config.secure_cookies,
        path="/",
    )


def clear_session_cookie(response: Response, config: Config) -> None:
    """Take the session cookie away."""
    response.delete_cookie(
        SESSION_COOKIE, httponly=True, samesite="lax", secure=config.secure_cookies, path="/"
    )
