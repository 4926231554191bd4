"""A nardy match's rules options (the settings' texts) as the nardy position takes them."""

from collections.abc import Mapping
from typing import TypeVar, get_args

from gamehall.errors import GameError
from gamehall.nardy.position import Options
from gamehall.tables.rules import BearoffPreference, BlockCheck, HeadException

T = TypeVar("T", bound=str)


def _one_of(options: Mapping[str, str], name: str, default: T, allowed: tuple[T, ...]) -> T:
    value = options.get(name, default)
    for option in allowed:
        if value == option:
            return option
    raise GameError(f"nardy's {name} is one of {', '.join(allowed)}, not {value!r}")


def nardy_options(options: Mapping[str, str]) -> Options:
    """The position's options of a nardy match whose settings' options are ``options``."""
    bearoff: tuple[BearoffPreference, ...] = get_args(BearoffPreference)
    block_check: tuple[BlockCheck, ...] = get_args(BlockCheck)
    head_exception: tuple[HeadException, ...] = get_args(HeadException)
    return Options(
        bearoff=_one_of(options, "bearoff", "seed", bearoff),
        block_check=_one_of(options, "block_check", "step", block_check),
        head_exception=_one_of(options, "head_exception", "seed", head_exception),
        last_roll_tie=options.get("last_roll_tie") == "on",
    )
