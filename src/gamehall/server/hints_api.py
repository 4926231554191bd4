"""``GET /api/matches/{id}/hint``: the engine's advice for the player on move, in unrated games
against the computer.

Refused in rated games and tournament games (403), in games between two people (403: no engine
help against a person; finished games have their review instead), to spectators (403), and to a
player whose turn it is not or who has nothing to play (409). The match is read under its lock
(quick: the position and the dice, or a copy of the board); the engine then works on the hints'
own thread (``hint_desk.py``), off the event loop and apart from the computer players' thread,
within a time limit.
"""

from typing import Annotated

from fastapi import APIRouter, Query, Request

from gamehall.engines.hints import HintError, HintOptions, Hints, prepare_hint
from gamehall.server.auth import Session
from gamehall.server.hint_desk import HintBusyError
from gamehall.server.hint_schemas import CandidateView, HintAnswer, Stone, WinningView
from gamehall.server.hint_words import said
from gamehall.server.language import reader_language
from gamehall.server.live import NoSuchMatchError
from gamehall.server.live.matches import LiveMatch
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import Answer
from gamehall.server.services import Hall, Services
from gamehall.store.terms import match_terms

router = APIRouter(prefix="/api")


SECONDS = 3.0
"""What a hint may spend in the engine."""
GRACE = 20.0
"""Beyond ``SECONDS``, how long the answer may wait (for the hint thread, or the engine's first
load) before the request is answered 503."""


def answer(match_id: str, seat: int, hints: Hints) -> HintAnswer:
    """The API's form of ``hints``."""
    winning = None
    if hints.winning is not None:
        line = hints.winning
        stones = [Stone(point=p, colour=c, number=n) for p, c, n in line.stones()]
        winning = WinningView(**line.to_dict(), stones=stones)
    return HintAnswer(
        match_id=match_id,
        seat=seat,
        game=hints.game,
        method=hints.method,
        candidates=[CandidateView(**c.to_dict()) for c in hints.candidates],
        winning=winning,
        notes=list(hints.notes),
        cube=None if hints.cube is None else dict(hints.cube),
    )


PERSON = "hints are for games against the computer: your opponent is a person"


class HintTerms(Answer):
    """Whether the asker may ask for hints in this match at all (on his turns), and if not,
    why: the game page shows its Hint button only where they are given."""

    allowed: bool
    reason: str | None


async def _refusal(
    hall: Services, match_id: str, user_id: int
) -> tuple[str | None, int, LiveMatch | None]:
    """Why ``user_id`` may not have hints in the match (None: he may), his seat and the live
    match (when he may); 404 when there is no such match."""
    terms = await hall.workers.store(match_terms, hall.store, match_id)
    if terms is None:
        raise Refusal(404, "no-such-match", match=match_id)
    if terms.tournament_id is not None:
        return "hints are not given in tournament games", -1, None
    if terms.rated:
        return "hints are for unrated games only: this match is rated", -1, None
    try:
        live = await hall.live.get(match_id)
    except NoSuchMatchError:
        raise Refusal(404, "no-such-match", match=match_id) from None
    seat = live.seat_of(user_id)
    if seat is None:
        return "hints are for the players of a match, not its spectators", -1, None
    if live.is_human(1 - seat):
        return PERSON, -1, None
    return None, seat, live


@router.get("/matches/{match_id}/hint/terms")
async def hint_terms(match_id: str, session: Session, hall: Hall) -> HintTerms:
    """Whether I may ask for hints in this match (on my turns)."""
    reason, _, _ = await _refusal(hall, match_id, session.user.id)
    return HintTerms(allowed=reason is None, reason=reason)


@router.get("/matches/{match_id}/hint")
async def hint(
    match_id: str,
    request: Request,
    session: Session,
    hall: Hall,
    count: Annotated[int, Query(ge=1, le=10)] = 5,
    ply: Annotated[int, Query(ge=0, le=2)] = 2,
) -> HintAnswer:
    """The engine's best ``count`` choices for me, on move in an unrated match against the
    computer (backgammon:
    plays ranked at up to ``ply`` plies; renju: moves, and the winning line if I have one)."""
    reason, seat, live = await _refusal(hall, match_id, session.user.id)
    if reason is not None or live is None:
        raise Refusal(403, "no-hints", as_is=True, reason=reason)
    options = HintOptions(count=count, ply=ply, seconds=SECONDS)
    async with live.lock:
        try:
            work = prepare_hint(live.match, seat, options)
        except HintError as exc:
            raise Refusal(409, "no-hint", as_is=True, reason=exc) from None
    try:
        hints = await hall.hints.work_out(session.user.id, work, SECONDS + GRACE)
    except HintBusyError:
        raise Refusal(429, "hint-pending") from None
    except TimeoutError:
        raise Refusal(503, "engine-busy") from None
    return said(answer(match_id, seat, hints), reader_language(request))
