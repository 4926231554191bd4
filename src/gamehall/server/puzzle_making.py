"""Puzzles made as matches end and analyses are stored, in the background: a renju match's
puzzles when it finishes (the threat search takes seconds, so it runs in the analyses'
processes at their low priority, never on the event loop nor on the threads that play), a tables
match's when its analysis is stored (a replay of its record, on the replay threads). A failure
is logged and costs nothing but the puzzles."""

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from gamehall.jsontext import JsonObject
from gamehall.puzzles.of_match import analysed_record_puzzles, renju_record_puzzles
from gamehall.puzzles.values import Puzzle
from gamehall.server.analysis_jobs import AnalysisJobs
from gamehall.server.live.matches import LiveMatch
from gamehall.server.live.workers import Workers
from gamehall.server.protocol.match import LoggedEvent
from gamehall.store import Store

log = logging.getLogger(__name__)


class PuzzleMaking:
    """Makes the puzzles of the matches this process finishes and the analyses it stores."""

    def __init__(self, store: Store, workers: Workers, analyses: AnalysisJobs) -> None:
        self.store = store
        self.workers = workers
        self.analyses = analyses
        self._tasks: set[asyncio.Task[None]] = set()

    def finished(self, live: LiveMatch, events: list[LoggedEvent]) -> None:
        """``LiveMatches.after_commit``: a renju match just finished gets its puzzles."""
        if live.match.game == "renju" and any(e["kind"] == "match_end" for e in events):
            self._spawn(self._renju(live.id))

    def analysed(self, match_id: str, record: JsonObject, analysis: JsonObject) -> None:
        """``AnalysisJobs.saved``: an analysed tables match gets its puzzles."""
        if analysis.get("game") != "renju":
            self._spawn(self._tables(match_id, record, analysis))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _renju(self, match_id: str) -> None:
        try:
            stored = await self.workers.store(self.store.matches.load, match_id)
            if stored is None:
                return
            record = await self.workers.replay(stored.as_match_dict, secrets=False)
            made = await self.analyses.aside(renju_record_puzzles, match_id, record)
            await self._keep(made)
        except Exception:
            log.exception("the puzzles of match %s were not made", match_id)

    async def _tables(self, match_id: str, record: JsonObject, analysis: JsonObject) -> None:
        try:
            made = await self.workers.replay(analysed_record_puzzles, match_id, record, analysis)
            await self._keep(made)
        except Exception:
            log.exception("the puzzles of match %s were not made", match_id)

    async def _keep(self, made: list[JsonObject]) -> None:
        puzzles = [Puzzle.from_dict(plain) for plain in made]
        if puzzles:
            added = await self.workers.store(self.store.puzzles.add, puzzles)
            log.info("%d puzzles made", len(added))
