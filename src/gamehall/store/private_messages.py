"""Private messages between two players: ``MessageStore`` (``Store.messages``).

A message is stored before anybody is told of it, with a stable id (a report names it by that
id). One is refused to a recipient who blocks the sender, and from a banned account, in the
transaction that would store it. Opening a conversation marks what was sent to the reader in it
as read; the list of conversations counts what is unread in each.
"""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, Select, case, func, or_, select, update
from sqlalchemy.orm import Session, aliased

from gamehall.store.errors import BlockedError, NotAllowedError, StoreError
from gamehall.store.models import UserRow
from gamehall.store.social import is_blocked, player_row
from gamehall.store.social_models import MESSAGE_LENGTH, PrivateMessageRow
from gamehall.store.transactions import Transactions, need_user

MOST_CONVERSATIONS = 100
"""The most conversations listed (the latest)."""


@dataclass(frozen=True)
class PrivateMessage:
    """One message: its id, who sent it to whom, its text and when; ``read``: whether the
    recipient has opened it."""

    id: int
    sender: str
    recipient: str
    text: str
    sent_at: datetime
    read: bool


@dataclass(frozen=True)
class Conversation:
    """A conversation of a player with ``name``: its latest message and how many sent to the
    player are unread."""

    name: str
    last: PrivateMessage
    unread: int


Sender = aliased(UserRow)
Recipient = aliased(UserRow)


def _messages() -> Select[PrivateMessageRow, str, str]:
    """The messages with their sender's and recipient's names."""
    return (
        select(PrivateMessageRow, Sender.name, Recipient.name)
        .join(Sender, Sender.id == PrivateMessageRow.sender_id)
        .join(Recipient, Recipient.id == PrivateMessageRow.recipient_id)
    )


def _value(row: PrivateMessageRow, sender: str, recipient: str) -> PrivateMessage:
    return PrivateMessage(row.id, sender, recipient, row.text, row.sent_at, row.read_at is not None)


class MessageStore:
    """Private messages."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    def send(self, sender_id: int, recipient: str, text: str) -> PrivateMessage:
        """Store ``text`` (cleaned by the caller) from ``sender_id`` to the player
        ``recipient``; ``BlockedError`` if he blocks the sender, ``NotAllowedError`` to oneself
        or from a banned account."""
        if not isinstance(text, str) or not text or len(text) > MESSAGE_LENGTH:
            raise StoreError(f"a message has 1 to {MESSAGE_LENGTH} characters")
        with self.transactions.write() as session:
            sender = need_user(session, sender_id)
            other = player_row(session, recipient)
            if other.id == sender.id:
                raise NotAllowedError("you cannot send yourself a message", reason="message-self")
            if sender.banned_at is not None:
                raise NotAllowedError("a banned account cannot send messages")
            if is_blocked(session, other.id, sender.id):
                raise BlockedError(
                    f"your message was not sent: {other.name} has blocked you",
                    reason="message-blocked",
                    name=other.name,
                )
            row = PrivateMessageRow(
                sender_id=sender.id,
                recipient_id=other.id,
                text=text,
                sent_at=self.transactions.now(),
            )
            session.add(row)
            session.flush()
            return _value(row, sender.name, other.name)

    def conversation(
        self, user_id: int, name: str, before: int | None = None, limit: int = 50
    ) -> list[PrivateMessage]:
        """The messages between ``user_id`` and ``name``, oldest first: the latest ``limit``
        (before the message ``before`` when given). Marks those sent to ``user_id`` read."""
        if not isinstance(limit, int) or not 1 <= limit <= 500:
            raise StoreError(f"a page holds 1 to 500 messages, not {limit!r}")
        with self.transactions.write() as session:
            other = player_row(session, name)
            query = _messages().where(_between(user_id, other.id))
            if before is not None:
                query = query.where(PrivateMessageRow.id < before)
            rows = session.execute(query.order_by(PrivateMessageRow.id.desc()).limit(limit)).all()
            found = [_value(*row) for row in reversed(rows)]
            _mark_read(session, user_id, other.id, self.transactions.now())
            return found

    def received(self, message_id: int, user_id: int) -> PrivateMessage | None:
        """The message ``message_id`` if it was sent to ``user_id`` (what he may report), else
        None."""
        with self.transactions.read() as session:
            row = session.execute(
                _messages().where(
                    PrivateMessageRow.id == message_id,
                    PrivateMessageRow.recipient_id == user_id,
                )
            ).first()
        return _value(*row) if row is not None else None

    def conversations(self, user_id: int) -> list[Conversation]:
        """The player's conversations, the latest first, each with its unread count."""
        other = case(
            (PrivateMessageRow.sender_id == user_id, PrivateMessageRow.recipient_id),
            else_=PrivateMessageRow.sender_id,
        )
        unread = func.sum(
            case(
                (
                    (PrivateMessageRow.recipient_id == user_id)
                    & PrivateMessageRow.read_at.is_(None),
                    1,
                ),
                else_=0,
            )
        )
        grouped = (
            select(other.label("other"), func.max(PrivateMessageRow.id), unread)
            .where(
                or_(
                    PrivateMessageRow.sender_id == user_id,
                    PrivateMessageRow.recipient_id == user_id,
                )
            )
            .group_by(other)
            .order_by(func.max(PrivateMessageRow.id).desc())
            .limit(MOST_CONVERSATIONS)
        )
        with self.transactions.read() as session:
            groups = session.execute(grouped).all()
            last_ids = [last for _, last, _ in groups]
            rows = session.execute(_messages().where(PrivateMessageRow.id.in_(last_ids))).all()
            lasts = {row[0].id: (row[0].sender_id == user_id, _value(*row)) for row in rows}
        said: list[Conversation] = []
        for _, last, count in groups:
            mine, message = lasts[last]
            name = message.recipient if mine else message.sender
            said.append(Conversation(name, message, int(count or 0)))
        return said

    def unread(self, user_id: int) -> int:
        """How many messages sent to the player are unread."""
        query = select(func.count()).where(
            PrivateMessageRow.recipient_id == user_id, PrivateMessageRow.read_at.is_(None)
        )
        with self.transactions.read() as session:
            return session.scalar(query) or 0


def _between(first: int, second: int) -> ColumnElement[bool]:
    return or_(
        (PrivateMessageRow.sender_id == first) & (PrivateMessageRow.recipient_id == second),
        (PrivateMessageRow.sender_id == second) & (PrivateMessageRow.recipient_id == first),
    )


def _mark_read(session: Session, reader: int, sender: int, now: datetime) -> None:
    session.execute(
        update(PrivateMessageRow)
        .where(
            PrivateMessageRow.recipient_id == reader,
            PrivateMessageRow.sender_id == sender,
            PrivateMessageRow.read_at.is_(None),
        )
        .values(read_at=now)
    )
