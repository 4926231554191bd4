"""A tables board as a front end draws it: from player 0's side of the table, whoever is on roll.

Both the state's view (``views.py``) and a finished game's record in the match (its final
board) draw boards so; the Position ID and pips of the boards shown lately are kept, since every
state of a turn shows the board of the turn's start and the board now.
"""

from functools import lru_cache
from typing import NotRequired

from typing_extensions import TypedDict

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.errors import RecordError
from gamehall.jsontext import JsonObject, JsonValue
from gamehall.nardy.position import Position as NardyPosition
from gamehall.play.snapshot import Fields, is_array
from gamehall.tables.position import TablesPosition

BOARDS = 4096
"""Boards whose Position ID and pips are kept: those of the turns being played."""


class PositionView(TypedDict):
    """A tables board from player 0's side of the table: each seat's 26 counts in its own
    numbering (0 borne off, 1-24 the points, 25 the bar), each seat's pips, and where a point of
    one seat's numbering is in the other's (to draw both on one board)."""

    checkers: list[list[int]]
    pips: list[int]
    opposite: list[int]
    id: NotRequired[str]
    """Backgammon: GNU Backgammon's Position ID of the board, the player on roll first."""
    board: NotRequired[list[int]]
    """Nardy: the exchange format's signed board (rules page R15)."""
    turn: NotRequired[str]
    """Nardy: the colour to move."""


def position_view(position: TablesPosition, on_roll: int) -> PositionView:
    """``position`` (its mover the player ``on_roll``) from player 0's side of the table."""
    own = (position.mover, position.opponent)
    position_id, pip_count = _board_facts(position)
    pips = list(pip_count)
    if on_roll == 1:
        own = (position.opponent, position.mover)
        pips.reverse()
    view: PositionView = {
        "checkers": [list(own[0]), list(own[1])],
        "pips": pips,
        "opposite": list(position.rules.opposite),
    }
    if position_id is not None:
        view["id"] = position_id
    elif isinstance(position, NardyPosition):
        view["board"] = position.board
        view["turn"] = position.turn
    return view


@lru_cache(maxsize=BOARDS)
def _board_facts(position: TablesPosition) -> tuple[str | None, tuple[int, int]]:
    """``position.to_id()`` (backgammon; None for nardy) and ``position.pip_count()``: every
    state of a turn shows the board of the turn's start and the board now."""
    position_id = position.to_id() if isinstance(position, BackgammonPosition) else None
    return position_id, position.pip_count()


def position_json(view: PositionView) -> JsonObject:
    """``view`` as a JSON object, its keys in their order (what ``position_view_from`` reads)."""
    out: JsonObject = {
        "checkers": [list(side) for side in view["checkers"]],
        "pips": list(view["pips"]),
        "opposite": list(view["opposite"]),
    }
    if "id" in view:
        out["id"] = view["id"]
    if "board" in view:
        out["board"] = list(view["board"])
    if "turn" in view:
        out["turn"] = view["turn"]
    return out


def _numbers(value: JsonValue, what: str) -> list[int]:
    if is_array(value):
        numbers = [n for n in value if type(n) is int]
        if len(numbers) == len(value):
            return numbers
    raise RecordError(f"a board's {what} are a list of whole numbers, not {value!r}")


def position_view_from(value: JsonValue) -> PositionView:
    """The board ``position_json`` wrote; ``RecordError`` for a wrong one."""
    fields = Fields(value, "a board of the snapshot")
    checkers = fields.items("checkers")
    if len(checkers) != 2:
        raise RecordError(f"a board's checkers are two lists, not {checkers!r}")
    view: PositionView = {
        "checkers": [_numbers(side, "checkers") for side in checkers],
        "pips": _numbers(fields.value("pips"), "pips"),
        "opposite": _numbers(fields.value("opposite"), "opposite points"),
    }
    if "id" in fields.data:
        view["id"] = fields.text("id") or ""
    if "board" in fields.data:
        view["board"] = _numbers(fields.value("board"), "points")
    if "turn" in fields.data:
        view["turn"] = fields.text("turn") or ""
    return view
