"""A tables match's own state as its snapshot keeps it: the board (a Position ID in
backgammon, the exchange format in nardy), the turn's dice and single moves so far, the cube,
an offer waiting, Crawford, the colours and the last game. ``TablesSaved`` is the typed value;
``to_dict`` writes the stored form and ``from_fields`` reads it back, the board and the turn
rebuilt and every field checked (``RecordError`` otherwise)."""

from dataclasses import dataclass
from typing import Literal

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.backgammon.variants import Variant
from gamehall.errors import RecordError
from gamehall.jsontext import JsonObject, JsonValue
from gamehall.nardy.position import Options
from gamehall.nardy.position import Position as NardyPosition
from gamehall.nardy.rules import Side
from gamehall.play.last_game import TablesLastGame
from gamehall.play.snapshot import Fields, is_array, pair_of_seats
from gamehall.tables.position import TablesPosition, Turn

Phase = Literal["waiting", "roll", "double", "move", "resign", "between", "over"]
PHASES: tuple[Phase, ...] = ("waiting", "roll", "double", "move", "resign", "between", "over")
"""Where a game stands: before the start, the player on roll to roll (or double), an offered
double to answer, a turn being played, a resignation to answer, between the games of a money
session, the match over."""
COLOURS: tuple[tuple[Side, Side], ...] = (("white", "black"), ("black", "white"))


@dataclass(frozen=True)
class TablesSaved:
    """A tables match's own state, as its snapshot keeps it."""

    phase: Phase
    position: TablesPosition | None
    on_roll: int
    dice: tuple[int, int] | None
    turn: Turn[TablesPosition] | None
    cube: int
    cube_owner: int | None
    doubled_by: int | None
    resign_offer: tuple[int, int] | None
    phase_before_offer: Phase
    crawford_game: bool
    crawford_done: bool
    colours: tuple[Side, Side]
    first_mover: int
    cut_short: bool
    last_game: TablesLastGame | None

    def to_dict(self) -> JsonObject:
        """The stored form, which ``from_fields`` reads back."""
        turn = self.turn
        return {
            "phase": self.phase,
            "position": _position_dict(self.position),
            "on_roll": self.on_roll,
            "dice": list(self.dice) if self.dice is not None else None,
            "turn": None if turn is None else [[m.src, m.die] for m in turn.moves],
            "dice_left": None if turn is None else list(turn.dice_left),
            "cube": self.cube,
            "cube_owner": self.cube_owner,
            "doubled_by": self.doubled_by,
            "resign_offer": list(self.resign_offer) if self.resign_offer else None,
            "phase_before_offer": self.phase_before_offer,
            "crawford_game": self.crawford_game,
            "crawford_done": self.crawford_done,
            "colours": list(self.colours),
            "first_mover": self.first_mover,
            "cut_short": self.cut_short,
            "last_game": None if self.last_game is None else self.last_game.to_dict(),
        }

    @classmethod
    def from_fields(cls, state: Fields, rules: Variant | Options) -> "TablesSaved":
        """The state a snapshot kept, its board read by a backgammon ``Variant`` or with long
        nardy's ``Options``; ``RecordError`` for a wrong one."""
        position = _position(state.maybe_fields("position"), rules)
        dice = _dice(state.value("dice"))
        offer = state.value("resign_offer")
        colours = state.items("colours")
        chosen = next((pair for pair in COLOURS if list(pair) == colours), None)
        if chosen is None:
            raise RecordError(f"the snapshot's colours are white and black, not {colours}")
        last_game = state.value("last_game")
        return cls(
            phase=state.choice("phase", PHASES),
            position=position,
            on_roll=state.seat("on_roll") or 0,
            dice=dice,
            turn=_turn(position, dice, state.value("turn"), state.value("dice_left")),
            cube=state.integer("cube", low=1),
            cube_owner=state.seat("cube_owner"),
            doubled_by=state.seat("doubled_by"),
            resign_offer=None if offer is None else pair_of_seats(offer, "a resignation offer"),
            phase_before_offer=state.choice("phase_before_offer", PHASES),
            crawford_game=state.flag("crawford_game"),
            crawford_done=state.flag("crawford_done"),
            colours=chosen,
            first_mover=state.seat("first_mover") or 0,
            cut_short=state.flag("cut_short"),
            last_game=None if last_game is None else TablesLastGame.from_dict(last_game),
        )


def _position_dict(position: TablesPosition | None) -> JsonObject | None:
    if isinstance(position, BackgammonPosition):
        return {"id": position.to_id()}
    if isinstance(position, NardyPosition):
        return {"board": list(position.board), "turn": position.turn}
    return None


def _position(data: Fields | None, rules: Variant | Options) -> TablesPosition | None:
    if data is None:
        return None
    if isinstance(rules, Variant):
        return BackgammonPosition.from_id(data.text("id") or "", rules)
    return NardyPosition.from_dict(data.data, **rules)


def _dice(value: JsonValue) -> tuple[int, int] | None:
    if value is None:
        return None
    if is_array(value) and len(value) == 2:
        first, second = value
        if type(first) is int and type(second) is int:
            return first, second
    raise RecordError(f"the snapshot's dice must be two dice or null, not {value!r}")


def _turn(
    position: TablesPosition | None,
    dice: tuple[int, int] | None,
    moves: JsonValue,
    left: JsonValue,
) -> Turn[TablesPosition] | None:
    """The turn a snapshot kept: its moves made again from the turn's start, its dice left in
    the order the snapshot shows."""
    if (moves is None) != (left is None):
        raise RecordError("the snapshot's turn and its dice left go together")
    if moves is None:
        return None
    if position is None or dice is None or not is_array(moves):
        raise RecordError("the snapshot's turn needs a board, dice and a list of moves")
    turn = position.start_turn(dice)
    for move in moves:
        if not (is_array(move) and len(move) == 2):
            raise RecordError(f"a move of the snapshot's turn is [from, die], not {move}")
        src, die = move
        if not (type(src) is int and type(die) is int):
            raise RecordError(f"a move of the snapshot's turn is [from, die], not {move}")
        turn.move(src, die)
    _order_dice_left(turn, left)
    return turn


def _order_dice_left(turn: Turn[TablesPosition], wanted: JsonValue) -> None:
    """Put the dice left in the order the snapshot shows: a move taken back (``undo``) leaves
    them from the highest down, which the moves made alone do not give."""
    if wanted == list(turn.dice_left):
        return
    legal = turn.legal_moves()
    if legal:
        turn.move(legal[0].src, legal[0].die)
        turn.undo()
    if wanted != list(turn.dice_left):
        raise RecordError(f"the snapshot's dice left, {wanted!r}, are not those of its turn")
