"""The tables of moderation: the players' reports and the operators' warnings (the mute and the
engine-assisted mark are columns of ``users``)."""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from gamehall.store.models import Base


class ReportRow(Base):
    """A player's report of another player, of a chat line or of a private message; open until
    an operator closes it with a resolution. ``open_key`` is unique while the report is open
    (None once closed): one open report per reporter and subject."""

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(index=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    subject_kind: Mapped[str] = mapped_column(String(16))
    subject_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    """The reported player (a chat line's or a message's sender)."""
    subject_ref: Mapped[str | None] = mapped_column(String(64))
    """A chat line's id, a message's id; None for a player."""
    match_id: Mapped[str | None] = mapped_column(String(16))
    """The match the report came from (a chat line's, a game's), if any."""
    quoted: Mapped[str | None] = mapped_column(String(300))
    """The reported line's text as it was said."""
    category: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(String(300))
    open_key: Mapped[str | None] = mapped_column(String(120), unique=True)
    closed_at: Mapped[datetime | None] = mapped_column(default=None)
    closed_by: Mapped[str | None] = mapped_column(String(64), default=None)
    resolution: Mapped[str | None] = mapped_column(String(500), default=None)


class WarningRow(Base):
    """An operator's warning to a player: shown to him until he has seen it."""

    __tablename__ = "warnings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime]
    by: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str] = mapped_column(String(500))
    seen_at: Mapped[datetime | None] = mapped_column(default=None)
