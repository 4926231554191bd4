"""A tournament's chat (``/ws/tournaments/{id}/chat``): the lines said in it, and what a
person says (a ``say``, as in a match's chat)."""

from typing import Annotated, Literal

from pydantic import Field

from gamehall.server.protocol.chat import ChatError, ChatLine, Say
from gamehall.server.protocol.common import Message


class TournamentChatHello(Message):
    """The first message: the tournament, whether the socket may write (an entrant, the
    tournament's maker, an operator), and the chat's last lines (kept in the store)."""

    type: Literal["hello"] = "hello"
    tournament: int
    can_write: bool
    messages: list[ChatLine]


TournamentChatServerMessage = Annotated[
    TournamentChatHello | ChatLine | ChatError, Field(discriminator="type")
]
"""What the server sends on a tournament's chat socket."""

TournamentChatClientMessage = Say
"""What a client sends on a tournament's chat socket."""
