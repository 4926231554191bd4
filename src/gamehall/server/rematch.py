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

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request
from pydantic import Field, TypeAdapter, ValidationError

from gamehall.play.settings import MatchSettings
from gamehall.server.auth import Services, acting_session, services_of
from gamehall.server.bus import Bus
from gamehall.server.live.peers import Peer
from gamehall.server.protocol.common import JsonObject
from gamehall.server.protocol.user import Notice, Rematch, RematchOffer
from gamehall.server.schemas import Answer
from gamehall.server.user_socket import UserChannels
from gamehall.store import SessionInfo, StoredMatch

router = APIRouter(prefix="/api")

Acting = Annotated[SessionInfo, Depends(acting_session)]


class RematchAnswer(Answer):
    """Where a rematch stands: offered (waiting for the opponent), or started."""

    status: str
    match_id: str | None = None


class Offered(Peer):
    """Another process's player offered the rematch of the match (its topic's key)."""

    type: Literal["offer"] = "offer"
    seat: Literal[0, 1]


class Started(Peer):
    """Another process started the rematch of the match: the new match's id."""

    type: Literal["started"] = "started"
    match_id: str


REMATCH_NEWS: TypeAdapter[Offered | Started] = TypeAdapter(
    Annotated[Offered | Started, Field(discriminator="type")]
)
"""What the processes tell each other of a rematch."""


class RematchOffers:
    """The rematches offered and not yet answered, by match: the seat that offered; and those
    started, by match: the new match's id. ``hall`` and ``channels`` start a rematch when the
    other process's offer completes one (``None``: a lone process, never needed)."""

    def __init__(
        self,
        bus: Bus | None = None,
        hall: Services | None = None,
        channels: UserChannels | None = None,
    ) -> None:
        self.offers: dict[str, Literal[0, 1]] = {}
        self.started: dict[str, str] = {}
        self.bus = bus or Bus(None)
        self.hall = hall
        self.channels = channels
        self.bus.on("rematch", self._remote)

    async def offer(self, match_id: str, seat: Literal[0, 1]) -> None:
        """Note ``seat``'s offer, here and on the other processes."""
        self.offers[match_id] = seat
        await self.bus.publish("rematch", match_id, Offered(seat=seat).wire())

    async def start(self, hall: Services, channels: Any, stored: StoredMatch) -> str:
        """Start the rematch of ``stored`` (the seats swapped) and tell both players, on
        every process; returns the new match's id."""
        self.offers.pop(stored.id, None)
        settings = MatchSettings.from_dict(stored.settings)
        new_id = await hall.live.create(settings, [stored.seats[1], stored.seats[0]])
        self.started[stored.id] = new_id
        await self.bus.publish("rematch", stored.id, Started(match_id=new_id).wire())
        for player in stored.seats:
            _tell(channels, player.user_id, Rematch(of=stored.id, match_id=new_id))
        return new_id

    async def _remote(self, match_id: str, origin: str, message: JsonObject) -> None:
        """Another process's offer or start (a message that cannot be read is dropped)."""
        try:
            news = REMATCH_NEWS.validate_python(message)
        except ValidationError:
            return
        if isinstance(news, Started):
            self.offers.pop(match_id, None)
            self.started[match_id] = news.match_id
        elif match_id not in self.started:
            mine = self.offers.get(match_id)
            if mine is None or mine == news.seat:
                self.offers[match_id] = news.seat
            elif mine == 0 and self.hall is not None:  # both asked at once: seat 0's starts it
                stored = await asyncio.to_thread(self.hall.store.load_match, match_id)
                if stored is not None:
                    await self.start(self.hall, self.channels, stored)


def offers_of(request: Request) -> RematchOffers:
    """The app's rematch offers (made on first use)."""
    state = request.app.state
    if not isinstance(getattr(state, "rematches", None), RematchOffers):
        state.rematches = RematchOffers()
    offers: RematchOffers = state.rematches
    return offers


def _tell(channels: object, user_id: int | None, notice: Notice) -> None:
    if user_id is not None and isinstance(channels, UserChannels):
        channels.tell(user_id, notice.wire())


def _seat_of(stored: StoredMatch, user_id: int) -> Literal[0, 1]:
    for seat in (0, 1):
        player = stored.seats[seat]
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
    channels = getattr(request.app.state, "channels", None)
    if opponent.kind == "human" and offered in (None, seat):
        await offers.offer(match_id, seat)
        _tell(
            channels,
            opponent.user_id,
            RematchOffer(of=match_id, opponent=session.user.name),
        )
        return RematchAnswer(status="offered")
    new_id = await offers.start(hall, channels, stored)
    return RematchAnswer(status="started", match_id=new_id)
