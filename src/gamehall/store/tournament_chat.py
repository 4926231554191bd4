"""The tournaments' chats in the store: ``TournamentChatStore`` (``Store.tournament_chat``).

A line is kept before it is sent to anybody, so that a page opened later (on any process, after
a restart) reads the tournament's last lines. Its writer is his account: the line shows his
name as it is now, and goes with the account.
"""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from gamehall.store.competition_models import TournamentChatRow, TournamentRow
from gamehall.store.errors import NotFoundError
from gamehall.store.models import UserRow
from gamehall.store.transactions import Transactions, need_user


@dataclass(frozen=True)
class TournamentChatLine:
    """A line of a tournament's chat: its number, who said it, what, and when."""

    id: int
    name: str
    text: str
    said_at: datetime


class TournamentChatStore:
    """The lines said in the tournaments' chats."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    def say(self, tournament_id: int, user_id: int, text: str) -> TournamentChatLine:
        """Keep a line the user says in the tournament's chat (its text already admitted);
        ``NotFoundError`` if there is no such tournament."""
        with self.transactions.write() as session:
            if session.get(TournamentRow, tournament_id) is None:
                raise NotFoundError(f"there is no tournament {tournament_id}")
            user = need_user(session, user_id)
            now = self.transactions.now()
            row = TournamentChatRow(
                tournament_id=tournament_id, user_id=user_id, text=text, said_at=now
            )
            session.add(row)
            session.flush()
            return TournamentChatLine(row.id, user.name, text, now)

    def last(self, tournament_id: int, limit: int) -> list[TournamentChatLine]:
        """The tournament's last ``limit`` lines, oldest first."""
        with self.transactions.read() as session:
            rows = session.execute(
                select(
                    TournamentChatRow.id,
                    UserRow.name,
                    TournamentChatRow.text,
                    TournamentChatRow.said_at,
                )
                .join(UserRow, UserRow.id == TournamentChatRow.user_id)
                .where(TournamentChatRow.tournament_id == tournament_id)
                .order_by(TournamentChatRow.id.desc())
                .limit(limit)
            ).all()
        return [TournamentChatLine(*row) for row in reversed(rows)]
