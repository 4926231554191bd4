"""The one family of exceptions that gamehall raises for a player's or a caller's mistake.

Every message is written for a player: it names the move, point or line at fault and the rule
that it breaks, so that an interface can show it as it is. The message is English; an error a
player meets while playing also carries a stable ``reason`` (``occupied``, ``must-enter``…) and
the ``values`` its message names, so that an interface can say the same in its reader's language
from its catalog (``refusal.<reason>``) while library users keep the English message.
"""


class GameError(ValueError):
    """Base of every gamehall error: something a player or a caller asked for cannot be done."""

    def __init__(self, *args: object, reason: str | None = None, **values: str | int) -> None:
        super().__init__(*args)
        self.reason = reason
        """The stable code of why, when the error has one (``None`` otherwise)."""
        self.values = values
        """The points, moves, dice and names that the message names, by the names the
        catalog's text of ``reason`` gives them."""


class IllegalMoveError(GameError):
    """A move or play that the rules do not allow here (or that cannot be read as one)."""


class InvalidPositionError(GameError):
    """A position that cannot occur: wrong checker counts, both colours on one point, ..."""


class RecordError(GameError):
    """A game record (text, file or ID) that cannot be read."""
