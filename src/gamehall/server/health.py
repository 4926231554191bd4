"""Health and readiness, for a proxy's or an orchestrator's checks.

``GET /healthz``: the process lives and its event loop answers (nothing else is asked, so a
database outage does not get a healthy process restarted). ``GET /readyz``: the process can
serve players now: the store answers and its database is at the newest migration, and the
broker between processes (Redis), when there is one, answers, and the process is not draining
(told to stop: ``drain.py``); 503 when any does not hold, naming which, so that a proxy sends
players elsewhere until it is back.
"""

import asyncio

from fastapi import APIRouter, Response

from gamehall import __version__
from gamehall.server.schemas import Answer
from gamehall.server.services import Hall
from gamehall.store.database import head_revision

router = APIRouter()

CHECK_SECONDS = 2.0
"""How long a readiness check waits for the store or the broker before calling it down."""


class Alive(Answer):
    """The process lives."""

    status: str
    version: str


class Check(Answer):
    """One dependency's state: whether it is ready, and if not, why."""

    ready: bool
    detail: str


class Readiness(Answer):
    """Whether the process can serve players, and each dependency's state."""

    ready: bool
    store: Check
    broker: Check | None
    """The broker between processes, or null when the process shares its games with none."""
    draining: bool
    """The process is stopping: its players are told to reconnect elsewhere."""


@router.get("/healthz")
async def healthz() -> Alive:
    """The process lives (its event loop answered this)."""
    return Alive(status="alive", version=__version__)


async def _store(hall: Hall) -> Check:
    try:
        async with asyncio.timeout(CHECK_SECONDS):
            revision = await hall.workers.store(hall.store.revision)
    except TimeoutError:
        return Check(ready=False, detail=f"the database did not answer in {CHECK_SECONDS:g} s")
    except Exception as exc:  # whatever the driver raises, the store is down
        return Check(ready=False, detail=f"the database cannot be reached: {type(exc).__name__}")
    head = head_revision()
    if revision != head:
        return Check(ready=False, detail=f"the database is at migration {revision}, not {head}")
    return Check(ready=True, detail=f"at migration {revision}")


async def _broker(hall: Hall) -> Check | None:
    broker = hall.bus.broker
    if broker is None:
        return None
    try:
        async with asyncio.timeout(CHECK_SECONDS):
            await broker.ping()
    except TimeoutError:
        return Check(ready=False, detail=f"the broker did not answer in {CHECK_SECONDS:g} s")
    except Exception as exc:  # whatever the client raises, the broker is down
        return Check(ready=False, detail=f"the broker cannot be reached: {type(exc).__name__}")
    return Check(ready=True, detail="answers")


@router.get("/readyz", responses={503: {"model": Readiness}})
async def readyz(hall: Hall, response: Response) -> Readiness:
    """Whether the process can serve players now (503 when not), and why."""
    store, broker = await asyncio.gather(_store(hall), _broker(hall))
    draining = hall.drain.draining
    ready = store.ready and (broker is None or broker.ready) and not draining
    if not ready:
        response.status_code = 503
    return Readiness(ready=ready, store=store, broker=broker, draining=draining)
