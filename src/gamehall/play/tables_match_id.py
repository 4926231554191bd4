"""GNU Backgammon's Match ID of a backgammon match as it stands: the state's fields, read
from the match (unchecked, hashable: what a view's cache of Match IDs is keyed by), and the
checked ``MatchState`` they make."""

from typing import NamedTuple

from gamehall.backgammon.match_id import GameState, MatchState
from gamehall.errors import GameError
from gamehall.play.settings import BackgammonRules
from gamehall.play.tables_match import TablesMatch


class MatchFields(NamedTuple):
    """``MatchState``'s fields in its order, unchecked: hashable, for a cache of Match IDs."""

    cube_value: int
    cube_owner: int | None
    player_on_roll: int
    crawford: bool
    game_state: GameState
    turn: int
    doubled: bool
    resignation: int
    dice: tuple[int, int] | None
    match_length: int
    score: tuple[int, int]
    jacoby: bool


def match_state(match: TablesMatch) -> MatchState:
    """The state as GNU Backgammon's Match ID holds it (backgammon only); ``GameError``
    for nardy, and for a stake its ID cannot hold (over 32768)."""
    return MatchState(*match_fields(match))


def match_fields(match: TablesMatch) -> MatchFields:
    """``match_state``'s fields, unchecked (cheaper than the state, which checks them);
    ``GameError`` as ``match_state``."""
    settings = match.settings
    if match.variant is None or not isinstance(settings, BackgammonRules):
        raise GameError("nardy has no GNU Backgammon Match ID")
    game_state: GameState = "playing"
    if match.phase in ("waiting", "between"):
        game_state = "no_game"
    elif match.is_over:
        last = match.games[-1] if match.games else None
        ended: dict[str, GameState] = {"drop": "dropped", "resign": "resigned"}
        game_state = ended.get(last.reason if last else "", "over")
    if match.cube & (match.cube - 1):
        raise GameError(f"GNU Backgammon's Match ID cannot hold a stake of {match.cube}")
    to_act = match.to_act
    return MatchFields(
        cube_value=match.cube,
        cube_owner=match.cube_owner,
        player_on_roll=match.on_roll,
        crawford=match.crawford_game and settings.length > 0,
        game_state=game_state,
        turn=to_act if to_act is not None else match.on_roll,
        doubled=match.phase == "double",
        resignation=match.resign_offer[1] if match.resign_offer else 0,
        dice=match.dice if match.phase == "move" else None,
        match_length=settings.length,
        score=(int(match.score[0]), int(match.score[1])),
        jacoby=settings.jacoby,
    )
