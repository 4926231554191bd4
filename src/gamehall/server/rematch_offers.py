"""The rematches of this process (``RematchOffers``): those offered and not yet answered,
those started, and the offers and starts of the other processes (see ``rematch.py``)."""

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, ValidationError

from gamehall.jsontext import JsonObject
from gamehall.play.settings import MatchSettings
from gamehall.server.bus import Bus
from gamehall.server.live import LiveMatches
from gamehall.server.live.peers import Peer
from gamehall.server.live.terms import takebacks_for
from gamehall.server.protocol.match import RematchStarted
from gamehall.server.protocol.user import Notice, Rematch
from gamehall.server.user_channels import UserChannels
from gamehall.store import Store, StoredMatch


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
    started, by match: the new match's id. A rematch starts in ``live`` and is told on
    ``channels``; ``store`` reads the match when another process's offer completes one."""

    def __init__(self, bus: Bus, store: Store, live: LiveMatches, channels: UserChannels) -> None:
        self.offers: dict[str, Literal[0, 1]] = {}
        self.started: dict[str, str] = {}
        self.bus = bus
        self.store = store
        self.live = live
        self.channels = channels
        self.bus.on("rematch", self._remote)

    async def offer(self, match_id: str, seat: Literal[0, 1]) -> None:
        """Note ``seat``'s offer, here and on the other processes."""
        self.offers[match_id] = seat
        await self.bus.publish("rematch", match_id, Offered(seat=seat).wire())

    async def start(self, stored: StoredMatch) -> str:
        """Start the rematch of ``stored`` (the seats swapped) and tell both players, on
        every process; returns the new match's id."""
        self.offers.pop(stored.id, None)
        settings = MatchSettings.from_dict(stored.settings)
        seats = [stored.seats[1], stored.seats[0]]
        takebacks = takebacks_for(settings, seats, rated=False)
        new_id = await self.live.create(settings, seats, takebacks=takebacks)
        self.started[stored.id] = new_id
        await self.bus.publish("rematch", stored.id, Started(match_id=new_id).wire())
        self._tell_spectators(stored.id, new_id)
        for player in stored.seats:
            tell_player(self.channels, player.user_id, Rematch(of=stored.id, match_id=new_id))
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
            self._tell_spectators(match_id, news.match_id)
        elif match_id not in self.started:
            mine = self.offers.get(match_id)
            if mine is None or mine == news.seat:
                self.offers[match_id] = news.seat
            elif mine == 0:  # both asked at once: seat 0's starts it
                stored = await self.live.workers.store(self.store.matches.load, match_id)
                if stored is not None:
                    await self.start(stored)

    def _tell_spectators(self, match_id: str, new_id: str) -> None:
        """Send the spectators of ``match_id`` on this process to its rematch ``new_id`` (the
        players are told on their own sockets)."""
        live = self.live.cached(match_id)
        if live is None:
            return
        message = RematchStarted(match_id=new_id).wire()
        for connection in list(live.connections):
            if connection.seat is None:
                connection.send(message)


def tell_player(channels: UserChannels, user_id: int | None, notice: Notice) -> None:
    """Send ``notice`` to a player's own sockets (a computer, with no user id, has none)."""
    if user_id is not None:
        channels.tell(user_id, notice.wire())
