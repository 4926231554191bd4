"""``POST`` and ``GET /api/matches/{id}/analysis``: a finished match's analysis, asked for by
anyone who may see the match (its players, spectators, other users) and made once, in the
background (``analysis_jobs.py``), then stored with the match (``store.analyses``).

The answer says where it stands: none yet, running (with its progress), done (the whole
result, each decision with the review frame that shows its position), or failed (why).
"""

from fastapi import APIRouter, HTTPException

from gamehall.play.review import review_frames
from gamehall.server.analysis_jobs import Job, JobsFullError
from gamehall.server.analysis_schemas import AnalysisAnswer, done_answer
from gamehall.server.auth import Acting
from gamehall.server.services import Hall, Services
from gamehall.store import StoredMatch

router = APIRouter(prefix="/api")


@router.post("/matches/{match_id}/analysis")
async def request_analysis(match_id: str, session: Acting, hall: Hall) -> AnalysisAnswer:
    """Analyse the finished match (409 while it is being played): its analysis when it has
    one, else the one being made (asking again joins it)."""
    stored = await _finished(hall, match_id)
    job = hall.analyses.job(match_id)
    if job is not None and job.failure is None:
        return _job_answer(job)
    answer = await _stored_answer(hall, stored)
    if answer is not None:
        return answer
    try:
        job = hall.analyses.start(match_id, stored.as_match_dict(secrets=False))
    except JobsFullError as exc:
        raise HTTPException(503, str(exc)) from None
    return _job_answer(job)


@router.get("/matches/{match_id}/analysis")
async def analysis(match_id: str, hall: Hall) -> AnalysisAnswer:
    """Where the match's analysis stands: none, running, done (with it) or failed."""
    job = hall.analyses.job(match_id)
    if job is not None:
        return _job_answer(job)
    stored = await hall.workers.store(hall.store.matches.load, match_id)
    if stored is None:
        raise HTTPException(404, f"there is no match {match_id}")
    answer = await _stored_answer(hall, stored)
    return answer or AnalysisAnswer(match_id=match_id, status="none")


async def _finished(hall: Services, match_id: str) -> StoredMatch:
    """The match, finished: 404 when there is none, 409 while it is being played."""
    stored = await hall.workers.store(hall.store.matches.load, match_id)
    if stored is None:
        raise HTTPException(404, f"there is no match {match_id}")
    if stored.status != "over":
        raise HTTPException(409, "the match is still being played: analyse it once it is over")
    return stored


async def _stored_answer(hall: Services, stored: StoredMatch) -> AnalysisAnswer | None:
    """The match's stored analysis with its frames, or None."""
    found = await hall.workers.store(hall.store.analyses.load, stored.id)
    if found is None:
        return None
    record = stored.as_match_dict(secrets=False)
    return await hall.workers.replay(lambda: done_answer(found, review_frames(record)))


def _job_answer(job: Job) -> AnalysisAnswer:
    return AnalysisAnswer(
        match_id=job.match_id,
        status=job.state,
        done=job.done,
        total=job.total,
        reason=job.failure,
    )
