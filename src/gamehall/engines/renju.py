"""Computer players for renju and its gomoku variants: random and beginner.

Both choose only among ``Board.legal_moves()`` narrowed to the points the opening rule accepts
at this step (``ChooseMove.allowed``), and keep Black off his forbidden points whenever another
point is left.

The beginner looks one move ahead by patterns: for every legal point near the stones it reads,
in each of the four lines through the point, what a stone there would make for either colour
(a five, an open four, a four, an open three, ...), scores the point for its own attack and for
the opponent's (what the opponent would make there, so what a stone there blocks), and plays
the best. The weights put first a five, then blocking the opponent's five, then an open (or
double) four, then blocking the opponent's, then a four-three, then the rest of the patterns.
"""

from abc import abstractmethod
from collections.abc import Sequence
from functools import cache

from gamehall.engines.base import (
    AnswerDraw,
    Choice,
    ChooseMove,
    Decision,
    Engine,
    Level,
)
from gamehall.errors import GameError
from gamehall.renju.board import Board

SIZE = 15
COLUMNS = "abcdefghijklmno"
NAMES: tuple[str, ...] = tuple(f"{COLUMNS[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE))
_INDEX = {name: i for i, name in enumerate(NAMES)}

# A padded grid: five cells off the board on every side, so that the 11 cells centred on any
# point can be read without a bounds check.
_PAD = 5
_WIDTH = SIZE + 2 * _PAD
_STEPS = (1, _WIDTH, _WIDTH + 1, _WIDTH - 1)
_EMPTY_CELL, _BLACK_CELL, _WHITE_CELL, _OFF_CELL = 0, 1, 2, 3


def _cell(point: int) -> int:
    """The padded grid's cell of a board point index."""
    return (point // SIZE + _PAD) * _WIDTH + point % SIZE + _PAD


_CELLS = tuple(_cell(p) for p in range(SIZE * SIZE))

# What a line holds, from one colour's view.
EMPTY, OWN, BLOCKED = 0, 1, 2
_VIEWS = {
    _BLACK_CELL: (EMPTY, OWN, BLOCKED, BLOCKED),
    _WHITE_CELL: (EMPTY, BLOCKED, OWN, BLOCKED),
}

NONE, TWO, OPEN_TWO, THREE, OPEN_THREE, FOUR, OPEN_FOUR, FIVE = range(8)
"""What a stone makes in one line, from nothing to a five: a *four* can become a five on one
point, an *open four* on two; a *three* can become a four, an *open three* a straight four; a
*two* a three, an *open two* an open three. For Black under renju rules these are the rules
layer's own fives, overlines, fours and threes (``gamehall.renju.patterns``: a test compares
every line)."""
_WEAKER = {FOUR: THREE, OPEN_THREE: OPEN_TWO, THREE: TWO}
"""A line one stone short of the key's level has the value's level."""


def _run(cells: Sequence[int]) -> int:
    """The length of the run of own stones through the centre of an 11-cell line."""
    low = high = 5
    while low > 0 and cells[low - 1] == OWN:
        low -= 1
    while high < 10 and cells[high + 1] == OWN:
        high += 1
    return high - low + 1


def _is_five(cells: Sequence[int], exact: bool) -> bool:
    run = _run(cells)
    return run == 5 or (run > 5 and not exact)


def _with(cells: tuple[int, ...], i: int) -> tuple[int, ...]:
    return (*cells[:i], OWN, *cells[i + 1 :])


@cache
def line_level(cells: tuple[int, ...], exact: bool) -> int:
    """What the own stone on the centre of the 11-cell line ``cells`` makes in that line (a
    level from ``NONE`` to ``FIVE``); ``exact``: only exactly five stones win."""
    if _is_five(cells, exact):
        return FIVE
    empties = [i for i in range(1, 10) if cells[i] == EMPTY]
    fives = sum(1 for i in empties if _is_five(_with(cells, i), exact))
    if fives:
        return OPEN_FOUR if fives >= 2 else FOUR
    if sum(1 for c in cells[1:10] if c == OWN) < 2:
        return NONE
    best = NONE
    for i in empties:
        grown = _with(cells, i)
        if _straight_four(grown, exact):
            return OPEN_THREE
        best = max(best, _WEAKER.get(line_level(grown, exact), NONE))
    return best


def _straight_four(cells: tuple[int, ...], exact: bool) -> bool:
    """Whether the line holds a straight four through its centre: four in a row that a stone
    at either end makes a five (``.xxxx.``), not two fours on one line (``x.xxx.x``), which
    no three becomes by the rules' definition (``gamehall.renju.patterns``)."""
    fives = [i for i in range(1, 10) if cells[i] == EMPTY and _is_five(_with(cells, i), exact)]
    return len(fives) == 2 and fives[1] - fives[0] == 5


FIVE_SCORE = 1_000_000.0
"""A five: the game is won."""
OPEN_FOUR_SCORE = 100_000.0
"""An open four, or two fours at once: the opponent cannot stop both fives."""
FOUR_THREE_SCORE = 50_000.0
"""A four and an open three at once: the answer to the four leaves the three to become an
open four."""
DOUBLE_THREE_SCORE = 20_000.0
"""Two open threes at once (forbidden to Black under renju rules)."""
LEVEL_SCORE = {NONE: 0.0, TWO: 10.0, OPEN_TWO: 100.0, THREE: 120.0, OPEN_THREE: 1000.0, FOUR: 800.0}
"""The score of a single pattern, summed over the point's four lines."""
DEFENCE = 0.8
"""What stopping the opponent's pattern is worth, against making the same pattern oneself."""
NEAR_BONUS = 2.0
"""Added for each stone next to the point, and for each step nearer the centre (0 to 7)."""
DRAW_EMPTY_POINTS = 10
"""The beginner accepts a draw when no more points than this are empty."""


def attack_score(levels: Sequence[int]) -> float:
    """What a stone whose four lines make ``levels`` is worth to its own side."""
    if FIVE in levels:
        return FIVE_SCORE
    fours = sum(1 for level in levels if level >= FOUR)
    threes = sum(1 for level in levels if level == OPEN_THREE)
    if OPEN_FOUR in levels or fours >= 2:
        return OPEN_FOUR_SCORE
    if fours and threes:
        return FOUR_THREE_SCORE
    if threes >= 2:
        return DOUBLE_THREE_SCORE
    return sum(LEVEL_SCORE[level] for level in levels)


class _Position:
    """A board read once into a padded grid, for scoring many points."""

    def __init__(self, board: Board) -> None:
        self.grid = [_OFF_CELL] * (_WIDTH * _WIDTH)
        for cell in _CELLS:
            self.grid[cell] = _EMPTY_CELL
        for name, colour in board.stones().items():
            self.grid[_CELLS[_INDEX[name]]] = _BLACK_CELL if colour == "black" else _WHITE_CELL
        self.rule = board.rule

    def exact(self, colour: int) -> bool:
        """Whether only exactly five wins for ``colour``."""
        return self.rule == "gomoku-standard" or (self.rule == "renju" and colour == _BLACK_CELL)

    def levels(self, point: int, colour: int) -> list[int]:
        """What a stone of ``colour`` on the empty ``point`` makes in each of its four lines."""
        view = _VIEWS[colour]
        grid = self.grid
        centre = _CELLS[point]
        exact = self.exact(colour)
        found = []
        for step in _STEPS:
            cells = tuple(view[grid[centre + k * step]] for k in range(-5, 6))
            found.append(line_level((*cells[:5], OWN, *cells[6:]), exact))
        return found

    def near(self, point: int, distance: int) -> int:
        """How many stones stand within ``distance`` king steps of ``point``."""
        centre = _CELLS[point]
        grid = self.grid
        return sum(
            1
            for dr in range(-distance, distance + 1)
            for dc in range(-distance, distance + 1)
            if grid[centre + dr * _WIDTH + dc] in (_BLACK_CELL, _WHITE_CELL)
        )


def _colour(board: Board) -> tuple[int, int]:
    """The cell values of the side to move and of the other side."""
    return (_BLACK_CELL, _WHITE_CELL) if board.turn == "black" else (_WHITE_CELL, _BLACK_CELL)


def _playable(board: Board, allowed: frozenset[str] | None = None) -> list[str]:
    """The legal points (those in ``allowed`` only, when given), without Black's forbidden
    points unless nothing else is left."""
    legal = board.legal_moves()
    if allowed is not None:
        legal = [p for p in legal if p in allowed]
    if board.turn != "black":
        return legal
    forbidden = board.forbidden_points()
    return [p for p in legal if p not in forbidden] or legal


class RenjuEngine(Engine):
    """What both renju levels do alike: check the game is on and dispatch the decision."""

    def __init__(self, level: Level, seed: int | None = None) -> None:
        super().__init__("renju", level, seed)

    def _decide(self, decision: Decision) -> Choice:
        if isinstance(decision, ChooseMove | AnswerDraw):
            board = decision.board
            if board.result is not None:
                raise GameError(f"the game is over ({board.result}): there is nothing to decide")
            if isinstance(decision, ChooseMove):
                points = _playable(board, decision.allowed)
                return self.choose_move(board, points) if points else "pass"
            return self.answer_draw(board)
        raise self._refuse(decision)

    @abstractmethod
    def choose_move(self, board: Board, points: list[str]) -> str:
        """The level's choice among ``points`` (the legal points, Black's forbidden ones left out
        when others exist)."""

    @abstractmethod
    def answer_draw(self, board: Board) -> bool:
        """Whether to accept a draw offered with the opponent's last move."""


class RandomRenjuEngine(RenjuEngine):
    """The random level: any legal point, equally likely (Black's forbidden points only when
    nothing else is legal); it never accepts a draw."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__("random", seed)

    def choose_move(self, board: Board, points: list[str]) -> str:
        return self.random.choice(points)

    def answer_draw(self, board: Board) -> bool:
        return False


class BeginnerRenjuEngine(RenjuEngine):
    """The beginner level: the legal point with the best pattern score (see the module's doc)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__("beginner", seed)

    def scores(self, board: Board, points: Sequence[str]) -> dict[str, float]:
        """The beginner's score for the side to move of each of ``points`` that has a stone
        within two steps (of every one of them when none has)."""
        position = _Position(board)
        me, them = _colour(board)
        # Black cannot use his forbidden points: a stone there blocks nothing.
        unusable = set(board.forbidden_points()) if them == _BLACK_CELL else set()
        indices = [_INDEX[p] for p in points]
        crowded = [i for i in indices if position.near(i, 2)]
        scores = {}
        for i in crowded or indices:
            name = NAMES[i]
            score = attack_score(position.levels(i, me))
            if name not in unusable:
                score += DEFENCE * attack_score(position.levels(i, them))
            column, row = i % SIZE, i // SIZE
            centring = 7 - max(abs(column - 7), abs(row - 7))
            scores[name] = score + NEAR_BONUS * (position.near(i, 1) + centring)
        return scores

    def choose_move(self, board: Board, points: list[str]) -> str:
        scores = self.scores(board, points)
        best = max(scores.values())
        return self.random.choice([p for p, s in scores.items() if s >= best - 1e-9])

    def evaluate(self, board: Board) -> float:
        """The position's score for the side to move, in pattern points: the best attack score
        of its legal points minus the opponent's best; ``FIVE_SCORE`` when it can make a five,
        minus that when the opponent has two fives to make and it has none."""
        position = _Position(board)
        me, them = _colour(board)
        mine = [_INDEX[p] for p in _playable(board)]
        best = max(
            (attack_score(position.levels(p, me)) for p in mine if position.near(p, 2)),
            default=0.0,
        )
        if best >= FIVE_SCORE:
            return FIVE_SCORE
        unusable = set(board.forbidden_points()) if them == _BLACK_CELL else set()
        threats = [
            position.levels(p, them)
            for p in range(SIZE * SIZE)
            if position.grid[_CELLS[p]] == _EMPTY_CELL
            and NAMES[p] not in unusable
            and position.near(p, 2)
        ]
        if sum(1 for levels in threats if FIVE in levels) >= 2:
            return -FIVE_SCORE
        return best - max((attack_score(levels) for levels in threats), default=0.0)

    def answer_draw(self, board: Board) -> bool:
        empty = SIZE * SIZE - len(board.stones())
        return empty <= DRAW_EMPTY_POINTS or self.evaluate(board) <= -FIVE_SCORE
