"""The competition layer's one exception: something asked of a tournament that it cannot do."""

from gamehall.errors import GameError


class TournamentError(GameError):
    """A setting, a result or a step of a tournament that is not allowed (what and why)."""
