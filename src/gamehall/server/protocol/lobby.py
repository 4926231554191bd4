"""The lobby's socket (``/ws/lobby``): the open seeks (the list once, then its changes), who
is online and how many play each game, pushed when they change. The client sends only pings."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from gamehall.play.settings import GameName
from gamehall.server.protocol.common import Message, Ping, Pong, SocketError
from gamehall.server.schemas import SeekView


class SeekList(Message):
    """The open seeks, oldest first: on connecting and whenever they change."""

    type: Literal["seeks"] = "seeks"
    seeks: list[SeekView]


class SeekChanges(Message):
    """How the open seeks changed since the last list or changes: the ids of those gone, and
    those that joined, oldest first, to be put after the ones kept (a seek joins the list
    after every seek in it: it is newer, or was left out of a full list until then)."""

    type: Literal["seek_changes"] = "seek_changes"
    removed: list[int]
    added: list[SeekView]


class Online(Message):
    """The users with a user socket open on any server process, in alphabetical order: on
    connecting and whenever it changes."""

    type: Literal["online"] = "online"
    players: list[str]
    bots: list[str] = Field(default_factory=list)
    """Those of ``players`` whose accounts are programs' (bots), marked as such."""


class GamePlayingView(BaseModel):
    """One game's matches being played, and the accounts playing them."""

    model_config = ConfigDict(frozen=True)

    game: GameName
    matches: int
    players: int
    """The accounts seated in those matches (a computer's seat is not one)."""


class Playing(Message):
    """How many matches of each game are being played, and by how many, over every server
    process (read from the database): every game, in the order the hall lists them, on
    connecting and whenever a count changes."""

    type: Literal["playing"] = "playing"
    games: list[GamePlayingView]


LobbyServerMessage = Annotated[
    SeekList | SeekChanges | Online | Playing | SocketError | Pong, Field(discriminator="type")
]
"""What the server sends on a lobby socket."""

LobbyClientMessage = Ping
"""What a client sends on a lobby socket: pings only."""
