"""CPython's cyclic garbage collector, kept from pausing the server.

The live path makes next to no cyclic garbage (none in 10 s of 300 games under load, with
``gc.DEBUG_SAVEALL``): its objects die by their reference counts. What the collector does is
look, again and again, at objects that live for a turn or a match (a turn's legal plays, the
matches' logs), and while it looks every thread waits, the event loop's too. At 1,000 games
its older generations held hundreds of thousands of such objects: collections of 200-520 ms,
the whole of the server's worst latencies (``docs/server.md``).

So the server keeps the collector's generations young (``GarbageKeeper``):

- at start, what start-up made (modules, the app) is taken out of its sight (``gc.freeze``)
  and a young collection waits for 20,000 new objects instead of 700;
- every ``FREEZE_SECONDS`` what has lived that long is frozen too: a collection then only
  ever looks at the objects of the last fraction of a second, and cyclic garbage that dies
  young is still collected;
- every ``FULL_SECONDS`` everything is unfrozen and collected once, so that cyclic garbage
  among the frozen objects (an exception's traceback, a cancelled task) is freed after at
  most that long. That one collection looks at every object: at 1,000 games it holds the
  process 0.6 to 1.2 s, once in ten minutes.
"""

import asyncio
import gc
import logging
import time

from gamehall.server.live.clocks import SystemClock, WallClock

log = logging.getLogger(__name__)

THRESHOLDS = (20_000, 20, 20)
"""The collector's thresholds once started (CPython's default is 700, 10, 10)."""

FREEZE_SECONDS = 0.5
"""How often what has lived that long is taken out of the collector's sight."""

FULL_SECONDS = 600.0
"""How often everything is collected once, frozen objects too."""


class GarbageKeeper:
    """Freezes the process's surviving objects at intervals and collects everything now and
    then (see the module's text); ``start`` at the server's start, ``stop`` at its end."""

    def __init__(
        self,
        clock: WallClock | None = None,
        freeze_seconds: float = FREEZE_SECONDS,
        full_seconds: float = FULL_SECONDS,
    ) -> None:
        self.clock = clock or SystemClock()
        self.freeze_seconds = freeze_seconds
        self.full_seconds = full_seconds
        self.full_collections = 0
        """Full collections made so far."""
        self._task: asyncio.Task[None] | None = None
        self._thresholds = gc.get_threshold()

    def start(self) -> None:
        """Freeze what start-up made, set the thresholds and begin the rounds."""
        self._thresholds = gc.get_threshold()
        gc.collect()
        gc.freeze()
        gc.set_threshold(*THRESHOLDS)
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """End the rounds, and give the collector back its thresholds and every object (a
        process that goes on, such as a test's, collects as before)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
            gc.unfreeze()
            gc.set_threshold(*self._thresholds)

    async def _run(self) -> None:
        since_full = 0.0
        while True:
            await self.clock.sleep(self.freeze_seconds)
            since_full += self.freeze_seconds
            if since_full >= self.full_seconds:
                since_full = 0.0
                self.collect_all()
            gc.freeze()

    def collect_all(self) -> None:
        """Collect everything, frozen objects too, and freeze what is left; log how long every
        thread waited for it (the operator's, and the load benchmark's, measure of it)."""
        began = time.perf_counter()
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.full_collections += 1
        log.info(
            "full garbage collection: %.0f ms, %d objects kept",
            1000 * (time.perf_counter() - began),
            gc.get_freeze_count(),
        )
