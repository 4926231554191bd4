"""Renju (and gomoku) rules: the board, legal moves, Black's forbidden points, results, records.

>>> from gamehall import renju
>>> board = renju.Board.from_moves("h8 h9 j10")
>>> board.turn
'white'

Pure Python with no I/O: :class:`Board` is the referee, :class:`Result` how a game ended.
Points are written ``a``..``o`` (columns, left to right) and ``1``..``15`` (rows, bottom to top).
"""

from gamehall.renju.board import (
    FORBIDDEN_SETTINGS,
    NOTHING_TO_CLAIM,
    OPENINGS,
    RULES,
    Board,
    Color,
    Foul,
    Result,
)

__all__ = [
    "FORBIDDEN_SETTINGS",
    "NOTHING_TO_CLAIM",
    "OPENINGS",
    "RULES",
    "Board",
    "Color",
    "Foul",
    "Result",
]
