"""The rule set of a tables game: everything in which backgammon and long nardy differ.

One mechanism (``gamehall.tables.generator``) serves every game of the family; a ``TablesRules``
value tells it where a checker may land, whether it hits, what the head and the six-block allow,
and how to choose among plays. Games and their variants are instances, not subclasses.
"""

from dataclasses import dataclass, field
from typing import Literal

Geometry = Literal["opposed", "same-way"]
BlockCheck = Literal["step", "final"]
BearoffPreference = Literal["standard", "seed", "maxpips"]
HeadException = Literal["seed", "plain"]


@dataclass(frozen=True)
class TablesRules:
    """How checkers move in one game of the tables family.

    Points are numbered from the mover's own side: 1..24, with 0 for borne off and 25 for the
    bar. ``geometry`` says where the mover's point ``p`` lies in the opponent's own numbering:
    ``"opposed"`` (backgammon, the sides move towards each other: ``25 - p``) or ``"same-way"``
    (long nardy, both sides move the same way: ``p + 12`` or ``p - 12``).
    """

    name: str
    geometry: Geometry
    hitting: bool
    """A checker may land on a single opposing checker and send it to the bar (backgammon);
    otherwise a point with any opposing checker is closed (nardy)."""
    head_rule: bool = False
    """At most one checker leaves the head (own point 24) per turn (nardy R6)."""
    head_exception: HeadException = "seed"
    """The first-turn 6-6/4-4/3-3 exception: ``"seed"`` withholds it on a 4-4 when the
    mover's own 16 holds an opposing checker (R6.4); ``"plain"`` always grants it."""
    block_check: BlockCheck | None = None
    """Six-block rule (nardy R8): ``"step"`` checks after every die, ``"final"`` only the
    position the play ends in; ``None`` for games without the rule."""
    no_hit_and_run_home: bool = False
    """Georgian G4: a checker that hits in the mover's home board moves no further this turn."""
    bearoff_preference: BearoffPreference = "standard"
    """Among the plays using the most dice: ``"seed"`` keeps those using the most dice at full
    value (R9.6), ``"maxpips"`` those moving the most pips, ``"standard"`` all."""
    finish_uses_all_dice: bool = False
    """Bearing off the last checker counts the dice left over as used (nardy R10.1: the game ends
    at once). Backgammon counts only the dice moved, as GNU Backgammon does."""
    opposite: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """``opposite[p]``: the mover's point ``p`` in the opponent's own numbering (0 and 25 map
    to themselves)."""

    def __post_init__(self) -> None:
        if self.geometry == "opposed":
            opp = [0, *(25 - p for p in range(1, 25)), 25]
        else:
            opp = [0, *(p + 12 if p <= 12 else p - 12 for p in range(1, 25)), 25]
        object.__setattr__(self, "opposite", tuple(opp))

    def head_limit(
        self, mover: tuple[int, ...], opponent_view: tuple[int, ...], dice: tuple[int, int]
    ) -> int:
        """How many checkers may leave the head this turn (nardy R6), given the mover's checkers
        and the opponent's checkers seen in the mover's numbering."""
        if not self.head_rule:
            return 15
        first_turn = mover[24] == 15
        d1, d2 = dice
        if first_turn and d1 == d2 and d1 in (6, 4, 3):
            if self.head_exception == "seed" and d1 == 4 and opponent_view[16] > 0:
                return 1
            return 2
        return 1
