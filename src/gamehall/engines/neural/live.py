"""The fully live cube: a side's value as a piecewise linear function of his game winning chance
``p``, with corners at the take and cash points of each cube level (Janowski's live-cube
model, generalised from the doubling cube to any sequence of cube values and to match play).

The side on roll is "me", the other "opp"; values are from my side: money points in money play,
my match winning chance (MWC) in a match. With a cube showing ``v`` (next value ``n``):

- owning it, my value runs from losing at ``v`` (p = 0) to cashing ``v`` at my cash point (the
  opponent passes my double there) and on to winning at ``v`` (p = 1, playing on for gammons);
- when the opponent owns it, from losing at ``v`` to the drop value at my take point (he
  doubles me out there) and on to winning at ``v``;
- centred, both corners.

My take point at ``v`` is where my value owning the cube at ``n`` equals passing at ``v``; my
cash point is where my value with the opponent owning it at ``n`` equals my cash at ``v``.
Each level needs the next one's corners, so the recursion climbs the cube to where nobody may
double: the variant's last value, the money cap, the value at which a side already wins the
match with the cube it owns, or ``LEVELS`` doublings up (past which the corners no longer move).
With two doublings per level in International money play and no gammons this gives
Janowski's take point of 20 % and cash point of 80 %.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from gamehall.backgammon.variants import find_variant
from gamehall.errors import GameError

LEVELS = 12
"""Doublings above the cube now that the recursion looks at, in unlimited money play."""


@dataclass(frozen=True)
class Outcomes:
    """How games end, as shares that add up to 1: ``win`` of my wins (single, gammon,
    backgammon) and ``lose`` of my losses."""

    win: tuple[float, float, float]
    lose: tuple[float, float, float]

    @classmethod
    def from_probabilities(cls, probs: Sequence[float] | npt.NDArray[np.float64]) -> "Outcomes":
        """From the network's five probabilities (win, win gammon, win backgammon, lose gammon,
        lose backgammon; gammons include backgammons)."""
        win, wg, wbg, lg, lbg = (float(x) for x in probs)
        lose = 1.0 - win
        return cls(win=_shares(win, wg, wbg), lose=_shares(lose, lg, lbg))

    @property
    def average_win(self) -> float:
        """The points an average win is worth (1 single, 2 gammon, 3 backgammon)."""
        return self.win[0] + 2 * self.win[1] + 3 * self.win[2]

    @property
    def average_loss(self) -> float:
        return self.lose[0] + 2 * self.lose[1] + 3 * self.lose[2]


SINGLE = (1.0, 0.0, 0.0)


def _shares(total: float, gammons: float, backgammons: float) -> tuple[float, float, float]:
    if total <= 1e-9:
        return SINGLE
    g = min(max(gammons, 0.0), total)
    bg = min(max(backgammons, 0.0), g)
    return ((total - g) / total, (g - bg) / total, bg / total)


Line = list[tuple[float, float]]


def at(line: Line, p: float) -> float:
    """The value of a piecewise linear ``line`` (corners by increasing x) at ``p``."""
    for (x0, y0), (x1, y1) in pairwise(line):
        if p <= x1:
            return y0 if x1 <= x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return line[-1][1]


def solve(line: Line, value: float) -> float:
    """The least p at which the non-decreasing ``line`` reaches ``value`` (0 when it starts at
    or above it, 1 when it never does)."""
    if value <= line[0][1]:
        return 0.0
    for (x0, y0), (x1, y1) in pairwise(line):
        if value <= y1:
            return x0 if y1 <= y0 else x0 + (x1 - x0) * (value - y0) / (y1 - y0)
    return 1.0


class LiveCube:
    """The live-cube values of one position's outcomes, for one side (``me``) at one score.

    ``win(v, centred)`` and ``lose(v, centred)`` are what winning and losing the game at cube
    ``v`` are worth to me (a centred cube matters for the Jacoby rule), ``cash(v)`` and
    ``drop(v)`` what a pass at ``v`` is worth when the opponent or I pass; ``may_double(side,
    v)`` whether ``side`` ("me" or "opp") may still usefully double a cube at ``v``;
    ``next_cube(v)`` the value after a double.
    """

    def __init__(
        self,
        win: Callable[[int, bool], float],
        lose: Callable[[int, bool], float],
        cash: Callable[[int], float],
        drop: Callable[[int], float],
        may_double: Callable[[str, int], bool],
        next_cube: Callable[[int], int | None],
    ) -> None:
        self.win = win
        self.lose = lose
        self.cash = cash
        self.drop = drop
        self.may_double = may_double
        self.next_cube = next_cube
        self.take_point = cache(self._take_point)
        self.cash_point = cache(self._cash_point)

    # -- the two ways of building one ------------------------------------------------------------

    @classmethod
    def for_money(
        cls,
        outcomes: Outcomes,
        variant: str = "international",
        jacoby: bool = False,
        cap: int | None = None,
        cube: int = 1,
    ) -> "LiveCube":
        """Money play: points won or lost; with the Jacoby rule gammons count only once the
        cube is turned. ``cube`` is the cube now (the recursion looks ``LEVELS`` doublings
        above it when nothing else stops it)."""
        found = find_variant(variant)
        top = cube * 2**LEVELS
        won, lost = outcomes.average_win, outcomes.average_loss

        def win(v: int, centred: bool) -> float:
            return float(v) if jacoby and centred else v * won

        def lose(v: int, centred: bool) -> float:
            return -float(v) if jacoby and centred else -v * lost

        def next_cube(v: int) -> int | None:
            return found.next_cube(v, cap)

        def may_double(side: str, v: int) -> bool:
            return v < top and next_cube(v) is not None

        return cls(win, lose, float, lambda v: -float(v), may_double, next_cube)

    @classmethod
    def for_match(
        cls,
        outcomes: Outcomes,
        a: int,
        b: int,
        score: Callable[[int, int], float],
        variant: str = "international",
        cube_alive: bool = True,
        cap: int | None = None,
    ) -> "LiveCube":
        """Match play: I need ``a`` points, the opponent ``b``; ``score(x, y)`` is my MWC when
        the game ends with those needs (1 when x <= 0, 0 when y <= 0). ``cube_alive`` False:
        nobody may double (the Crawford game)."""
        found = find_variant(variant)
        if a < 1 or b < 1:
            raise GameError(f"a match in play needs at least a point on each side, not {a}, {b}")

        def win(v: int, centred: bool) -> float:
            return sum(s * score(a - k * v, b) for k, s in enumerate(outcomes.win, 1))

        def lose(v: int, centred: bool) -> float:
            return sum(s * score(a, b - k * v) for k, s in enumerate(outcomes.lose, 1))

        def next_cube(v: int) -> int | None:
            return found.next_cube(v, cap)

        def may_double(side: str, v: int) -> bool:
            need = a if side == "me" else b
            return cube_alive and v < need and next_cube(v) is not None

        return cls(
            win, lose, lambda v: score(a - v, b), lambda v: score(a, b - v), may_double, next_cube
        )

    # -- lines and corners -----------------------------------------------------------------------

    def _following(self, v: int) -> int:
        n = self.next_cube(v)
        if n is None:
            raise GameError(f"the cube at {v} cannot be doubled")
        return n

    def _take_point(self, v: int) -> float:
        """My take point when the opponent doubles a cube at ``v``."""
        return solve(self.line(self._following(v), "me"), self.drop(v))

    def _cash_point(self, v: int) -> float:
        """My cash point when I double a cube at ``v`` (the opponent's take point, as my p)."""
        return solve(self.line(self._following(v), "opp"), self.cash(v))

    def line(self, v: int, owner: str | None) -> Line:
        """My fully live value as a function of p with the cube at ``v`` owned by ``owner``
        ("me", "opp" or None: centred)."""
        centred = owner is None
        points = [(0.0, self.lose(v, centred))]
        low = owner != "me" and self.may_double("opp", v)
        high = owner != "opp" and self.may_double("me", v)
        tp = self.take_point(v) if low else 0.0
        cp = self.cash_point(v) if high else 1.0
        if low and high and tp > cp:
            tp = cp = (tp + cp) / 2
        if low:
            points.append((tp, self.drop(v)))
        if high:
            points.append((cp, self.cash(v)))
        points.append((1.0, self.win(v, centred)))
        return points

    def live(self, p: float, v: int, owner: str | None) -> float:
        """My fully live value at winning chance ``p``."""
        return at(self.line(v, owner), p)

    def dead(self, p: float, v: int, owner: str | None) -> float:
        """My dead-cube value: the outcomes at ``v`` weighted by ``p``."""
        centred = owner is None
        return p * self.win(v, centred) + (1.0 - p) * self.lose(v, centred)

    def cubeful(self, p: float, v: int, owner: str | None, x: float) -> float:
        """Janowski's interpolation: ``x`` of the live value, ``1 - x`` of the dead one."""
        return (1.0 - x) * self.dead(p, v, owner) + x * self.live(p, v, owner)
