"""The network levels of the tables games (``player``: ``intermediate``, ``advanced``,
``expert`` at 0-ply with noise 0.04, 0.015 and none, ``world-class`` at 2-ply) with the
shipped weights of each game, and what each game decides besides its plays.

Backgammon, International and Georgian alike (the variants differ in rules, not in what a
position is worth; one network serves both). The cube (``cube``): Janowski's cubeful equities
from the network's cubeless probabilities (at 0-ply; world-class searches them 2 plies deep),
with the variant's cube values; in a match the take and cash points come from the project's
match equity table (``met``). The engine doubles when double/take or double/pass beats no
double (not when it is too good), takes when taking costs no more than passing, and beavers
(money play, when allowed) when it is the favourite after taking. Resignations: offer the least
value the network gives up with near certainty (a single when a single loss already loses the
match, or when the Jacoby rule leaves gammons out); accept one worth at least the opponent's
cubeful equity (in a match: match winning chances) with the right cube action.

Long nardy, under whatever rules options the position has. It has no cube: the engine never
doubles. Surrender (R11) ends the game at once for what the match's surrender setting makes it
cost: 1 under ``"oin"``; under ``"mars"`` 2 while the surrendering side has borne off nothing.
The engine surrenders when that is no worse than playing on. It compares match winning chances:
playing on, each outcome (win or lose, by oin or mars, from the network's 0-ply probabilities)
moves the score, and ``match_chance`` (a table of the chance of winning a match of games worth
1 or 2, the first player's even chances and ``MARS_SHARE`` of the games ending in mars) says
what each score is worth; surrendering gives the opponent its cost. With no match (a money
context) it compares points: the cost against the points the network expects to lose. Thus
under ``"oin"`` a lost game is surrendered, the sooner the better when a mars threatens; under
``"mars"`` a mars position only once the mars is sure. A resignation offered to the engine (a
backgammon-style offer; long nardy matches end the game at once instead) is accepted when it
gives at least what playing on would.
"""

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Literal

import numpy as np

from gamehall.engines.base import CubeAnswer, MatchContext
from gamehall.engines.neural.board import MoveRules
from gamehall.engines.neural.cube import (
    CubeHint,
    before_roll,
    cube_hint,
    cube_life,
    flip,
    resignation_mwc,
)
from gamehall.engines.neural.games.description import Probabilities
from gamehall.engines.neural.games.nardy import equity as nardy_equity
from gamehall.engines.neural.lineage import TrainingRecord
from gamehall.engines.neural.lineage_early import EarlyRecord, read_record
from gamehall.engines.neural.network import Evaluator, NardyEvaluator
from gamehall.engines.neural.player import NEURAL_LEVELS, NOISE, NeuralLevel, NeuralPlayer, board_of
from gamehall.engines.neural.search import Budget, Searcher
from gamehall.errors import GameError
from gamehall.nardy.rules import nardy_rules
from gamehall.tables.position import Play, TablesPosition
from gamehall.tables.rules import TablesRules

NetworkGame = Literal["backgammon", "nardy"]
EVALUATORS: dict[NetworkGame, type[Evaluator]] = {
    "backgammon": Evaluator,
    "nardy": NardyEvaluator,
}
"""Each game's evaluator; its shipped weights are ``<game>.npz`` in ``gamehall.engines.data``,
their training record beside them."""

CUBE_PLIES: dict[str, int] = {"intermediate": 0, "advanced": 0, "expert": 0, "world-class": 2}
"""How deep each backgammon level looks for its cube decisions (a cube decision is made once a
turn, and 2-ply probabilities agree better with GNU Backgammon's cube; see docs/engines.md)."""
CERTAIN = 0.002
"""A chance below which the network's outcome counts as impossible, for resignations."""
MARS_SHARE = 0.2
"""The share of long nardy games won by mars that the match table assumes (about what the
trained network's own games show)."""
TOLERANCE = 0.002
"""Surrendering may cost this much less than playing on (in match winning chance, or points):
the network's near-certain outcomes are not quite 0 or 1."""


@cache
def shipped_evaluator(game: NetworkGame = "backgammon") -> Evaluator:
    """The network trained by ``gamehall train <game>`` that the package ships."""
    with resources.as_file(resources.files("gamehall.engines.data") / f"{game}.npz") as path:
        evaluator, _ = EVALUATORS[game].load(path)
    return evaluator


def shipped_record(game: NetworkGame = "backgammon") -> TrainingRecord | EarlyRecord:
    """How the shipped weights were trained (the record beside them; an ``EarlyRecord``, whose
    lineage cannot be replayed, for weights trained before records kept every setting)."""
    text = (resources.files("gamehall.engines.data") / f"{game}.npz.json").read_text()
    return read_record(json.loads(text))


def _checked(level: NeuralLevel) -> NeuralLevel:
    if level not in NEURAL_LEVELS:
        raise GameError(f"the network's levels are {', '.join(NEURAL_LEVELS)}, not {level!r}")
    return level


class NeuralBackgammonEngine(NeuralPlayer):
    """A backgammon or Georgian player at one of the network's levels."""

    def __init__(
        self,
        game: Literal["backgammon", "georgian"],
        level: NeuralLevel,
        seed: int | None = None,
        evaluator: Evaluator | None = None,
        budget: Budget | None = None,
    ) -> None:
        if game not in ("backgammon", "georgian"):
            raise GameError(f"the network plays backgammon and georgian, not {game!r}")
        super().__init__(game, _checked(level), seed)
        self.evaluator = evaluator if evaluator is not None else shipped_evaluator()
        self.noise = NOISE[level]
        self.budget = budget if budget is not None else Budget()
        self.searcher = Searcher(self.evaluator, MoveRules(game))

    def probabilities(self, position: TablesPosition) -> Probabilities:
        """The cubeless probabilities of the side on roll, before his roll (0-ply)."""
        return np.asarray(self.evaluator.probabilities(board_of(position)[None])[0], np.float64)

    # -- cube and resignations ----------------------------------------------------------------

    def cube_hint(self, position: TablesPosition, context: MatchContext | None = None) -> CubeHint:
        """The cube action for the side on roll in ``position`` (``context`` from that side's
        view; money play in this engine's variant by default), with its equities."""
        if context is None:
            context = MatchContext.for_variant(
                "georgian" if self.game == "georgian" else "international"
            )
        return cube_hint(self.cube_probabilities(position), context, cube_life(board_of(position)))

    def cube_probabilities(self, position: TablesPosition) -> Probabilities:
        """The side on roll's probabilities for the cube: at 0-ply, at ``world-class`` searched
        2 plies deep (``CUBE_PLIES``)."""
        plies = CUBE_PLIES[self.level]
        if not plies:
            return self.probabilities(position)
        return before_roll(self.searcher, board_of(position), plies, self.budget.reply_width)

    def offer_double(self, position: TablesPosition, context: MatchContext) -> bool:
        if not context.engine_may_double:
            return False
        return self.cube_hint(position, context).doubles

    def answer_double(self, position: TablesPosition, context: MatchContext) -> CubeAnswer:
        if context.next_cube_value is None:
            raise GameError(f"the cube is at its cap ({context.cube_value}): nobody may double")
        response = self.cube_hint(position, flip(context)).response
        return "drop" if response == "pass" else response

    def choose_resignation(self, position: TablesPosition, context: MatchContext) -> int | None:
        p = self.probabilities(position)
        if p[0] > CERTAIN:
            return None
        away = context.away
        if away is not None and away[1] <= context.cube_value:
            return 1  # a single loss already loses the match: a gammon costs nothing more
        if away is None and context.jacoby and context.cube_owner is None:
            return 1  # the Jacoby rule: gammons do not count before the cube is turned
        if p[3] < CERTAIN:
            return 1
        if p[3] > 1 - CERTAIN and p[4] < CERTAIN:
            return 2
        if p[4] > 1 - CERTAIN:
            return 3
        return None

    def answer_resignation(
        self, position: TablesPosition, value: int, context: MatchContext
    ) -> bool:
        if value >= self.rules.most_to_win(position):
            return True
        theirs = self.cube_hint(position, flip(context))
        best_mwc = theirs.best_mwc
        if best_mwc is not None:
            return resignation_mwc(context, value) >= 1.0 - best_mwc
        if context.jacoby and context.cube_owner is None:
            value = 1  # gammons do not count before the cube is turned
        return value >= -theirs.best


@cache
def match_chance(away: int, other_away: int) -> float:
    """The chance of winning a long nardy match needing ``away`` points while the opponent
    needs ``other_away``, before a game: each game won by either side alike, by mars with
    ``MARS_SHARE``."""
    if away <= 0:
        return 1.0
    if other_away <= 0:
        return 0.0
    oin, mars = 0.5 * (1.0 - MARS_SHARE), 0.5 * MARS_SHARE
    return (
        oin * match_chance(away - 1, other_away)
        + mars * match_chance(away - 2, other_away)
        + oin * match_chance(away, other_away - 1)
        + mars * match_chance(away, other_away - 2)
    )


def _playing_on(p: Probabilities, away: tuple[int, int]) -> float:
    """The match winning chance of the side whose probabilities (win, win mars, lose mars) are
    ``p`` and who needs ``away[0]`` points, the other ``away[1]``."""
    win, win_mars, lose_mars = float(p[0]), float(p[1]), float(p[2])
    mine, theirs = away
    return (
        (win - win_mars) * match_chance(mine - 1, theirs)
        + win_mars * match_chance(mine - 2, theirs)
        + (1.0 - win - lose_mars) * match_chance(mine, theirs - 1)
        + lose_mars * match_chance(mine, theirs - 2)
    )


class NeuralNardyEngine(NeuralPlayer):
    """A long nardy player at one of the network's levels."""

    def __init__(
        self,
        level: NeuralLevel,
        seed: int | None = None,
        evaluator: Evaluator | None = None,
        budget: Budget | None = None,
    ) -> None:
        super().__init__("nardy", _checked(level), seed)
        self.evaluator = evaluator if evaluator is not None else shipped_evaluator("nardy")
        self.noise = NOISE[level]
        self.budget = budget if budget is not None else Budget()
        self._searchers: dict[MoveRules, Searcher] = {}
        self.searcher = self.searcher_for(nardy_rules())

    def searcher_for(self, rules: TablesRules) -> Searcher:
        """The searcher for a set of rules options (one each, made when first needed)."""
        key = MoveRules.of(rules)
        if key not in self._searchers:
            self._searchers[key] = Searcher(self.evaluator, key)
        return self._searchers[key]

    def choose_play(
        self, position: TablesPosition, plays: Sequence[Play[TablesPosition]]
    ) -> Play[TablesPosition]:
        self.searcher = self.searcher_for(position.rules)
        return super().choose_play(position, plays)

    def probabilities(self, position: TablesPosition) -> Probabilities:
        """Win, win mars, lose mars for the side on roll, before his roll (0-ply)."""
        return np.asarray(self.evaluator.probabilities(board_of(position)[None])[0], np.float64)

    # -- no cube in long nardy ----------------------------------------------------------------

    def offer_double(self, position: TablesPosition, context: MatchContext) -> bool:
        return False

    def answer_double(self, position: TablesPosition, context: MatchContext) -> CubeAnswer:
        return "take"

    # -- surrender ----------------------------------------------------------------------------

    def surrender_cost(self, position: TablesPosition, context: MatchContext) -> int:
        """What surrendering now costs the engine (on roll) under the match's setting."""
        if context.surrender == "mars" and position.mover[0] == 0:
            return 2
        return 1

    def choose_resignation(self, position: TablesPosition, context: MatchContext) -> int | None:
        p = self.probabilities(position)
        cost = self.surrender_cost(position, context)
        away = context.away
        if away is None:
            keep = float(nardy_equity(p[None])[0])
            return cost if -cost >= keep - TOLERANCE else None
        if match_chance(away[0], away[1] - cost) >= _playing_on(p, away) - TOLERANCE:
            return cost
        return None

    def answer_resignation(
        self, position: TablesPosition, value: int, context: MatchContext
    ) -> bool:
        if value >= self.rules.most_to_win(position):
            return True
        mine = np.asarray(self.probabilities(position)[[0, 2, 1]], np.float64)
        mine[0] = 1.0 - mine[0]
        away = context.away
        if away is None:
            return value >= float(nardy_equity(mine[None])[0]) - TOLERANCE
        return match_chance(away[0] - value, away[1]) >= _playing_on(mine, away) - TOLERANCE
