"""A game's end as a review shows it. The next game of a match starts with the action that ends
the last (its opening is logged with the end), so the state after that action is already the
new game's; the review draws the finished game first, from the match's ``last_game`` (the board
as it ended, its score and number), as the game page does between games."""

from gamehall.play.last_game import Colour, RenjuLastGame, TablesLastGame
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.tables_match import TablesMatch
from gamehall.play.views import RenjuState, State, TablesState, renju_state, tables_state


def ended_state(match: Match) -> State | None:
    """The state to draw for the game ``match`` has just finished, when it has gone on to the
    next one; None when it has not (the match over, or a game in progress)."""
    if match.is_over:
        return None
    if isinstance(match, TablesMatch) and _just_ended(match.last_game, match.game_number):
        assert match.last_game is not None
        return _tables(tables_state(match), match.last_game)
    if isinstance(match, RenjuMatch) and _just_ended(match.last_game, match.game_number):
        assert match.last_game is not None
        return _renju(renju_state(match), match.last_game)
    return None


def _just_ended(last: TablesLastGame | RenjuLastGame | None, number: int) -> bool:
    """Whether ``last`` is the game before game ``number``."""
    return last is not None and last.number == number - 1


def _tables(state: TablesState, last: TablesLastGame) -> TablesState:
    ended = state.copy()
    ended["game_number"] = last.number
    ended["score"] = [int(points) for points in last.score]
    ended["phase"] = "over"
    ended["to_act"] = None
    ended["dice"] = None
    ended["dice_left"] = None
    ended["dice_used"] = []
    ended["moves"] = []
    ended.pop("turn_start", None)
    ended.pop("resign_offer", None)
    ended.pop("match_id", None)
    if last.position is not None:
        ended["position"] = last.position
        ended["pips"] = list(last.position["pips"])
    if "cube" in ended:
        ended["cube"] = {"value": last.cube, "owner": last.cube_owner, "next": None}
        ended["crawford"] = False
        ended["doubled_by"] = None
    return ended


def _renju(state: RenjuState, last: RenjuLastGame) -> RenjuState:
    ended = state.copy()
    ended["game_number"] = last.number
    ended["score"] = [points for points in last.score]
    ended["phase"] = "over"
    ended["to_act"] = None
    ended["black"] = last.black
    ended["draw_offer"] = None
    ended["opening"] = None
    ended["moves"] = list(last.moves)
    ended["stones"] = dict(last.stones)
    ended["five"] = list(last.five)
    ended["forbidden"] = {}
    ended.pop("turn", None)
    ended.pop("fouls", None)
    winner = last.winner
    colour: Colour | None = None if winner is None else "black" if winner == last.black else "white"
    ended["result"] = {"winner": colour, "reason": last.reason}
    return ended
