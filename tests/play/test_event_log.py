"""The match log that fetches its earlier events only when they are read (``EventLog``)."""

import copy
import pickle
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from gamehall.errors import RecordError
from gamehall.play.event_log import EventLog
from gamehall.play.events import Event, Played, Rolled


def _events(count: int) -> list[Event]:
    return [
        Rolled(seq=i, player=i % 2, time=float(i), outcome={"dice": [1, 2]}) for i in range(count)
    ]


def _played(seq: int, player: int) -> Played:
    return Played(seq=seq, player=player, time=10.0, data={"text": "8/5"}, outcome={"play": "8/5"})


class Fetcher:
    """The earlier events as a store would give them, counting the fetches."""

    def __init__(self, events: list[Event]) -> None:
        self.dicts = [e.to_dict() for e in events]
        self.calls = 0

    def __call__(self) -> Sequence[Mapping[str, Any]]:
        self.calls += 1
        return self.dicts


def _lazy(total: int = 10, offset: int = 6) -> tuple[EventLog, Fetcher, list[Event]]:
    events = _events(total)
    fetch = Fetcher(events[:offset])
    return EventLog(events[offset:], offset=offset, load_earlier=fetch), fetch, events


def test_the_recent_events_are_read_without_a_fetch() -> None:
    log, fetch, events = _lazy()
    assert len(log) == 10 and not log.complete
    assert log[-1] == events[-1] and log[6] == events[6] and log[7:] == events[7:]
    assert log[10:] == []
    assert next(reversed(log)) == events[-1]
    log.append(_played(10, 0))
    log[10] = _played(10, 1)
    assert log[-1].player == 1 and len(log) == 11
    assert fetch.calls == 0


def test_the_earlier_events_are_fetched_once_when_read() -> None:
    log, fetch, events = _lazy()
    assert log[0] == events[0]
    assert list(log) == events and log == events and log[2:8] == events[2:8]
    assert list(reversed(log)) == events[::-1]
    assert log.dicts() == [e.to_dict() for e in events]
    assert log.complete and fetch.calls == 1


def test_a_head_of_the_log_keeps_the_earlier_events_where_they_are() -> None:
    log, fetch, events = _lazy()
    head = log.head(8)
    assert len(head) == 8 and head[-1] == events[7] and fetch.calls == 0
    assert list(head) == events[:8] and fetch.calls == 1
    assert log.head(3) == events[:3]
    with pytest.raises(RecordError, match="has 10 events, not 11"):
        log.head(11)


def test_a_stored_log_that_is_not_this_one_is_refused() -> None:
    events = _events(6)
    log = EventLog(events[4:], offset=4, load_earlier=Fetcher(events[1:4]))
    with pytest.raises(RecordError, match="does not hold events 0 to 3"):
        log.load()
    assert not log.complete
    with pytest.raises(RecordError, match="says where the rest is"):
        EventLog(events[4:], offset=4)


def test_only_the_recent_events_are_replaced() -> None:
    log, _, events = _lazy()
    with pytest.raises(IndexError):
        log[2] = events[2]
    with pytest.raises(IndexError):
        log[10]


def test_a_copy_of_a_log_is_a_log_of_its_own() -> None:
    log, fetch, _ = _lazy()
    for copied in (copy.deepcopy(log), pickle.loads(pickle.dumps(log))):
        assert len(copied) == 10 and not copied.complete
        copied.append(_played(10, 0))
        assert len(log) == 10
    assert fetch.calls == 0


def test_a_log_lets_its_stored_events_go_and_fetches_them_again_when_read() -> None:
    events = _events(30)
    log = EventLog(events)
    assert log.held == 30 and log.complete
    fetch = Fetcher(events[:20])
    log.forget_before(20, fetch)
    assert (len(log), log.held, log.complete) == (30, 10, False)
    assert log[-1] == events[-1] and log[25:] == events[25:] and fetch.calls == 0
    assert list(log) == events and log.held == 30 and fetch.calls == 1
    log.append(_played(30, 0))
    later = Fetcher([*events, log[30]][:25])
    log.forget_before(25, later)  # what was read in meanwhile goes too
    assert (log.held, len(log)) == (6, 31) and log.dicts()[:25] == later.dicts
    with pytest.raises(RecordError, match="cannot let go of the first 10"):
        log.forget_before(10, fetch)
    with pytest.raises(RecordError, match="cannot let go of the first 32"):
        log.forget_before(32, fetch)
