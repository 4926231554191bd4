"""Rematches (``POST /api/matches/{id}/rematch``): after a match, a player offers the same
match again with the seats swapped (so the colours, and who starts, change); when the other
player asks too, the new match starts. Against the computer it starts at once.

Offers live in memory (a restart forgets them: offer again) and travel on the players' own
sockets: ``rematch_offer`` to the opponent, ``rematch`` (the new match's id) to both once it
starts. A rematch is casual, whatever the first match was.

With several server processes the players may ask on different ones: every offer and every
start is published (``rematch:<match id>`` on the ``Bus``), so that the second player's process
knows of the first's offer and starts the match. If both ask at the same moment on two
processes, each learns of the other's offer, and the process that holds seat 0's offer starts
it: one rematch, never two.
"""

from typing import Literal

from fastapi import APIRouter

from gamehall.server.auth import Acting
from gamehall.server.caps import computer_match_slot
from gamehall.server.protocol.user import RematchOffer
from gamehall.server.refusals import Refusal
from gamehall.server.rematch_offers import tell_player
from gamehall.server.schemas import Answer
from gamehall.server.services import Hall
from gamehall.store import StoredMatch

router = APIRouter(prefix="/api")


class RematchAnswer(Answer):
    """Where a rematch stands: offered (waiting for the opponent), or started."""

    status: str
    match_id: str | None = None


def _seat_of(stored: StoredMatch, user_id: int) -> Literal[0, 1]:
    for seat in (0, 1):
        player = stored.seats[seat]
        if player.kind == "human" and player.user_id == user_id:
            return seat
    raise Refusal(403, "rematch-players-only")


@router.post("/matches/{match_id}/rematch")
async def rematch(match_id: str, session: Acting, hall: Hall) -> RematchAnswer:
    """Offer a rematch, or accept the opponent's offer: the match starts again with the seats
    swapped (at once against the computer)."""
    stored = await hall.workers.store(hall.store.matches.load, match_id)
    if stored is None:
        raise Refusal(404, "no-such-match", match=match_id)
    if stored.status == "playing":
        raise Refusal(409, "rematch-too-soon")
    offers = hall.rematches
    if match_id in offers.started:
        return RematchAnswer(status="started", match_id=offers.started[match_id])
    seat = _seat_of(stored, session.user.id)
    opponent = stored.seats[1 - seat]
    offered = offers.offers.get(match_id)
    channels = hall.channels
    if opponent.kind == "human" and offered in (None, seat):
        await offers.offer(match_id, seat)
        tell_player(
            channels,
            opponent.user_id,
            RematchOffer(of=match_id, opponent=session.user.name),
        )
        return RematchAnswer(status="offered")
    if opponent.kind == "human":
        new_id = await offers.start(stored)
    else:
        async with computer_match_slot(hall, session.user.id):
            new_id = await offers.start(stored)
    return RematchAnswer(status="started", match_id=new_id)
