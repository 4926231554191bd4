"""A player's side of moderation: his reports to the operators (``POST /api/reports``), and
what the pages show him at each load (``GET /api/moderation/me``: his unread warnings, his
mute, whether he is an operator).

A chat line is reported by its id: the server takes its sender and its words from the room's
last messages (``ChatRooms.find``), never from the reporter. A private message is reported by
its id too, by its recipient only: its sender and words are read from the store.
"""

from fastapi import APIRouter

from gamehall.server.auth import Acting, Session
from gamehall.server.moderation_schemas import (
    ChatSubject,
    MessageSubject,
    MyStanding,
    PlayerSubject,
    ReportBody,
    ReportFiled,
    WarningView,
)
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import Empty, iso, stored_id
from gamehall.server.services import Hall, Services
from gamehall.store.errors import ConflictError, LimitReachedError
from gamehall.store.reports import ReportSubject

router = APIRouter(prefix="/api", tags=["moderation"])


@router.post("/reports")
async def file_report(body: ReportBody, session: Acting, hall: Hall) -> ReportFiled:
    """Report a player, a chat line or a message to the operators: stored at once. Refused:
    oneself (403), somebody or something that is not there (404), the same subject while my
    report on it is open (409), more than ten reports an hour (429)."""
    subject = await _subject(hall, body.subject, session.user.id)
    try:
        report = await hall.workers.store(
            hall.store.reports.file, session.user.id, subject, body.category, body.text
        )
    except LimitReachedError as exc:
        raise Refusal(429, "too-many-reports", most=exc.most) from None
    except ConflictError:
        raise Refusal(409, "reported-already") from None
    return ReportFiled(id=report.id)


async def _subject(
    hall: Services, subject: PlayerSubject | ChatSubject | MessageSubject, reporter: int
) -> ReportSubject:
    """The stored form of what is reported; 404 for a player, a line or a message that is not
    there (a message: not sent to the ``reporter``)."""
    if isinstance(subject, MessageSubject):
        message = await hall.workers.store(
            hall.store.messages.received, subject.message_id, reporter
        )
        if message is None:
            raise Refusal(404, "no-such-message", id=subject.message_id)
        sender = await hall.workers.store(hall.store.users.by_name, message.sender)
        if sender is None:
            raise Refusal(404, "no-such-player", name=message.sender)
        return ReportSubject(subject.kind, sender.id, str(message.id), None, message.text)
    if isinstance(subject, ChatSubject):
        line = hall.chat.find(subject.match_id, subject.line_id)
        if line is None:
            raise Refusal(404, "no-such-chat-line")
        name, ref, quoted = line.from_, f"{subject.match_id}/{line.id}", line.text
    else:
        name, ref, quoted = subject.player, None, None
    user = await hall.workers.store(hall.store.users.by_name, name)
    if user is None:
        raise Refusal(404, "no-such-player", name=name)
    return ReportSubject(subject.kind, user.id, ref, subject.match_id, quoted)


@router.get("/moderation/me")
async def my_standing(session: Session, hall: Hall) -> MyStanding:
    """Whether I am an operator, my unread warnings and my mute."""
    user = session.user
    warnings = await hall.workers.store(hall.store.moderation.warnings, user.id)
    muted = await hall.workers.store(hall.store.moderation.muted_until, user.id)
    return MyStanding(
        operator=user.operator,
        warnings=[WarningView.of(warning) for warning in warnings],
        muted_until=iso(muted) if muted is not None else None,
    )


@router.post("/moderation/warnings/{warning_id}/seen")
async def warning_seen(warning_id: int, session: Acting, hall: Hall) -> Empty:
    """I have read my warning: it is not shown again."""
    stored_id(warning_id, "warning")
    await hall.workers.store(hall.store.moderation.seen, session.user.id, warning_id)
    return Empty()
