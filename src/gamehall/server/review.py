"""``GET /api/matches/{id}/review``: a finished match step by step (``gamehall.play.review``),
for the game page's Review: the board, the dice and the cube after each action."""

from fastapi import APIRouter, HTTPException

from gamehall.play.review import review_frames
from gamehall.server.schemas import Answer
from gamehall.server.services import Hall

router = APIRouter(prefix="/api")


class ReviewAnswer(Answer):
    """The steps of a finished match, the start first."""

    match_id: str
    frames: list[dict[str, object]]


@router.get("/matches/{match_id}/review")
async def review(match_id: str, hall: Hall) -> ReviewAnswer:
    """Every step of a finished match (409 while it is being played)."""
    stored = await hall.workers.store(hall.store.matches.load, match_id)
    if stored is None:
        raise HTTPException(404, f"there is no match {match_id}")
    if stored.status == "playing":
        raise HTTPException(409, "the match is still being played: review it once it is over")
    frames = await hall.workers.replay(review_frames, stored.as_match_dict(secrets=False))
    return ReviewAnswer(match_id=match_id, frames=[dict(frame) for frame in frames])
