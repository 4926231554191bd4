"""An arena's socket (``/ws/arenas/{id}``): its leaderboard and games, pushed when they change,
to its players and to anyone watching. The client sends only pings."""

from typing import Annotated, Literal

from pydantic import Field

from gamehall.server.arena_schemas import ArenaView
from gamehall.server.protocol.common import Message, Ping, Pong, SocketError


class ArenaBoard(Message):
    """The arena as it stands: on connecting and whenever it changes."""

    type: Literal["arena"] = "arena"
    tournament: int
    status: Literal["open", "running", "finished"]
    arena: ArenaView


ArenaServerMessage = Annotated[ArenaBoard | SocketError | Pong, Field(discriminator="type")]
"""What the server sends on an arena socket."""

ArenaClientMessage = Ping
"""What a client sends on an arena socket: pings only."""
