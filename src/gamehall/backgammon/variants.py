"""The two backgammons gamehall plays, International and Georgian, and all that sets them apart.

Every setting that differs between them is here, in one value that the rules layer and the play
layer both read: the move rules (a ``TablesRules``), the cube's values, the Crawford rule and
whether a move may be taken back before the turn is confirmed.
"""

from dataclasses import dataclass
from typing import Literal

from gamehall.errors import GameError
from gamehall.tables.rules import TablesRules

VariantName = Literal["international", "georgian"]


@dataclass(frozen=True)
class Variant:
    """A backgammon variant: its move rules and its match settings."""

    name: VariantName
    rules: TablesRules
    cube_values: tuple[int, ...]
    """The values an accepted double raises the stake to, in order; the last is the cap."""
    crawford: bool
    """Whether matches play a Crawford game (no doubling right after a player reaches
    match point minus one)."""
    undo_within_turn: bool
    """Whether moves may be taken back until the turn is confirmed."""
    first_double_by_either: bool = True
    """Whether either player may make the first offer while the cube is in the middle."""

    @property
    def no_hit_and_run_home(self) -> bool:
        """Georgian G4: a checker that hits in its home board moves no further that turn."""
        return self.rules.no_hit_and_run_home


INTERNATIONAL = Variant(
    name="international",
    rules=TablesRules("backgammon", geometry="opposed", hitting=True),
    cube_values=(2, 4, 8, 16, 32, 64),
    crawford=True,
    undo_within_turn=True,
)

GEORGIAN = Variant(
    name="georgian",
    rules=TablesRules(
        "georgian backgammon", geometry="opposed", hitting=True, no_hit_and_run_home=True
    ),
    cube_values=(2, 3, 4, 5, 6),
    crawford=False,
    undo_within_turn=False,
)

VARIANTS: dict[str, Variant] = {v.name: v for v in (INTERNATIONAL, GEORGIAN)}


def find_variant(name: str) -> Variant:
    """The variant called ``name`` ("international" or "georgian")."""
    try:
        return VARIANTS[name.lower()]
    except KeyError:
        raise GameError(
            f"unknown backgammon variant {name!r}: choose {' or '.join(VARIANTS)}"
        ) from None
