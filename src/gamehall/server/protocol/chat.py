"""A match's chat (``/ws/chat/{id}``): the room's messages from the server, and what a
person says."""

from typing import Annotated, Literal

from pydantic import Field

from gamehall.jsontext import JsonValue
from gamehall.server.protocol.common import Frame, Message


class ChatLine(Message):
    """A message said in the room: its id (by which a player reports it), who said it, the
    text, and when (server time)."""

    type: Literal["chat"] = "chat"
    id: str
    from_: str = Field(serialization_alias="from", validation_alias="from")
    text: str
    time: float


class ChatHello(Message):
    """The first message: the room (the players' or the spectators'), whether the socket may
    write, and the room's last messages."""

    type: Literal["hello"] = "hello"
    room: Literal["players", "spectators"]
    can_write: bool
    messages: list[ChatLine]


class ChatError(Message):
    """What was said could not be sent, and why: the reason's stable code (``chat-empty``,
    ``chat-too-fast``...) and the words in the reader's language."""

    type: Literal["error"] = "error"
    code: str | None = None
    message: str


ChatServerMessage = Annotated[ChatHello | ChatLine | ChatError, Field(discriminator="type")]
"""What the server sends on a chat socket."""


class Say(Frame):
    """Something to say in the room: 1 to 300 characters once control characters are taken
    out (``text`` is checked by the room, which says what is wrong with it)."""

    type: Literal["say"]
    text: JsonValue = None


ChatClientMessage = Say
"""What a client sends on a chat socket."""
