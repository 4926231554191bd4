"""How the beginner judges a tables position: a score in *pips* for the side on roll, before
his roll. A race lead of one pip is worth 1.0 (and a race's chances follow from the lead and
the pips left); checker structure (made points, primes, anchors, blots, the bar in backgammon;
blocks, the head, mobility in nardy) is priced in pips on the same scale; a finished game is
worth +-1000 per point won. ``engines/tables.py`` plays by it.
"""

import math
from functools import cache
from typing import cast

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.nardy.position import Position as NardyPosition
from gamehall.tables.moves import BAR, OFF
from gamehall.tables.position import TablesPosition

Side = tuple[int, ...]
"""One side's checkers in its own numbering: index 0 borne off, 1..24 points, 25 the bar."""

ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)
"""The 21 distinct rolls, each with its weight among the 36 (2 for a non-double)."""


def _pips_of(roll: tuple[int, int]) -> int:
    a, b = roll
    return 4 * a if a == b else a + b


ROLL_MEAN = sum(w * _pips_of(r) for r, w in ROLLS) / 36
"""Pips a roll moves on average (49/6)."""
ROLL_VARIANCE = sum(w * _pips_of(r) ** 2 for r, w in ROLLS) / 36 - ROLL_MEAN**2
"""The variance of the pips a roll moves (about 18.5)."""

WIN_SCORE = 1000.0
"""The evaluation of a finished game, per point won (minus for a loss)."""


def race_chance(lead: float, total: float) -> float:
    """The chance that the side on roll wins a race in which he leads by ``lead`` pips, with
    ``total`` pips left between both sides.

    A normal approximation: the rolls each side needs differ by ``lead / ROLL_MEAN`` on
    average, with a variance that grows with the pips left; being on roll is worth half a roll.
    """
    spread = math.sqrt(max(total, 2 * ROLL_MEAN) * ROLL_VARIANCE / ROLL_MEAN)
    z = (lead + ROLL_MEAN / 2) / spread
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def wastage(side: Side) -> int:
    """Pips a bear-off is likely to waste, as the Keith count adds them: 2 for each checker
    beyond one on the 1-point, 1 for each beyond one on the 2-point and beyond three on the
    3-point, 1 for each empty 4-, 5- or 6-point."""
    return (
        2 * max(0, side[1] - 1)
        + max(0, side[2] - 1)
        + max(0, side[3] - 3)
        + sum(1 for p in (4, 5, 6) if not side[p])
    )


def _race_score(position: TablesPosition) -> float:
    """The race lead of the side on roll, counting the bear-off's likely wastage."""
    mine, theirs = position.pip_count()
    return (theirs + wastage(position.opponent)) - (mine + wastage(position.mover))


# -- backgammon ---------------------------------------------------------------------------------

HOME_POINT_VALUE = (0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 3.0, 2.5)
"""Pips a made point is worth, by point (1-6 the home board, 7 the bar point)."""
PRIME_VALUE = (0.0, 0.0, 1.0, 3.0, 6.0, 10.0, 15.0)
"""Pips a run of made points (2 to 6 long) is worth while an opposing checker is behind it."""
ANCHOR_VALUE = 3.0
"""Pips a point made in the opponent's home board is worth (two counted at most)."""
BAR_PENALTY = 4.0
BAR_PENALTY_PER_POINT = 2.0
"""A checker on the bar costs this, plus this for each point made in the home board it must
enter."""
HIT_COST = 4.0
HIT_COST_PER_POINT = 2.0
"""Being hit costs the pips the checker had travelled, plus this tempo, plus this for each
point made in the hitter's home board."""
ON_ROLL_BLOT_SHARE = 0.3
"""The share of the risk counted for the blots of the side on roll: he moves before anyone
shoots at them."""
STACK_PENALTY = 0.5
"""Pips lost for each checker beyond three on one point."""
BORNE_OFF_VALUE = 0.5
"""Pips a borne-off checker is worth beyond its pips while contact lasts."""


def _reach(roll: tuple[int, int]) -> int:
    """The distances a checker can travel with ``roll``, as a bit mask (bit ``d``)."""
    a, b = roll
    steps = (a, 2 * a, 3 * a, 4 * a) if a == b else (a, b, a + b)
    return sum(1 << d for d in steps)


_REACH = tuple((_reach(roll), weight) for roll, weight in ROLLS)


@cache
def hit_chance(distances: int) -> float:
    """The chance that a roll brings a checker exactly ``d`` points for some ``d`` in the bit
    mask ``distances`` (blocking points not counted)."""
    return sum(weight for reach, weight in _REACH if reach & distances) / 36


def _made_home_points(side: Side) -> int:
    return sum(1 for p in range(1, 7) if side[p] >= 2)


def backgammon_contact(me: Side, op: Side) -> bool:
    """Whether a checker of one side still has to pass a checker of the other."""
    my_back = max(p for p in range(26) if me[p])
    op_back = max(p for p in range(26) if op[p])
    return my_back + op_back > 25


def blot_risk(side: Side, other: Side) -> float:
    """The pips ``side`` can expect to lose to ``other``'s next roll through its blots: for each
    blot, the chance some roll hits it (direct shots within 6, indirect ones beyond) times what
    being hit costs."""
    shooters = [q for q in range(1, 26) if other[q]]
    entry_cost = HIT_COST + HIT_COST_PER_POINT * _made_home_points(other)
    risk = 0.0
    for p in range(1, 25):
        if side[p] != 1:
            continue
        distances = 0
        for q in shooters:
            # ``other``'s checker on his point q stands on ``side``'s point 25 - q.
            d = q + p - 25
            if d > 0:
                distances |= 1 << d
        if distances:
            risk += hit_chance(distances) * (25 - p + entry_cost)
    return risk


def _longest_trapping_prime(side: Side, other: Side) -> int:
    """The longest run of ``side``'s made points with a checker of ``other`` behind it."""
    # ``other``'s rearmost checker, on his point q, stands on ``side``'s point 25 - q.
    rearmost = 25 - max(q for q in range(26) if other[q])
    best = run = 0
    for p in range(1, 25):
        run = run + 1 if side[p] >= 2 else 0
        if run and p - run + 1 > rearmost:
            best = max(best, run)
    return min(best, 6)


def backgammon_structure(side: Side, other: Side) -> float:
    """What ``side``'s checker structure is worth in pips while contact lasts: made home-board
    points and bar point, the longest prime with a checker behind it, anchors, minus checkers
    on the bar and tall stacks, plus borne-off checkers."""
    score = sum(HOME_POINT_VALUE[p] for p in range(1, 8) if side[p] >= 2)
    score += PRIME_VALUE[_longest_trapping_prime(side, other)]
    score += ANCHOR_VALUE * min(2, sum(1 for p in range(19, 25) if side[p] >= 2))
    score -= side[BAR] * (BAR_PENALTY + BAR_PENALTY_PER_POINT * _made_home_points(other))
    score -= STACK_PENALTY * sum(n - 3 for n in side[1:25] if n > 3)
    return score + BORNE_OFF_VALUE * side[OFF]


def backgammon_points(position: TablesPosition) -> int | None:
    """The points the side on roll has won (minus: lost) in a finished backgammon game."""
    result = cast(BackgammonPosition, position).result
    if result is None:
        return None
    return result.value if result.winner == "player" else -result.value


def evaluate_backgammon(position: TablesPosition) -> float:
    """The beginner's score of a backgammon position for the side on roll, in pips.

    In a race: the pip lead, counting wastage. In contact: the pip lead, plus each side's
    structure (``backgammon_structure``), minus the risk to each side's blots (``blot_risk``;
    the opponent's blots face the side on roll's next roll, his own only later)."""
    final = backgammon_points(position)
    if final is not None:
        return WIN_SCORE * final
    me, op = position.mover, position.opponent
    if not backgammon_contact(me, op):
        return _race_score(position)
    mine, theirs = position.pip_count()
    return (
        theirs
        - mine
        + backgammon_structure(me, op)
        - backgammon_structure(op, me)
        + blot_risk(op, me)
        - ON_ROLL_BLOT_SHARE * blot_risk(me, op)
    )


# -- long nardy ---------------------------------------------------------------------------------

BLOCK_VALUE = (0.0, 0.5, 2.0, 4.5, 8.0, 12.5, 18.0)
"""Pips a run of 1 to 6 points held in the opponent's path is worth when all 15 of his
checkers are still behind it (in proportion to those that are)."""
HEAD_PENALTY = 1.0
"""Pips lost for each checker still on the head: only one may leave it each turn."""
NARDY_MOBILITY = 5.0
"""Pips lost for each die number (1 to 6) with which no checker could move (before all are
home)."""
NARDY_STACK_PENALTY = 0.5
"""Pips lost for each checker beyond four on one point other than the head."""


def nardy_contact(me: Side, op: Side) -> bool:
    """Whether the two sides' paths still cross: some checker of either side is still on its
    own points 13-24 (the other side's home and last quarter)."""
    return any(me[13:25]) or any(op[13:25])


def nardy_structure(side: Side, other: Side) -> float:
    """What ``side``'s checkers are worth beyond their pips in long nardy: runs of points held
    in ``other``'s path (each weighted by the share of his checkers still behind it), minus
    checkers left on the head, die numbers that no checker could play and tall stacks."""
    # ``other``'s point r is ``side``'s point r + 12 or r - 12 (R1.3).
    held = [False] + [side[r + 12 if r <= 12 else r - 12] > 0 for r in range(1, 25)]
    score = 0.0
    behind = run = run_behind = 0
    for r in range(24, 0, -1):
        if held[r]:
            if not run:
                run_behind = behind
            run += 1
        elif run:
            score += BLOCK_VALUE[min(run, 6)] * run_behind / 15
            run = 0
        behind += other[r]
    if run:
        score += BLOCK_VALUE[min(run, 6)] * run_behind / 15
    score -= HEAD_PENALTY * side[24]
    if any(side[7:25]):  # once all are home, every die can bear off or move
        closed = {r + 12 if r <= 12 else r - 12 for r in range(1, 25) if other[r]}
        sources = [p for p in range(1, 25) if side[p]]
        score -= NARDY_MOBILITY * sum(
            1 for d in range(1, 7) if not any(p - d >= 1 and p - d not in closed for p in sources)
        )
    score -= NARDY_STACK_PENALTY * sum(n - 4 for n in side[1:24] if n > 4)
    return score + BORNE_OFF_VALUE * side[OFF]


def nardy_points(position: TablesPosition) -> int | None:
    """The points the side to move has won (minus: lost) in a finished long nardy game."""
    nardy = cast(NardyPosition, position)
    result = nardy.result
    if result is None:
        return None
    if result.winner is None:
        return 0
    return result.value if result.winner == nardy.turn else -result.value


def evaluate_nardy(position: TablesPosition) -> float:
    """The beginner's score of a long nardy position for the side to move, in pips.

    In a race: the pip lead, counting wastage. While the paths cross: the pip lead plus each
    side's ``nardy_structure``."""
    final = nardy_points(position)
    if final is not None:
        return WIN_SCORE * final
    me, op = position.mover, position.opponent
    if not nardy_contact(me, op):
        return _race_score(position)
    mine, theirs = position.pip_count()
    return theirs - mine + nardy_structure(me, op) - nardy_structure(op, me)
