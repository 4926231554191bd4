"""What a tournament match's end means for its pairing: the result of a finished match, the
forfeit of a player who did not come, and the reasons a match is ended for."""

from gamehall.store.tournaments import TournamentGame
from gamehall.tournaments import Result, TournamentError, TournamentSettings

NO_SHOW = "no-show"
"""The reason a match ends with when a player did not come."""
WITHDRAWN = "withdrawn"
"""The reason a match ends with when a player withdrew from the tournament."""


def result_of(game: TournamentGame, settings: TournamentSettings) -> Result:
    """The tournament result of a finished match: its winner (seat 0 is the pairing's first
    player), a draw in renju, with the match's score when it agrees."""
    if game.winner == 0:
        outcome = "1-0"
    elif game.winner == 1:
        outcome = "0-1"
    else:
        outcome = "1/2-1/2" if settings.can_draw else "--"
    try:
        return Result(outcome, game.score)  # type: ignore[arg-type]
    except TournamentError:  # a match ended outside the game (a flag, a forfeit)
        return Result(outcome)  # type: ignore[arg-type]


def forfeit_of(absent: list[int]) -> Result:
    """The forfeit scored when the seats ``absent`` did not come."""
    if absent == [1]:
        return Result("+-")
    if absent == [0]:
        return Result("-+")
    return Result("--")
