"""Where hints are worked out: one thread of their own, and who is waiting for one.

The engine's advice runs on a single thread of the app (``Services.hints``), apart from the
computer players' thread, so that hints never slow the games; each user has at most one hint
being worked out at a time, so that nobody can queue that thread full.
"""

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


class HintBusyError(Exception):
    """The user's last hint is still being worked out."""


class HintDesk:
    """The hints' thread and the users whose hint is being worked out (in this process)."""

    def __init__(self) -> None:
        self.asking: set[int] = set()
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="gamehall-hint")

    async def work_out(self, user_id: int, work: Callable[[], T], timeout: float) -> T:
        """``work`` for ``user_id`` on the hints' thread; ``HintBusyError`` while his last one
        is still being worked out, ``TimeoutError`` after ``timeout`` seconds."""
        if user_id in self.asking:
            raise HintBusyError
        self.asking.add(user_id)
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(loop.run_in_executor(self._thread, work), timeout)
        finally:
            self.asking.discard(user_id)

    def close(self) -> None:
        """Drop the queued hints and let the thread end once its current one is done."""
        self._thread.shutdown(wait=False, cancel_futures=True)
