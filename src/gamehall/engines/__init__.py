"""Computer players for every game, behind one small interface (``gamehall.engines.base``).

>>> from gamehall.backgammon.position import Position
>>> from gamehall.engines import ChoosePlay, find_engine
>>> engine = find_engine("backgammon", "beginner", seed=1)
>>> engine.decide(ChoosePlay.roll(Position.initial(), (3, 1))).notation
'8/5 6/5'

``find_engine(game, level, seed)`` gives a fresh engine; the same seed and the same decisions
give the same choices.
"""

from collections.abc import Callable

from gamehall.engines.base import (
    LEVELS,
    AnswerDouble,
    AnswerDraw,
    AnswerResignation,
    ChooseMove,
    ChoosePlay,
    ChooseResignation,
    CubeAnswer,
    CubeOwner,
    Decision,
    Engine,
    EngineFault,
    Evaluator,
    Level,
    MatchContext,
    OfferDouble,
)
from gamehall.engines.neural.factory import neural_backgammon, neural_nardy
from gamehall.engines.renju import BeginnerRenjuEngine, RandomRenjuEngine
from gamehall.engines.renju_search.factory import searching_renju
from gamehall.engines.tables import BeginnerTablesEngine, RandomTablesEngine
from gamehall.errors import GameError
from gamehall.play.settings import GAME_NAMES, GameName

ENGINES: dict[tuple[GameName, Level], Callable[[int | None], Engine]] = {
    ("backgammon", "random"): lambda seed: RandomTablesEngine("backgammon", seed),
    ("backgammon", "beginner"): lambda seed: BeginnerTablesEngine("backgammon", seed),
    ("georgian", "random"): lambda seed: RandomTablesEngine("georgian", seed),
    ("georgian", "beginner"): lambda seed: BeginnerTablesEngine("georgian", seed),
    ("backgammon", "intermediate"): neural_backgammon("backgammon", "intermediate"),
    ("backgammon", "advanced"): neural_backgammon("backgammon", "advanced"),
    ("backgammon", "expert"): neural_backgammon("backgammon", "expert"),
    ("backgammon", "world-class"): neural_backgammon("backgammon", "world-class"),
    ("georgian", "intermediate"): neural_backgammon("georgian", "intermediate"),
    ("georgian", "advanced"): neural_backgammon("georgian", "advanced"),
    ("georgian", "expert"): neural_backgammon("georgian", "expert"),
    ("georgian", "world-class"): neural_backgammon("georgian", "world-class"),
    ("nardy", "random"): lambda seed: RandomTablesEngine("nardy", seed),
    ("nardy", "beginner"): lambda seed: BeginnerTablesEngine("nardy", seed),
    ("nardy", "intermediate"): neural_nardy("intermediate"),
    ("nardy", "advanced"): neural_nardy("advanced"),
    ("nardy", "expert"): neural_nardy("expert"),
    ("nardy", "world-class"): neural_nardy("world-class"),
    ("renju", "random"): RandomRenjuEngine,
    ("renju", "beginner"): BeginnerRenjuEngine,
    ("renju", "intermediate"): searching_renju("intermediate"),
    ("renju", "advanced"): searching_renju("advanced"),
    ("renju", "expert"): searching_renju("expert"),
    ("renju", "world-class"): searching_renju("world-class"),
}
"""Every engine by (game, level): a function of the seed that makes a fresh one."""


def levels_of(game: GameName) -> tuple[Level, ...]:
    """The levels the computer plays ``game`` at, weakest first."""
    return tuple(level for level in LEVELS if (game, level) in ENGINES)


def find_engine(game: str, level: str = "beginner", seed: int | None = None) -> Engine:
    """A fresh engine for ``game`` (backgammon, georgian, nardy, renju) at ``level`` (one of
    ``levels_of(game)``), its random choices drawn from ``random.Random(seed)``."""
    for name in GAME_NAMES:
        if name == game:
            for strength in LEVELS:
                if strength == level:
                    make = ENGINES.get((name, strength))
                    if make is None:
                        have = [lv for g, lv in ENGINES if g == name]
                        raise GameError(
                            f"there is no {level!r} {game} engine yet: choose {' or '.join(have)}"
                        )
                    return make(seed)
            raise GameError(f"there is no {level!r} engine: choose {' or '.join(LEVELS)}")
    raise GameError(f"there is no engine for {game!r}: choose {', '.join(GAME_NAMES)}")


__all__ = [
    "ENGINES",
    "GAME_NAMES",
    "LEVELS",
    "AnswerDouble",
    "AnswerDraw",
    "AnswerResignation",
    "ChooseMove",
    "ChoosePlay",
    "ChooseResignation",
    "CubeAnswer",
    "CubeOwner",
    "Decision",
    "Engine",
    "EngineFault",
    "Evaluator",
    "GameName",
    "Level",
    "MatchContext",
    "OfferDouble",
    "find_engine",
    "levels_of",
]
