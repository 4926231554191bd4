"""``GET /api/matches/{id}/review``: a finished match step by step (``gamehall.play.review``),
for the game page's Review: the board, the dice and the cube after each action, and the steps
grouped into turns and games for stepping a whole play at once or jumping to a game."""

import functools

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from gamehall.play.review import review_frames, review_steps
from gamehall.server.limits import client_address
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import Answer
from gamehall.server.services import Hall
from gamehall.store import StoredMatch

router = APIRouter(prefix="/api")


class ReviewGameView(BaseModel):
    """A game of the match among the steps: its number, its first and last frames."""

    number: int
    first: int
    last: int


class ReviewStepsView(BaseModel):
    """The frames a step by turn stops at (ascending) and the games (``ReviewSteps``)."""

    turns: list[int]
    games: list[ReviewGameView]


class ReviewAnswer(Answer):
    """The steps of a finished match, the start first, and how they group."""

    match_id: str
    frames: list[dict[str, object]]
    steps: ReviewStepsView


@router.get("/matches/{match_id}/review", response_model=ReviewAnswer)
async def review(match_id: str, request: Request, hall: Hall) -> Response:
    """Every step of a finished match (409 while it is being played): a heavy read, made
    below live play and kept (``heavy_reads.py``) as its JSON text. A kept answer used to be
    the model, written out again on the event loop for each request: megabytes of JSON for a
    long match (four clients looping on one moved other games' median from 25 to 400 ms)."""
    kept = hall.heavy.kept(("review", match_id))
    if isinstance(kept, bytes):
        return _json(kept)
    stored = await hall.workers.store(hall.store.matches.load, match_id)
    if stored is None:
        raise Refusal(404, "no-such-match", match=match_id)
    if stored.status == "playing":
        raise Refusal(409, "review-too-soon")
    work = functools.partial(_review_of, match_id, stored)
    return _json(await hall.heavy.read(client_address(request), work, keep=("review", match_id)))


def _json(text: bytes) -> Response:
    return Response(text, media_type="application/json")


def _review_of(match_id: str, stored: StoredMatch) -> bytes:
    """The review of a finished match as JSON text (replayed and written out on the heavy
    reads' thread)."""
    frames = review_frames(stored.as_match_dict(secrets=False))
    steps = review_steps(frames)
    answer = ReviewAnswer(
        match_id=match_id,
        frames=[dict(frame) for frame in frames],
        steps=ReviewStepsView(
            turns=list(steps.turns),
            games=[
                ReviewGameView(number=g.number, first=g.first, last=g.last) for g in steps.games
            ],
        ),
    )
    return answer.model_dump_json().encode()
