"""A circuit breaker for Redis: after one failure (an error, or no answer within
``REDIS_TIMEOUT``) the server stops asking Redis for ``COOL_DOWN`` seconds and falls back at
once (the rate limits to memory, the delivery between processes to the store), so that a hung
or killed Redis costs only cross-process delivery, never a wait on every frame and move.
"""

import math
from collections.abc import Callable

REDIS_TIMEOUT = 0.2
"""Seconds a call to Redis may take before it counts as a failure (on a local network Redis
answers in well under a millisecond)."""
COOL_DOWN = 5.0
"""Seconds after a failure during which Redis is not asked; then the next call tries it."""


class Breaker:
    """Whether Redis may be asked now, from the failures and successes reported to it; time is
    read from ``clock`` (the server's wall clock)."""

    def __init__(self, clock: Callable[[], float], cool_down: float = COOL_DOWN) -> None:
        self.clock = clock
        self.cool_down = cool_down
        self._failed_at = -math.inf
        self.failing = False
        """Whether the last call failed (until one succeeds: while Redis is known to be away,
        the store is polled often, ``live/sync.py``)."""

    @property
    def open(self) -> bool:
        """Whether Redis is not to be asked now (a failure less than ``cool_down`` ago)."""
        return self.clock() - self._failed_at < self.cool_down

    def failed(self) -> None:
        """A call to Redis failed: open for ``cool_down`` seconds from now."""
        self._failed_at = self.clock()
        self.failing = True

    def succeeded(self) -> None:
        """A call to Redis succeeded."""
        self.failing = False
