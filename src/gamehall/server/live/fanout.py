"""Messages out: to this process's sockets on a match, and to the other server processes.

Each socket gets the message with what its reader may do now; these views are made once per
seat and change, in a worker thread. With several server processes (``GAMEHALL_REDIS_URL``)
every stored change is also published through a ``Broker``, tagged with this process's origin.
"""

import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from gamehall.server.live.matches import LiveMatch

log = logging.getLogger(__name__)


class Broker(Protocol):
    """Fan-out of live messages between server processes (``RedisBroker``)."""

    async def publish(self, match_id: str, message: dict[str, Any]) -> None:
        """Send ``message`` about ``match_id`` to the other processes."""

    async def listen(self, deliver: Callable[[str, dict[str, Any]], Awaitable[None]]) -> None:
        """Call ``deliver`` for every message of another process, until cancelled."""

    async def close(self) -> None:
        """Let go of the connection."""


Views = dict[int | None, dict[str, Any]]
"""``actions`` and ``legal`` by seat (None: spectators), as ``LiveMatch.views`` makes them."""


def personal(
    message: Mapping[str, Any], views: Views, seat: int | None, claim: bool
) -> dict[str, Any]:
    """``message`` for the reader in ``seat``; ``claim``: they may claim the match now."""
    view = views[seat]
    actions = [*view["actions"], "claim_abandoned"] if claim else view["actions"]
    return {**message, "actions": actions, "legal": view["legal"]}


def send_all(live: LiveMatch, message: Mapping[str, Any]) -> None:
    """Send ``message`` as it is to every socket on the match."""
    for connection in list(live.connections):
        connection.send(dict(message))


async def publish(
    broker: Broker | None, origin: str, live: LiveMatch, message: dict[str, Any]
) -> None:
    """Send ``message`` to the other processes, if there are any; a failure is logged (they
    catch up at the match's next change)."""
    if broker is None:
        return
    try:
        await broker.publish(live.id, {"origin": origin, **message})
    except Exception as exc:
        log.warning("match %s: could not publish to the other processes: %s", live.id, exc)


def dumps(message: Mapping[str, Any]) -> str:
    """A message as the sockets send it."""
    return json.dumps(message, separators=(",", ":"))
