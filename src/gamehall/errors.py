"""The one family of exceptions that gamehall raises for a player's or a caller's mistake.

Every message is written for a player: it names the move, point or line at fault and the rule
that it breaks, so that an interface can show it as it is.
"""


class GameError(ValueError):
    """Base of every gamehall error: something a player or a caller asked for cannot be done."""


class IllegalMoveError(GameError):
    """A move or play that the rules do not allow here (or that cannot be read as one)."""


class InvalidPositionError(GameError):
    """A position that cannot occur: wrong checker counts, both colours on one point, ..."""


class RecordError(GameError):
    """A game record (text, file or ID) that cannot be read."""
