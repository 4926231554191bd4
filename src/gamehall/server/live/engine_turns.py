"""Whose decision the engine thread takes next: the players in turn, not first come first
served.

One thread thinks for every computer player of a process. Taken in the order they were asked
for, 30 world-class matches of one guest delayed another player's beginner move from 0.01 s
to 11.2 s. So the decisions wait by owner (the account playing the computer, else the match),
and the thread takes the owners in turn: one decision of each waiting owner before a second of
any, so that a player waits for at most one decision of each other player, however many
matches they run.
"""

import asyncio
from collections import OrderedDict, deque


class EngineTurns:
    """The engine thread's turns: one decision at a time, the waiting owners round robin."""

    def __init__(self) -> None:
        self._busy = False
        self._waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()

    async def take(self, owner: str) -> None:
        """Wait for ``owner``'s turn; the caller gives it back (``give_back``) when done."""
        if not self._busy and not self._waiting:
            self._busy = True
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(owner, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.give_back()  # the turn came as the waiter was cancelled: pass it on
            else:
                self._forget(owner, turn)
            raise

    def give_back(self) -> None:
        """The thread is free: the next owner in turn has it (or nobody waits)."""
        while self._waiting:
            owner, turns = next(iter(self._waiting.items()))
            turn = turns.popleft()
            if turns:
                self._waiting.move_to_end(owner)
            else:
                del self._waiting[owner]
            if not turn.done():
                turn.set_result(None)
                return
        self._busy = False

    def _forget(self, owner: str, turn: asyncio.Future[None]) -> None:
        turns = self._waiting.get(owner)
        if turns is not None and turn in turns:
            turns.remove(turn)
            if not turns:
                del self._waiting[owner]
