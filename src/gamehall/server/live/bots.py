"""The computer players of live matches: which seat has a decision to make, and its engine.

The engine's thinking runs in the engines' worker thread (``workers.py``), never on the event
loop.
"""

import secrets

from gamehall.engines import Engine, find_engine
from gamehall.engines.driver import step, wants_to_act
from gamehall.play.events import Event
from gamehall.server.live.matches import LiveMatch


def bot_to_act(live: LiveMatch) -> int | None:
    """The computer seat that has a decision to make now, if any."""
    if not live.match.started:
        return None
    for seat in (0, 1):
        if not live.is_human(seat) and wants_to_act(live.match, seat):
            return seat
    return None


def engine_of(live: LiveMatch, seat: int) -> Engine:
    """The engine of the computer in ``seat``, made on first use."""
    if seat not in live.engines:
        level = live.seats[seat].level or "beginner"
        live.engines[seat] = find_engine(live.match.game, level, secrets.randbits(32))
    return live.engines[seat]


def decide(live: LiveMatch, seat: int) -> list[Event]:
    """Let the computer in ``seat`` take its decision (in a worker thread)."""
    return step(live.match, seat, engine_of(live, seat))
