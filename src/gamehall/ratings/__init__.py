"""Players' ratings: Glicko-2 in every game, and the FIBS rating in the tables games.

Pure arithmetic on frozen values (no clock, no I/O), kept per game kind. The site shows the
Glicko-2 rating, with "?" while it is provisional; see ``docs/ratings.md``.

>>> from gamehall.ratings import GameRatings, rate_result
>>> alice, bob = GameRatings.new("backgammon"), GameRatings.new("backgammon")
>>> alice, bob = rate_result(alice, bob, 1, length=5)
>>> alice.display(), alice.fibs.display() if alice.fibs else None
('1662?', '1522.36')
"""

from gamehall.ratings import fibs, glicko2
from gamehall.ratings.kinds import GAME_KINDS, TABLES_GAMES, RatingSystem, check_game, systems
from gamehall.ratings.standing import GameRatings, rate_result
from gamehall.ratings.values import (
    PROVISIONAL_DEVIATION,
    FibsRating,
    Glicko2Rating,
    RatingError,
)

__all__ = [
    "GAME_KINDS",
    "PROVISIONAL_DEVIATION",
    "TABLES_GAMES",
    "FibsRating",
    "GameRatings",
    "Glicko2Rating",
    "RatingError",
    "RatingSystem",
    "check_game",
    "fibs",
    "glicko2",
    "rate_result",
    "systems",
]
