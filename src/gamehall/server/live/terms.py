"""What a person at the table may do beyond the game's moves, by the match's terms: abort the
match, resign it whole (``play.match_exits``), takebacks in a casual match between people
(``play.takebacks``), and the status a match is stored with.

The play layer lists a game's moves (``Match.legal_actions``) and, apart, the ways out of the
match (``match_exits.exits``); a person is offered both, a computer player only the moves. A
tournament's pairing is never aborted: the server refuses it here, before the play layer sees
the action.
"""

from collections.abc import Sequence

from gamehall.errors import IllegalMoveError
from gamehall.play import takebacks
from gamehall.play.actions import Abort, Action
from gamehall.play.match import Match
from gamehall.play.match_exits import ABORTED, exits
from gamehall.play.settings import MatchSettings
from gamehall.store import MatchTerms, PlayerSeat

NO_ABORT_IN_TOURNAMENTS = "a tournament game cannot be aborted: play it, or resign"


def status_of(match: Match) -> str:
    """The status a match is stored with: ``playing``, ``over`` or ``aborted`` (no result:
    left out of the players' histories and statistics)."""
    if not match.is_over:
        return "playing"
    return "aborted" if match.end_reason == ABORTED else "over"


def exits_of(match: Match, terms: MatchTerms, seat: int) -> list[str]:
    """The ways out of ``match`` the person in ``seat`` may take now, under ``terms``, and the
    takebacks he may ask or answer."""
    found = exits(match)
    found = [kind for kind in found if not (kind == Abort.kind and terms.pairing)]
    return found + takebacks.offered(match, seat)


def takebacks_for(settings: MatchSettings, seats: Sequence[PlayerSeat], rated: bool) -> bool:
    """Whether a new match allows takebacks: a casual one between people, not in Georgian
    (a tournament's pairing never asks)."""
    people = all(seat.kind == "human" for seat in seats)
    return people and not rated and settings.game != "georgian"


def check_terms(action: Action, terms: MatchTerms) -> None:
    """Refuse, in a player's words, an action the match's terms do not allow."""
    if isinstance(action, Abort) and terms.pairing:
        raise IllegalMoveError(NO_ABORT_IN_TOURNAMENTS)
