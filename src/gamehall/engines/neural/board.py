"""The neural engines' own fast board: legal results of a roll, compiled by numba, for every
tables game.

A board is an ``int8`` array of shape (2, 26): row 0 the side on roll, row 1 the other side,
each in its own numbering as ``TablesPosition`` keeps them (index 0 borne off, 1..24 the
points, 25 the bar; long nardy's head is point 24 and its index 25 always 0). ``successors``
gives one board per distinct position a roll can lead to, the opponent on roll (row 0),
exactly the results of the rules layer's ``legal_plays`` (tests compare them on the public
vectors and on random games: International, Georgian, and long nardy under every option).

Each game's move kernel (``games.moves``) walks the steps of a roll and records each distinct
end with its rank; ``generate`` keeps the ends of the best rank, as the rules layer's "use as
many dice as possible, else the larger" (and nardy's bear-off preferences) keep them.
"""

from dataclasses import dataclass, field
from typing import Literal, NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from gamehall.engines.neural.games.moves import backgammon, nardy
from gamehall.engines.neural.kernel import BACKGAMMON_CODE, NARDY_CODE
from gamehall.tables.rules import TablesRules

Boards = npt.NDArray[np.int8]
"""Boards of shape (n, 2, 26), or one of shape (2, 26)."""
Ints = npt.NDArray[np.int64]

CAPACITY = 4096
"""The most distinct ends one roll can have that the buffers hold (gnubg's bound is 3,875)."""

MoveGame = Literal["backgammon", "georgian", "nardy"]
BEAROFF_CODES = {"seed": 0, "standard": 1, "maxpips": 2}
"""Long nardy's ``bearoff`` option as the kernels take it."""


@dataclass(frozen=True)
class MoveRules:
    """The rules the fast board moves by: the game and, for long nardy, its rules options."""

    game: MoveGame = "backgammon"
    bearoff: str = "seed"
    block_check: str = "step"
    head_exception: str = "seed"
    code: Ints = field(init=False, repr=False, compare=False)
    """The rules as the kernels take them: game code, Georgian, bear-off option, six-block
    checked at the end only, plain head exception."""

    def __post_init__(self) -> None:
        code = np.array(
            (
                NARDY_CODE if self.game == "nardy" else BACKGAMMON_CODE,
                self.game == "georgian",
                BEAROFF_CODES[self.bearoff],
                self.block_check == "final",
                self.head_exception == "plain",
            ),
            np.int64,
        )
        object.__setattr__(self, "code", code)

    @classmethod
    def of(cls, rules: TablesRules) -> "MoveRules":
        """The fast board's rules for a position's rules."""
        if rules.geometry == "same-way":
            return cls(
                "nardy", rules.bearoff_preference, rules.block_check or "step", rules.head_exception
            )
        return cls("georgian" if rules.no_hit_and_run_home else "backgammon")


class Scratch(NamedTuple):
    """A generator's working buffers: the ends' ranks, backgammon's hashes of the ends, and
    long nardy's hash tables, one a row (``games.moves.nardy.walk``): the ends' keys, index and
    stamps, the walked states' keys and stamps (each row one slot longer than the tables hash
    into: the ends' stamps keep the call counter there)."""

    ranks: Ints
    hashes: Ints
    tables: Ints


@njit(cache=True, nogil=True)
def new_scratch(game):  # type: ignore[no-untyped-def]
    """The buffers ``generate`` needs for ``game`` (the others' one slot each)."""
    nardy_game = game == NARDY_CODE
    return Scratch(
        np.zeros(CAPACITY, np.int64),
        np.zeros(1 if nardy_game else CAPACITY, np.int64),
        np.zeros((7, (nardy.TABLE if nardy_game else 1) + 1), np.int64),
    )


@njit(cache=True, nogil=True)
def generate(rules, board, d1, d2, out, scratch):  # type: ignore[no-untyped-def]
    """Write the legal results of (``d1``, ``d2``) from ``board`` under ``rules``
    (``MoveRules.code``) into ``out[:n]`` (the opponent on roll) and return ``n``."""
    if rules[0] == NARDY_CODE:
        n = nardy.walk(board, d1, d2, rules, out, scratch)
    else:
        n = backgammon.walk(board, d1, d2, rules[1] != 0, out, scratch)
    ranks = scratch.ranks
    best = -1
    for k in range(n):
        if ranks[k] > best:
            best = ranks[k]
    m = 0
    for k in range(n):
        if ranks[k] == best:
            if m != k:
                out[m] = out[k]
            m += 1
    return m


class MoveGenerator:
    """Legal results of rolls under one game's rules, with buffers of its own (one per thread
    of use)."""

    def __init__(self, rules: MoveRules | None = None) -> None:
        self.rules = rules if rules is not None else MoveRules()
        self._out = np.zeros((CAPACITY, 2, 26), np.int8)
        self._scratch = new_scratch(int(self.rules.code[0]))

    def successors(self, board: Boards, d1: int, d2: int) -> Boards:
        """The distinct boards the roll (``d1``, ``d2``) leads to, the opponent on roll; the
        board itself, sides swapped, when nothing can move."""
        n = generate(self.rules.code, board, d1, d2, self._out, self._scratch)
        return self._out[:n].copy()


def from_sides(mover: tuple[int, ...], opponent: tuple[int, ...]) -> Boards:
    """The board of a position's two sides (each 26 counts in its own numbering)."""
    return np.array((mover, opponent), dtype=np.int8)


def initial_board(game: MoveGame = "backgammon") -> Boards:
    """The starting position: both backgammons', or long nardy's (fifteen checkers on each
    side's head, its own point 24)."""
    side = [0] * 26
    if game == "nardy":
        side[24] = 15
    else:
        side[24], side[13], side[8], side[6] = 2, 5, 3, 5
    return np.array((side, side), dtype=np.int8)


def pip_counts(boards: Boards) -> Ints:
    """Each board's pips still to go, shape (n, 2): side on roll first."""
    weights = np.arange(26, dtype=np.int64)
    return np.asarray(boards.astype(np.int64) @ weights)


def has_bad_block(me: npt.NDArray[np.int8], op: npt.NDArray[np.int8]) -> bool:
    """Whether the mover (long nardy) holds six points in a row along the opponent's path with
    no opposing checker ahead of it."""
    return bool(nardy.has_bad_block(me, op))
