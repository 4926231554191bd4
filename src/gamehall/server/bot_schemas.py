"""The shapes of the bot API (``docs/bot-api.md``): the token routes' bodies, the bodies of a
bot's actions and challenges, and every line of its two NDJSON streams.

Bodies are read strictly, as the rest of the API's (``schemas.Body``). Each stream line is one
of the ``Message`` models below, or a match socket's own message (``protocol/match.py``): the
game stream sends a match's ``hello`` and ``update`` as the pages get them, with the legal
actions of the reader's seat.
"""

from typing import Annotated, Literal

from pydantic import Field

from gamehall.engines import Level
from gamehall.jsontext import JsonObject
from gamehall.play.settings import GameName, GameSettings, MatchSettings
from gamehall.server.protocol.common import Message
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import (
    Answer,
    Body,
    ChallengeView,
    ComputerBody,
    Seed,
    Settings,
    iso,
)
from gamehall.store.tokens import NAME_LENGTH, SCOPES, ApiToken, Scope

# -- tokens -------------------------------------------------------------------------------------


class TokenBody(Body):
    """A new token: its name (for its owner's list) and the scopes it grants."""

    name: Annotated[str, Field(min_length=1, max_length=NAME_LENGTH)]
    scopes: Annotated[list[Scope], Field(min_length=1, max_length=2)] = Field(
        default_factory=lambda: list(SCOPES)
    )


class TokenView(Answer):
    """A token as its owner's list shows it (never the token itself)."""

    id: int
    name: str
    scopes: list[Scope]
    created_at: str
    last_used_at: str | None
    revoked_at: str | None

    @classmethod
    def of(cls, token: ApiToken) -> "TokenView":
        used, revoked = token.last_used_at, token.revoked_at
        return cls(
            id=token.id,
            name=token.name,
            scopes=list(token.scopes),
            created_at=iso(token.created_at),
            last_used_at=None if used is None else iso(used),
            revoked_at=None if revoked is None else iso(revoked),
        )


class TokenCreated(Answer):
    """The new token, shown this once (the server keeps only its hash), and its entry."""

    token: str
    entry: TokenView


class Tokens(Answer):
    """My tokens, revoked ones too, newest first."""

    tokens: list[TokenView]


# -- actions and challenges ---------------------------------------------------------------------


class BotAction(Body):
    """A bot's action in its match: the kind and data of a match socket's ``action`` frame."""

    kind: Annotated[str, Field(min_length=1, max_length=40)]
    data: JsonObject = Field(default_factory=dict)


class Acted(Answer):
    """The action is done; the game stream carries what followed."""

    ok: Literal[True] = True


class AiChallengeBody(Body):
    """A match against the house engine: the game, the engine's level (``random`` is the
    fastest), the match's other settings (their ``game``, if given, must be this one), the
    seat the bot takes and its own fair-dice seed."""

    game: GameName
    level: Level = "random"
    settings: Settings = Field(default_factory=Settings)
    side: Literal[0, 1] = 0
    seed: Seed | None = None

    def computer_body(self) -> ComputerBody:
        """The pages' request for the same match (``POST /api/computer``)."""
        given = self.settings.model_dump(exclude_unset=True)
        if given.get("game", self.game) != self.game:
            raise Refusal(400, "game-mismatch", game=self.game)
        settings = Settings.model_validate({**given, "game": self.game})
        return ComputerBody(settings=settings, level=self.level, side=self.side, seed=self.seed)


class BotChallengeBody(Body):
    """A challenge of a player by name: the match's settings, rated or not, and the
    challenger's own fair-dice seed."""

    settings: Settings = Field(default_factory=Settings)
    rated: bool = False
    seed: Seed | None = None

    def to_settings(self) -> GameSettings:
        """The play layer's settings (400 in its words for values the game does not allow)."""
        return MatchSettings.from_dict(self.settings.model_dump(exclude_unset=True))


# -- stream lines -------------------------------------------------------------------------------


class KeepAlive(Message):
    """Either stream, every few seconds when nothing else was sent: the server's time (Unix
    seconds). A client that hears nothing for much longer may reconnect."""

    type: Literal["keep_alive"] = "keep_alive"
    time: float


class ChallengeLine(Message):
    """The event stream: a challenge made to this account, open until answered."""

    type: Literal["challenge"] = "challenge"
    challenge: ChallengeView


class GameStart(Message):
    """The event stream: a match of this account's is being played (at the stream's start,
    each one already under way). ``you`` is the account's seat; open
    ``/api/bot/game/stream/{match_id}`` to play it."""

    type: Literal["game_start"] = "game_start"
    match_id: str
    game: GameName
    you: int
    opponent: str


class GameFinish(Message):
    """The event stream: a match of this account's is over."""

    type: Literal["game_finish"] = "game_finish"
    match_id: str


EventLine = Annotated[
    KeepAlive | ChallengeLine | GameStart | GameFinish, Field(discriminator="type")
]
"""A line of ``/api/stream/event``."""
