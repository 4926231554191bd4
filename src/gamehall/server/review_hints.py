"""``GET /api/matches/{id}/review/{step}/hint``: the engine's advice on a step of a finished
match, for the game page's analysis of a reviewed position: the choices of the side to move
then, as ``/hint`` gives them to a player on move.

Anyone logged in may ask (players and spectators alike), but only once the match is over: a
match being played has ``/hint``, which gives no engine help against a person. The step is
found by replaying the record (``play.review.at_step``) on the replays' thread; the engine then
works on the hints' thread, within the same limits as ``/hint``.
"""

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Path, Query

from gamehall.engines.hints import HintError, HintOptions, Work, prepare_hint
from gamehall.errors import GameError, RecordError
from gamehall.play.match import Match
from gamehall.play.review import at_step
from gamehall.server.auth import Session
from gamehall.server.hint_desk import HintBusyError
from gamehall.server.hint_schemas import HintAnswer
from gamehall.server.hints_api import GRACE, SECONDS, answer
from gamehall.server.refusals import Refusal
from gamehall.server.services import Hall

router = APIRouter(prefix="/api")

NOBODY = "nobody is to move at this step: choose another"


def _work(options: HintOptions) -> Callable[[Match], tuple[int, Work]]:
    """What to take from the match at the step: the seat to move and its hint's work."""

    def look(match: Match) -> tuple[int, Work]:
        seat = match.to_act
        if seat is None:
            raise HintError(NOBODY)
        return seat, prepare_hint(match, seat, options)

    return look


@router.get("/matches/{match_id}/review/{step}/hint")
async def step_hint(
    match_id: str,
    step: Annotated[int, Path(ge=0)],
    session: Session,
    hall: Hall,
    count: Annotated[int, Query(ge=1, le=10)] = 5,
    ply: Annotated[int, Query(ge=0, le=2)] = 2,
) -> HintAnswer:
    """The engine's best ``count`` choices for the side to move at frame ``step`` of the
    finished match's review (409 while it is played, or when nobody is to move then)."""
    stored = await hall.workers.store(hall.store.matches.load, match_id)
    if stored is None:
        raise Refusal(404, "no-such-match", match=match_id)
    if stored.status != "over":
        raise Refusal(409, "steps-too-soon")
    options = HintOptions(count=count, ply=ply, seconds=SECONDS)
    record = stored.as_match_dict(secrets=False)
    try:
        seat, work = await hall.workers.replay(at_step, record, step, _work(options))
    except RecordError as exc:
        raise Refusal(404, "no-such-step", as_is=True, reason=str(exc)) from None
    except GameError as exc:  # nobody to move there, or no hint for that step
        raise Refusal(409, "no-hint", as_is=True, reason=exc) from None
    try:
        hints = await hall.hints.work_out(session.user.id, work, SECONDS + GRACE)
    except HintBusyError:
        raise Refusal(429, "hint-pending") from None
    except TimeoutError:
        raise Refusal(503, "engine-busy") from None
    return answer(match_id, seat, hints)
