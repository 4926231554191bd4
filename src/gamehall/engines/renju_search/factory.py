"""The searching renju levels by name, made on demand: importing this module does not load
numba or build the pattern tables (that happens with the first engine)."""

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamehall.engines.base import Engine

SEARCH_LEVEL_NAMES = ("intermediate", "advanced", "expert", "world-class")
"""The searching levels, weakest first (their limits: :mod:`.levels`)."""


def searching_renju(level: str) -> "Callable[[int | None], Engine]":
    """A function of the seed that makes a fresh renju engine of a searching ``level``."""

    def make(seed: int | None) -> "Engine":
        from gamehall.engines.renju_search.levels import SearchingRenjuEngine

        return SearchingRenjuEngine(level, seed)

    return make
