"""A player's ratings in one game kind, and the update one rated result makes to both players.

``GameRatings`` holds the Glicko-2 rating that every game keeps and, in a tables game, the FIBS
rating. ``rate_result`` is what the site calls when a rated game (renju) or match (the tables
games) ends: one result, rated at once as its own Glicko-2 period, and in the tables games a
FIBS match of its length as well.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gamehall.play.settings import GameName
from gamehall.ratings import fibs, glicko2
from gamehall.ratings.kinds import TABLES_GAMES, check_game
from gamehall.ratings.values import (
    FibsRating,
    Glicko2Rating,
    RatingError,
    check_count,
    check_score,
)


@dataclass(frozen=True)
class GameRatings:
    """One player's ratings in ``game``: ``glicko2`` always, ``fibs`` exactly in the tables
    games. ``GameRatings.new(game)`` is a newcomer's."""

    game: GameName
    glicko2: Glicko2Rating = field(default_factory=Glicko2Rating)
    fibs: FibsRating | None = None

    def __post_init__(self) -> None:
        check_game(self.game)
        if not isinstance(self.glicko2, Glicko2Rating):
            raise RatingError(f"glicko2 must be a Glicko2Rating, not {self.glicko2!r}")
        if self.game in TABLES_GAMES and not isinstance(self.fibs, FibsRating):
            raise RatingError(
                f"{self.game} keeps a FIBS rating: fibs must be a FibsRating, not {self.fibs!r}"
            )
        if self.game not in TABLES_GAMES and self.fibs is not None:
            raise RatingError(f"{self.game} keeps no FIBS rating: fibs must be None")

    @classmethod
    def new(cls, game: GameName) -> "GameRatings":
        """A newcomer's ratings in ``game``: Glicko-2 1500 ± 350 (σ 0.06), FIBS 1500 with no
        experience."""
        kind = check_game(game)
        return cls(kind, Glicko2Rating(), FibsRating() if kind in TABLES_GAMES else None)

    @property
    def provisional(self) -> bool:
        """Whether the Glicko-2 rating, the one the site shows, is still provisional."""
        return self.glicko2.provisional

    def display(self) -> str:
        """The number the site shows: the Glicko-2 rating, with "?" while provisional."""
        return self.glicko2.display()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {
            "game": self.game,
            "glicko2": self.glicko2.to_dict(),
            "fibs": self.fibs.to_dict() if self.fibs is not None else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "GameRatings":
        """The ratings from ``to_dict``'s form; a missing or unknown key is an error."""
        if not isinstance(data, Mapping):
            raise RatingError(f"a GameRatings is read from a mapping, not {data!r}")
        keys = {"game", "glicko2", "fibs"}
        if set(data) != keys:
            raise RatingError(
                f"a GameRatings has the fields game, glicko2, fibs, not {', '.join(map(str, data))}"
            )
        return cls(
            check_game(data["game"]),
            Glicko2Rating.from_dict(data["glicko2"]),
            FibsRating.from_dict(data["fibs"]) if data["fibs"] is not None else None,
        )


def rate_result(
    first: GameRatings,
    second: GameRatings,
    score: float,
    length: int | None = None,
    settings: glicko2.Settings | None = None,
) -> tuple[GameRatings, GameRatings]:
    """Both players' ratings after a rated result: ``score`` is the first player's (1 a win,
    0.5 a draw, 0 a loss). In a tables game ``length`` is the match's (points, 1 or more) and
    the result is a win or a loss; in renju there is no ``length``."""
    for player in (first, second):
        if not isinstance(player, GameRatings):
            raise RatingError(f"a player's ratings must be GameRatings, not {player!r}")
    if first.game != second.game:
        raise RatingError(
            f"a {first.game} rating and a {second.game} rating cannot be rated together"
        )
    score = check_score(score)
    tables = first.game in TABLES_GAMES
    if not tables and length is not None:
        raise RatingError(f"{first.game} is rated game by game: give no match length")
    if tables and length is None:
        raise RatingError(f"{first.game} is rated by the match: give the match length")
    if tables and score == 0.5:
        raise RatingError(f"a {first.game} match cannot be drawn: the result must be 1 or 0")
    one, two = glicko2.rate_game(first.glicko2, second.glicko2, score, settings)
    if first.fibs is None or second.fibs is None:
        return GameRatings(first.game, one), GameRatings(second.game, two)
    length = check_count("match length", length, 1)
    if score == 1:
        fibs_one, fibs_two = fibs.rate_match(first.fibs, second.fibs, length)
    else:
        fibs_two, fibs_one = fibs.rate_match(second.fibs, first.fibs, length)
    return GameRatings(first.game, one, fibs_one), GameRatings(second.game, two, fibs_two)
