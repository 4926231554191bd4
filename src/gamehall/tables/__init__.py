"""The tables family (backgammon, long nardy): one board model, one generator of legal plays.

The games differ only in their ``TablesRules``; ``gamehall.backgammon`` and ``gamehall.nardy``
build their positions on ``TablesPosition``.
"""

from gamehall.tables.moves import BAR, OFF, Move, format_play, parse_play
from gamehall.tables.position import Play, TablesPosition, Turn
from gamehall.tables.rules import TablesRules

__all__ = [
    "BAR",
    "OFF",
    "Move",
    "Play",
    "TablesPosition",
    "TablesRules",
    "Turn",
    "format_play",
    "parse_play",
]
