"""The computer players of live matches: which seat has a decision to make, and its engine.

The engine's thinking runs in the engines' worker thread (``workers.py``), never on the event
loop. A seat's level is a house level, or the id of one of the operator's external engines
(``GAMEHALL_EXTERNAL_ENGINES``), whose process is let go when the match ends.
"""

import logging
import secrets
from collections.abc import Sequence

from gamehall.engines import LEVELS, Engine, EngineFault, find_engine
from gamehall.engines.driver import step, wants_to_act
from gamehall.engines.external import ExternalPlayer, ExternalSpec, external_engine
from gamehall.play.events import Event
from gamehall.server.live.matches import LiveMatch

log = logging.getLogger(__name__)


def bot_to_act(live: LiveMatch) -> int | None:
    """The computer seat that has a decision to make now, if any."""
    if not live.match.started:
        return None
    for seat in (0, 1):
        if not live.is_human(seat) and wants_to_act(live.match, seat):
            return seat
    return None


def engine_of(live: LiveMatch, seat: int, external: Sequence[ExternalSpec] = ()) -> Engine:
    """The engine of the computer in ``seat``, made on first use: the external engine whose id
    is the seat's level, else the house engine of that level. ``EngineFault`` for an external
    engine the server no longer has (the operator took it out of the configuration)."""
    if seat not in live.engines:
        level = live.seats[seat].level or "beginner"
        spec = next((s for s in external if s.id == level), None)
        if spec is not None:
            live.engines[seat] = external_engine(spec)
        elif level not in LEVELS:
            raise EngineFault("engine-crashed", f"the external engine {level!r} is gone")
        else:
            live.engines[seat] = find_engine(live.match.game, level, secrets.randbits(32))
    return live.engines[seat]


def decide(live: LiveMatch, seat: int, external: Sequence[ExternalSpec] = ()) -> list[Event]:
    """Let the computer in ``seat`` take its decision (in a worker thread); an external engine
    that fails to decide (``driver.step``), or is no longer configured, forfeits the match."""
    try:
        engine = engine_of(live, seat, external)
    except EngineFault as fault:
        log.warning("match %s: %s", live.id, fault)
        return live.match.forfeit(seat, fault.kind)
    return step(live.match, seat, engine)


def owner_of(live: LiveMatch | None, match_id: str | None) -> str:
    """Whose the computer's decisions in a match are, for the engine thread's turns: the
    account playing the computer, else the match (two computers), else nobody's."""
    if live is not None:
        for seat in (0, 1):
            user_id = live.seats[seat].user_id
            if live.is_human(seat) and user_id is not None:
                return f"user {user_id}"
    return f"match {match_id}" if match_id else ""


def let_go(*matches: LiveMatch) -> None:
    """Stop the processes of the matches' external engines (their end, or the server's)."""
    for live in matches:
        for engine in live.engines.values():
            if isinstance(engine, ExternalPlayer):
                engine.close()
