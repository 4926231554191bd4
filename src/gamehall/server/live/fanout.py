"""Messages out: to this process's sockets on a match, and to the other server processes.

Each socket gets the message with what its reader may do now; these views are made once per
seat and change, in a worker thread, and so is the text of each seat's message (``Serialised``:
written once for all the sockets of a seat, the part shared by every seat once for all).
With several server processes (``GAMEHALL_REDIS_URL``) every stored change is also published
on the match's topic (``match:<id>``) through the process's ``Bus``, which tags it with this
process's origin.
"""

from typing import TYPE_CHECKING

from gamehall import jsontext
from gamehall.jsontext import JsonObject, JsonValue
from gamehall.server.live.matches import LiveMatch
from gamehall.server.protocol.common import Message
from gamehall.server.protocol.match import Allowed

if TYPE_CHECKING:
    from gamehall.server.bus import Bus
    from gamehall.server.live.peers import Peer


Views = dict[int | None, Allowed]
"""What each reader may do, by seat (None: spectators), as ``LiveMatch.views`` makes them."""


class Serialised(JsonObject):
    """A message's ``wire()`` form with its text made already (``dumps`` of it): a socket
    sends ``text``."""

    def __init__(self, message: JsonObject, text: str) -> None:
        super().__init__(message)
        self.text = text


def allowed(views: Views, seat: int | None, claim: bool) -> Allowed:
    """What the reader in ``seat`` may do; ``claim``: he may claim the match now, too."""
    return views[seat].with_claim() if claim else views[seat]


def personal(message: JsonObject, views: Views, seat: int | None, claim: bool) -> JsonObject:
    """An update's ``wire()`` form for the reader in ``seat`` (``allowed``)."""
    return {**message, **allowed(views, seat, claim).wire()}


def send_all(live: LiveMatch, message: Message) -> None:
    """Send ``message`` as it is to every socket on the match."""
    for connection in list(live.connections):
        connection.send(message.wire())


async def publish(bus: "Bus", live: LiveMatch, message: "Peer") -> None:
    """Send ``message`` to the other processes, if there are any; a failure is logged (they
    catch up from the store: ``sync.py``)."""
    await bus.publish("match", live.id, message.wire())


def dumps(message: JsonValue) -> str:
    """A message's ``wire()`` form as the sockets send it."""
    return jsontext.dumps(message)
