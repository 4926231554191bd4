"""Renju hints: the searching engine's best moves with their scores, and the side to move's
forced win played out to the five when the threat search finds one ("show the winning
sequence")."""

from dataclasses import replace

from gamehall.engines.hints import Candidate, Hints
from gamehall.engines.renju_search.levels import LEVEL_LIMITS, SearchingRenjuEngine, score_text
from gamehall.engines.renju_search.scores import WIN
from gamehall.renju.board import Board

LEVEL = "expert"
"""The level whose search (and threat search) the hints use, its time cut to the hint's."""


def hint(board: Board, *, count: int = 5, seconds: float = 3.0) -> Hints:
    """The ``count`` best moves for the side to move on ``board``, best first, and its forced
    win if it has one; about ``seconds`` in all (half for the moves, half for the win)."""
    limits = replace(LEVEL_LIMITS[LEVEL], seconds=seconds / 3)
    engine = SearchingRenjuEngine(LEVEL, seed=0, limits=limits)
    winning = engine.winning_line(board, seconds / 2)
    moves = engine.hint(board, count)
    candidates = tuple(Candidate(move=h.point, text=_words(h.score), score=h.score) for h in moves)
    method = f"threat search and alpha-beta ({LEVEL})"
    return Hints("renju", method, candidates, winning)


def _words(score: int) -> str:
    """A score in words (a win the threat search proved has no count of plies)."""
    return "forced win" if score == WIN else score_text(score)
