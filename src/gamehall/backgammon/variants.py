"""The two backgammons gamehall plays, International and Georgian, and all that sets them apart.

Every setting that differs between them is here, in one value that the rules layer and the play
layer both read: the move rules (a ``TablesRules``), the cube's values (``next_cube``, the one
place that says what an accepted double raises the stake to), the Crawford rule and whether a
move may be taken back before the turn is confirmed.
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
    cube_values: tuple[int, ...] | None
    """The fixed values an accepted double raises the stake to, in order, the last being the
    most the cube can show (Georgian 2, 3, 4, 5, 6); ``None``: each double doubles the stake,
    without limit (International 2, 4, 8, 16, ...)."""
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

    def next_cube(self, value: int, cap: int | None = None) -> int | None:
        """The stake after an accepted double of a cube showing ``value`` (1: centred, not
        yet turned), or ``None`` when the cube cannot go higher: past the variant's last value
        or past ``cap``, a money-play cap on the cube."""
        if self.cube_values is None:
            higher: int | None = 2 * value
        else:
            higher = next((v for v in self.cube_values if v > value), None)
        if higher is None or (cap is not None and higher > cap):
            return None
        return higher

    def is_cube_value(self, value: int) -> bool:
        """Whether a turned cube can show ``value`` (2, 4, 8, ...; Georgian 2 to 6)."""
        if self.cube_values is not None:
            return value in self.cube_values
        return value >= 2 and not value & (value - 1)

    def check_cube_cap(self, cap: object) -> None:
        """Refuse a cap that is not a value the cube can show (``GameError``)."""
        if isinstance(cap, bool) or not isinstance(cap, int) or not self.is_cube_value(cap):
            shown = (
                "2, 4, 8, 16, ... (a power of two)"
                if self.cube_values is None
                else ", ".join(map(str, self.cube_values))
            )
            raise GameError(f"cube_cap must be a value the cube shows, {shown}, not {cap!r}")


INTERNATIONAL = Variant(
    name="international",
    rules=TablesRules("backgammon", geometry="opposed", hitting=True),
    cube_values=None,
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
