"""Long nardy's two numberings (rules page R1) and its rules options (R15), checked by name and
turned into the tables mechanism's rule set.

Every option is a keyword argument of the position constructors; a value that is not one of the
allowed names raises ``GameError`` naming those that are.
"""

from typing import Literal, TypeVar

from gamehall.errors import GameError
from gamehall.tables.rules import BearoffPreference, BlockCheck, HeadException, TablesRules

Side = Literal["white", "black"]
SIDES: tuple[Side, ...] = ("white", "black")
SurrenderSetting = Literal["oin", "mars"]

BEAROFF: tuple[BearoffPreference, ...] = ("seed", "standard", "maxpips")
"""R9.6: among plays using the most dice, ``seed`` keeps those using the most dice at full
value, ``standard`` keeps all, ``maxpips`` keeps those moving the most pips."""
BLOCK_CHECK: tuple[BlockCheck, ...] = ("step", "final")
"""R8.5: a six-block with no opposing checker ahead is refused after every ``step``, or only in
the ``final`` position of a play."""
HEAD_EXCEPTION: tuple[HeadException, ...] = ("seed", "plain")
"""R6.4: ``seed`` withholds the first-turn 4-4 exception when the mover's own 16 holds an
opposing checker; ``plain`` grants the exception for every first-turn 6-6, 4-4, 3-3."""
SURRENDER_SETTING: tuple[SurrenderSetting, ...] = ("oin", "mars")
"""R11.2: a resignation costs 1 (``oin``), or 2 in a mars position (``mars``)."""

T = TypeVar("T", bound=str)


def other(side: Side) -> Side:
    """The other side."""
    return "black" if side == "white" else "white"


def own_point(white_point: int) -> int:
    """Black's own number for a point in white's numbering, and white's number for a point in
    black's (R1.3: the map is its own inverse)."""
    return white_point + 12 if white_point <= 12 else white_point - 12


def choose(name: str, value: object, allowed: tuple[T, ...]) -> T:
    """``value`` as one of the ``allowed`` names of option ``name``, or a ``GameError``."""
    for option in allowed:
        if value == option:
            return option
    names = ", ".join(repr(a) for a in allowed)
    raise GameError(f"{name}={value!r} is not a long nardy option: choose one of {names}")


def check_flag(name: str, value: object) -> bool:
    """``value`` as a yes/no option, or a ``GameError``."""
    if not isinstance(value, bool):
        raise GameError(f"{name}={value!r} is not a long nardy option: choose True or False")
    return value


_RULES: dict[tuple[str, str, str], TablesRules] = {
    (bearoff, block_check, head_exception): TablesRules(
        "long nardy",
        geometry="same-way",
        hitting=False,
        head_rule=True,
        head_exception=head_exception,
        block_check=block_check,
        bearoff_preference=bearoff,
        finish_uses_all_dice=True,
    )
    for bearoff in BEAROFF
    for block_check in BLOCK_CHECK
    for head_exception in HEAD_EXCEPTION
}


def nardy_rules(
    bearoff: object = "seed", block_check: object = "step", head_exception: object = "seed"
) -> TablesRules:
    """The rule set for the options of the rules page (defaults: the seed's readings)."""
    key = (
        choose("bearoff", bearoff, BEAROFF),
        choose("block_check", block_check, BLOCK_CHECK),
        choose("head_exception", head_exception, HEAD_EXCEPTION),
    )
    return _RULES[key]
