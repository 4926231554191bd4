"""The socket of a match (``/ws/matches/{id}``): what the server sends to everybody watching,
and what a player sends (an action, a ping)."""

from dataclasses import dataclass
from typing import Annotated, Literal, NotRequired, cast

from pydantic import Field
from typing_extensions import TypedDict

from gamehall.jsontext import JsonObject, JsonValue
from gamehall.play.clock import ClockReadings
from gamehall.play.views import Legal, State
from gamehall.server.protocol.common import Frame, Message, Ping, Pong, SocketError
from gamehall.server.schemas import MatchState

MAX_KIND = 40
"""The longest action kind a frame may name, in characters."""


class LoggedEvent(TypedDict):
    """An event of the match's log as the log keeps it (``Event.to_dict``): its place from 0,
    its kind, the seat that acted (null: the referee), the match's time; the action's
    ``data`` and what followed (``outcome``) when not empty, ``derived`` when the rules did it
    by themselves, both ``clocks`` after it when the match has a clock (``docs/protocol.md``,
    the log's events, has each kind's keys)."""

    seq: int
    kind: str
    player: int | None
    time: float
    data: NotRequired[JsonObject]
    outcome: NotRequired[JsonObject]
    derived: NotRequired[bool]
    clocks: NotRequired[ClockReadings]


@dataclass(frozen=True, slots=True)
class Allowed:
    """What the reader of one seat may do now, the last two fields of a hello or an update:
    the action kinds he may send (none for a spectator, none once the match is over) and, for
    the player to move in a tables game, the moves (``play.views.legal_of``). Made by the
    server from the match for every change, not read from outside: a plain value, written
    without a model's checks (several times a change, for every seat)."""

    actions: list[str]
    legal: Legal | None

    def with_claim(self) -> "Allowed":
        """The same, and ``claim_abandoned``: the opponent's grace period has run out."""
        return Allowed([*self.actions, "claim_abandoned"], self.legal)

    def wire(self) -> JsonObject:
        """The two fields as a message carries them (its ``legal`` is shared, never changed)."""
        return {"actions": list(self.actions), "legal": cast(JsonValue, self.legal)}


class PlayerEntry(Message):
    """Who sits at one side of the match, as the hello lists them."""

    name: str
    kind: str
    """``human`` or ``computer``."""
    level: str | None
    bot: bool = False
    """A person's seat played by a bot (``docs/bot-api.md``)."""


class Hello(Message):
    """The first message to a socket: its seat (``you``, null for a spectator), the players,
    the match's state and its whole public log, and what the seat may do now."""

    type: Literal["hello"] = "hello"
    match_id: str
    you: int | None
    players: list[PlayerEntry]
    state: MatchState
    events: list[LoggedEvent]
    """The log so far."""
    clocks_wait: float | None
    """Seconds from this message for which no clock runs (what is left of the pause between
    two games, ``live/between_games.py``); null when the clocks run as they show."""
    actions: list[str]
    legal: Legal | None


class Update(Message):
    """After every stored change (an action, a computer's move, a flag), to everybody: the new
    events, the state now, and what the seat may do now."""

    type: Literal["update"] = "update"
    events: list[LoggedEvent]
    """The new events only."""
    state: MatchState
    clocks_wait: float | None
    """Seconds from this message for which no clock runs: the pause between two games, whole
    when these events end one (``live/between_games.py``); null when the clocks run as shown."""
    actions: list[str]
    legal: Legal | None

    @staticmethod
    def written(
        events: list[LoggedEvent], state: State, clocks_wait: float | None, allowed: Allowed
    ) -> JsonObject:
        """``Update(...).wire()`` of values the server made itself (typed, never read from
        outside), written without the model: its construction and dump walked the whole
        state again for every change, longer than the rest of the update took to make. The
        tests hold the two to the same JSON."""
        return {
            "type": "update",
            "events": cast(list[JsonValue], events),
            "state": cast(JsonValue, state),
            "clocks_wait": clocks_wait,
            **allowed.wire(),
        }


class Grace(Message):
    """A player away: the seat, and when (Unix seconds) his opponent may claim the match."""

    player: int
    deadline: float


class Presence(Message):
    """Who is at the table (a computer always is), and the earliest running grace period."""

    type: Literal["presence"] = "presence"
    connected: list[bool]
    grace: Grace | None


class RematchStarted(Message):
    """To the spectators of a finished match: its rematch has started, as the match
    ``match_id`` (their page follows the players there)."""

    type: Literal["rematch"] = "rematch"
    match_id: str


MatchServerMessage = Annotated[
    Hello | Update | Presence | RematchStarted | SocketError | Pong, Field(discriminator="type")
]
"""What the server sends on a match's socket."""


class ActionFrame(Frame):
    """A player's action: its ``kind`` (an action of the play layer, or ``claim_abandoned``),
    its ``data`` and a ``ref`` of the player's own, given back with an error."""

    type: Literal["action"]
    kind: Annotated[str, Field(min_length=1, max_length=MAX_KIND)]
    data: JsonObject = Field(default_factory=dict)
    ref: JsonValue = None


MatchClientMessage = Annotated[ActionFrame | Ping, Field(discriminator="type")]
"""What a client sends on a match's socket."""
