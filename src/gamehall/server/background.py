"""A task of the server's that runs in the background from ``start`` until ``stop``."""

import asyncio
import contextlib
from abc import ABC, abstractmethod


class Background(ABC):
    """Runs ``_run`` as one task of the event loop: ``start`` starts it (once), ``stop``
    cancels it and waits for it to end."""

    _task: asyncio.Task[None] | None = None

    @abstractmethod
    async def _run(self) -> None:
        """The work, until cancelled."""

    def start(self) -> None:
        """Start the work (nothing when it runs already)."""
        if self._task is None:
            self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """Stop the work."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
