"""The puzzles' tables: the puzzles (each with its Glicko-2 rating), the solvers' puzzle ratings
(apart from the game ratings) and every rated attempt.

They share the store's ``Base``, so that the migrations and the models are compared as one
schema."""

from datetime import datetime

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

# SQLAlchemy reads the ``Mapped[JsonObject]`` annotations at run time and resolves the name
# inside ``JsonObject`` in this module: JsonValue is imported for it.
from gamehall.jsontext import JsonObject, JsonValue  # noqa: F401
from gamehall.store.models import JSON_OBJECT, Base


class PuzzleRow(Base):
    """A puzzle (``Puzzle.to_dict()``) and its rating."""

    __tablename__ = "puzzles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(64), unique=True)
    """A digest of ``Puzzle.key``: the same puzzle is kept once."""
    game: Mapped[str] = mapped_column(String(16), index=True)
    themes: Mapped[str] = mapped_column(String(200))
    """The themes, each between commas (``,fours,``), for a filter by one."""
    data: Mapped[JsonObject] = mapped_column(JSON_OBJECT)
    rating: Mapped[float] = mapped_column(Float, index=True)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer)
    solved: Mapped[int] = mapped_column(Integer)
    made_at: Mapped[datetime]


class PuzzleRatingRow(Base):
    """A solver's puzzle rating."""

    __tablename__ = "puzzle_ratings"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime]


class PuzzleAttemptRow(Base):
    """A solver's rated attempt at a puzzle (the first only: later ones are not rated), with
    both ratings before and after it."""

    __tablename__ = "puzzle_attempts"
    __table_args__ = (UniqueConstraint("user_id", "puzzle_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    puzzle_id: Mapped[int] = mapped_column(ForeignKey("puzzles.id", ondelete="CASCADE"))
    solved: Mapped[bool] = mapped_column(Boolean)
    rating_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    puzzle_rating_after: Mapped[float] = mapped_column(Float)
    answered_at: Mapped[datetime] = mapped_column(index=True)
