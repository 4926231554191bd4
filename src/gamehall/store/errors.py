"""The store's errors: one family under ``StoreError``, so that a caller can catch them all.

``StoreError`` is a ``gamehall.GameError`` (so a ``ValueError``) and its message is fit to show
a player; the subclasses say which kind of refusal it is, so that the server can answer each
with its own HTTP status (the mapping is in ``docs/store.md``).
"""

from gamehall.errors import GameError


class StoreError(GameError):
    """Something asked of the store that cannot be done (bad input unless a subclass says)."""


class BadNameError(StoreError):
    """A user name that is not allowed."""


class BadPasswordError(StoreError):
    """A password that is not allowed (too short, too long, or given for a guest)."""


class NameTakenError(StoreError):
    """The name belongs to another user already (names are compared without case)."""


class NotFoundError(StoreError):
    """No user, match, seek or challenge with that id."""


class NotAllowedError(StoreError):
    """This user may not do that (another user's seek, a challenge to somebody else...)."""


class BlockedError(NotAllowedError):
    """The other player blocks this one: no message to him, no challenge."""


class ConflictError(StoreError):
    """Not possible any more: a seek already taken, a challenge already answered."""


class LimitReachedError(ConflictError):
    """A player has as many open things of a kind as he may: ``what`` names the limit
    (``seeks``, ``challenges``, ``challenges-to``, ``tournaments``), ``most`` its size."""

    def __init__(self, message: str, what: str, most: int) -> None:
        super().__init__(message)
        self.what = what
        self.most = most


class EventConflictError(ConflictError):
    """Events of a match that are stored already: another writer got there first."""
