"""The user's own socket (``/ws/user``): what the server has to tell a player wherever on the
site he is. The client sends only pings."""

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from gamehall.engines.base import Level
from gamehall.play.settings import GameName
from gamehall.server.protocol.common import Message, Ping, Pong, SocketError
from gamehall.server.schemas import Settings
from gamehall.server.social_schemas import FollowedOnline, FollowedPlaying, MessageNotice


class UserHello(Message):
    """The first message: whose notices these are."""

    type: Literal["hello"] = "hello"
    user: str


class TournamentRef(Message):
    """A tournament, as a notice names it."""

    id: int
    name: str


class TournamentRound(Message):
    """A round of a tournament the user plays in is paired (``byes``: who sits it out)."""

    type: Literal["tournament_round"] = "tournament_round"
    tournament: TournamentRef
    round: int
    byes: list[str]


class TournamentMatch(Message):
    """The user's match of a round has started: go to ``#/game/{match_id}``. Also sent on
    connecting, while the match waits for him."""

    type: Literal["tournament_match"] = "tournament_match"
    tournament: TournamentRef
    round: int
    board: int
    leg: int
    match_id: str
    seat: int
    opponent: str
    arena: bool = False
    """An arena's game (``round`` is the game's number in the arena, not a round)."""
    opponent_level: Level | None = None
    """The level of the house engine he meets (the pages name it in the reader's words); null
    for a person."""


class TournamentOver(Message):
    """A tournament the user plays in is over, and who won it (null: nobody alone)."""

    type: Literal["tournament_over"] = "tournament_over"
    tournament: TournamentRef
    winner: str | None
    winner_level: Level | None = None
    """The level of the winner when it is a house engine; null for a person or nobody."""


class SeekAccepted(Message):
    """The user's seek was accepted by ``opponent``: the match has started (``rated``: it
    changes both players' ratings)."""

    type: Literal["seek_accepted"] = "seek_accepted"
    match_id: str
    opponent: str
    settings: Settings
    rated: bool


class ChallengeAccepted(Message):
    """The user's challenge was accepted by ``opponent``: the match has started (``rated``: it
    changes both players' ratings)."""

    type: Literal["challenge_accepted"] = "challenge_accepted"
    match_id: str
    opponent: str
    settings: Settings
    rated: bool


class ChallengeDeclined(Message):
    """The user's challenge was declined by ``opponent``: no match starts."""

    type: Literal["challenge_declined"] = "challenge_declined"
    opponent: str
    settings: Settings
    rated: bool


class ChallengesChanged(Message):
    """A challenge to or from the user was made, declined or withdrawn: read them again."""

    type: Literal["challenges"] = "challenges"


class RematchOffer(Message):
    """The opponent of the finished match ``of`` offers a rematch."""

    type: Literal["rematch_offer"] = "rematch_offer"
    of: str
    opponent: str


class Rematch(Message):
    """The rematch of ``of`` has started: the match ``match_id``."""

    type: Literal["rematch"] = "rematch"
    of: str
    match_id: str


class YourTurn(Message):
    """In a correspondence-length match the opponent has acted: it is the user's turn."""

    type: Literal["your_turn"] = "your_turn"
    match_id: str
    opponent: str
    game: GameName


class Warned(Message):
    """An operator warned the user: his unread warnings are read again and shown
    (``GET /api/moderation/me``)."""

    type: Literal["warned"] = "warned"


Notice = (
    TournamentRound
    | TournamentMatch
    | TournamentOver
    | SeekAccepted
    | ChallengeAccepted
    | ChallengeDeclined
    | ChallengesChanged
    | RematchOffer
    | Rematch
    | YourTurn
    | Warned
    | MessageNotice
    | FollowedOnline
    | FollowedPlaying
)
"""What the server tells a user on every socket of his, on every process."""

NOTICES: TypeAdapter[Notice] = TypeAdapter(Annotated[Notice, Field(discriminator="type")])
"""A notice read back (from another process, through the ``Bus``)."""

UserServerMessage = Annotated[UserHello | Notice | SocketError | Pong, Field(discriminator="type")]
"""What the server sends on a user's socket."""

UserClientMessage = Ping
"""What a client sends on a user's socket: pings only."""
