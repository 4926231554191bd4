"""Players' reports to the operators: ``ReportStore`` (``Store.reports``).

A player reports another player, a line said in a game's chat, or a private message (by its
id), for a reason of ``CATEGORIES`` with a short text of his own. The report is stored before
anything else is done with it. A reporter has one open report on a subject at a time (a unique
key kept while it is open) and files at most ``most`` reports an hour. Operators read the open
reports grouped by subject, newest first, and close a subject's reports together with a
resolution (kept in the operators' record).
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, aliased

from gamehall.store.errors import (
    ConflictError,
    LimitReachedError,
    NotAllowedError,
    NotFoundError,
    StoreError,
)
from gamehall.store.models import OperatorActionRow, UserRow
from gamehall.store.moderation_models import ReportRow
from gamehall.store.transactions import Transactions

ReportCategory = Literal["cheating", "abuse", "sandbagging", "other"]
CATEGORIES: tuple[ReportCategory, ...] = ("cheating", "abuse", "sandbagging", "other")
"""Why a player reports: engine use, abuse in chat, losing on purpose, something else."""
SubjectKind = Literal["player", "chat", "message"]
SUBJECT_KINDS: tuple[SubjectKind, ...] = ("player", "chat", "message")
TEXT_LENGTH = 300
RESOLUTION_LENGTH = 500
REPORTS_AN_HOUR = 10
"""How many reports one account may file in an hour."""


@dataclass(frozen=True)
class ReportSubject:
    """What is reported: a player (``ref`` None), a chat line (``ref`` its id, in the game
    ``match_id``) or a private message (``ref`` its id); ``user_id`` is the reported player,
    the line's or message's sender; ``quoted`` the line's text as it was said."""

    kind: SubjectKind
    user_id: int
    ref: str | None = None
    match_id: str | None = None
    quoted: str | None = None

    def key(self) -> str:
        """The subject as one text: reports on the same subject share it."""
        return f"{self.kind}:{self.user_id}:{self.ref or ''}"


@dataclass(frozen=True)
class Report:
    """A stored report, with the names of its reporter and of the reported player."""

    id: int
    at: datetime
    reporter: str
    subject: ReportSubject
    subject_name: str
    category: ReportCategory
    text: str
    closed_at: datetime | None = None
    closed_by: str | None = None
    resolution: str | None = None


@dataclass(frozen=True)
class ReportGroup:
    """The open reports on one subject, the newest first."""

    subject: ReportSubject
    subject_name: str
    reports: list[Report]


class ReportStore:
    """The players' reports."""

    def __init__(self, transactions: Transactions) -> None:
        self.transactions = transactions

    def file(
        self,
        reporter_id: int,
        subject: ReportSubject,
        category: str,
        text: str = "",
        most: int = REPORTS_AN_HOUR,
    ) -> Report:
        """Store ``reporter_id``'s report of ``subject``: ``NotAllowedError`` for himself,
        ``ConflictError`` if his report on it is open still, ``LimitReachedError`` past
        ``most`` reports in the last hour, ``StoreError`` for a category or text that does
        not fit."""
        kind = _category(category)
        said = _text(text)
        if subject.kind not in SUBJECT_KINDS:
            raise StoreError(f"a report is of {', '.join(SUBJECT_KINDS)}, not {subject.kind!r}")
        if subject.user_id == reporter_id:
            raise NotAllowedError("you cannot report yourself")
        try:
            with self.transactions.write() as session:
                now = self.transactions.now()
                _need_user(session, subject.user_id)
                _need_user(session, reporter_id)
                recent = session.scalar(
                    select(func.count(ReportRow.id)).where(
                        ReportRow.reporter_id == reporter_id,
                        ReportRow.at > now - timedelta(hours=1),
                    )
                )
                if (recent or 0) >= most:
                    raise LimitReachedError(
                        f"you have made {most} reports in the last hour: wait before the next",
                        "reports",
                        most,
                    )
                row = ReportRow(
                    at=now,
                    reporter_id=reporter_id,
                    subject_kind=subject.kind,
                    subject_user_id=subject.user_id,
                    subject_ref=subject.ref,
                    match_id=subject.match_id,
                    quoted=subject.quoted,
                    category=kind,
                    text=said,
                    open_key=f"{reporter_id}:{subject.key()}",
                )
                session.add(row)
                session.flush()
                return _report(session, row)
        except IntegrityError:
            raise ConflictError(
                "you have reported this already: the operators will look at it"
            ) from None

    def open_groups(self, limit: int = 200) -> list[ReportGroup]:
        """The open reports (the newest ``limit``) grouped by subject, the group with the
        newest report first."""
        with self.transactions.read() as session:
            rows = session.scalars(
                select(ReportRow)
                .where(ReportRow.closed_at.is_(None))
                .order_by(ReportRow.at.desc(), ReportRow.id.desc())
                .limit(limit)
            ).all()
            groups: dict[str, ReportGroup] = {}
            for row in rows:
                report = _report(session, row)
                key = report.subject.key()
                if key not in groups:
                    groups[key] = ReportGroup(report.subject, report.subject_name, [])
                groups[key].reports.append(report)
            return list(groups.values())

    def close(self, report_id: int, resolution: str, by: str) -> int:
        """Close the open reports on the subject of report ``report_id`` with ``resolution``
        (kept in the operators' record); returns how many were closed. ``NotFoundError`` for
        no such open report."""
        resolution = _resolution(resolution)
        with self.transactions.write() as session:
            row = session.get(ReportRow, report_id)
            if row is None or row.closed_at is not None:
                raise NotFoundError(f"there is no open report {report_id}")
            same = session.scalars(
                select(ReportRow).where(
                    ReportRow.closed_at.is_(None),
                    ReportRow.subject_kind == row.subject_kind,
                    ReportRow.subject_user_id == row.subject_user_id,
                    _same_ref(row.subject_ref),
                )
            ).all()
            now = self.transactions.now()
            for each in same:
                each.closed_at = now
                each.closed_by = by[:64]
                each.resolution = resolution
                each.open_key = None
            name = session.scalar(select(UserRow.name).where(UserRow.id == row.subject_user_id))
            session.add(
                OperatorActionRow(
                    at=now,
                    by=by[:64],
                    action="close-report",
                    subject=(name or "")[:64],
                    reason=resolution,
                )
            )
            return len(same)


def _same_ref(ref: str | None) -> ColumnElement[bool]:
    return ReportRow.subject_ref.is_(None) if ref is None else ReportRow.subject_ref == ref


def _report(session: Session, row: ReportRow) -> Report:
    reporter, subject = aliased(UserRow), aliased(UserRow)
    names = session.execute(
        select(reporter.name, subject.name)
        .join(subject, subject.id == row.subject_user_id)
        .where(reporter.id == row.reporter_id)
    ).one()
    return Report(
        id=row.id,
        at=row.at,
        reporter=names[0],
        subject=ReportSubject(
            _kind(row.subject_kind), row.subject_user_id, row.subject_ref, row.match_id, row.quoted
        ),
        subject_name=names[1],
        category=_category(row.category),
        text=row.text,
        closed_at=row.closed_at,
        closed_by=row.closed_by,
        resolution=row.resolution,
    )


def _need_user(session: Session, user_id: int) -> None:
    if session.get(UserRow, user_id) is None:
        raise NotFoundError(f"there is no player {user_id}")


def _category(category: object) -> ReportCategory:
    for known in CATEGORIES:
        if category == known:
            return known
    raise StoreError(f"a report's reason is one of {', '.join(CATEGORIES)}, not {category!r}")


def _kind(kind: str) -> SubjectKind:
    for known in SUBJECT_KINDS:
        if kind == known:
            return known
    raise StoreError(f"a report's subject the store does not know: {kind!r}")


def _text(text: object) -> str:
    if not isinstance(text, str):
        raise StoreError("a report's words are a text")
    if len(text.strip()) > TEXT_LENGTH:
        raise StoreError(
            f"a report's words are at most {TEXT_LENGTH} characters, not {len(text.strip())}"
        )
    return text.strip()


def _resolution(text: object) -> str:
    if not isinstance(text, str) or not text.strip():
        raise StoreError("say how the report was resolved: it is kept in the operators' record")
    if len(text.strip()) > RESOLUTION_LENGTH:
        raise StoreError(f"a resolution is at most {RESOLUTION_LENGTH} characters")
    return text.strip()
