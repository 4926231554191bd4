"""The database tables, as SQLAlchemy 2 ORM models.

Portable between SQLite and PostgreSQL: JSON columns are ``sqlalchemy.JSON``, times are
timezone-aware UTC (``UTCDateTime``), and every constraint has a name from one naming
convention, so that migrations can refer to it on both. The migration in
``migrations/versions`` creates exactly these tables; a test checks that they agree.
"""

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    TypeDecorator,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeEngine

# SQLAlchemy reads the ``Mapped[JsonObject]`` annotations at run time and resolves the name
# inside ``JsonObject`` in this module: JsonValue is imported for it.
from gamehall.jsontext import JsonObject, JsonValue

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

SEED_LENGTH = 200
"""The longest fair-dice seed a player may add, in characters."""


JSON_OBJECT: TypeEngine[JsonObject] = JSON()
"""The type of a column that holds a JSON object."""
JSON_OR_NULL: TypeEngine[JsonObject | None] = JSON(none_as_null=True)
"""The type of a column that holds a JSON object or SQL NULL (Python's None)."""
JSON_LIST: TypeEngine[list[JsonValue]] = JSON()
"""The type of a column that holds a JSON array."""


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime on every backend.

    SQLite keeps no time zone: values are stored as UTC and read back with ``tzinfo=UTC``.
    A naive datetime is refused rather than guessed at.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Check that ``value`` is aware and convert it to UTC."""
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"a naive datetime cannot be stored: {value!r}")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Return the stored time as an aware UTC datetime."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    """The base of every table, with one naming convention for constraints."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: UTCDateTime(),
    }

    if TYPE_CHECKING:
        # DeclarativeBase types its constructor ``**kw: Any``, which makes every mention of
        # a table class an Any-expression; the columns are keyword arguments of any type.
        def __init__(self, **kw: object) -> None: ...


class UserRow(Base):
    """A player's account; a guest has no password."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(20))
    name_key: Mapped[str] = mapped_column(String(20), unique=True)
    """The name as it looks, lower case (``names.name_key``): names are unique without regard
    to case or look-alike letters."""
    password_hash: Mapped[str | None] = mapped_column(String(255))
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime]
    language: Mapped[str | None] = mapped_column(String(16), default=None)
    """The language the player chose for the hall (``gamehall.words``), or None: his browser's."""
    bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the account is a program's (``docs/bot-api.md``): shown as a bot everywhere."""
    operator: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the account is one of the site's operators (``gamehall admin operator``)."""
    banned_at: Mapped[datetime | None] = mapped_column(default=None)
    """When an operator banned the account (it cannot log in), or None."""
    ban_reason: Mapped[str | None] = mapped_column(String(200), default=None)
    muted_until: Mapped[datetime | None] = mapped_column(default=None)
    """Until when an operator muted the account in every chat, or None."""
    mute_reason: Mapped[str | None] = mapped_column(String(500), default=None)
    engine_assisted_at: Mapped[datetime | None] = mapped_column(default=None)
    """When an operator marked the account as playing with an engine's help, or None: its games
    count for no one's rating."""


class OperatorActionRow(Base):
    """What an operator did (made an operator, banned, unbanned, ended a match), by whom, to
    whom or what, and why: kept for good."""

    __tablename__ = "operator_actions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(index=True)
    by: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(16))
    subject: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str] = mapped_column(String(500))


class SessionRow(Base):
    """A login session: only the SHA-256 of its token is kept."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime] = mapped_column(index=True)

    user: Mapped[UserRow] = relationship(lazy="joined", innerjoin=True)


class ApiTokenRow(Base):
    """A player's personal API token (``Authorization: Bearer``): only its SHA-256 is kept."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(40))
    scopes: Mapped[str] = mapped_column(String(40))
    """The scopes it grants, separated by spaces (``play``, ``read``)."""
    created_at: Mapped[datetime]
    last_used_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]

    user: Mapped[UserRow] = relationship(lazy="joined", innerjoin=True)


class MatchRow(Base):
    """A match: its settings, state of play and summary; the events are ``EventRow``s."""

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), index=True)
    settings: Mapped[JsonObject] = mapped_column(JSON_OBJECT)
    status: Mapped[str] = mapped_column(String(16), index=True)
    summary: Mapped[JsonObject] = mapped_column(JSON_OBJECT)
    winner: Mapped[int | None] = mapped_column(Integer)
    """The winner's seat once the match is over (from the summary), for the statistics."""
    end_reason: Mapped[str | None] = mapped_column(String(32), index=True, default=None)
    """How the match ended once it is over (the summary's ``end_reason``: ``five``,
    ``resign``, ``time``...), for the game search."""
    opening: Mapped[str | None] = mapped_column(String(16), index=True, default=None)
    """A renju match's opening rule (``center``, ``yamaguchi``...; its settings' option, the
    default written out), for the game search; None for the other games."""
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the result changes the players' ratings (in the transaction that stores it)."""
    secrets: Mapped[JsonObject | None] = mapped_column(JSON_OR_NULL)
    """The server's own secrets (the fair dice's seed): never shown to a player."""
    snapshot: Mapped[JsonObject | None] = mapped_column(JSON_OR_NULL)
    """The latest ``Match.snapshot()`` (without secrets), written with the events it stands
    after: loading the match restores it and replays only the events after it."""
    created_at: Mapped[datetime] = mapped_column(index=True)
    updated_at: Mapped[datetime] = mapped_column(index=True)

    seats: Mapped[list["SeatRow"]] = relationship(
        order_by="SeatRow.seat", lazy="selectin", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    """One of a match's two players: a user (or a guest), or a computer player."""

    __tablename__ = "match_seats"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    kind: Mapped[str] = mapped_column(String(16))
    level: Mapped[str | None] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(64))

    user: Mapped[UserRow | None] = relationship(lazy="joined")
    """The seat's account, read with it (whether it is a bot's)."""


class EventRow(Base):
    """One event of a match's log; ``(match_id, seq)`` is unique, so a seq is written once."""

    __tablename__ = "match_events"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    event: Mapped[JsonObject] = mapped_column(JSON_OBJECT)
    """The event as ``Event.to_dict()`` gives it."""


class SeekRow(Base):
    """An open offer to play anyone on these settings, until somebody takes it."""

    __tablename__ = "seeks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    settings: Mapped[JsonObject] = mapped_column(JSON_OBJECT)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(index=True)
    taken_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    taken_at: Mapped[datetime | None]
    seed: Mapped[str | None] = mapped_column(String(SEED_LENGTH))
    """The maker's own fair-dice seed, added to the match when somebody accepts."""

    owner: Mapped[UserRow] = relationship(foreign_keys=[user_id], lazy="joined", innerjoin=True)


class ChallengeRow(Base):
    """An invitation of one user to another, answered once."""

    __tablename__ = "challenges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    from_user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    to_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    settings: Mapped[JsonObject] = mapped_column(JSON_OBJECT)
    status: Mapped[str] = mapped_column(String(16))
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime]
    answered_at: Mapped[datetime | None]
    seed: Mapped[str | None] = mapped_column(String(SEED_LENGTH))
    """The challenger's own fair-dice seed, added to the match when the challenge is accepted."""

    from_user: Mapped[UserRow] = relationship(
        foreign_keys=[from_user_id], lazy="joined", innerjoin=True
    )
    to_user: Mapped[UserRow] = relationship(
        foreign_keys=[to_user_id], lazy="joined", innerjoin=True
    )


class AnalysisRow(Base):
    """A finished match's analysis (``analysis.results``), computed once and kept with it."""

    __tablename__ = "analyses"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(16))
    depth: Mapped[float] = mapped_column(Float)
    """How hard it looked: the plies searched (the tables games) or the seconds a move (renju)."""
    result: Mapped[JsonObject] = mapped_column(JSON_OBJECT)
    """The analysis's ``to_dict()``."""
    frames: Mapped[list[JsonValue]] = mapped_column(JSON_LIST)
    """The review frame of each decision, or null (``analysis.frames``): worked out with the
    analysis, so that showing it never replays the match."""
    figure_0: Mapped[float | None] = mapped_column(Float)
    """Seat 0's headline figure (``analysis.results.seat_figure``), read by the profiles
    without the whole result."""
    figure_1: Mapped[float | None] = mapped_column(Float)
    made_at: Mapped[datetime] = mapped_column(index=True)
