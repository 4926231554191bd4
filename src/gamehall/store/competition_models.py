"""The competition's tables: tournaments (their entries, state and the matches of their
pairings) and players' ratings per game kind with their history.

They share the store's ``Base`` (one metadata, one naming convention), so the migrations and
the models are compared as one schema. A tournament's ``state`` is the tournaments package's
own dict form (``Tournament.to_dict()``): the database holds everything a restarted server
needs to go on pairing.
"""

from datetime import datetime

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, UniqueConstraint, true
from sqlalchemy.orm import Mapped, mapped_column

# SQLAlchemy reads the ``Mapped[JsonObject]`` annotations at run time and resolves the name
# inside ``JsonObject`` in this module: JsonValue is imported for it.
from gamehall.jsontext import JsonObject, JsonValue  # noqa: F401
from gamehall.store.models import JSON_OBJECT, JSON_OR_NULL, Base


class TournamentRow(Base):
    """A tournament: its terms, its status and, once started, its state."""

    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(16))
    settings: Mapped[JsonObject] = mapped_column(JSON_OBJECT)
    """``TournamentSettings.to_dict()``: format, match settings, rounds, tie-breaks..."""
    rated: Mapped[bool] = mapped_column(Boolean)
    grace_seconds: Mapped[int] = mapped_column(Integer)
    """How long a paired player has to come to the match before losing it by forfeit."""
    starts_at: Mapped[datetime | None]
    """When the server starts it by itself; None: its creator starts it."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``open`` (taking entries), ``running`` or ``finished``."""
    state: Mapped[JsonObject | None] = mapped_column(JSON_OR_NULL)
    """``Tournament.to_dict()`` once started."""
    created_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(index=True)
    updated_at: Mapped[datetime]


class TournamentEntryRow(Base):
    """A player entered in a tournament."""

    __tablename__ = "tournament_entries"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    joined_at: Mapped[datetime]


class TournamentComputerRow(Base):
    """A house engine entered in a tournament by its director: one per level, named by it."""

    __tablename__ = "tournament_computers"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    level: Mapped[str] = mapped_column(String(32), primary_key=True)
    joined_at: Mapped[datetime]


class TournamentGameRow(Base):
    """The match played for one pairing (round, board, leg) of a tournament."""

    __tablename__ = "tournament_games"
    __table_args__ = (UniqueConstraint("match_id"),)

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    board: Mapped[int] = mapped_column(Integer, primary_key=True)
    leg: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    created_at: Mapped[datetime]


class RatingRow(Base):
    """A player's ratings in one game kind (``GameRatings.to_dict()``)."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    ratings: Mapped[JsonObject] = mapped_column(JSON_OBJECT)
    rating: Mapped[float] = mapped_column(Float, index=True)
    """The Glicko-2 rating, the number the leaderboard sorts by."""
    deviation: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    """Rated results so far."""
    updated_at: Mapped[datetime]


class RatingHistoryRow(Base):
    """A player's Glicko-2 rating after one rated result."""

    __tablename__ = "rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(16))
    at: Mapped[datetime]
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    match_id: Mapped[str | None] = mapped_column(
        ForeignKey("matches.id", ondelete="SET NULL"), index=True
    )
    counted: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """False for a result taken out of the ratings (an engine-assisted player's match): kept,
    so that the results can be replayed in their order if the mark is taken off."""


class TournamentChatRow(Base):
    """A line said in a tournament's chat: who (his account), what, when."""

    __tablename__ = "tournament_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    text: Mapped[str] = mapped_column(String(400))
    said_at: Mapped[datetime]
