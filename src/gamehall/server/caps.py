"""Caps on what one player may have open at once: matches against the computer, seeks,
challenges (in all, and to one player), tournaments not yet finished (``Config.max_*``).

The rate limits (``limits.py``) say how often; these say how many at once, so that a player
who makes things faster than anybody plays them (529 matches against the computer in 30 s, 100
seeks from five guests) is refused with a code of its own (409 ``too-many-...``) until one ends.
The store counts seeks, challenges and tournaments in the transaction that adds one
(``LimitReachedError``); matches against the computer are counted here, those being made in
this process included, so that a burst of requests cannot all pass one count.
"""

from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from gamehall.server.refusals import Refusal
from gamehall.server.services import Services
from gamehall.store import LimitReachedError

_starting: Counter[int] = Counter()
"""The matches against the computer being made in this process, by user."""


def over_cap(exc: LimitReachedError, name: str = "") -> Refusal:
    """The refusal of a thing over its cap: 409 ``too-many-<what>`` (``name``: the player
    challenged)."""
    return Refusal(409, f"too-many-{exc.what}", most=exc.most, name=name)


@asynccontextmanager
async def computer_match_slot(hall: Services, user_id: int) -> AsyncIterator[None]:
    """Hold a place for a new match of ``user_id`` against the computer while it is made;
    409 ``too-many-computer-matches`` if he plays as many as he may already."""
    _starting[user_id] += 1
    try:
        playing = await hall.workers.store(hall.store.matches.computer_matches_playing, user_id)
        most = hall.config.max_computer_matches
        if playing + _starting[user_id] > most:
            raise Refusal(409, "too-many-computer-matches", most=most)
        yield
    finally:
        _starting[user_id] -= 1
        if not _starting[user_id]:
            del _starting[user_id]
