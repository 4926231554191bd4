"""Long nardy's rules options (rules page R15), turned into the tables mechanism's rule set."""

from functools import cache

from gamehall.errors import GameError
from gamehall.tables.rules import BearoffPreference, BlockCheck, HeadException, TablesRules

BEAROFF: tuple[BearoffPreference, ...] = ("seed", "standard", "maxpips")
BLOCK_CHECK: tuple[BlockCheck, ...] = ("step", "final")
HEAD_EXCEPTION: tuple[HeadException, ...] = ("seed", "plain")


def _choice(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise GameError(f"{name}={value!r} is not a nardy option: choose one of {', '.join(allowed)}")


@cache
def nardy_rules(
    bearoff: str = "seed", block_check: str = "step", head_exception: str = "seed"
) -> TablesRules:
    """The rule set for the options of the rules page (defaults: the seed's readings)."""
    _choice("bearoff", bearoff, BEAROFF)
    _choice("block_check", block_check, BLOCK_CHECK)
    _choice("head_exception", head_exception, HEAD_EXCEPTION)
    return TablesRules(
        "long nardy",
        geometry="same-way",
        hitting=False,
        head_rule=True,
        head_exception=head_exception,  # type: ignore[arg-type]
        block_check=block_check,  # type: ignore[arg-type]
        bearoff_preference=bearoff,  # type: ignore[arg-type]
        finish_uses_all_dice=True,
    )
