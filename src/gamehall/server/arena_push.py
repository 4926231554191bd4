"""Arenas by push (``/ws/arenas/{id}``): an arena's leaderboard and games, sent to every socket
on it when they change, so that its page (a player's, a spectator's) follows it live.

``ArenaHub`` reads each arena that has a socket open once a second (one read however many
watch it) and sends the board only when it differs from what it sent last; a new socket gets
it at once. With several processes each has its hub, reading the same database. The socket
reads only pings; anyone may open one (an arena is public, like its page).
"""

import asyncio
import logging

from fastapi import APIRouter, WebSocket

from gamehall.server.arena_schemas import ArenaView, arena_of
from gamehall.server.auth import same_origin
from gamehall.server.background import Background
from gamehall.server.failures import Failures
from gamehall.server.live.workers import Workers
from gamehall.server.protocol.arena import ArenaBoard
from gamehall.server.services import services_of
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.ws import POLICY_VIOLATION, answer_pings
from gamehall.store import Store

log = logging.getLogger(__name__)

INTERVAL = 1.0
"""Seconds between two reads of a watched arena."""
NO_SUCH_ARENA = 4404
"""The close code for a socket on something that is not an arena."""

router = APIRouter()


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


@router.websocket("/ws/arenas/{tournament_id}")
async def arena_socket(websocket: WebSocket, tournament_id: int) -> None:
    """The arena's board, now and whenever it changes (``docs/protocol.md``)."""
    if not same_origin(websocket):
        await websocket.close(POLICY_VIOLATION, "connections from other sites are not accepted")
        return
    hall = services_of(websocket)
    hub = hall.arenas
    board = await hall.workers.store(hub.read, tournament_id)
    if board is None:
        await websocket.close(NO_SUCH_ARENA, f"there is no arena {tournament_id}")
        return
    await websocket.accept()
    connection = SocketConnection(None)
    writer = asyncio.create_task(connection.write_to(websocket, hall.workers))
    connection.send(board.wire())
    hub.add(tournament_id, connection)
    hub.boards.setdefault(tournament_id, board)
    try:
        await answer_pings(websocket, connection, hall.live.clock)
    finally:
        hub.discard(tournament_id, connection)
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)
