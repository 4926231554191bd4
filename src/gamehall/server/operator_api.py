"""The operators' page's API (``/api/operator``): the open reports, what holds against a
player, and the actions on an account (warn, mute and unmute, ban and unban, the
engine-assisted mark) and on reports (close with a resolution), each kept in the operators'
record with who did it and why. Only an operator's session (or the admin token) may call it
(``admin_api.operator``): another's is refused with ``operators-only``.
"""

from fastapi import APIRouter

from gamehall.server.admin_api import Operator
from gamehall.server.moderation_schemas import (
    AccountStanding,
    Actions,
    ActionView,
    CloseReport,
    EngineMark,
    Mute,
    OpenReports,
    Reason,
    ReportGroupView,
    ReportsClosed,
)
from gamehall.server.protocol.user import Warned
from gamehall.server.schemas import stored_id
from gamehall.server.services import Hall

router = APIRouter(prefix="/api/operator", tags=["operators"])


@router.get("/reports")
async def open_reports(_: Operator, hall: Hall) -> OpenReports:
    """The open reports grouped by subject, the newest first."""
    groups = await hall.workers.store(hall.store.reports.open_groups)
    return OpenReports(groups=[ReportGroupView.of(group) for group in groups])


@router.post("/reports/{report_id}/close")
async def close_report(
    report_id: int, body: CloseReport, by: Operator, hall: Hall
) -> ReportsClosed:
    """Close every open report on the subject of ``report_id`` with a resolution."""
    stored_id(report_id, "report")
    closed = await hall.workers.store(hall.store.reports.close, report_id, body.resolution, by)
    return ReportsClosed(closed=closed)


@router.get("/actions")
async def actions(_: Operator, hall: Hall) -> Actions:
    """The operators' last 50 actions, the newest first."""
    done = await hall.workers.store(hall.store.moderation.actions)
    return Actions(actions=[ActionView.of(action) for action in done])


@router.get("/players/{name}")
async def standing(name: str, _: Operator, hall: Hall) -> AccountStanding:
    """What holds against ``name`` now: banned, muted, marked, how many warnings."""
    return AccountStanding.of(await hall.workers.store(hall.store.moderation.standing, name))


@router.post("/players/{name}/warn")
async def warn(name: str, body: Reason, by: Operator, hall: Hall) -> AccountStanding:
    """Warn ``name``: he is shown the reason at once on his pages (his user socket is told),
    else at his next page load, until he has read it."""
    warned = await hall.workers.store(hall.store.moderation.warn, name, body.reason, by)
    hall.channels.tell(warned.user_id, Warned().wire())
    return await standing(name, by, hall)


@router.post("/players/{name}/mute")
async def mute(name: str, body: Mute, by: Operator, hall: Hall) -> AccountStanding:
    """Mute ``name`` in every chat for ``minutes``."""
    await hall.workers.store(hall.store.moderation.mute, name, body.minutes, body.reason, by)
    return await standing(name, by, hall)


@router.post("/players/{name}/unmute")
async def unmute(name: str, body: Reason, by: Operator, hall: Hall) -> AccountStanding:
    """Lift the mute of ``name``."""
    await hall.workers.store(hall.store.moderation.unmute, name, body.reason, by)
    return await standing(name, by, hall)


@router.post("/players/{name}/ban")
async def ban(name: str, body: Reason, by: Operator, hall: Hall) -> AccountStanding:
    """Ban ``name``: his sessions end, his tokens are revoked, his offers go."""
    await hall.workers.store(hall.store.moderation.ban, name, body.reason, by)
    return await standing(name, by, hall)


@router.post("/players/{name}/unban")
async def unban(name: str, body: Reason, by: Operator, hall: Hall) -> AccountStanding:
    """Lift the ban of ``name``."""
    await hall.workers.store(hall.store.moderation.unban, name, body.reason, by)
    return await standing(name, by, hall)


@router.post("/players/{name}/engine")
async def engine_mark(name: str, body: EngineMark, by: Operator, hall: Hall) -> AccountStanding:
    """Mark ``name`` as engine-assisted (or take the mark off): his games count for no one's
    rating, and the ratings are worked out again without (or with) his past games."""
    await hall.workers.store(hall.store.moderation.mark_engine, name, body.marked, body.reason, by)
    return await standing(name, by, hall)
