"""The site's operators and what they do to accounts: ``ModerationStore`` (``Store.moderation``).

An operator is an account marked so (``gamehall admin operator NAME``). A banned account
cannot log in: banning it ends its sessions, revokes its API tokens and takes down its open
seeks and challenges at once, in one transaction; unbanning lets it log in again (its sessions
and tokens stay ended). Every operator's action (and each match an operator ended) is kept in
``operator_actions`` with who did it and why, for good.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session

from gamehall.store.errors import NotAllowedError, NotFoundError, StoreError
from gamehall.store.models import (
    ApiTokenRow,
    ChallengeRow,
    OperatorActionRow,
    SeekRow,
    SessionRow,
    UserRow,
)
from gamehall.store.names import name_key
from gamehall.store.transactions import Transactions
from gamehall.store.values import User, user_from_row

OperatorDeed = Literal["operator", "ban", "unban", "end-match"]
REASON_LENGTH = 500
BAN_REASON_LENGTH = 200


@dataclass(frozen=True)
class OperatorAction:
    """One thing an operator did: when, who (an operator's name, or ``command line``), what,
    to whom or what (a player's name, a match's id), and why."""

    at: datetime
    by: str
    action: OperatorDeed
    subject: str
    reason: str


class ModerationStore:
    """Operators, bans and the record of what operators did."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    def make_operator(self, name: str, by: str) -> User:
        """Mark the registered account ``name`` as an operator (kept in the record)."""
        with self.transactions.write() as session:
            row = _account(session, name)
            if row.guest:
                raise NotAllowedError(f"{row.name} is a guest: only a registered account can be")
            row.operator = True
            self._note(session, by, "operator", row.name, "made an operator")
            return user_from_row(row)

    def ban(self, name: str, reason: str, by: str) -> User:
        """Ban ``name`` for ``reason``: its sessions end, its API tokens are revoked, its open
        seeks and challenges go; ``NotAllowedError`` for an operator (unmark him first)."""
        reason = _reason(reason, BAN_REASON_LENGTH)
        with self.transactions.write() as session:
            row = _account(session, name)
            if row.operator:
                raise NotAllowedError(f"{row.name} is an operator: an operator cannot be banned")
            now = self.transactions.now()
            row.banned_at = row.banned_at or now
            row.ban_reason = reason
            session.execute(delete(SessionRow).where(SessionRow.user_id == row.id))
            session.execute(
                update(ApiTokenRow)
                .where(ApiTokenRow.user_id == row.id, ApiTokenRow.revoked_at.is_(None))
                .values(revoked_at=now)
            )
            session.execute(delete(SeekRow).where(SeekRow.user_id == row.id))
            session.execute(
                delete(ChallengeRow).where(
                    or_(ChallengeRow.from_user_id == row.id, ChallengeRow.to_user_id == row.id)
                )
            )
            self._note(session, by, "ban", row.name, reason)
            return user_from_row(row)

    def unban(self, name: str, reason: str, by: str) -> User:
        """Lift the ban of ``name``; ``NotAllowedError`` if it is not banned."""
        reason = _reason(reason, REASON_LENGTH)
        with self.transactions.write() as session:
            row = _account(session, name)
            if row.banned_at is None:
                raise NotAllowedError(f"{row.name} is not banned")
            row.banned_at = None
            row.ban_reason = None
            self._note(session, by, "unban", row.name, reason)
            return user_from_row(row)

    def note(self, by: str, action: OperatorDeed, subject: str, reason: str) -> None:
        """Keep an operator's action done elsewhere (a match ended) in the record."""
        reason = _reason(reason, REASON_LENGTH)
        with self.transactions.write() as session:
            self._note(session, by, action, subject, reason)

    def actions(self, limit: int = 50) -> list[OperatorAction]:
        """The latest ``limit`` actions, the newest first."""
        with self.transactions.read() as session:
            rows = session.scalars(
                select(OperatorActionRow)
                .order_by(OperatorActionRow.at.desc(), OperatorActionRow.id.desc())
                .limit(limit)
            )
            return [
                OperatorAction(row.at, row.by, _deed(row.action), row.subject, row.reason)
                for row in rows
            ]

    def ban_reason(self, user_id: int) -> str | None:
        """Why the user is banned, or None if he is not."""
        with self.transactions.read() as session:
            found = session.execute(
                select(UserRow.banned_at, UserRow.ban_reason).where(UserRow.id == user_id)
            ).one_or_none()
        if found is None or found.banned_at is None:
            return None
        return found.ban_reason or ""

    def _note(
        self, session: Session, by: str, action: OperatorDeed, subject: str, why: str
    ) -> None:
        session.add(
            OperatorActionRow(
                at=self.transactions.now(),
                by=by[:64],
                action=action,
                subject=subject[:64],
                reason=why,
            )
        )


def _key(name: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise StoreError(f"a player's name is text, not {name!r}")
    return name_key(name.strip())


def _account(session: Session, name: str) -> UserRow:
    row = session.scalar(select(UserRow).where(UserRow.name_key == _key(name)))
    if row is None:
        raise NotFoundError(f"there is no player {name}")
    return row


def _reason(reason: str, length: int) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise StoreError("say why: the reason is kept in the operators' record")
    if len(reason.strip()) > length:
        raise StoreError(f"a reason is at most {length} characters, not {len(reason.strip())}")
    return reason.strip()


def _deed(action: str) -> OperatorDeed:
    for deed in ("operator", "ban", "unban", "end-match"):
        if action == deed:
            return deed
    raise StoreError(f"an operator's action the record does not know: {action!r}")
