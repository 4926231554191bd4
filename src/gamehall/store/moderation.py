"""The site's operators and what they do to accounts: ``ModerationStore`` (``Store.moderation``).

An operator is an account marked so (``gamehall admin operator NAME``). A banned account
cannot log in: banning it ends its sessions, revokes its API tokens and takes down its open
seeks and challenges at once, in one transaction; unbanning lets it log in again (its sessions
and tokens stay ended). A warning is kept and shown to its player until he has seen it; a
muted account writes in no chat until its mute ends (``muted_until``, which every chat asks);
an engine-assisted account's games count for no one's rating, and marking (or unmarking) it
works the ratings of its games' kinds out again without (or with) its past games
(``rerating.py``). Every operator's action (and each match an operator ended) is kept in
``operator_actions`` with who did it and why, for good.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal, get_args

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.orm import Session

from gamehall.store.errors import NotAllowedError, NotFoundError, StoreError
from gamehall.store.models import (
    ApiTokenRow,
    ChallengeRow,
    MatchRow,
    OperatorActionRow,
    SeatRow,
    SeekRow,
    SessionRow,
    UserRow,
)
from gamehall.store.moderation_models import WarningRow
from gamehall.store.names import name_key
from gamehall.store.rerating import rerate
from gamehall.store.transactions import Transactions
from gamehall.store.values import User, user_from_row

OperatorDeed = Literal[
    "operator",
    "ban",
    "unban",
    "end-match",
    "warn",
    "mute",
    "unmute",
    "mark-engine",
    "unmark-engine",
    "close-report",
]
DEEDS: tuple[OperatorDeed, ...] = get_args(OperatorDeed)
REASON_LENGTH = 500
BAN_REASON_LENGTH = 200
LONGEST_MUTE = 30 * 24 * 60
"""The longest mute, in minutes (30 days)."""


@dataclass(frozen=True)
class PlayerWarning:
    """An operator's warning to a player (``user_id``), as he is shown it."""

    id: int
    at: datetime
    reason: str
    user_id: int


@dataclass(frozen=True)
class Standing:
    """What operators have done to an account that still holds: banned, muted until when,
    marked as engine-assisted since when."""

    name: str
    operator: bool
    banned: bool
    muted_until: datetime | None
    engine_assisted_at: datetime | None
    warnings: int


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

    def warn(self, name: str, reason: str, by: str) -> PlayerWarning:
        """Warn ``name``: he is shown ``reason`` until he has seen it."""
        reason = _reason(reason, REASON_LENGTH)
        with self.transactions.write() as session:
            row = _account(session, name)
            warning = WarningRow(user_id=row.id, at=self.transactions.now(), by=by, reason=reason)
            session.add(warning)
            self._note(session, by, "warn", row.name, reason)
            session.flush()
            return PlayerWarning(warning.id, warning.at, reason, row.id)

    def warnings(self, user_id: int) -> list[PlayerWarning]:
        """The warnings ``user_id`` has not seen yet, the oldest first."""
        with self.transactions.read() as session:
            rows = session.scalars(
                select(WarningRow)
                .where(WarningRow.user_id == user_id, WarningRow.seen_at.is_(None))
                .order_by(WarningRow.id)
            )
            return [PlayerWarning(row.id, row.at, row.reason, row.user_id) for row in rows]

    def seen(self, user_id: int, warning_id: int) -> None:
        """``user_id`` has read his warning ``warning_id`` (``NotFoundError`` if it is not his
        or is seen already)."""
        with self.transactions.write() as session:
            row = session.get(WarningRow, warning_id)
            if row is None or row.user_id != user_id or row.seen_at is not None:
                raise NotFoundError(f"you have no warning {warning_id} to read")
            row.seen_at = self.transactions.now()

    def mute(self, name: str, minutes: int, reason: str, by: str) -> datetime:
        """Mute ``name`` in every chat for ``minutes`` from now (1 to ``LONGEST_MUTE``); returns
        until when."""
        reason = _reason(reason, REASON_LENGTH)
        if not isinstance(minutes, int) or not 1 <= minutes <= LONGEST_MUTE:
            raise StoreError(f"a mute lasts 1 to {LONGEST_MUTE} minutes, not {minutes!r}")
        with self.transactions.write() as session:
            row = _account(session, name)
            row.muted_until = self.transactions.now() + timedelta(minutes=minutes)
            row.mute_reason = reason
            self._note(session, by, "mute", row.name, f"{minutes} min: {reason}")
            return row.muted_until

    def unmute(self, name: str, reason: str, by: str) -> None:
        """Lift the mute of ``name``; ``NotAllowedError`` if he is not muted."""
        reason = _reason(reason, REASON_LENGTH)
        with self.transactions.write() as session:
            row = _account(session, name)
            if row.muted_until is None or row.muted_until <= self.transactions.now():
                raise NotAllowedError(f"{row.name} is not muted")
            row.muted_until = None
            row.mute_reason = None
            self._note(session, by, "unmute", row.name, reason)

    def muted_until(self, user_id: int) -> datetime | None:
        """Until when ``user_id`` may not write in any chat, or None if he may now: what every
        chat asks before it passes a line on."""
        with self.transactions.read() as session:
            until = session.scalar(select(UserRow.muted_until).where(UserRow.id == user_id))
        return until if until is not None and until > self.transactions.now() else None

    def mark_engine(self, name: str, marked: bool, reason: str, by: str) -> None:
        """Mark ``name`` as playing with an engine's help (or take the mark off): from now on
        his games are not rated, and the ratings of the games he played rated are worked out
        again without his past games (with them, once unmarked). ``NotAllowedError`` if he is
        marked so already (or not marked, to unmark)."""
        reason = _reason(reason, REASON_LENGTH)
        with self.transactions.write() as session:
            row = _account(session, name)
            if (row.engine_assisted_at is not None) == marked:
                state = "marked as engine-assisted" if marked else "not marked as engine-assisted"
                raise NotAllowedError(f"{row.name} is {state} already")
            now = self.transactions.now()
            row.engine_assisted_at = now if marked else None
            session.flush()
            games = session.scalars(
                select(MatchRow.game)
                .join(SeatRow, SeatRow.match_id == MatchRow.id)
                .where(SeatRow.user_id == row.id, MatchRow.rated)
                .distinct()
            ).all()
            for game in sorted(games):
                rerate(session, game, now)
            deed: OperatorDeed = "mark-engine" if marked else "unmark-engine"
            self._note(session, by, deed, row.name, reason)

    def standing(self, name: str) -> Standing:
        """What holds against ``name`` now (``NotFoundError`` for nobody)."""
        with self.transactions.read() as session:
            row = _account(session, name)
            count = session.scalar(
                select(func.count(WarningRow.id)).where(WarningRow.user_id == row.id)
            )
            muted = (
                row.muted_until
                if row.muted_until and row.muted_until > self.transactions.now()
                else None
            )
            return Standing(
                row.name,
                row.operator,
                row.banned_at is not None,
                muted,
                row.engine_assisted_at,
                count or 0,
            )

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
    for deed in DEEDS:
        if action == deed:
            return deed
    raise StoreError(f"an operator's action the record does not know: {action!r}")
