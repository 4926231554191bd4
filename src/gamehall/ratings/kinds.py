"""Which ratings each game keeps: Glicko-2 in every game, the FIBS rating in the tables games.

A player has separate ratings in each game kind (renju, backgammon, Georgian, nardy): strength
in one says little about another. The kinds are the play layer's game names.
"""

from typing import Literal

from gamehall.play.settings import GAME_NAMES, GameName
from gamehall.ratings.values import RatingError

RatingSystem = Literal["glicko2", "fibs"]

GAME_KINDS: tuple[GameName, ...] = GAME_NAMES
"""The game kinds that are rated, each on its own."""
TABLES_GAMES: tuple[GameName, ...] = ("backgammon", "georgian", "nardy")
"""The tables games, which keep a FIBS rating as well."""


def check_game(game: object) -> GameName:
    """``game`` if it is one of ``GAME_KINDS``."""
    for kind in GAME_KINDS:
        if game == kind and isinstance(game, str):
            return kind
    raise RatingError(f"game {game!r} is not rated: choose one of {', '.join(GAME_KINDS)}")


def systems(game: GameName) -> tuple[RatingSystem, ...]:
    """The rating systems kept for ``game``: Glicko-2 for all, and FIBS for the tables games."""
    return ("glicko2", "fibs") if check_game(game) in TABLES_GAMES else ("glicko2",)
