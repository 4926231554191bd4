"""A match's log that need not be read whole to go on playing.

A long match restored from a snapshot needs only the events of its game in progress to go on;
the thousands before them matter only to whoever reads the whole log (a player's first look
at the match, a record, a review). ``EventLog`` holds the recent events as ``Event`` values
and leaves the earlier ones where they are stored until somebody reads them: ``load_earlier``
fetches them (as the stored ``Event.to_dict()`` forms) the first time. Everything else about it
is a list of events in order.
"""

import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import overload

from gamehall.errors import RecordError
from gamehall.play.events import Event, event_from_dict

EarlierEvents = Callable[[], Sequence[Mapping[str, object]]]
"""What fetches the events before a log's recent ones, as ``Event.to_dict()`` forms."""
_State = tuple[
    int, list[Event], EarlierEvents | None, list[dict[str, object]] | None, list[Event] | None
]
"""What a copy or a pickle of a log keeps: everything but its lock."""


class EventLog(Sequence[Event]):
    """The events of a match in order; the first ``offset`` of them fetched only when read."""

    def __init__(
        self,
        recent: Sequence[Event] = (),
        *,
        offset: int = 0,
        load_earlier: EarlierEvents | None = None,
    ) -> None:
        if offset and load_earlier is None:
            raise RecordError("a log that starts after its first event says where the rest is")
        self._offset = offset
        self._recent = list(recent)
        self._load_earlier = load_earlier
        self._earlier_dicts: list[dict[str, object]] | None = None if offset else []
        """The earlier events as stored, once fetched."""
        self._earlier: list[Event] | None = None if offset else []
        """The earlier events as values, once read as such."""
        self._lock = threading.Lock()

    @property
    def complete(self) -> bool:
        """Whether every event is in memory (reading any costs no fetch)."""
        return self._earlier_dicts is not None

    @property
    def held(self) -> int:
        """How many events are in memory (the recent ones, and the earlier ones once read)."""
        return len(self._recent) + len(self._earlier_dicts or ())

    def last_recent(self, kind: str) -> int | None:
        """The index of the last event of ``kind`` among the recent ones, or None."""
        for index in range(len(self._recent) - 1, -1, -1):
            if self._recent[index].kind == kind:
                return self._offset + index
        return None

    def forget_before(self, count: int, load_earlier: EarlierEvents) -> None:
        """Let the first ``count`` events go from memory: they are stored, and ``load_earlier``
        fetches them again when somebody reads them (a live match keeps a bounded log)."""
        if not self._offset <= count <= len(self):
            raise RecordError(
                f"the log holds events {self._offset} to {len(self) - 1} in memory: "
                f"it cannot let go of the first {count}"
            )
        with self._lock:
            self._recent = self._recent[count - self._offset :]
            self._offset = count
            self._load_earlier = load_earlier
            self._earlier_dicts = None if count else []
            self._earlier = None if count else []

    def head(self, count: int) -> "EventLog":
        """A log of the first ``count`` events (those held in memory are shared, not copied
        one by one; the earlier ones are fetched from the same place when read)."""
        if not 0 <= count <= len(self):
            raise RecordError(f"the log has {len(self)} events, not {count}")
        if count < self._offset:
            return EventLog(self._all()[:count])
        log = EventLog(
            self._recent[: count - self._offset],
            offset=self._offset,
            load_earlier=self._load_earlier,
        )
        log._earlier_dicts, log._earlier = self._earlier_dicts, self._earlier
        return log

    def load(self) -> None:
        """Fetch the earlier events now (does nothing when they are in memory); a blocking
        read of the store, so off the event loop. ``RecordError`` if they are not the log's."""
        if self._earlier_dicts is not None:
            return
        with self._lock:
            if self._earlier_dicts is not None:
                return
            assert self._load_earlier is not None
            dicts = [dict(data) for data in self._load_earlier()]
            if [data.get("seq") for data in dicts] != list(range(self._offset)):
                raise RecordError(
                    f"the stored log does not hold events 0 to {self._offset - 1} in order"
                )
            self._earlier_dicts = dicts

    def dicts(self) -> list[dict[str, object]]:
        """Every event as ``Event.to_dict()`` gives it (the earlier ones as they were stored:
        no round trip through ``Event``)."""
        self.load()
        assert self._earlier_dicts is not None
        return [*self._earlier_dicts, *(event.to_dict() for event in self._recent)]

    def _earlier_events(self) -> list[Event]:
        """The earlier events as values (fetched and read once)."""
        if self._earlier is None:
            self.load()
            with self._lock:
                if self._earlier is None:
                    assert self._earlier_dicts is not None
                    self._earlier = [event_from_dict(data) for data in self._earlier_dicts]
        return self._earlier

    def __len__(self) -> int:
        return self._offset + len(self._recent)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if not isinstance(index, int):
            start, stop, step = index.indices(len(self))
            if step == 1 and start >= self._offset:
                return self._recent[start - self._offset : max(stop - self._offset, 0)]
            return self._all()[start:stop:step]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("the log has no such event")
        if index >= self._offset:
            return self._recent[index - self._offset]
        return self._all()[index]

    def __setitem__(self, index: int, event: Event) -> None:
        """Replace an event (the play layer restamps the clocks of the events just made)."""
        if index < 0:
            index += len(self)
        if not self._offset <= index < len(self):
            raise IndexError("only the recent events of a log are replaced")
        self._recent[index - self._offset] = event

    def __iter__(self) -> Iterator[Event]:
        yield from self._earlier_events()
        yield from self._recent

    def __reversed__(self) -> Iterator[Event]:
        yield from reversed(self._recent)
        if self._offset:
            yield from reversed(self._earlier_events())

    def append(self, event: Event) -> None:
        """Add the next event."""
        self._recent.append(event)

    def _all(self) -> list[Event]:
        return [*self._earlier_events(), *self._recent]

    def __getstate__(self) -> _State:
        """Copies and pickles share no lock (a copy of a match gets its own)."""
        return (self._offset, self._recent, self._load_earlier, self._earlier_dicts, self._earlier)

    def __setstate__(self, state: _State) -> None:
        self._offset, self._recent, self._load_earlier, self._earlier_dicts, self._earlier = state
        self._lock = threading.Lock()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            theirs: Sequence[object] = list(other)
        elif isinstance(other, list | tuple):
            theirs = other
        else:
            return NotImplemented
        return len(self) == len(theirs) and all(a == b for a, b in zip(self, theirs, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        held = "all" if self.complete else f"{len(self._recent)} recent"
        return f"<EventLog of {len(self)} events, {held} in memory>"
