"""The bodies of the social API (``/api/follows``, ``/api/blocks``, ``/api/messages``) and of
the user socket's social notices: who is followed and what he plays, private messages."""

from typing import Literal

from pydantic import Field

from gamehall.play.settings import GAME_NAMES, GameName
from gamehall.server.protocol.common import Message
from gamehall.server.schemas import Answer, Body, iso
from gamehall.store.errors import StoreError
from gamehall.store.private_messages import Conversation, PrivateMessage
from gamehall.store.social import PlayingNow
from gamehall.store.social_models import MESSAGE_LENGTH


class PlayingView(Answer):
    """A match a followed player is playing: watch it at ``#/game/{match_id}``."""

    match_id: str
    game: GameName
    opponent: str

    @classmethod
    def of(cls, playing: PlayingNow) -> "PlayingView":
        return cls(
            match_id=playing.match_id, game=game_name(playing.game), opponent=playing.opponent
        )


def game_name(game: str) -> GameName:
    """``game`` as one of the games' names; ``StoreError`` for another."""
    for name in GAME_NAMES:
        if name == game:
            return name
    raise StoreError(f"there is no game {game!r}")


class FollowedView(Answer):
    """A player I follow: whether he is online now, and the matches he is playing."""

    name: str
    bot: bool
    online: bool
    playing: list[PlayingView]


class Following(Answer):
    """The players I follow, by name."""

    players: list[FollowedView]


class Blocks(Answer):
    """The players I block, by name: they can neither message nor challenge me."""

    names: list[str]


class MessageBody(Body):
    """A private message's text: 1 to 500 characters once control, bidirectional and zero-width
    characters are taken out."""

    text: str = Field(max_length=4 * MESSAGE_LENGTH)


class MessageView(Message):
    """A private message: its stable ``id`` (a report names it by that), who sent it to whom,
    its text, when (ISO 8601, UTC), and whether the recipient has read it."""

    id: int
    from_: str = Field(serialization_alias="from", validation_alias="from")
    to: str
    text: str
    sent_at: str
    read: bool

    @classmethod
    def of(cls, message: PrivateMessage) -> "MessageView":
        return cls(
            id=message.id,
            from_=message.sender,
            to=message.recipient,
            text=message.text,
            sent_at=iso(message.sent_at),
            read=message.read,
        )


class ConversationView(Answer):
    """A conversation with ``name``: its latest message and how many to me are unread."""

    name: str
    last: MessageView
    unread: int

    @classmethod
    def of(cls, conversation: Conversation) -> "ConversationView":
        return cls(
            name=conversation.name,
            last=MessageView.of(conversation.last),
            unread=conversation.unread,
        )


class Conversations(Answer):
    """My conversations, the latest first, and how many messages to me are unread in all."""

    conversations: list[ConversationView]
    unread: int


class ConversationAnswer(Answer):
    """The messages between me and ``name``, oldest first (a page of them: ``older`` says
    whether there are earlier ones), and whether I block him."""

    name: str
    messages: list[MessageView]
    older: bool
    blocked: bool


class MessageNotice(Message):
    """A private message to or from the user (from another of his tabs), stored already."""

    type: Literal["message"] = "message"
    message: MessageView


class FollowedOnline(Message):
    """A player the user follows has come online."""

    type: Literal["followed_online"] = "followed_online"
    name: str


class FollowedPlaying(Message):
    """A player the user follows has started a match: watch it at ``#/game/{match_id}``."""

    type: Literal["followed_playing"] = "followed_playing"
    name: str
    match_id: str
    game: GameName
    opponent: str
