"""What the server processes tell each other about a match (on its topic, ``match:<id>``,
through the ``Bus``): who is connected where, and the events each one stores.

These are not a socket's messages: no browser reads them. A message of another version, or
one the broker mangled, is no message at all (``read_peer``): the store is what counts, and a
process that misses a message catches up from it (``sync.py``).
"""

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError

from gamehall.jsontext import JsonObject
from gamehall.server.protocol.common import Message
from gamehall.server.protocol.match import LoggedEvent


class Peer(Message):
    """A message between processes: keys it does not declare (the ``Bus``'s ``origin``) are
    ignored when it is read."""

    model_config = ConfigDict(extra="ignore")


class SeatsAsked(Peer):
    """Which seats have a socket on your process? (Sent by a process that loads the match,
    and after a broker outage.)"""

    type: Literal["seats?"] = "seats?"


class Seats(Peer):
    """The seats that have a socket on the sending process."""

    type: Literal["seats"] = "seats"
    connected: tuple[bool, bool]


class Stored(Peer):
    """Events the sending process stored, as the log keeps them; null when they were too long
    for the broker to carry (read them from the store)."""

    type: Literal["update"] = "update"
    events: list[LoggedEvent] | None


PeerMessage = Annotated[SeatsAsked | Seats | Stored, Field(discriminator="type")]
"""What one process tells the others about a match."""

PEER_MESSAGES: TypeAdapter[SeatsAsked | Seats | Stored] = TypeAdapter(PeerMessage)


def read_peer(message: JsonObject) -> SeatsAsked | Seats | Stored | None:
    """The message of another process, or None if it is not one."""
    try:
        return PEER_MESSAGES.validate_python(message)
    except ValidationError:
        return None
