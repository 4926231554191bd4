"""A tables puzzle's position read back from its text, and the text written from a position:
backgammon's and Georgian's GNU Backgammon Position ID, long nardy's exchange format as JSON."""

import json

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.backgammon.variants import find_variant
from gamehall.errors import GameError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.puzzles.values import PuzzleError, PuzzleGame
from gamehall.tables.position import TablesPosition

VARIANTS = {"backgammon": "international", "georgian": "georgian"}


def position_text(position: TablesPosition) -> str:
    """The position's text form."""
    if isinstance(position, NardyPosition):
        return json.dumps(position.to_dict(), separators=(",", ":"), sort_keys=True)
    if isinstance(position, BackgammonPosition):
        return position.to_id()
    raise PuzzleError(f"a {type(position).__name__} has no text form")


def read_position(game: PuzzleGame, text: str) -> TablesPosition:
    """The position of ``game`` that ``text`` holds; ``PuzzleError`` for one that cannot be."""
    try:
        if game == "nardy":
            return NardyPosition.from_dict(json.loads(text))
        if game in VARIANTS:
            return BackgammonPosition.from_id(text, find_variant(VARIANTS[game]))
    except (GameError, ValueError) as error:
        raise PuzzleError(f"the puzzle's position cannot be read: {error}") from None
    raise PuzzleError(f"a {game} puzzle has no tables position")
