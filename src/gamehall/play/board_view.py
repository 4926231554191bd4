"""A tables board as a front end draws it: from player 0's side of the table, whoever is on roll.

Both the state's view (``views.py``) and a finished game's record in the match (its final
board) draw boards so; the Position ID and pips of the boards shown lately are kept, since every
state of a turn shows the board of the turn's start and the board now.
"""

from functools import lru_cache
from typing import NotRequired

from typing_extensions import TypedDict

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.nardy.position import Position as NardyPosition
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
