"""What may be said in a chat, the one place every chat (a match's rooms, a tournament's)
admits a line: the frame read, the writer known, the text cleaned and within its length, the
writer not muted by the operators, his rate not passed. A line refused raises
``ChatRefusedError`` with a stable reason (``refusal.chat-*``, ``refusal.muted`` in the
catalog), said to the writer in his language.

A message is plain text of 1 to ``MAX_TEXT`` characters (control characters, bidirectional
controls and zero-width characters taken out, a zero-width joiner inside an emoji sequence
kept; the pages show it as text, never as HTML), at most ``GAMEHALL_RATE_CHAT`` (one a second)
per account over all its sockets and chats. An account the operators muted (``store.moderation``)
is refused with the reason ``muted`` until its mute ends. Each line gets a random id, by which a
player reports it (``reports_api.py``).
"""

import math
import unicodedata
from collections.abc import AsyncIterator
from secrets import token_urlsafe

from fastapi import WebSocket
from pydantic import TypeAdapter, ValidationError

from gamehall.errors import GameError
from gamehall.server.guards import loads_shallow
from gamehall.server.limits import RateLimitedError
from gamehall.server.protocol.chat import ChatError, ChatLine, Say
from gamehall.server.services import Services
from gamehall.server.socket_connection import SocketConnection
from gamehall.server.ws import MAX_FRAME, count_frame
from gamehall.store import User

MAX_TEXT = 300
"""The longest message, in characters."""
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e") | frozenset(
    "\u2066\u2067\u2068\u2069"
)
"""Unicode's Bidi_Control characters: they reorder the text around them (a name or a link can
be made to read backwards), so a message never carries them."""
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")
"""Characters that show nothing: they make two texts that look alike differ."""
ZWJ = "\u200d"
EMOJI_TAILS = frozenset("\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")
"""What may follow an emoji inside its sequence, before a joiner: the emoji presentation
selector and the skin tones."""


class ChatRefusedError(GameError):
    """A chat line that is not said, and why (its ``reason``: ``chat-frame``, ``chat-log-in``,
    ``chat-not-text``, ``chat-empty``, ``chat-too-long``, ``chat-too-fast``,
    ``chat-not-entered``, ``muted``)."""


def clean_text(text: object) -> str:
    """A message's text without control characters, bidirectional controls and zero-width
    characters (``visible``); ``ChatRefusedError`` if it cannot be sent."""
    if not isinstance(text, str):
        raise ChatRefusedError("a chat message is a text", reason="chat-not-text")
    kept = cleaned(text)
    if not kept:
        raise ChatRefusedError("write something first", reason="chat-empty")
    if len(kept) > MAX_TEXT:
        raise ChatRefusedError(
            f"a message has at most {MAX_TEXT} characters; this one has {len(kept)}",
            reason="chat-too-long",
            most=MAX_TEXT,
            length=len(kept),
        )
    return kept


def cleaned(text: str) -> str:
    """``text`` on one line (line breaks and tabs made spaces), without control characters,
    bidirectional controls and zero-width characters (``visible``), trimmed: what a chat line
    or a private message keeps of what was sent."""
    spaced = text.replace("\n", " ").replace("\t", " ")
    return visible("".join(ch for ch in spaced if unicodedata.category(ch) != "Cc")).strip()


def visible(text: str) -> str:
    """``text`` without bidirectional controls and zero-width characters, but for a
    zero-width joiner between two pictographs (an emoji sequence such as the family 👨‍👩‍👧)."""
    kept: list[str] = []
    for index, char in enumerate(text):
        if char in BIDI_CONTROLS:
            continue
        if (char == ZWJ and _joins_emoji(text, index)) or char not in ZERO_WIDTH:
            kept.append(char)
    return "".join(kept)


def _joins_emoji(text: str, index: int) -> bool:
    """Whether the joiner at ``index`` stands between two pictographs (after the first's
    presentation selector or skin tone)."""
    before = text[:index].rstrip("".join(EMOJI_TAILS))
    after = text[index + 1 : index + 2]
    return bool(before) and bool(after) and _pictograph(before[-1]) and _pictograph(after)


def _pictograph(char: str) -> bool:
    """Whether ``char`` is an emoji's pictograph: a symbol of the emoji blocks (U+1F000 on)
    or of the older pictographic ones (arrows to dingbats, U+2190 to U+2BFF)."""
    point = ord(char)
    symbol = unicodedata.category(char) == "So"
    return symbol and (0x1F000 <= point <= 0x1FAFF or 0x2190 <= point <= 0x2BFF)


SAY: TypeAdapter[Say] = TypeAdapter(Say)


def read_say(text: str) -> Say | None:
    """What a frame says, or None if it is not a ``say`` (not JSON, too long or too deep,
    another type)."""
    try:  # a frame the match socket would refuse: too long, nested too deep
        message = loads_shallow(text) if len(text) <= MAX_FRAME else None
        return SAY.validate_python(message)
    except (ValueError, ValidationError):
        return None


def writer(user: User | None) -> User:
    """The account that writes; ``ChatRefusedError`` for a visitor not logged in."""
    if user is None:
        raise ChatRefusedError(
            "log in (or play as a guest) to write in the chat", reason="chat-log-in"
        )
    return user


async def mute_minutes(hall: Services, user_id: int) -> int | None:
    """The minutes the operators' mute of ``user_id`` has still to run (at least 1), or None
    if he may write: asked by every chat and by the private messages."""
    until = await hall.workers.store(hall.store.moderation.muted_until, user_id)
    if until is None:
        return None
    left = (until - hall.store.transactions.now()).total_seconds()
    return max(1, math.ceil(left / 60))


async def refuse_muted(hall: Services, user_id: int) -> None:
    """``ChatRefusedError`` (reason ``muted``) while the operators' mute of ``user_id`` runs."""
    minutes = await mute_minutes(hall, user_id)
    if minutes is not None:
        raise ChatRefusedError(
            "the site's operators have muted you in the chats: "
            f"you can write again in {minutes} min",
            reason="muted",
            minutes=minutes,
        )


async def admit_line(hall: Services, user: User | None, frame: str, time: float) -> ChatLine:
    """The line that ``user`` (None: nobody logged in) says at ``time`` (the server's clock) in
    the chat ``frame``, its text cleaned; ``ChatRefusedError`` saying why it is not said. Who
    may write in a particular chat (a tournament's entrants) is its socket's to check first."""
    said = read_say(frame)
    if said is None:
        raise ChatRefusedError('send {"type": "say", "text": "..."}', reason="chat-frame")
    author = writer(user)
    text = clean_text(said.text)
    await refuse_muted(hall, author.id)
    try:  # per account, over all his sockets (and processes)
        await hall.limits.hit("chat", f"user:{author.id}")
    except RateLimitedError as exc:
        raise ChatRefusedError(
            str(exc.detail), reason="chat-too-fast", seconds=exc.retry_after
        ) from None
    return ChatLine(id=token_urlsafe(6), from_=author.name, text=text, time=time)


async def chat_frames(
    websocket: WebSocket, hall: Services, connection: SocketConnection, socket_key: str, owner: str
) -> AsyncIterator[str]:
    """The text of each frame a chat socket sends, until it closes; every frame, whatever it
    is, counted per socket and per ``owner`` (the account, else the address), a frame over
    the limits answered with its refusal and not passed on."""
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        try:
            await count_frame(hall.limits, socket_key, owner, seated=False)
        except RateLimitedError as exc:
            connection.send(ChatError(message=str(exc.detail)).wire())
            continue
        yield frame.get("text") or ""
