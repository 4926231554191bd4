"""A change of a live match made ready once: what to store and what to send.

Once the play layer has acted, the same call (``LiveMatches`` runs it on the event loop, with
the action: see ``workers.py``) makes everything the change needs, each thing once: the new
events as the log keeps them; the store's ``Append`` (status, summary, secrets, and the match's
snapshot when one is due); the update message with the match's state; what each reader may do
now (``views``: the legal plays are listed once, not once per seat or socket); the text of the
message for each seat, serialised once for all the sockets of that seat; and what a later
failed save goes back to (``Saved``).

Making it ready shows nothing: the manager sends it only once the store has the events, and
drops it if the save fails (``LiveMatches._commit``).
"""

from dataclasses import dataclass
from typing import cast

from gamehall.jsontext import JsonObject
from gamehall.play.actions import Action
from gamehall.play.match import Match
from gamehall.play.views import state_of
from gamehall.server.live.fanout import Serialised, Views, dumps, personal
from gamehall.server.live.matches import LiveMatch, Saved
from gamehall.server.live.persistence import secrets_of, summary_of
from gamehall.server.live.snapshots import snapshot_due
from gamehall.server.live.terms import check_terms, status_of
from gamehall.server.protocol.match import LoggedEvent
from gamehall.server.protocol.match import Update as UpdateMessage
from gamehall.store.appends import Append


@dataclass(frozen=True)
class Update:
    """An update message ready to send: the events, the message (its ``wire()`` form, with
    what a spectator may do), the views of its readers and the message for each seat (its
    text made once)."""

    events: list[LoggedEvent]
    message: JsonObject
    views: Views
    prepared: dict[int | None, Serialised]


@dataclass(frozen=True)
class Change:
    """An update, the ``Append`` that stores its events (with the event count the match's
    snapshot then stands at, if one goes with them), and what the match is once stored."""

    update: Update
    append: Append
    snapshot_at: int | None
    saved: Saved


def saved_of(match: Match) -> Saved:
    """The match as it stands, as a failed save would go back to it: a snapshot of it now."""
    return Saved(match.snapshot(), len(match.events), secrets_of(match))


def saved_after(
    live: LiveMatch, events: list[LoggedEvent], snapshot: dict[str, object] | None = None
) -> Saved:
    """What ``live`` goes back to once its new ``events`` are stored: ``snapshot`` (a
    ``Match.snapshot()`` of it now, taken for the store) if there is one; else a new snapshot
    when one is due since the kept one (``snapshot_due``); else the kept one, with the events
    since it to replay (a snapshot takes longer to make than a failed save's rare replay of a
    few events)."""
    match = live.match
    count = len(match.events)
    if snapshot is None:
        due = snapshot_due(live.saved.snapshot_events(), count, events)
        snapshot = match.snapshot() if due else live.saved.snapshot
    return Saved(snapshot, count, secrets_of(match))


def update_of(live: LiveMatch, events: list[LoggedEvent]) -> Update:
    """The update of ``live``'s new ``events`` (stored, or about to be). Built from typed
    values, the message is not checked again."""
    views = live.views()
    wait = live.clocks_wait(events)
    message = UpdateMessage.written(events, state_of(live.match), wait, views[None])
    tails = {seat: dumps(allowed.wire()) for seat, allowed in views.items()}
    # the message up to its last two fields (the spectator's), shared by every seat
    common = dumps(message)[: 1 - len(tails[None])]
    prepared = {
        seat: Serialised(personal(message, views, seat, False), common + tail[1:])
        for seat, tail in tails.items()
    }
    return Update(events, message, views, prepared)


def change_of(live: LiveMatch, first: int) -> Change | None:
    """The change made by ``live``'s events from ``first`` on, or None when there are none."""
    match = live.match
    if len(match.events) <= first:
        return None
    events = events_of(match, first)
    update = update_of(live, events)
    count = len(match.events)
    snapshot: dict[str, object] | None = None
    if snapshot_due(live.snapshot_at, count, events):
        snapshot = match.snapshot()
    saved = saved_after(live, events, snapshot)
    append = Append(
        live.id,
        events,
        secrets=saved.secrets,
        status=status_of(match),
        summary=summary_of(match, live.time),
        snapshot=snapshot,
    )
    return Change(update, append, None if snapshot is None else count, saved)


def acted(live: LiveMatch, seat: int, action: Action, first: int) -> Change | None:
    """Apply ``seat``'s ``action`` to the match, if its terms allow it, and make its change
    ready."""
    check_terms(action, live.terms)
    live.match.apply(seat, action)
    return change_of(live, first)


def events_of(match: Match, first: int) -> list[LoggedEvent]:
    """The events of ``match`` from ``first`` on, as the log keeps them and the messages
    carry them."""
    return cast(list[LoggedEvent], [e.to_dict() for e in match.events[first:]])
