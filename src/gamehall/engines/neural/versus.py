"""Cubeless money games between two players of the fast boards, with duplicate dice: each dice
sequence is played twice, the seats swapped, so that the luck of the dice cancels out of each
pair. Backgammon by default (GNU Backgammon's 0-ply player, ``gnubg_nn.best_move``, is one
opponent); long nardy with ``game=NARDY`` (today's beginner and the network levels as
players of the fast boards: ``beginner_chooser``, ``engine_chooser``).

``gnubg_nn`` is a test extra (the opponent we measure against, never a teacher); it is imported
only when a match is played.
"""

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from gamehall.engines.neural.board import Boards, MoveGenerator, MoveRules, initial_board
from gamehall.engines.neural.levels import NeuralNardyEngine
from gamehall.engines.tables_eval import evaluate_nardy
from gamehall.nardy.position import Position
from gamehall.nardy.rules import nardy_rules

Chooser = Callable[[Boards, tuple[int, int], Boards], int]
"""A player: given the board (itself on roll), the dice and the legal results, the index of
the result it plays."""


@dataclass
class Summary:
    """Points per game of the measured player, with the standard error over game pairs and how
    the games ended (counts by the winner's side and the game's value)."""

    pairs: list[float] = field(default_factory=list)
    ends: dict[str, int] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return 2 * len(self.pairs)

    @property
    def ppg(self) -> float:
        return float(np.mean(self.pairs)) if self.pairs else 0.0

    @property
    def standard_error(self) -> float:
        if len(self.pairs) < 2:
            return math.inf
        return float(np.std(self.pairs, ddof=1) / math.sqrt(len(self.pairs)))

    def to_dict(self) -> dict[str, object]:
        return {
            "games": self.games,
            "ppg": round(self.ppg, 4),
            "se": round(self.standard_error, 4),
            "ends": dict(sorted(self.ends.items())),
        }

    def __str__(self) -> str:
        ends = ", ".join(f"{k} {v}" for k, v in sorted(self.ends.items()))
        return f"{self.ppg:+.3f} ± {self.standard_error:.3f} ppg over {self.games} games ({ends})"


KINDS = {1: "single", 2: "gammon", 3: "backgammon"}


class Generator(Protocol):
    def successors(self, board: Boards, d1: int, d2: int) -> Boards: ...


def backgammon_points(loser: Boards) -> int:
    """What a finished backgammon game is worth, from the loser's side (own numbering)."""
    return 1 if loser[0] else (3 if loser[19:26].sum() else 2)


def nardy_points(loser: Boards) -> int:
    """What a finished long nardy game is worth: oin 1, mars 2 (the loser bore off nothing)."""
    return 1 if loser[0] else 2


@dataclass(frozen=True)
class MatchGame:
    """What a match needs of a game: the start, a move generator, whether the opening roll is
    rolled again on a double (backgammon), what a finished game is worth and the names of its
    values."""

    initial: Callable[[], Boards]
    generator: Callable[[], Generator]
    reroll_opening_doubles: bool
    points: Callable[[Boards], int]
    kinds: dict[int, str]


BACKGAMMON = MatchGame(initial_board, MoveGenerator, True, backgammon_points, KINDS)
NARDY = MatchGame(
    lambda: initial_board("nardy"),
    lambda: MoveGenerator(MoveRules("nardy")),
    False,
    nardy_points,
    {1: "oin", 2: "mars"},
)


def gnubg_chooser() -> Chooser:
    """GNU Backgammon's 0-ply player, as a chooser."""
    import gnubg_nn  # type: ignore[import-untyped]

    def choose(board: Boards, dice: tuple[int, int], results: Boards) -> int:
        moves = gnubg_nn.best_move([board[1, 1:].tolist(), board[0, 1:].tolist()], *dice)
        me = board[0].copy()
        op = board[1].copy()
        for src, dst in moves:
            me[src] -= 1
            me[dst] += 1
            if dst and op[25 - dst] == 1:
                op[25 - dst] = 0
                op[25] += 1
        found = np.flatnonzero(
            np.all(results[:, 1] == me, axis=1) & np.all(results[:, 0] == op, axis=1)
        )
        if found.size != 1:
            raise RuntimeError(f"gnubg's play {moves} is not among the legal results")
        return int(found[0])

    return choose


def play_game(
    players: tuple[Chooser, Chooser],
    rolls: np.random.Generator,
    generator: Generator,
    game: MatchGame = BACKGAMMON,
) -> tuple[int, int]:
    """One cubeless game, ``players[0]`` moving first: (index of the winner, points won)."""
    board = game.initial()
    turn = 0
    first = game.reroll_opening_doubles
    while True:
        dice = tuple(int(d) for d in rolls.integers(1, 7, 2))
        while first and dice[0] == dice[1]:
            dice = tuple(int(d) for d in rolls.integers(1, 7, 2))
        first = False
        results = generator.successors(board, dice[0], dice[1])
        index = 0 if len(results) == 1 else players[turn](board, (dice[0], dice[1]), results)
        board = results[index]
        if board[1, 0] == 15:
            return turn, game.points(board[0])
        turn = 1 - turn


def duplicate_match(
    player: Chooser,
    opponent: Chooser,
    pairs: int,
    seed: int,
    progress: Callable[[Summary], None] | None = None,
    game: MatchGame = BACKGAMMON,
    generator: Generator | None = None,
) -> Summary:
    """``pairs`` pairs of games of ``player`` against ``opponent``, each pair on one dice
    sequence with the seats swapped (``generator``: the game's, default rules, unless given)."""
    if generator is None:
        generator = game.generator()
    summary = Summary()
    for pair in range(pairs):
        total = 0
        for swap in (False, True):
            rolls = np.random.default_rng([seed, pair])
            players = (opponent, player) if swap else (player, opponent)
            winner, points = play_game(players, rolls, generator, game)
            ours = (winner == 1) == swap
            total += points if ours else -points
            kind = f"{'won' if ours else 'lost'} {game.kinds[points]}"
            summary.ends[kind] = summary.ends.get(kind, 0) + 1
        summary.pairs.append(total / 2)
        if progress is not None:
            progress(summary)
    return summary


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


def engine_chooser(engine: NeuralNardyEngine, **options: str) -> Chooser:
    """A network level as a chooser among fast-board results, under the rules ``options``."""
    engine.searcher = engine.searcher_for(nardy_rules(**options))

    def choose(board: Boards, dice: tuple[int, int], results: Boards) -> int:
        return engine.pick(results)

    return choose
