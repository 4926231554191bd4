"""``POST`` and ``GET /api/matches/{id}/analysis``: a finished match's analysis, asked for by
anyone who may see the match (its players, spectators, other users) and made once, in the
background (``analysis_jobs.py``), then stored with the match (``store.analyses``).

The answer says where it stands: none yet, running (with its progress), done (the whole
result, each decision with the review frame that shows its position), or failed (why).
"""

from fastapi import APIRouter

from gamehall.server.analysis_jobs import Job, JobsFullError
from gamehall.server.analysis_schemas import AnalysisAnswer, done_answer
from gamehall.server.auth import Acting
from gamehall.server.refusals import Refusal
from gamehall.server.services import Hall, Services
from gamehall.store import StoredMatch
from gamehall.store.terms import match_terms

router = APIRouter(prefix="/api")


@router.post("/matches/{match_id}/analysis")
async def request_analysis(match_id: str, session: Acting, hall: Hall) -> AnalysisAnswer:
    """Analyse the finished match (409 while it is being played): its analysis when it has
    one, else the one being made (asking again joins it)."""
    job = hall.analyses.job(match_id)
    if job is not None and job.failure is None:
        return _job_answer(job)
    answer = await _stored_answer(hall, match_id)
    if answer is not None:
        return answer
    stored = await _finished(hall, match_id)
    # copying a long match's events takes tens of milliseconds: not on the games' loop
    record = await hall.workers.replay(stored.as_match_dict, secrets=False)
    try:
        job = hall.analyses.start(match_id, record)
    except JobsFullError as exc:
        raise Refusal(503, "analyses-full", as_is=True, reason=str(exc)) from None
    return _job_answer(job)


@router.get("/matches/{match_id}/analysis")
async def analysis(match_id: str, hall: Hall) -> AnalysisAnswer:
    """Where the match's analysis stands: none, running, done (with it) or failed."""
    job = hall.analyses.job(match_id)
    if job is not None:
        return _job_answer(job)
    answer = await _stored_answer(hall, match_id)
    if answer is not None:
        return answer
    if await hall.workers.store(match_terms, hall.store, match_id) is None:
        raise Refusal(404, "no-such-match", match=match_id)
    return AnalysisAnswer(match_id=match_id, status="none")


async def _finished(hall: Services, match_id: str) -> StoredMatch:
    """The match, finished: 404 when there is none, 409 while it is being played."""
    stored = await hall.workers.store(hall.store.matches.load, match_id)
    if stored is None:
        raise Refusal(404, "no-such-match", match=match_id)
    if stored.status != "over":
        raise Refusal(409, "analysis-too-soon")
    return stored


async def _stored_answer(hall: Services, match_id: str) -> AnalysisAnswer | None:
    """The match's stored analysis, or None (read and typed on the store's threads)."""
    found = await hall.workers.store(hall.store.analyses.load, match_id)
    return None if found is None else await hall.workers.store(done_answer, found)


def _job_answer(job: Job) -> AnalysisAnswer:
    return AnalysisAnswer(
        match_id=job.match_id,
        status=job.state,
        done=job.done,
        total=job.total,
        reason=job.failure,
    )
