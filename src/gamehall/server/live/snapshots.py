"""The snapshots of the live matches: when one is stored, and rebuilding a stored match from it.

A stored match keeps its latest ``Match.snapshot()`` beside its log (written with the events it
stands after, in their transaction). Loading the match reads the snapshot and the events after
it (from the game's start when fair dice go on), restores the snapshot and replays only those
events through the play layer; the earlier events stay in the store until somebody reads the
whole log (a player's first look, a record), and are then fetched once, off the event loop.
A snapshot holds the match as it stands, not its log: some 50 microseconds to make and 1 to 3
KB to write (a line per game played: 2.7 KB after the 18 games of a 25-point match). It is
still not written with every move, but at the start and end of each game and after every
``SNAPSHOT_EVERY`` events, so that a load replays fewer than that many events (about 0.5 ms
each for the tables games). A match without a usable snapshot (stored before snapshots, or of
another snapshot version) is replayed from its first event, as before, and gets one at its next
save.
"""

import logging
from collections.abc import Sequence

from pydantic import TypeAdapter, ValidationError

from gamehall.errors import RecordError
from gamehall.play.dice import DiceSource
from gamehall.play.event_log import EarlierEvents, EventLog
from gamehall.play.events import event_from_dict
from gamehall.play.match import Match, TimeSource
from gamehall.play.registry import load_match, restore_match
from gamehall.play.views import State, state_of
from gamehall.server.protocol.match import LoggedEvent
from gamehall.store import StoredMatch

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 10
"""A new snapshot is stored once this many events have been logged since the last one (and
at every game's start and end): a load then replays at most this many events."""


def snapshot_due(stored_at: int | None, count: int, batch: Sequence[LoggedEvent]) -> bool:
    """Whether to store a snapshot with ``batch``, the new events of a match that now has
    ``count`` events, whose latest stored snapshot stands after ``stored_at`` events (None:
    it has none, or it is not known here)."""
    if not batch:
        return False
    if stored_at is None or count - stored_at >= SNAPSHOT_EVERY:
        return True
    return any(e["kind"] in ("game_start", "game_end") for e in batch)


def rebuild(
    stored: StoredMatch,
    time_source: TimeSource,
    dice: DiceSource | None,
    *,
    first: int = 0,
    earlier: EarlierEvents | None = None,
) -> tuple[Match, int | None]:
    """The stored match (read with its secrets, and its events from seq ``first`` on, as
    ``load_recent_match`` reads it; ``earlier`` fetches those before), restored from its
    snapshot and the events after it, else replayed from its whole log; and the event count
    of the snapshot it was restored from (None after a replay). The match's log fetches its
    earlier events only when they are read. ``RecordError`` if the log does not replay."""
    recent = [event_from_dict(e) for e in stored.events or ()]
    history = EventLog(recent, offset=first, load_earlier=earlier)
    if stored.snapshot is not None:
        try:
            match = restore_match(
                stored.snapshot,
                history,
                secrets=stored.secrets or {},
                time_source=time_source,
                dice=dice,
            )
        except RecordError as exc:
            log.warning("match %s: its snapshot cannot be used (%s); replaying", stored.id, exc)
        else:
            return match, stored.snapshot_events
    whole = {**stored.as_match_dict(secrets=True), "events": history.dicts()}
    return load_match(whole, time_source, dice=dice), None


STATES: TypeAdapter[State] = TypeAdapter(State)


def stored_state(stored: StoredMatch) -> State | None:
    """The state a finished match was stored with, or None if it has none that reads as a
    state (stored before finished matches kept theirs)."""
    try:
        return STATES.validate_python(stored.summary.get("state"))
    except ValidationError:
        return None


def rebuilt_state(stored: StoredMatch, time_source: TimeSource) -> State:
    """The state of a stored match, replayed (``rebuild``)."""
    return state_of(rebuild(stored, time_source, None)[0])
