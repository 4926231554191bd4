"""Messages out: to this process's sockets on a match, and to the other server processes.

Each socket gets the message with what its reader may do now; these views are made once per
seat and change, in a worker thread, and so is the text of each seat's message (``Serialised``:
written once for all the sockets of a seat, the part shared by every seat once for all).
With several server processes (``GAMEHALL_REDIS_URL``) every stored change is also published
on the match's topic (``match:<id>``) through the process's ``Bus``, which tags it with this
process's origin.
"""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamehall import jsontext
from gamehall.server.live.matches import LiveMatch

if TYPE_CHECKING:
    from gamehall.server.bus import Bus


Views = dict[int | None, dict[str, Any]]
"""``actions`` and ``legal`` by seat (None: spectators), as ``LiveMatch.views`` makes them."""


class Serialised(dict[str, Any]):
    """A message with its text made already (``dumps`` of it): a socket sends ``text``."""

    def __init__(self, message: Mapping[str, Any], text: str) -> None:
        super().__init__(message)
        self.text = text


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


async def publish(bus: "Bus", live: LiveMatch, message: dict[str, Any]) -> None:
    """Send ``message`` to the other processes, if there are any, without its ``state``
    (they make their own from the events); a failure is logged (they catch up from the store:
    ``sync.py``)."""
    await bus.publish("match", live.id, {k: v for k, v in message.items() if k != "state"})


def dumps(message: Mapping[str, Any]) -> str:
    """A message as the sockets send it."""
    return jsontext.dumps(message)
