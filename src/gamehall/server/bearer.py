"""Who is asking with a token: ``Authorization: Bearer <token>`` of the bot API.

A personal API token (``store/tokens.py``) is the bot API's only credential: a bearer route
never reads the session cookie, and the cookie's routes never read the header, so a token is
never a session nor a session a token. A request with a token comes from a program, not from
a page another site could make a browser send (a browser adds no token by itself), so CSRF
does not apply. Every bearer request counts against its token's rate limit (``bot``).
"""

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from gamehall.server.refusals import Refusal
from gamehall.server.services import Hall
from gamehall.store import User
from gamehall.store.tokens import Scope, TokenUse

SCHEME = "bearer"


@dataclass(frozen=True)
class Bearer:
    """The account a request's token stands for, and the token."""

    user: User
    token: str
    token_id: int


def token_of(request: Request) -> str:
    """The token of the ``Authorization`` header; 401 ``token-missing`` without one."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != SCHEME or not token.strip():
        raise Refusal(401, "token-missing", headers={"WWW-Authenticate": "Bearer"})
    return token.strip()


def checked(use: TokenUse | None, scope: Scope) -> TokenUse:
    """The token's use if it may do ``scope``: 401 for an unknown (``token-invalid``) or a
    revoked token (``token-revoked``), 403 ``token-scope`` for one without the scope."""
    if use is None:
        raise Refusal(401, "token-invalid", headers={"WWW-Authenticate": "Bearer"})
    if use.revoked:
        raise Refusal(401, "token-revoked", headers={"WWW-Authenticate": "Bearer"})
    if scope not in use.scopes:
        raise Refusal(403, "token-scope", scope=scope)
    return use


def bearer(scope: Scope) -> object:
    """A dependency: the account of the request's token, which must grant ``scope``, its
    request counted against the token's rate limit (429 over it)."""

    async def of_token(request: Request, hall: Hall) -> Bearer:
        token = token_of(request)
        use = checked(await hall.workers.store(hall.store.tokens.use, token), scope)
        await hall.limits.hit("bot", f"token:{use.token_id}")
        return Bearer(use.user, token, use.token_id)

    return Depends(of_token)


Player = Annotated[Bearer, bearer("play")]
"""A bot route's parameter: the account of a token that may play."""
Reader = Annotated[Bearer, bearer("read")]
"""A bot route's parameter: the account of a token that may read the streams."""
