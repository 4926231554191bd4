"""The lobby's hub on this process (``LobbyHub``): the open seeks (with their owners'
ratings), who is online and how many matches of each game are being played, read once a second
for every lobby socket and sent when they change (see ``lobby_push.py``).

A socket gets the whole list once, then only its changes: every socket used to be sent the
whole list again on every change (1,200 seeks and 200 sockets pushed 19.6 MB/s and slowed ten
games' moves from 6 to 305 ms at the 99th percentile). Each message is written out once, its
text shared by every socket (``Serialised``), and the list holds at most ``limit`` seeks, the
oldest (``GAMEHALL_LOBBY_SEEKS``).
"""

import asyncio
import logging
from dataclasses import dataclass

from gamehall.jsontext import JsonObject
from gamehall.play.settings import GAME_NAMES
from gamehall.server.background import Background
from gamehall.server.failures import Failures
from gamehall.server.live import dumps
from gamehall.server.live.fanout import Serialised
from gamehall.server.live.workers import Workers
from gamehall.server.protocol.common import Message
from gamehall.server.protocol.lobby import (
    GamePlayingView,
    Online,
    Playing,
    SeekChanges,
    SeekList,
)
from gamehall.server.schemas import SeekView
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.user_channels import UserChannels
from gamehall.store import Store

log = logging.getLogger(__name__)

INTERVAL = 1.0
"""Seconds between two looks at the seeks."""
LIMIT = 200
"""The seeks listed unless told otherwise."""


@dataclass(frozen=True)
class Look:
    """What one look at the database read: the seeks and the matches being played."""

    seeks: list[SeekView]
    playing: list[GamePlayingView]


def read_lobby(store: Store, limit: int) -> Look:
    """The open seeks with their owners' ratings, and every game's matches being played: three
    short queries, however many sockets are open."""
    stored = store.offers.list_seeks(limit)
    seeks = SeekView.of_all(stored, store.ratings.of_seeks(stored))
    counted = {count.game: count for count in store.matches.playing_by_game()}
    playing = [
        GamePlayingView(
            game=game,
            matches=counted[game].matches if game in counted else 0,
            players=counted[game].players if game in counted else 0,
        )
        for game in GAME_NAMES
    ]
    return Look(seeks, playing)


class LobbyHub(Background):
    """The lobby sockets of this process and the seek list they were last sent."""

    def __init__(
        self,
        store: Store,
        channels: UserChannels,
        workers: Workers,
        interval: float = INTERVAL,
        limit: int = LIMIT,
    ) -> None:
        self.store = store
        self.channels = channels
        self.workers = workers
        self.interval = interval
        self.limit = limit
        self._failures = Failures("the lobby hub", log)
        self.sockets: set[SocketConnection] = set()
        self.seeks: list[SeekView] | None = None
        self.online: list[str] = []
        self.bots: list[str] = []
        self.playing: list[GamePlayingView] = [
            GamePlayingView(game=game, matches=0, players=0) for game in GAME_NAMES
        ]
        self._list: Serialised | None = None
        """The list as a new socket is sent it, written out once until the seeks change."""

    def message(self) -> JsonObject:
        """What a new lobby socket is sent first: the open seeks, written out."""
        if self._list is None:
            self._list = serialised(SeekList(seeks=self.seeks or []))
        return self._list

    def online_message(self) -> Online:
        """Who is online (has a user socket open on any process), in alphabetical order."""
        return Online(players=self.online, bots=self.bots)

    def playing_message(self) -> Playing:
        """How many matches of each game are being played, and by how many."""
        return Playing(games=self.playing)

    async def look(self) -> bool:
        """Read the seeks, who is online and what is being played; send what changed to every
        socket. Returns whether the seeks changed."""
        online = self.channels.online() if self.channels is not None else []
        if online != self.online:
            self.bots = await self.workers.store(self.store.users.bots_among, online)
            self.online = online
            self._send_all(serialised(self.online_message()))
        look = await self.workers.store(read_lobby, self.store, self.limit)
        if look.playing != self.playing:
            self.playing = look.playing
            self._send_all(serialised(self.playing_message()))
        seeks = look.seeks
        if seeks == self.seeks:
            return False
        before, self.seeks, self._list = self.seeks or [], seeks, None
        self._send_all(serialised(changes(before, seeks) or SeekList(seeks=seeks)))
        return True

    def _send_all(self, message: Serialised) -> None:
        for connection in list(self.sockets):
            connection.send(message)

    async def _run(self) -> None:
        while True:
            if self.sockets:
                try:
                    await self.look()
                except Exception as exc:  # a bad moment of the database: the next look tries
                    self._failures.failed(exc)
                else:
                    self._failures.succeeded()
            await asyncio.sleep(self.interval)


def changes(before: list[SeekView], after: list[SeekView]) -> SeekChanges | None:
    """The changes that make ``before`` into ``after`` (the seeks gone, those joined after the
    rest), or None when they cannot say it (a seek kept changed, or moved)."""
    now = {seek.id: seek for seek in after}
    kept = [seek for seek in before if now.get(seek.id) == seek]
    removed = [seek.id for seek in before if now.get(seek.id) != seek]
    known = {seek.id for seek in kept}
    added = [seek for seek in after if seek.id not in known]
    if kept + added != after:
        return None
    return SeekChanges(removed=removed, added=added)


def serialised(message: Message) -> Serialised:
    """``message``'s wire form with its text, written once for every socket it goes to."""
    wire = message.wire()
    return Serialised(wire, dumps(wire))
