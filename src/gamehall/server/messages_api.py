"""Private messages between players (``/api/messages``): ``docs/protocol.md``.

``admit`` is the one place a message is let in: a guest cannot write, nor a banned account,
nor one the operators muted (403 ``muted``, as in the chats); the text is cleaned as the chat's
is (control, bidirectional and zero-width characters taken out; at most ``MESSAGE_LENGTH``
characters) and counted against ``GAMEHALL_RATE_MESSAGES`` per account; the store then refuses
it to a recipient who blocks the sender, in the transaction that stores it (403 ``blocked``). A
stored message is then sent, on the user sockets of every process, to the recipient and to the
sender's other tabs (a ``message`` notice). Each message has a stable id, by which its
recipient reports it to the operators (``reports_api.py``).
"""

from typing import Annotated

from fastapi import APIRouter, Query

from gamehall.server.auth import Acting, Session
from gamehall.server.chat_lines import cleaned, mute_minutes
from gamehall.server.refusals import Refusal
from gamehall.server.services import Hall, Services
from gamehall.server.social_api import named
from gamehall.server.social_schemas import (
    ConversationAnswer,
    Conversations,
    ConversationView,
    MessageBody,
    MessageNotice,
    MessageView,
)
from gamehall.store import User
from gamehall.store.private_messages import PrivateMessage
from gamehall.store.social_models import MESSAGE_LENGTH

router = APIRouter(prefix="/api")


async def admit(
    hall: Services, sender: User, recipient: str, text: str
) -> tuple[PrivateMessage, User]:
    """Store ``text`` from ``sender`` to ``recipient`` if it may be sent; returns it with the
    recipient. A ``Refusal`` saying why not otherwise (nothing is stored then)."""
    if sender.guest:
        raise Refusal(403, "guests-no-messages")
    if sender.banned:
        raise Refusal(403, "banned", reason="")
    minutes = await mute_minutes(hall, sender.id)
    if minutes is not None:
        raise Refusal(403, "muted", minutes=minutes)
    kept = cleaned(text)
    if not kept:
        raise Refusal(400, "message-empty")
    if len(kept) > MESSAGE_LENGTH:
        raise Refusal(400, "message-too-long", most=MESSAGE_LENGTH, length=len(kept))
    other = await hall.workers.store(named, hall, recipient)
    await hall.limits.hit("messages", f"user:{sender.id}")
    sent = await hall.workers.store(hall.store.messages.send, sender.id, other.name, kept)
    return sent, other


@router.get("/messages")
async def conversations(session: Session, hall: Hall) -> Conversations:
    """My conversations, the latest first, with their unread counts."""
    messages = hall.store.messages
    listed = await hall.workers.store(messages.conversations, session.user.id)
    unread = await hall.workers.store(messages.unread, session.user.id)
    return Conversations(conversations=[ConversationView.of(c) for c in listed], unread=unread)


@router.get("/messages/{name}")
async def conversation(
    name: str,
    session: Session,
    hall: Hall,
    before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> ConversationAnswer:
    """The messages between me and ``name``, oldest first (the latest ``limit``, before the
    message ``before`` when given); those sent to me are read from now on."""
    other = await hall.workers.store(named, hall, name)
    page = await hall.workers.store(
        hall.store.messages.conversation, session.user.id, other.name, before, limit + 1
    )
    older = len(page) > limit
    blocked = await hall.workers.store(hall.store.social.blocks, session.user.id, other.id)
    return ConversationAnswer(
        name=other.name,
        messages=[MessageView.of(m) for m in page[-limit:]],
        older=older,
        blocked=blocked,
    )


@router.post("/messages/{name}")
async def send(name: str, body: MessageBody, session: Acting, hall: Hall) -> MessageView:
    """Send ``name`` a private message: stored, then told to him (and to my other tabs)."""
    message, recipient = await admit(hall, session.user, name, body.text)
    view = MessageView.of(message)
    notice = MessageNotice(message=view).wire()
    hall.channels.tell(recipient.id, notice)
    hall.channels.tell(session.user.id, notice)
    return view
