"""The rate limits as route dependencies: ``LimitedLogin`` and the rest count one request per
client address or per user in the app's ``RateLimits`` (429 over the limit)."""

from typing import Annotated

from fastapi import Depends, Request

from gamehall.server.auth import Session
from gamehall.server.limits import client_address
from gamehall.server.services import Hall


def per_address(name: str) -> object:
    """A dependency counting one ``name`` per client address (429 over the limit)."""

    async def limited(request: Request, hall: Hall) -> None:
        await hall.limits.hit(name, client_address(request))

    return Depends(limited)


def per_user(name: str) -> object:
    """A dependency counting one ``name`` per logged-in user (429 over the limit)."""

    async def limited(hall: Hall, session: Session) -> None:
        await hall.limits.hit(name, f"user:{session.user.id}")

    return Depends(limited)


LimitedLogin = Annotated[None, per_address("login")]
LimitedRegister = Annotated[None, per_address("register")]
LimitedGuest = Annotated[None, per_address("guest")]
LimitedSeeks = Annotated[None, per_user("seeks")]
LimitedChallenges = Annotated[None, per_user("challenges")]
