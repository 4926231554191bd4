"""Long nardy hints: the plays of a roll ranked by the trained network, with its figures.

As backgammon's (``hints.ranked_plays``): every legal play scored at 0-ply in one batch, the
best few taken to 1 and 2 plies within the time allowed, under the position's rules options.
The figures are the mover's after the play: win, win by mars, lose by mars, and the points per
game they make (``2 win - 1 + win_mars - lose_mars``).
"""

from functools import cache

from gamehall.engines.hints import Hints
from gamehall.engines.neural.board import MoveRules
from gamehall.engines.neural.hints import ranked_plays
from gamehall.engines.neural.levels import shipped_evaluator
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.search import Searcher
from gamehall.errors import GameError
from gamehall.nardy.position import Position
from gamehall.tables.position import TablesPosition

PROBABILITIES = ("win", "win_mars", "lose_mars")
"""The names of the network's three outputs, in its order."""


@cache
def _shipped_searcher(rules: MoveRules) -> Searcher:
    return Searcher(shipped_evaluator("nardy"), rules)


def hint(
    position: TablesPosition,
    dice: tuple[int, int],
    *,
    count: int = 5,
    ply: int = 2,
    seconds: float = 3.0,
    evaluator: Evaluator | None = None,
) -> Hints:
    """The ``count`` best plays of ``dice`` in the long nardy ``position`` (the side to move to
    play), ranked at up to ``ply`` plies within about ``seconds``."""
    if not isinstance(position, Position):
        raise GameError("the long nardy network gives hints for long nardy positions only")
    if position.is_over:
        raise GameError("the game is over: there is no play to hint")
    if ply not in (0, 1, 2):
        raise GameError(f"a hint searches 0, 1 or 2 plies, not {ply!r}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise GameError(f"a hint lists at least one play, not {count!r}")
    rules = MoveRules.of(position.rules)
    searcher = _shipped_searcher(rules) if evaluator is None else Searcher(evaluator, rules)
    plays = position.legal_plays(dice)
    return ranked_plays(searcher, plays, PROBABILITIES, "nardy", count, ply, seconds)
