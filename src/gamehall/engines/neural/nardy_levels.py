"""The long nardy levels that play with the trained network, and the beginner as a player of
the fast boards (for matches and benchmarks)."""

import random
from collections.abc import Callable

from gamehall.engines.neural.board import Boards
from gamehall.engines.tables import evaluate_nardy
from gamehall.nardy.position import Position
from gamehall.nardy.rules import nardy_rules

Chooser = Callable[[Boards, tuple[int, int], Boards], int]


def position_of(board: Boards, **options: str) -> Position:
    """The nardy ``Position`` of a fast board (row 0 on roll; colours are only names in long
    nardy, so the side on roll is called white)."""
    rules = nardy_rules(**options)
    mover = tuple(int(n) for n in board[0])
    opponent = tuple(int(n) for n in board[1])
    return Position(mover, opponent, rules, "white")


def beginner_chooser(seed: int | None = None, **options: str) -> Chooser:
    """Today's ``beginner`` as a chooser among fast-board results: the result the beginner's
    evaluation likes least for the opponent, ties broken at random as the beginner breaks
    them."""
    rng = random.Random(seed)

    def choose(board: Boards, dice: tuple[int, int], results: Boards) -> int:
        scores = [evaluate_nardy(position_of(result, **options)) for result in results]
        low = min(scores)
        best = [i for i, score in enumerate(scores) if score <= low + 1e-9]
        return best[0] if len(best) == 1 else rng.choice(best)

    return choose
