"""The bodies of moderation: a player's report and what he is told (``reports_api.py``), and the
operators' page and actions (``operator_api.py``)."""

from typing import Annotated, Literal

from pydantic import Field

from gamehall.server.schemas import Answer, Body, iso
from gamehall.store.moderation import OperatorAction, OperatorDeed, PlayerWarning, Standing
from gamehall.store.reports import Report, ReportCategory, ReportGroup, SubjectKind

REASON = Field(min_length=1, max_length=500)


class PlayerSubject(Body):
    """A player reported for how he plays or behaves (from his profile, or from a game's page:
    ``match_id``)."""

    kind: Literal["player"]
    player: str = Field(min_length=1, max_length=20)
    match_id: str | None = Field(default=None, max_length=16)


class ChatSubject(Body):
    """A line said in a game's chat, by its id (``ChatLine.id``)."""

    kind: Literal["chat"]
    match_id: str = Field(min_length=1, max_length=16)
    line_id: str = Field(min_length=1, max_length=32)


class MessageSubject(Body):
    """A private message, by its id."""

    kind: Literal["message"]
    message_id: int = Field(ge=1)


class ReportBody(Body):
    """A report to the operators: what, why (a category) and, if the reporter likes, a short
    text of his own."""

    subject: Annotated[PlayerSubject | ChatSubject | MessageSubject, Field(discriminator="kind")]
    category: ReportCategory
    text: str = Field(default="", max_length=300)


class ReportFiled(Answer):
    """The stored report's id."""

    id: int


class WarningView(Answer):
    """An operator's warning to me, shown until I have read it."""

    id: int
    at: str
    reason: str

    @classmethod
    def of(cls, warning: PlayerWarning) -> "WarningView":
        return cls(id=warning.id, at=iso(warning.at), reason=warning.reason)


class MyStanding(Answer):
    """What the pages need to know of me at each load: whether I am an operator (the operators'
    page is linked), my unread warnings and until when I am muted (null: I am not)."""

    operator: bool
    warnings: list[WarningView]
    muted_until: str | None


class ReportView(Answer):
    """One report, as the operators read it."""

    id: int
    at: str
    reporter: str
    category: ReportCategory
    text: str

    @classmethod
    def of(cls, report: Report) -> "ReportView":
        return cls(
            id=report.id,
            at=iso(report.at),
            reporter=report.reporter,
            category=report.category,
            text=report.text,
        )


class ReportGroupView(Answer):
    """The open reports on one subject, the newest first: the reported player, the chat line
    (its id and its words as said) or message, and the game it came from."""

    kind: SubjectKind
    player: str
    ref: str | None
    match_id: str | None
    quoted: str | None
    reports: list[ReportView]

    @classmethod
    def of(cls, group: ReportGroup) -> "ReportGroupView":
        return cls(
            kind=group.subject.kind,
            player=group.subject_name,
            ref=group.subject.ref,
            match_id=group.subject.match_id,
            quoted=group.subject.quoted,
            reports=[ReportView.of(report) for report in group.reports],
        )


class OpenReports(Answer):
    """The open reports grouped by subject, the group with the newest report first."""

    groups: list[ReportGroupView]


class CloseReport(Body):
    """How the reports on a subject were resolved."""

    resolution: str = REASON


class ReportsClosed(Answer):
    """How many reports were closed (every open one on the subject)."""

    closed: int


class Reason(Body):
    """Why an operator acts (kept in the operators' record)."""

    reason: str = REASON


class Mute(Body):
    """A mute in every chat for ``minutes`` (up to 30 days), and why."""

    minutes: int = Field(ge=1, le=30 * 24 * 60)
    reason: str = REASON


class EngineMark(Body):
    """Mark a player as engine-assisted (``marked``) or take the mark off, and why."""

    marked: bool
    reason: str = REASON


class AccountStanding(Answer):
    """What holds against a player now."""

    player: str
    operator: bool
    banned: bool
    muted_until: str | None
    engine_assisted: bool
    warnings: int

    @classmethod
    def of(cls, standing: Standing) -> "AccountStanding":
        muted = standing.muted_until
        return cls(
            player=standing.name,
            operator=standing.operator,
            banned=standing.banned,
            muted_until=iso(muted) if muted is not None else None,
            engine_assisted=standing.engine_assisted_at is not None,
            warnings=standing.warnings,
        )


class ActionView(Answer):
    """One operator's action: when, who, what, to whom, why."""

    at: str
    by: str
    action: OperatorDeed
    subject: str
    reason: str

    @classmethod
    def of(cls, action: OperatorAction) -> "ActionView":
        return cls(
            at=iso(action.at),
            by=action.by,
            action=action.action,
            subject=action.subject,
            reason=action.reason,
        )


class Actions(Answer):
    """The operators' latest actions, the newest first."""

    actions: list[ActionView]
