"""A failure that repeats is told once: the server's background loops (and the requests the
database could not serve) log the first failure of an outage with its context, count every
failure in the metrics, and say once when it is over.

A database away for 15 s used to write a traceback a second from each loop (80 in 15 s);
now each loop writes one line when it starts failing, one when it works again (how many
failures, how long), and a reminder a minute if it goes on.
"""

import logging
import time

from prometheus_client import Counter
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError

FAILURES = Counter(
    "gamehall_background_failures", "Failures of the server's background work, by part", ["part"]
)

UNAVAILABLE: tuple[type[Exception], ...] = (OperationalError, InterfaceError, PoolTimeoutError)
"""The store's exceptions that mean "the database is not answering", not "this is wrong"."""

REMIND_SECONDS = 60.0
"""While the failures go on, how often a line says so again; a failure after this long without
one begins a new outage (for work that is not told when it succeeds, such as requests)."""


def is_outage(exc: BaseException) -> bool:
    """Whether ``exc`` says the database cannot be reached (rather than a bug)."""
    return isinstance(exc, UNAVAILABLE)


class Failures:
    """The failures of one part of the server (``part``: its name in the logs and metrics),
    logged to ``log``: the first whole (a traceback unless the database is plainly away),
    the rest counted."""

    def __init__(self, part: str, log: logging.Logger) -> None:
        self.part = part
        self.log = log
        self.count = 0
        self._since: float | None = None
        self._told = self._last = 0.0

    def failed(self, exc: BaseException, context: str = "") -> None:
        """Count a failure (of the work named ``context``, if any); log it if it begins an
        outage or a minute passed since the last line."""
        FAILURES.labels(self.part).inc()
        now = time.monotonic()
        if self._since is not None and now - self._last >= REMIND_SECONDS:
            self._since = None
        self._last = now
        self.count = 1 if self._since is None else self.count + 1
        part = f"{self.part} ({context})" if context else self.part
        if self._since is None:
            self._since = self._told = now
            if is_outage(exc):
                self.log.warning("%s: the database is not answering: %s", part, _reason(exc))
            else:
                self.log.error("%s failed; trying again", part, exc_info=exc)
        elif now - self._told >= REMIND_SECONDS:
            self._told = now
            self.log.warning(
                "%s: still failing (%d times in %.0f s): %s",
                part,
                self.count,
                now - self._since,
                _reason(exc),
            )

    def succeeded(self) -> None:
        """The part works again: say so once, after how many failures and how long."""
        if self._since is None:
            return
        self.log.warning(
            "%s works again after %d failures in %.0f s",
            self.part,
            self.count,
            time.monotonic() - self._since,
        )
        self._since = None
        self.count = 0


def _reason(exc: BaseException) -> str:
    """The first line of what went wrong, the driver's own words for a database's error."""
    inner = getattr(exc, "orig", None) or exc
    lines = str(inner).strip().splitlines()
    return lines[0] if lines else type(inner).__name__
