"""Makers of the network's backgammon and long nardy engines for ``find_engine``; numpy, numba
and the weights load only when the first such engine is made."""

from collections.abc import Callable
from typing import Literal

from gamehall.engines.base import Engine

NeuralGame = Literal["backgammon", "georgian"]
NeuralLevelName = Literal["intermediate", "advanced", "expert", "world-class"]


def neural_backgammon(game: NeuralGame, level: NeuralLevelName) -> Callable[[int | None], Engine]:
    """A function of the seed making a fresh ``NeuralBackgammonEngine`` for ``game`` at
    ``level``."""

    def make(seed: int | None) -> Engine:
        from gamehall.engines.neural.levels import NeuralBackgammonEngine

        return NeuralBackgammonEngine(game, level, seed)

    return make


def neural_nardy(level: NeuralLevelName) -> Callable[[int | None], Engine]:
    """A function of the seed making a fresh ``NeuralNardyEngine`` at ``level``."""

    def make(seed: int | None) -> Engine:
        from gamehall.engines.neural.levels import NeuralNardyEngine

        return NeuralNardyEngine(level, seed)

    return make
