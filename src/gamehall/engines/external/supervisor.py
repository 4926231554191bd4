"""One external engine's process, kept running between decisions and replaced when it fails.

The supervisor starts the process on the first decision, hands it to each decision, and kills it
as soon as a decision fails (a crash, a hang, an answer that cannot be used): the failure is
raised on to the caller, who forfeits the game, and the next decision starts a fresh process.
"""

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from gamehall.engines.base import EngineFault
from gamehall.errors import GameError


class Child(Protocol):
    """A running engine process: it can be asked to stop, or be killed at once."""

    def close(self) -> None:
        """Stop politely (and kill if it will not)."""

    def kill(self) -> None:
        """Stop now."""


C = TypeVar("C", bound=Child)
R = TypeVar("R")


class Supervisor(Generic[C]):
    """Runs decisions on one process made by ``start``; ``starts`` counts the processes made."""

    def __init__(self, start: Callable[[], C]) -> None:
        self._start = start
        self._child: C | None = None
        self.starts = 0

    @property
    def child(self) -> C | None:
        """The process held now, if any."""
        return self._child

    @property
    def running(self) -> bool:
        """Whether a process is held now."""
        return self._child is not None

    def ask(self, work: Callable[[C], R]) -> R:
        """``work`` done with the running process (started first if need be). Any failure
        kills the process before it is raised on: an ``EngineFault`` as it is, anything else
        as an ``EngineFault``: ``engine-illegal`` for a ``GameError`` (an answer that cannot be
        used), ``engine-crashed`` for an ``OSError``."""
        if self._child is None:
            self.starts += 1
            self._child = self._start()
        try:
            return work(self._child)
        except EngineFault:
            self.kill()
            raise
        except GameError as error:
            self.kill()
            raise EngineFault("engine-illegal", f"its answer cannot be used: {error}") from None
        except OSError as error:
            self.kill()
            raise EngineFault("engine-crashed", f"the engine failed: {error}") from None

    def kill(self) -> None:
        """Kill the process now, if one runs; the next decision starts another."""
        child, self._child = self._child, None
        if child is not None:
            child.kill()

    def close(self) -> None:
        """Stop the process politely, if one runs."""
        child, self._child = self._child, None
        if child is not None:
            child.close()
