"""The tables of the social side: who follows whom, who blocks whom, and private messages.

Apart from ``models.py`` so that the core tables stay readable; they share its ``Base``, so the
migrations and the test comparing them with the models see them all.
"""

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from gamehall.store.models import Base

MESSAGE_LENGTH = 500
"""The longest private message, in characters."""


class FollowRow(Base):
    """``follower_id`` follows ``followed_id``: sees when he is online and what he plays."""

    __tablename__ = "follows"

    follower_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    followed_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[datetime]


class BlockRow(Base):
    """``blocker_id`` blocks ``blocked_id``: who can then neither message nor challenge him."""

    __tablename__ = "blocks"

    blocker_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    blocked_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[datetime]


class PrivateMessageRow(Base):
    """A private message from one player to another; ``read_at`` is when the recipient opened
    the conversation (None: unread)."""

    __tablename__ = "private_messages"
    __table_args__ = (
        Index("ix_private_messages_pair", "sender_id", "recipient_id", "id"),
        Index("ix_private_messages_unread", "recipient_id", "read_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    sender_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    recipient_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    text: Mapped[str] = mapped_column(String(MESSAGE_LENGTH))
    sent_at: Mapped[datetime]
    read_at: Mapped[datetime | None] = mapped_column(default=None)
