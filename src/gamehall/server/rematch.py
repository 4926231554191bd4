"""Rematches (``POST /api/matches/{id}/rematch``): after a match, a player offers the same
match again with the seats swapped (so the colours, and who starts, change); when the other
player asks too, the new match starts. Against the computer it starts at once.

Offers live in this process's memory (a restart forgets them: offer again) and travel on the
players' own sockets: ``rematch_offer`` to the opponent, ``rematch`` (the new match's id) to
both once it starts. A rematch is casual, whatever the first match was.
"""

import asyncio
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request

from gamehall.play.settings import MatchSettings
from gamehall.server.auth import Services, acting_session, services_of
from gamehall.server.schemas import Answer
from gamehall.server.user_socket import UserChannels
from gamehall.store import SessionInfo, StoredMatch

router = APIRouter(prefix="/api")

Acting = Annotated[SessionInfo, Depends(acting_session)]


class RematchAnswer(Answer):
    """Where a rematch stands: offered (waiting for the opponent), or started."""

    status: str
    match_id: str | None = None


class RematchOffers:
    """The rematches offered and not yet answered, by match: the seat that offered."""

    def __init__(self) -> None:
        self.offers: dict[str, int] = {}
        self.started: dict[str, str] = {}


def offers_of(request: Request) -> RematchOffers:
    """The app's rematch offers (made on first use)."""
    state = request.app.state
    if not isinstance(getattr(state, "rematches", None), RematchOffers):
        state.rematches = RematchOffers()
    offers: RematchOffers = state.rematches
    return offers


def _notify(request: Request, user_id: int | None, message: dict[str, object]) -> None:
    channels = getattr(request.app.state, "channels", None)
    if user_id is not None and isinstance(channels, UserChannels):
        channels.notify(user_id, message)


def _seat_of(stored: StoredMatch, user_id: int) -> int:
    for seat, player in enumerate(stored.seats):
        if player.kind == "human" and player.user_id == user_id:
            return seat
    raise HTTPException(403, "only the players of a match can ask for a rematch")


@router.post("/matches/{match_id}/rematch")
async def rematch(match_id: str, session: Acting, request: Request) -> RematchAnswer:
    """Offer a rematch, or accept the opponent's offer: the match starts again with the seats
    swapped (at once against the computer)."""
    hall: Services = services_of(request)
    stored = await asyncio.to_thread(hall.store.load_match, match_id)
    if stored is None:
        raise HTTPException(404, f"there is no match {match_id}")
    if stored.status != "over":
        raise HTTPException(409, "the match is still being played: a rematch comes after it")
    offers = offers_of(request)
    if match_id in offers.started:
        return RematchAnswer(status="started", match_id=offers.started[match_id])
    seat = _seat_of(stored, session.user.id)
    opponent = stored.seats[1 - seat]
    offered = offers.offers.get(match_id)
    if opponent.kind == "human" and offered in (None, seat):
        offers.offers[match_id] = seat
        _notify(
            request,
            opponent.user_id,
            {"type": "rematch_offer", "of": match_id, "opponent": session.user.name},
        )
        return RematchAnswer(status="offered")
    offers.offers.pop(match_id, None)
    settings = MatchSettings.from_dict(stored.settings)
    new_id = await hall.live.create(settings, [stored.seats[1], stored.seats[0]])
    offers.started[match_id] = new_id
    for player in stored.seats:
        _notify(request, player.user_id, {"type": "rematch", "of": match_id, "match_id": new_id})
    return RematchAnswer(status="started", match_id=new_id)
