"""The match equity table (MET): each side's chance of winning a match from a score, computed by
the project (no published table is copied), for the cube decisions of match play.

Method (Zadeh's continuous-cube model, 1977, with a gammon rate, as MET generators since do):
a game's winning chance ``p`` moves continuously from 1/2, so a player doubles exactly at his
opponent's take point and nothing is lost on the way; a fixed share ``GAMMON_RATE`` of the
games won are gammons (backgammons ignored). At a score with the cube at ``v`` the match
winning chance (MWC) is then a piecewise linear function of ``p`` whose corners are the take
and cash points of each cube level (``live.LiveCube``), and a game's MWC is its value at 1/2.
The scores after a game come first (smaller needs), so one pass over growing needs fills the
table; the variant's cube values (2, 4, 8, ... or Georgian 2, 3, 4, 5, 6) give the levels.

- **Post-Crawford** (one side 1-away, the Crawford game played, or no Crawford rule): the
  leader never doubles, the trailer doubles at once; the same model gives these, less the
  leader's *free drop* (he may pass the trailer's first double when it suits him, when the
  trailer is 2- or 4-away): ``FREE_DROP`` (1.5 % and 0.4 %, the values the literature on
  post-Crawford play gives).
- **Crawford game** (the first game in which one side is 1-away, with the Crawford rule): no
  cube; ``p`` = 1/2 with the gammon rate.
- **Pre-Crawford**: both sides at least 2-away; a game ending at 1-away leads to the Crawford
  game (with the rule) or to post-Crawford play (without).

The table is symmetric (``mwc(a, b) + mwc(b, a) == 1``), 1/2 at equal needs and monotonic in
each need; ``tests/engines/test_cube_met.py`` checks these properties.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from gamehall.backgammon.variants import find_variant
from gamehall.engines.neural.live import LiveCube, Outcomes
from gamehall.errors import GameError

GAMMON_RATE = 0.25
"""The share of games won that are gammons, for every score and cube (money play's rate,
about a quarter of the wins, is the usual assumption of MET generators)."""
FREE_DROP = {2: 0.015, 4: 0.004}
"""The post-Crawford trailer's loss (his MWC) to the leader's free drop, by the trailer's
need."""
SIZE = 64
"""The largest need the table holds: 64-away, the longest match gamehall plays."""


def _outcomes(rate: float) -> Outcomes:
    return Outcomes(win=(1.0 - rate, rate, 0.0), lose=(1.0 - rate, rate, 0.0))


@dataclass(frozen=True)
class MatchEquityTable:
    """The MWC of the first side for each pair of needs (``a``-away, ``b``-away, 1..``size``).

    ``pre[a - 1][b - 1]`` is the MWC at the start of a game at that score before the Crawford
    game: with the Crawford rule the entries with a 1-away side are the Crawford game's;
    ``post[n - 1]`` is the MWC of the leader (1-away) against an ``n``-away trailer once the
    cube is alive again (after the Crawford game, or in a match without the rule).
    """

    variant: str
    crawford: bool
    size: int
    pre: tuple[tuple[float, ...], ...]
    post: tuple[float, ...]

    def mwc(self, a: int, b: int, crawford_done: bool) -> float:
        """The first side's MWC at a score where he needs ``a`` points and his opponent ``b``
        (0 or less: that side has won). ``crawford_done``: a side already was 1-away earlier
        in the match (the Crawford game played, or being played), so 1-away games are
        post-Crawford. Needs past ``size`` raise ``GameError``."""
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        if max(a, b) > self.size:
            raise GameError(f"the match equity table goes to {self.size}-away, not {max(a, b)}")
        if min(a, b) == 1 and (crawford_done or not self.crawford):
            return self.post[b - 1] if a == 1 else 1.0 - self.post[a - 1]
        return self.pre[a - 1][b - 1]

    def to_dict(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "crawford": self.crawford,
            "size": self.size,
            "pre": [list(row) for row in self.pre],
            "post": list(self.post),
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> "MatchEquityTable":
        pre, post = data.get("pre"), data.get("post")
        if not isinstance(pre, list) or not isinstance(post, list):
            raise GameError("a match equity table needs 'pre' (rows of MWCs) and 'post' (MWCs)")
        crawford, size = data.get("crawford"), data.get("size")
        if not isinstance(crawford, bool):
            raise GameError(f"crawford must be true or false, not {crawford!r}")
        if isinstance(size, bool) or not isinstance(size, int):
            raise GameError(f"size must be a whole number, not {size!r}")
        return cls(
            variant=find_variant(str(data.get("variant"))).name,
            crawford=crawford,
            size=size,
            pre=tuple(tuple(float(x) for x in row) for row in pre),
            post=tuple(float(x) for x in post),
        )


def _game_mwc(
    a: int, b: int, score: Callable[[int, int], float], variant: str, cube: bool
) -> float:
    """The MWC of a game at needs ``a``, ``b`` (p = 1/2, centred cube at 1, or no cube), the
    scores after it valued by ``score``."""
    live = LiveCube.for_match(
        _outcomes(GAMMON_RATE), a, b, score, variant, cube_alive=cube, cap=None
    )
    return live.live(0.5, 1, None)


@cache
def match_equity_table(
    variant: str = "international", crawford: bool | None = None
) -> MatchEquityTable:
    """The table for ``variant``'s cube values, with or without the Crawford rule (``None``:
    the variant's own, International with, Georgian without). Computed once, then cached."""
    found = find_variant(variant)
    rule = found.crawford if crawford is None else crawford
    post = [0.0] * (SIZE + 1)  # post[n]: the 1-away leader against n-away, cube alive

    def post_score(x: int, y: int) -> float:
        if x <= 0:
            return 1.0
        if y <= 0:
            return 0.0
        return post[y] if x == 1 else 1.0 - post[x]

    post[1] = 0.5
    for n in range(2, SIZE + 1):
        trailer = _game_mwc(n, 1, post_score, found.name, cube=True)
        post[n] = 1.0 - trailer + FREE_DROP.get(n, 0.0)
    pre = [[0.0] * (SIZE + 1) for _ in range(SIZE + 1)]

    def pre_score(x: int, y: int) -> float:
        if x <= 0:
            return 1.0
        if y <= 0:
            return 0.0
        return pre[x][y]

    for total in range(2, 2 * SIZE + 1):
        for a in range(max(1, total - SIZE), min(SIZE, total - 1) + 1):
            b = total - a
            if min(a, b) > 1:
                pre[a][b] = _game_mwc(a, b, pre_score, found.name, cube=True)
            elif not rule:
                pre[a][b] = post_score(a, b)
            elif a == b:
                pre[a][b] = 0.5
            elif a == 1:  # the Crawford game: no cube, post-Crawford play after it
                pre[a][b] = _game_mwc(a, b, post_score, found.name, cube=False)
            else:
                pre[a][b] = 1.0 - _game_mwc(b, a, post_score, found.name, cube=False)
    return MatchEquityTable(
        variant=found.name,
        crawford=rule,
        size=SIZE,
        pre=tuple(tuple(row[1:]) for row in pre[1:]),
        post=tuple(post[1:]),
    )
