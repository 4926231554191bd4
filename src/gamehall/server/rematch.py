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

from typing import Any

from fastapi import APIRouter, HTTPException

from gamehall.play.settings import MatchSettings
from gamehall.server.auth import Acting
from gamehall.server.bus import Bus
from gamehall.server.live import LiveMatches
from gamehall.server.schemas import Answer
from gamehall.server.services import Hall
from gamehall.server.user_socket import UserChannels
from gamehall.store import Store, StoredMatch

router = APIRouter(prefix="/api")


class RematchAnswer(Answer):
    """Where a rematch stands: offered (waiting for the opponent), or started."""

    status: str
    match_id: str | None = None


class RematchOffers:
    """The rematches offered and not yet answered, by match: the seat that offered; and those
    started, by match: the new match's id. A rematch starts in ``live`` and is told on
    ``channels``; ``store`` reads the match when another process's offer completes one."""

    def __init__(self, bus: Bus, store: Store, live: LiveMatches, channels: UserChannels) -> None:
        self.offers: dict[str, int] = {}
        self.started: dict[str, str] = {}
        self.bus = bus
        self.store = store
        self.live = live
        self.channels = channels
        self.bus.on("rematch", self._remote)

    async def offer(self, match_id: str, seat: int) -> None:
        """Note ``seat``'s offer, here and on the other processes."""
        self.offers[match_id] = seat
        await self.bus.publish("rematch", match_id, {"type": "offer", "seat": seat})

    async def start(self, stored: StoredMatch) -> str:
        """Start the rematch of ``stored`` (the seats swapped) and tell both players, on
        every process; returns the new match's id."""
        self.offers.pop(stored.id, None)
        settings = MatchSettings.from_dict(stored.settings)
        new_id = await self.live.create(settings, [stored.seats[1], stored.seats[0]])
        self.started[stored.id] = new_id
        await self.bus.publish("rematch", stored.id, {"type": "started", "match_id": new_id})
        for player in stored.seats:
            notice: dict[str, object] = {"type": "rematch", "of": stored.id, "match_id": new_id}
            _tell(self.channels, player.user_id, notice)
        return new_id

    async def _remote(self, match_id: str, origin: str, message: dict[str, Any]) -> None:
        """Another process's offer or start."""
        kind, seat, new_id = message.get("type"), message.get("seat"), message.get("match_id")
        if kind == "started" and isinstance(new_id, str):
            self.offers.pop(match_id, None)
            self.started[match_id] = new_id
        elif kind == "offer" and seat in (0, 1) and match_id not in self.started:
            mine = self.offers.get(match_id)
            if mine is None or mine == seat:
                self.offers[match_id] = seat
            elif mine == 0:  # both asked at once: seat 0's starts it
                stored = await self.live.workers.store(self.store.matches.load, match_id)
                if stored is not None:
                    await self.start(stored)


def _tell(channels: UserChannels, user_id: int | None, message: dict[str, object]) -> None:
    if user_id is not None:
        channels.tell(user_id, dict(message))


def _seat_of(stored: StoredMatch, user_id: int) -> int:
    for seat, player in enumerate(stored.seats):
        if player.kind == "human" and player.user_id == user_id:
            return seat
    raise HTTPException(403, "only the players of a match can ask for a rematch")


@router.post("/matches/{match_id}/rematch")
async def rematch(match_id: str, session: Acting, hall: Hall) -> RematchAnswer:
    """Offer a rematch, or accept the opponent's offer: the match starts again with the seats
    swapped (at once against the computer)."""
    stored = await hall.workers.store(hall.store.matches.load, match_id)
    if stored is None:
        raise HTTPException(404, f"there is no match {match_id}")
    if stored.status != "over":
        raise HTTPException(409, "the match is still being played: a rematch comes after it")
    offers = hall.rematches
    if match_id in offers.started:
        return RematchAnswer(status="started", match_id=offers.started[match_id])
    seat = _seat_of(stored, session.user.id)
    opponent = stored.seats[1 - seat]
    offered = offers.offers.get(match_id)
    channels = hall.channels
    if opponent.kind == "human" and offered in (None, seat):
        await offers.offer(match_id, seat)
        _tell(
            channels,
            opponent.user_id,
            {"type": "rematch_offer", "of": match_id, "opponent": session.user.name},
        )
        return RematchAnswer(status="offered")
    new_id = await offers.start(stored)
    return RematchAnswer(status="started", match_id=new_id)
