"""gamehall: Renju, Backgammon (International and Georgian) and Long Nardy.

The rules layer (``gamehall.renju``, ``gamehall.backgammon``, ``gamehall.nardy``) is pure Python
with no I/O and no dependencies; everything else builds on it.
"""

from gamehall.errors import GameError, IllegalMoveError, InvalidPositionError, RecordError

__version__ = "0.1.0"

GAMES: dict[str, str] = {
    "renju": "Renju on 15x15 with Black's forbidden moves (and gomoku variants)",
    "backgammon": "Backgammon, International rules",
    "georgian": "Backgammon, the Georgian federation's variant",
    "nardy": "Long Nardy (long backgammon)",
}

__all__ = [
    "GAMES",
    "GameError",
    "IllegalMoveError",
    "InvalidPositionError",
    "RecordError",
    "__version__",
]
