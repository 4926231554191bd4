"""The operators' API (``/api/admin``): end a stuck match with a recorded reason, and see the
engines' queue. ``gamehall admin`` calls it on a running server with the admin token
(``GAMEHALL_ADMIN_TOKEN``, as a bearer); an operator's own session may call it from the pages
(its origin and CSRF token checked). With neither it is refused; without a token configured
the bearer way is closed. What changes only the store (operators, bans) the command does
on the database itself (``terminal/admin.py``).
"""

import hmac
import time
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import Field

from gamehall.server.auth import acting_session, optional_session
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import Answer, Body
from gamehall.server.services import Hall, services_of

router = APIRouter(prefix="/api/admin", tags=["operators"])

ADMIN_TOKEN_BY = "admin token"
"""Who the record says acted, when the admin token did."""


async def operator(request: Request) -> str:
    """Dependency: who acts as an operator (the admin token's bearer, or an operator's name),
    else 401/403 with a code."""
    hall = services_of(request)
    given = request.headers.get("authorization", "")
    if given.startswith("Bearer "):
        token = hall.config.admin_token
        if token and hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            return ADMIN_TOKEN_BY
        raise Refusal(401, "admin-token")
    session = await optional_session(request, hall)
    if session is None:
        raise Refusal(401, "login-first")
    if not session.user.operator:
        raise Refusal(403, "operators-only")
    if request.method != "GET":
        await acting_session(request, session)
    return session.user.name


Operator = Annotated[str, Depends(operator)]


class EndMatch(Body):
    """An operator's end of a stuck match: who loses (a seat, 0 or 1, or a player's name) and
    why (kept in the operators' record)."""

    loser: int | str
    reason: str = Field(min_length=1, max_length=500)


class MatchEnded(Answer):
    """Whether the match was ended now (False: it was over already)."""

    ended: bool


class QueuedDecisionView(Answer):
    """A computer's decision waiting for the engine thread."""

    match_id: str | None
    waiting_seconds: float


class EngineQueue(Answer):
    """The engines' queue of this process, the longest waiting first."""

    waiting: list[QueuedDecisionView]


@router.post("/matches/{match_id}/end")
async def end_match(match_id: str, body: EndMatch, by: Operator, hall: Hall) -> MatchEnded:
    """End a running match: ``loser`` forfeits it (reason ``operator``), the reason is kept."""
    live = await hall.live.get(match_id)
    names = [seat.name for seat in live.seats]
    if isinstance(body.loser, int):
        if body.loser not in (0, 1):
            raise Refusal(400, "invalid-request", reason=f"a seat is 0 or 1, not {body.loser}")
        loser = body.loser
    elif body.loser in names:
        loser = names.index(body.loser)
    else:
        plays = " and ".join(names)
        raise Refusal(400, "invalid-request", reason=f"{body.loser} does not play it: {plays}")
    ended = await hall.live.forfeit(match_id, loser, "operator")
    if ended:
        why = f"{names[loser]} loses: {body.reason}"
        await hall.workers.store(hall.store.moderation.note, by, "end-match", match_id, why)
    return MatchEnded(ended=ended)


@router.get("/engines")
async def engine_queue(_: Operator, hall: Hall) -> EngineQueue:
    """The computers' decisions waiting for this process's engine thread."""
    now = time.perf_counter()
    return EngineQueue(
        waiting=[
            QueuedDecisionView(match_id=d.match_id, waiting_seconds=round(now - d.queued, 3))
            for d in hall.workers.engine_queue()
        ]
    )
