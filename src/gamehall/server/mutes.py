"""Whether a player may write in a chat: an account the operators muted may not, until its mute
ends. Every chat (a game's, and any other) asks ``muted_words`` before it passes a line on,
and refuses the line with the code ``muted`` and these words."""

import math

from starlette.requests import HTTPConnection

from gamehall.server.language import reader_language
from gamehall.server.services import Services
from gamehall.words import words


async def muted_words(hall: Services, user_id: int, connection: HTTPConnection) -> str | None:
    """Why ``user_id`` may not write now, in the language of ``connection``'s reader (the
    minutes his mute has still to run), or None if he may."""
    until = await hall.workers.store(hall.store.moderation.muted_until, user_id)
    if until is None:
        return None
    left = (until - hall.store.transactions.now()).total_seconds()
    minutes = max(1, math.ceil(left / 60))
    return words(reader_language(connection)).say("error.muted", minutes=minutes)
