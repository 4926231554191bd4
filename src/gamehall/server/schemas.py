"""The shapes of the HTTP API's bodies: what a client may send and what it gets back.

Requests are read in pydantic's strict mode, so a value of the wrong type is refused (422,
naming the field) instead of being coerced: ``"crawford": "off"`` is not a truthy flag, ``true``
is not a match length. What the values mean (a length of 1 to 64, an option a game has) is the
play layer's to check (``MatchSettings``), whose refusals are 400s in its own words. Answers
are declared too (``response_model``), so ``/openapi.json`` documents every field.
"""

import math
from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, computed_field

from gamehall.engines import Level
from gamehall.play.clock import Byoyomi, Delay, Fischer, TimeControl
from gamehall.play.dice import FORMAT_VERSION, DiceRecord
from gamehall.play.settings import GameName, GameSettings, MatchSettings
from gamehall.play.speed import Speed, estimated_seconds, speed_of
from gamehall.play.views import RenjuState, TablesState
from gamehall.ratings import GameRatings
from gamehall.server.refusals import Refusal
from gamehall.store import Challenge, PlayerSeat, Seek, StoredMatch, User
from gamehall.store.analyses import AnalysedFigure

MAX_ID = 2**31 - 1
"""The largest id the database holds (PostgreSQL's ``integer``; SQLite's go further)."""


def stored_id(value: int, what: str) -> int:
    """``value`` if it can be the id of a stored ``what``; else ``HTTPException`` 404, as for
    any id that names nothing (the database would refuse a number out of its range)."""
    if not 1 <= value <= MAX_ID:
        raise Refusal(404, f"no-such-{what}", id=value)
    return value


class Body(BaseModel):
    """A request body: strict types, no unknown fields. (Sent back in an answer, as a seek's
    settings are, every field is there: its schema says so, for the browser's types.)"""

    model_config = ConfigDict(
        strict=True, extra="forbid", json_schema_serialization_defaults_required=True
    )


class Answer(BaseModel):
    """A response body: every field is sent, those with a default too (its schema says so,
    for the browser's types)."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


def iso(moment: datetime) -> str:
    """A time as the API writes it: ISO 8601, as the store keeps it (UTC)."""
    return moment.isoformat()


# -- match settings -----------------------------------------------------------------------------


class ClockControl(Answer):
    """A time control's parts: 0 where its kind has none."""

    kind: Literal["fischer", "delay", "byoyomi"]
    initial: float
    """Fischer's initial time, the delay clock's reserve, byoyomi's main time (seconds)."""
    increment: float = 0.0
    delay: float = 0.0
    per_point: bool = False
    """Whether the delay clock's reserve is per point of the match."""
    periods: int = 0
    period: float = 0.0

    @classmethod
    def of(cls, control: TimeControl) -> "ClockControl":
        """The parts of ``control``."""
        if isinstance(control, Fischer):
            return cls(kind="fischer", initial=control.initial, increment=control.increment)
        if isinstance(control, Delay):
            per_point = control.per_point
            return cls(
                kind="delay", initial=control.reserve, delay=control.delay, per_point=per_point
            )
        assert isinstance(control, Byoyomi)
        return cls(
            kind="byoyomi", initial=control.main, periods=control.periods, period=control.period
        )


class Settings(Body):
    """``MatchSettings`` as the API reads and writes it (``docs/protocol.md``); a field left out
    takes the play layer's default."""

    game: GameName = "backgammon"
    length: int = 1
    """Points to win the match (1 to 64), or 0 for money play (backgammon only)."""
    clock: str | None = None
    """A time control such as ``fischer:300+5``, or null for no clock."""
    dice: Literal["secure", "fair"] = "secure"
    crawford: bool | None = None
    """The Crawford rule; null takes the variant's own."""
    jacoby: bool = False
    beavers: bool = False
    cube_cap: int | None = None
    """Money play: the most the cube may show; null for the variant's own limit."""
    first_move: Literal["alternate", "winner"] = "alternate"
    surrender_value: Literal["oin", "mars"] = "oin"
    options: dict[str, str] = Field(default_factory=dict)
    """The game's rules options (nardy, renju), by name."""

    def to_settings(self) -> GameSettings:
        """The play layer's settings, checked once here at the edge and passed on as the value;
        ``GameError`` (400) for values the game does not allow."""
        return MatchSettings.from_dict(self.model_dump(exclude_unset=True))


class MatchSettingsView(Settings):
    """A match's settings as its page reads them: with the clock's parts beside its text."""

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented form
    @property
    def control(self) -> ClockControl | None:
        """Sent, not read: the clock's parts, so that a page counts the clocks down without
        reading the control's text."""
        return None if self.clock is None else ClockControl.of(TimeControl.parse(self.clock))


# -- requests -----------------------------------------------------------------------------------


class Credentials(Body):
    """A name and a password (register, log in)."""

    name: str = Field(max_length=100)
    password: str = Field(max_length=2000)


MAX_SEED = 200
"""The longest seed a player may add to fair dice, in characters."""

Seed = Annotated[str, Field(min_length=1, max_length=MAX_SEED)]
"""A player's own seed for provably fair dice (``docs/fair-dice.md``): any text, counted as
its UTF-8 bytes in every roll of the match."""


class SeekBody(Body):
    """An offer to play anybody."""

    settings: Settings
    rated: bool = False
    seed: Seed | None = None
    """The maker's own fair-dice seed (fair dice only), added to the match when it starts."""


class ChallengeBody(Body):
    """An invitation of one player."""

    opponent: str = Field(max_length=100)
    settings: Settings
    rated: bool = False
    seed: Seed | None = None
    """The challenger's own fair-dice seed (fair dice only), added to the match when it
    starts."""


class ComputerBody(Body):
    """A match against the computer; ``side`` is the seat the person takes (0 or 1)."""

    settings: Settings
    level: Level = "beginner"
    """One of the levels ``/api/computer/levels`` lists for the game."""
    engine: str | None = Field(default=None, max_length=24)
    """The id of one of the external engines ``/api/computer/levels`` lists for the game, to
    play it instead of a house level."""
    side: Literal[0, 1] = 0
    seed: Seed | None = None
    """The person's own fair-dice seed (fair dice only)."""


class AcceptBody(Body):
    """Accepting a seek or a challenge; the body may be left out."""

    seed: Seed | None = None
    """The accepter's own fair-dice seed (fair dice only)."""


class ExternalEngineView(Answer):
    """An external engine the operator offers: its id, its name and its level, as the operator
    wrote them."""

    id: str
    name: str
    level: str


class ComputerLevels(Answer):
    """The levels the computer plays each game at, weakest first, and the external engines
    offered for each game (none unless the operator configures some)."""

    levels: dict[GameName, list[Level]]
    engines: dict[GameName, list[ExternalEngineView]]


# -- answers ------------------------------------------------------------------------------------


class Empty(Answer):
    """Done; nothing to tell."""


class UserView(Answer):
    """A player's account as others see it (times are ISO 8601, UTC)."""

    id: int
    name: str
    guest: bool
    bot: bool
    """A program's account (``docs/bot-api.md``), shown with a bot mark."""
    created_at: str

    @classmethod
    def of(cls, user: User) -> "UserView":
        return cls(
            id=user.id,
            name=user.name,
            guest=user.guest,
            bot=user.bot,
            created_at=iso(user.created_at),
        )


class LoggedIn(Answer):
    """A new session: who it is, and the CSRF token its changes must carry."""

    user: UserView
    csrf_token: str
    language: str | None
    """The language the player chose for the hall (null: his browser's)."""


class Me(Answer):
    """The session of the request: nulls when not logged in."""

    user: UserView | None
    csrf_token: str | None
    language: str | None
    """The language the player chose for the hall (null: his browser's, or not logged in)."""


class Seat(Answer):
    """Who sits at one side of a match."""

    user_id: int | None
    kind: Literal["human", "computer"]
    level: str | None
    name: str
    bot: bool = False
    """The player is a bot (an account of a program's, ``docs/bot-api.md``)."""

    @classmethod
    def of(cls, seat: PlayerSeat) -> "Seat":
        data: dict[str, object] = {
            "user_id": seat.user_id,
            "kind": seat.kind,
            "level": seat.level,
            "name": seat.name,
            "bot": seat.bot,
        }
        return cls.model_validate(data)


class Summary(Answer):
    """What the store keeps beside a match's log (empty until its first change is stored)."""

    players: list[str] = Field(default_factory=list)
    score: list[int | float] = Field(default_factory=list)
    games: int = 0
    """Games finished."""
    to_act: int | None = None
    winner: int | None = None
    end_reason: str | None = None
    clock_offset: float = 0.0
    """The server's: the downtime charged to nobody's clock, in seconds."""
    paused_at: float | None = None
    """The server's: the match time at which a stopped server paused the match."""


class MatchView(Answer):
    """A stored match as lists and pages show it (no events)."""

    id: str
    game: GameName
    settings: MatchSettingsView
    players: list[Seat]
    status: Literal["playing", "over", "aborted"]
    summary: Summary
    created_at: str
    updated_at: str

    @classmethod
    def of(cls, stored: StoredMatch) -> "MatchView":
        data: dict[str, object] = {
            "id": stored.id,
            "game": stored.game,
            "settings": MatchSettingsView.model_validate(stored.settings),
            "players": [Seat.of(seat) for seat in stored.seats],
            "status": stored.status,
            "summary": Summary.model_validate(stored.summary),
            "created_at": iso(stored.created_at),
            "updated_at": iso(stored.updated_at),
        }
        return cls.model_validate(data)


def _family(state: object) -> str:
    """Which view a state is: renju's, or a tables game's."""
    game = state.get("game") if isinstance(state, dict) else getattr(state, "game", None)
    return "renju" if game == "renju" else "tables"


MatchState = Annotated[
    Annotated[TablesState, Tag("tables")] | Annotated[RenjuState, Tag("renju")],
    Discriminator(_family),
]
"""``play.views.state_of(match)``: the match as a front end shows it, a tables game's or
renju's (``docs/protocol.md``, the state)."""


class MatchAnswer(Answer):
    """A match's summary and its state now."""

    match: MatchView
    state: MatchState


class MatchCreated(Answer):
    """The id of the match just started."""

    match_id: str


class Stats(Answer):
    """Finished matches of a player."""

    played: int
    won: int
    lost: int


class AnalysedView(Answer):
    """A player's average figure in one game over his last ``matches`` analysed matches:
    ``error_rate`` (mEMG a decision, lower is better) or renju's ``accuracy`` (%)."""

    game: str
    kind: Literal["error_rate", "accuracy"]
    matches: int
    average: float

    @classmethod
    def of(cls, figure: AnalysedFigure) -> "AnalysedView":
        return cls(
            game=figure.game, kind=figure.kind, matches=figure.matches, average=figure.average
        )


class Profile(Answer):
    """A player's page; ``analysed``: his figures over his analysed matches (none for a
    guest); ``engine_assisted``: the operators marked him as playing with an engine's help
    (his games count for no one's rating)."""

    user: UserView
    stats: Stats
    recent: list[MatchView]
    analysed: list[AnalysedView]
    engine_assisted: bool


class SeekView(Answer):
    """An open offer to play anybody, with its owner's rating in its game and its speed, by
    which the lobby filters and draws the offers."""

    id: int
    user: str
    settings: Settings
    rated: bool
    created_at: str
    rating: int
    """The owner's Glicko-2 rating in the seek's game, rounded (1500 for a newcomer)."""
    rating_shown: str
    """The rating as the site shows it: with "?" while it is provisional."""
    speed: Speed
    estimate: float | None
    """Each side's expected time in the match, seconds (``play.speed``); null without a
    clock."""

    @classmethod
    def of(cls, seek: Seek, ratings: GameRatings) -> "SeekView":
        """The view of ``seek``, whose owner has ``ratings`` in its game."""
        clock, length = seek.settings.clock, seek.settings.length
        return cls(
            id=seek.id,
            user=seek.user_name,
            settings=Settings.model_validate(seek.settings.to_dict()),
            rated=seek.rated,
            created_at=iso(seek.created_at),
            rating=math.floor(ratings.glicko2.rating + 0.5),
            rating_shown=ratings.display(),
            speed=speed_of(clock, length),
            estimate=None if clock is None else round(estimated_seconds(clock, length), 1),
        )

    @classmethod
    def of_all(cls, seeks: list[Seek], ratings: dict[int, GameRatings]) -> list["SeekView"]:
        """The views of ``seeks``, their owners' ratings by seek id."""
        return [cls.of(seek, ratings[seek.id]) for seek in seeks]


class Seeks(Answer):
    seeks: list[SeekView]


class ChallengeView(Answer):
    """An invitation from one player to another."""

    id: int
    from_: str = Field(alias="from")
    to: str
    settings: Settings
    status: Literal["open", "accepted", "declined", "withdrawn"]
    rated: bool = False
    created_at: str
    answered_at: str | None
    from_bot: bool = False
    """The challenger is a bot (``docs/bot-api.md``)."""
    to_bot: bool = False
    """The challenged player is a bot."""

    @classmethod
    def of(cls, challenge: Challenge) -> "ChallengeView":
        answered = challenge.answered_at
        data: dict[str, object] = {
            "id": challenge.id,
            "from": challenge.from_name,
            "to": challenge.to_name,
            "settings": Settings.model_validate(challenge.settings.to_dict()),
            "status": challenge.status,
            "rated": challenge.rated,
            "created_at": iso(challenge.created_at),
            "answered_at": None if answered is None else iso(answered),
            "from_bot": challenge.bots[0],
            "to_bot": challenge.bots[1],
        }
        return cls.model_validate(data)


class Challenges(Answer):
    challenges: list[ChallengeView]


class Matches(Answer):
    matches: list[MatchView]


class EventView(Answer):
    """One event of a match's log (``Event.to_dict``); keys without a value are left out."""

    seq: int
    kind: str
    player: int | None
    time: float
    data: dict[str, object] = Field(default_factory=dict)
    """The action's data, as the player sent it."""
    outcome: dict[str, object] = Field(default_factory=dict)
    """What the action brought about (a roll, a move's result, a score)."""
    derived: bool = False
    clocks: dict[str, object] | None = None


class MatchRecord(Answer):
    """A match's public log, ``Match.to_dict()``: ``Match.from_dict`` replays it."""

    game: GameName
    settings: Settings
    players: list[str]
    events: list[EventView]


class Roll(Answer):
    counter: int
    dice: list[int]


class DiceRecordView(Answer):
    """A game's provably fair dice (``docs/fair-dice.md``)."""

    version: int
    server_seed_hash: str
    server_seed: str | None
    client_seeds: list[str]
    rolls: list[Roll]

    @classmethod
    def of(cls, record: DiceRecord) -> "DiceRecordView":
        seed = record.server_seed
        return cls(
            version=FORMAT_VERSION,
            server_seed_hash=record.server_seed_hash,
            server_seed=None if seed is None else seed.hex(),
            client_seeds=[client.hex() for client in record.client_seeds],
            rolls=[Roll(counter=roll.counter, dice=list(roll.dice)) for roll in record.rolls],
        )


class Verification(Answer):
    ok: bool
    rolls_checked: int
    summary: str


class DiceAnswer(Answer):
    """A finished game's dice record and the server's check of it."""

    game: int
    record: DiceRecordView
    verification: Verification
