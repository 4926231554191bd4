"""What a front end shows of a match, built here from the match's state rather than by the
state machines: ``state_of(match)``, the whole match as the pages and the terminal draw it
(JSON-able, no secrets: no future dice), and ``legal_of(match, seat)``, the moves the player to
move may make where the game lists them (the tables games).

The views are typed dicts: the server sends them as they are, and their keys are checked here.
What several states of a turn show again (a board's Position ID and pips, a Match ID) is kept
in small caches of this module, shared by every match.
"""

from functools import lru_cache
from typing import Literal, NotRequired

from typing_extensions import TypedDict

from gamehall.backgammon.match_id import MatchState
from gamehall.errors import GameError
from gamehall.jsontext import JsonObject
from gamehall.play.board_view import PositionView, position_view
from gamehall.play.clock import ClockReadings
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch, five_of
from gamehall.play.settings import GameName
from gamehall.play.tables_match import TablesMatch
from gamehall.play.tables_match_id import MatchFields, match_fields

MATCH_IDS = 4096
"""Match IDs kept, by the fields they are made of: the states of a match repeat from turn to
turn and from match to match (scores, dice, the cube)."""


class CubeView(TypedDict):
    """The stake, who owns the cube (None: the middle) and what a double would make (None: the
    cube cannot be turned further)."""

    value: int
    owner: int | None
    next: int | None


class ResignOfferView(TypedDict):
    player: int
    value: int


class TablesState(TypedDict):
    """A backgammon, Georgian or nardy match as a front end shows it."""

    game: GameName
    players: list[str]
    length: int
    score: list[int]
    game_number: int
    phase: str
    on_roll: int
    to_act: int | None
    dice: list[int] | None
    dice_left: list[int] | None
    dice_used: list[int]
    moves: list[str]
    winner: int | None
    end_reason: str | None
    last_game: NotRequired[JsonObject]
    position: NotRequired[PositionView]
    pips: NotRequired[list[int]]
    turn_start: NotRequired[PositionView]
    cube: NotRequired[CubeView]
    crawford: NotRequired[bool]
    doubled_by: NotRequired[int | None]
    match_id: NotRequired[str]
    colours: NotRequired[list[str]]
    resign_offer: NotRequired[ResignOfferView]
    takeback: NotRequired[int]
    """The player whose takeback waits for an answer, while one does."""
    clocks: NotRequired[ClockReadings]


class RenjuResultView(TypedDict):
    winner: Literal["black", "white"] | None
    reason: str


class RenjuState(TypedDict):
    """A renju match as a front end shows it."""

    game: GameName
    players: list[str]
    length: int
    score: list[int | float]
    """Whole points as integers, a drawn game's halves as floats: sent as they are."""
    game_number: int
    phase: str
    black: int
    to_act: int | None
    draw_offer: int | None
    winner: int | None
    end_reason: str | None
    options: dict[str, str]
    opening: dict[str, object] | None
    moves: NotRequired[list[str]]
    stones: NotRequired[dict[str, Literal["black", "white"]]]
    turn: NotRequired[str]
    forbidden: NotRequired[dict[str, str]]
    fouls: NotRequired[list[dict[str, object]]]
    five: NotRequired[list[str]]
    result: NotRequired[RenjuResultView | None]
    takeback: NotRequired[int]
    clocks: NotRequired[ClockReadings]
    last_game: NotRequired[JsonObject]


State = TablesState | RenjuState


class LegalMove(TypedDict):
    """A single checker move in the mover's numbering (25 the bar, 0 off)."""

    src: int
    dst: int
    die: int
    hit: bool


class Legal(TypedDict):
    """What the player to move in a tables game may play: the single checker moves that keep a
    whole play possible (send ``move`` ``{src, die}``) and, before the first of them, every
    whole play (send ``play`` ``{text}``)."""

    moves: list[LegalMove]
    plays: list[str]


def state_of(match: Match) -> State:
    """The match as a front end shows it."""
    if isinstance(match, TablesMatch):
        return tables_state(match)
    if isinstance(match, RenjuMatch):
        return renju_state(match)
    raise GameError(f"there is no view of a {type(match).__name__}")


def legal_of(match: Match, seat: int | None) -> Legal | None:
    """What ``seat`` may move now, when it is the player to move in a tables game; None for
    anyone else, outside a turn, and in renju (any empty point not in the state's
    ``forbidden``)."""
    if not isinstance(match, TablesMatch) or seat is None:
        return None
    turn = match.turn
    if (
        match.is_over
        or match.phase != "move"
        or match.to_act != seat
        or turn is None
        or match.position is None
        or match.dice is None
        or "move" not in match.legal_actions(seat)
    ):
        return None
    moves: list[LegalMove] = [
        {"src": m.src, "dst": m.dst, "die": m.die, "hit": m.hit} for m in match.known.moves(turn)
    ]
    plays = [] if turn.moves else list(match.known.plays(turn))
    return {"moves": moves, "plays": plays}


def tables_state(match: TablesMatch) -> TablesState:
    """A tables match as a front end shows it."""
    position, turn = match.position, match.turn
    out: TablesState = {
        "game": match.game,
        "players": list(match.players),
        "length": match.settings.length,
        "score": [int(points) for points in match.score],
        "game_number": match.game_number,
        "phase": "over" if match.is_over else match.phase,
        "on_roll": match.on_roll,
        "to_act": match.to_act,
        "dice": list(match.dice) if match.dice else None,
        "dice_left": list(turn.dice_left) if turn else None,
        "dice_used": [move.die for move in turn.moves] if turn else [],
        "moves": [str(m) for m in turn.moves] if turn else [],
        "winner": match.winner,
        "end_reason": match.end_reason,
    }
    if match.last_game is not None:
        out["last_game"] = match.last_game.to_dict()
    if position is not None:
        current = position_view(turn.position if turn is not None else position, match.on_roll)
        out["position"] = current
        out["pips"] = current["pips"]
        if turn is not None:
            out["turn_start"] = position_view(position, match.on_roll)
    if match.variant is not None:
        out["cube"] = {
            "value": match.cube,
            "owner": match.cube_owner,
            "next": match.next_cube(match.cube),
        }
        out["crawford"] = match.crawford_game
        out["doubled_by"] = match.doubled_by
        match_id = _match_id(match) if position is not None else None
        if match_id is not None:
            out["match_id"] = match_id
    else:
        out["colours"] = list(match.colours)
    if match.resign_offer is not None:
        out["resign_offer"] = {"player": match.resign_offer[0], "value": match.resign_offer[1]}
    if match.takeback_asked is not None:
        out["takeback"] = match.takeback_asked
    if match.clock is not None:
        out["clocks"] = match.clock.snapshot().to_dict()
    return out


def _match_id(match: TablesMatch) -> str | None:
    """The Match ID, when GNU Backgammon's can hold the state (a cube up to 32768)."""
    try:
        return _match_id_of(match_fields(match))
    except GameError:
        return None


@lru_cache(maxsize=MATCH_IDS)
def _match_id_of(fields: MatchFields) -> str:
    """``MatchState(*fields).to_id()``, kept for the states that come again."""
    return MatchState(*fields).to_id()


def renju_state(match: RenjuMatch) -> RenjuState:
    """A renju match as a front end shows it."""
    board = match.board
    opening = match.opening
    out: RenjuState = {
        "game": match.game,
        "players": list(match.players),
        "length": match.settings.length,
        "score": list(match.score),
        "game_number": match.game_number,
        "phase": "over" if match.is_over else match.phase,
        "black": match.black,
        "to_act": match.to_act,
        "draw_offer": match.draw_offer,
        "winner": match.winner,
        "end_reason": match.end_reason,
        "options": dict(match.settings.options),
        "opening": None
        if opening is None
        else {**opening.to_dict(), "choices": list(opening.choices())},
    }
    if board is not None:
        claims = match.claims_fouls
        out["moves"] = board.moves
        out["stones"] = board.stones()
        out["turn"] = board.turn
        # Under claim spotting a forbidden move is White's job: neither the forbidden points
        # nor the fouls are shown until the game is over.
        out["forbidden"] = board.forbidden_points() if board.result is None and not claims else {}
        if claims:
            out["fouls"] = (
                [foul.to_dict() for foul in board.fouls()] if board.result is not None else []
            )
        out["five"] = five_of(board)
        out["result"] = (
            None
            if board.result is None
            else {"winner": board.result.winner, "reason": board.result.reason}
        )
    if match.takeback_asked is not None:
        out["takeback"] = match.takeback_asked
    if match.clock is not None:
        out["clocks"] = match.clock.snapshot().to_dict()
    if match.last_game is not None:
        out["last_game"] = match.last_game.to_dict()
    return out
