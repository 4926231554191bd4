"""The arenas' hub on this process (``ArenaHub``): it reads each arena that has a socket open
once a second (one read however many watch it) and sends the board only when it differs from
what it sent last; a new socket gets it at once (``arena_push.py`` is the socket). With several
processes each has its hub, reading the same database.
"""

import asyncio
import logging

from gamehall.server.arena_schemas import ArenaView, arena_of
from gamehall.server.background import Background
from gamehall.server.failures import Failures
from gamehall.server.live.workers import Workers
from gamehall.server.protocol.arena import ArenaBoard
from gamehall.server.socket_connection import SocketConnection
from gamehall.store import Store

log = logging.getLogger(__name__)

INTERVAL = 1.0
"""Seconds between two reads of a watched arena."""


class ArenaHub(Background):
    """The arena sockets of this process, by arena, and the board each was last sent."""

    def __init__(self, store: Store, workers: Workers, interval: float = INTERVAL) -> None:
        self.store = store
        self.workers = workers
        self.interval = interval
        self._failures = Failures("the arena hub", log)
        self.sockets: dict[int, set[SocketConnection]] = {}
        self.boards: dict[int, ArenaBoard] = {}

    def read(self, tournament_id: int) -> ArenaBoard | None:
        stored = self.store.tournaments.get(tournament_id)
        if stored is None or stored.settings.get("format") != "arena":
            return None
        view = ArenaView.of(stored, arena_of(stored), self.store.tournaments.now())
        status = stored.status
        assert status in ("open", "running", "finished")
        return ArenaBoard(tournament=tournament_id, status=status, arena=view)  # type: ignore[arg-type]

    async def look(self, tournament_id: int) -> ArenaBoard | None:
        """Read the arena; send its board to its sockets if it changed (the server's time
        aside). Returns the board (None: there is no such arena)."""
        board = await self.workers.store(self.read, tournament_id)
        if board is None:
            return None
        last = self.boards.get(tournament_id)
        if last is None or _changed(last, board):
            self.boards[tournament_id] = board
            message = board.wire()
            for connection in list(self.sockets.get(tournament_id, ())):
                connection.send(message)
        return board

    def add(self, tournament_id: int, connection: SocketConnection) -> None:
        """Watch the arena on ``connection``."""
        self.sockets.setdefault(tournament_id, set()).add(connection)

    def discard(self, tournament_id: int, connection: SocketConnection) -> None:
        """Stop watching (the last socket of an arena forgets its board)."""
        watching = self.sockets.get(tournament_id, set())
        watching.discard(connection)
        if not watching:
            self.sockets.pop(tournament_id, None)
            self.boards.pop(tournament_id, None)

    async def _run(self) -> None:
        while True:
            try:
                for tournament_id in list(self.sockets):
                    await self.look(tournament_id)
            except Exception as exc:  # a bad moment of the database: the next look tries
                self._failures.failed(exc)
            else:
                self._failures.succeeded()
            await asyncio.sleep(self.interval)


def _changed(last: ArenaBoard, board: ArenaBoard) -> bool:
    """Whether anything but the server's time differs."""
    same_time = board.arena.model_copy(update={"now": last.arena.now})
    return same_time != last.arena or board.status != last.status
