"""The FIBS rating formula, as the First Internet Backgammon Server's own ``help formula``
states it, for the tables games (backgammon, Georgian, nardy), whose players know the number.

A match to ``n`` points between ratings ``r1`` and ``r2``, with ``D = |r1 - r2|``:

- ``P_upset = 1 / (10^(D·√n / 2000) + 1)``, the underdog's chance of winning the match;
- ``P = P_upset`` if the favourite wins, ``P = 1 - P_upset`` if the underdog wins;
- each player's ``K = max(1, 5 - experience / 100)`` from their own experience before the
  match (the sum of the lengths of the matches they have finished);
- the winner gains ``4·K·√n·P``, the loser loses ``4·K·√n·P`` with their own ``K``.

Pure arithmetic: no clock, no I/O.
"""

import math

from gamehall.ratings.values import FibsRating, RatingError, check_count, check_number


def _check_player(player: object) -> FibsRating:
    if not isinstance(player, FibsRating):
        raise RatingError(f"a player's FIBS rating must be a FibsRating, not {player!r}")
    return player


def upset_probability(difference: float, length: int) -> float:
    """``P_upset``: the chance that the lower rated player wins a ``length``-point match, the
    ratings ``difference`` apart (either sign: only its size counts)."""
    difference = abs(check_number("rating difference", difference))
    length = check_count("match length", length, 1)
    # 1 / (10^x + 1) written as 10^-x / (1 + 10^-x): no overflow however far apart.
    small = math.pow(10.0, -difference * math.sqrt(length) / 2000.0)
    return small / (1.0 + small)


def win_probability(player: float, opponent: float, length: int) -> float:
    """The chance that a player rated ``player`` wins a ``length``-point match against one
    rated ``opponent``, by the formula's model."""
    player, opponent = check_number("rating", player), check_number("rating", opponent)
    upset = upset_probability(player - opponent, length)
    return upset if player < opponent else 1.0 - upset


def experience_factor(experience: int) -> float:
    """``K``: 5 for a newcomer, falling by 1 for every 100 points of experience, 1 from 400 on.
    It makes a new player's rating move faster towards their strength."""
    experience = check_count("experience", experience, 0)
    return max(1.0, 5.0 - experience / 100.0)


def rating_changes(winner: FibsRating, loser: FibsRating, length: int) -> tuple[float, float]:
    """What the match adds to the winner's rating (a gain) and to the loser's (a loss, below
    zero). Each side's change has its own experience factor, so they need not balance."""
    winner, loser = _check_player(winner), _check_player(loser)
    length = check_count("match length", length, 1)
    upset = upset_probability(winner.rating - loser.rating, length)
    p = 1.0 - upset if winner.rating < loser.rating else upset
    stake = 4.0 * math.sqrt(length) * p
    return (
        experience_factor(winner.experience) * stake,
        -experience_factor(loser.experience) * stake,
    )


def rate_match(winner: FibsRating, loser: FibsRating, length: int) -> tuple[FibsRating, FibsRating]:
    """Both players' FIBS ratings after a ``length``-point match: the changes of
    ``rating_changes`` applied, and the length added to each one's experience."""
    gain, loss = rating_changes(winner, loser, length)
    return (
        FibsRating(winner.rating + gain, winner.experience + length),
        FibsRating(loser.rating + loss, loser.experience + length),
    )
