"""Computer players for the tables games: backgammon (International and Georgian) and long nardy.

One code path serves the whole family, as one generator serves its rules: the engines choose
among ``legal_plays``, answer the cube and resignations, and differ by game only in a
``TablesGame`` value: the game's evaluation function, when its sides are still in contact, and
what a win is worth.

Levels:

- ``random``: a uniformly random legal play; never doubles, always takes, never resigns, and
  accepts a resignation only when it gives the most the position could still give.
- ``beginner``: plays the legal play whose result the game's evaluation likes best (one ply, no
  look-ahead) and judges the cube and resignations by a race model. The evaluation, a score in
  *pips* for the side on roll before his roll, is ``tables_eval.py``'s.
"""

from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.backgammon.variants import GEORGIAN, INTERNATIONAL
from gamehall.engines.base import (
    AnswerDouble,
    AnswerDraw,
    Choice,
    ChooseMove,
    ChoosePlay,
    ChooseResignation,
    CubeAnswer,
    Decision,
    Engine,
    Level,
    MatchContext,
    OfferDouble,
)
from gamehall.engines.tables_eval import (
    ROLLS,
    Side,
    backgammon_contact,
    backgammon_points,
    evaluate_backgammon,
    evaluate_nardy,
    nardy_contact,
    nardy_points,
    race_chance,
    wastage,
)
from gamehall.errors import GameError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.nardy.rules import nardy_rules
from gamehall.tables.moves import BAR, OFF
from gamehall.tables.position import Play, TablesPosition

TablesGameName = Literal["backgammon", "georgian", "nardy"]

# -- the games ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TablesGame:
    """What the engines need to know of one tables game beyond its legal plays."""

    name: TablesGameName
    position_type: type[TablesPosition]
    rules_name: str
    evaluate: Callable[[TablesPosition], float]
    in_contact: Callable[[Side, Side], bool]
    final_points: Callable[[TablesPosition], int | None]
    """Points won (minus: lost) by the side on roll in a finished game; ``None`` if it goes on."""
    backgammons: bool
    """Whether a win can be worth 3 (backgammon's cox)."""

    def check(self, position: object) -> TablesPosition:
        """``position`` if it is one of this game's, else a ``GameError``."""
        if not isinstance(position, self.position_type) or position.rules.name != self.rules_name:
            raise GameError(
                f"the {self.name} engine needs a {self.name} position, not {position!r}"
            )
        return position

    def most_to_win(self, position: TablesPosition) -> int:
        """The most the side not on roll could still win from the side on roll: 1 once the
        latter has borne off a checker; else 2, or 3 where a backgammon is still possible."""
        loser = position.mover
        if loser[OFF]:
            return 1
        if self.backgammons and (
            loser[BAR] or any(loser[19:25]) or self.in_contact(loser, position.opponent)
        ):
            return 3
        return 2


TABLES_GAMES: dict[TablesGameName, TablesGame] = {
    "backgammon": TablesGame(
        "backgammon",
        BackgammonPosition,
        INTERNATIONAL.rules.name,
        evaluate_backgammon,
        backgammon_contact,
        backgammon_points,
        backgammons=True,
    ),
    "georgian": TablesGame(
        "georgian",
        BackgammonPosition,
        GEORGIAN.rules.name,
        evaluate_backgammon,
        backgammon_contact,
        backgammon_points,
        backgammons=True,
    ),
    "nardy": TablesGame(
        "nardy",
        NardyPosition,
        nardy_rules().name,
        evaluate_nardy,
        nardy_contact,
        nardy_points,
        backgammons=False,
    ),
}


# -- the engines --------------------------------------------------------------------------------


class TablesEngine(Engine):
    """What every tables engine does alike: check that a decision's position is of its game
    and pass the decision to the level's method for its kind."""

    def __init__(self, game: TablesGameName, level: Level, seed: int | None = None) -> None:
        if game not in TABLES_GAMES:
            raise GameError(f"{game!r} is not a tables game: choose {', '.join(TABLES_GAMES)}")
        super().__init__(game, level, seed)
        self.rules = TABLES_GAMES[game]

    def _decide(self, decision: Decision) -> Choice:
        if isinstance(decision, ChooseMove | AnswerDraw):
            raise self._refuse(decision)
        position = self.rules.check(decision.position)
        if position.is_over:
            raise GameError("the game is over: there is nothing to decide")
        context = decision.context
        if isinstance(decision, ChoosePlay):
            return self.choose_play(position, decision.plays)
        if isinstance(decision, OfferDouble):
            return self.offer_double(position, context)
        if isinstance(decision, AnswerDouble):
            context.cube_after_double()  # refuses a double of a cube at its cap
            return self.answer_double(position, context)
        if isinstance(decision, ChooseResignation):
            return self.choose_resignation(position, context)
        return self.answer_resignation(position, decision.value, context)

    @abstractmethod
    def choose_play(
        self, position: TablesPosition, plays: Sequence[Play[TablesPosition]]
    ) -> Play[TablesPosition]:
        """One of ``plays``, the legal plays of a roll in ``position`` (the engine on roll)."""

    @abstractmethod
    def offer_double(self, position: TablesPosition, context: MatchContext) -> bool:
        """Whether to double now (the engine on roll)."""

    @abstractmethod
    def answer_double(self, position: TablesPosition, context: MatchContext) -> CubeAnswer:
        """Take, drop or beaver the double of the opponent, on roll."""

    @abstractmethod
    def choose_resignation(self, position: TablesPosition, context: MatchContext) -> int | None:
        """The value to resign (the engine on roll), or ``None`` to play on."""

    @abstractmethod
    def answer_resignation(
        self, position: TablesPosition, value: int, context: MatchContext
    ) -> bool:
        """Whether to accept the resignation of the opponent, on roll, for ``value``."""


class RandomTablesEngine(TablesEngine):
    """The random level: any legal play, equally likely; it never doubles, always takes,
    never resigns, and accepts a resignation only for the most the position could give."""

    def __init__(self, game: TablesGameName, seed: int | None = None) -> None:
        super().__init__(game, "random", seed)

    def choose_play(
        self, position: TablesPosition, plays: Sequence[Play[TablesPosition]]
    ) -> Play[TablesPosition]:
        return self.random.choice(plays)

    def offer_double(self, position: TablesPosition, context: MatchContext) -> bool:
        return False

    def answer_double(self, position: TablesPosition, context: MatchContext) -> CubeAnswer:
        return "take"

    def choose_resignation(self, position: TablesPosition, context: MatchContext) -> int | None:
        return None

    def answer_resignation(
        self, position: TablesPosition, value: int, context: MatchContext
    ) -> bool:
        return value >= self.rules.most_to_win(position)


DOUBLE_AT = 0.70
"""The beginner doubles when it expects to win at least this often."""
RACE_TAKE_ALLOWANCE = 0.03
"""In a race the beginner takes a little below the take point: it will own the cube."""
CONTACT_TAKE_MARGIN = 0.05
"""While contact lasts it wants a little more than the take point: gammons are possible."""
BEAVER_AT = 0.55
"""It beavers (money play, when allowed) when it expects to win at least this often."""
CONTACT_GAMMON_SHARE = 0.5
"""While contact lasts, the share of its lead ``2p - 1`` that it expects to win as gammons."""


class BeginnerTablesEngine(TablesEngine):
    """The beginner level: the play whose result the game's evaluation likes best, the cube by
    the race model's winning chances, resignation only when no roll can save the game."""

    def __init__(self, game: TablesGameName, seed: int | None = None) -> None:
        super().__init__(game, "beginner", seed)

    def evaluate(self, position: TablesPosition) -> float:
        """The position's score for the side on roll, in pips (see the module's doc)."""
        return self.rules.evaluate(self.rules.check(position))

    def win_chance(self, position: TablesPosition) -> float:
        """The chance that the side on roll wins, by ``race_chance`` on the evaluation."""
        mine, theirs = self.rules.check(position).pip_count()
        return race_chance(self.rules.evaluate(position), mine + theirs)

    def choose_play(
        self, position: TablesPosition, plays: Sequence[Play[TablesPosition]]
    ) -> Play[TablesPosition]:
        # Each result has the opponent on roll: the best play leaves him the worst score.
        scores = [self.rules.evaluate(play.result) for play in plays]
        low = min(scores)
        best = [play for play, score in zip(plays, scores, strict=True) if score <= low + 1e-9]
        return best[0] if len(best) == 1 else self.random.choice(best)

    def offer_double(self, position: TablesPosition, context: MatchContext) -> bool:
        if not context.engine_may_double:
            return False
        away = context.away
        if away is not None:
            if away[0] <= context.cube_value:
                return False  # the cube as it is already wins the match: doubling adds nothing
            if away[1] == 1:
                return True  # after the Crawford game the trailer doubles at once
        return self.win_chance(position) >= DOUBLE_AT

    def answer_double(self, position: TablesPosition, context: MatchContext) -> CubeAnswer:
        away = context.away
        if away is not None and away[1] <= context.cube_value:
            return "take"  # dropping would lose the match
        new = context.cube_after_double()
        take_point = (new - context.cube_value) / (2 * new)
        if self.rules.in_contact(position.mover, position.opponent):
            take_point += CONTACT_TAKE_MARGIN
        else:
            take_point -= RACE_TAKE_ALLOWANCE
        chance = 1.0 - self.win_chance(position)
        if chance < take_point:
            return "drop"
        if context.beavers and away is None and chance >= BEAVER_AT:
            return "beaver"
        return "take"

    def choose_resignation(self, position: TablesPosition, context: MatchContext) -> int | None:
        return self.certain_loss(position)

    def answer_resignation(
        self, position: TablesPosition, value: int, context: MatchContext
    ) -> bool:
        if value >= self.rules.most_to_win(position):
            return True
        away = context.away
        if away is not None and value * context.cube_value >= away[0]:
            return True  # it wins the match
        return value >= self.expected_points(position)

    def expected_points(self, position: TablesPosition) -> float:
        """What the side not on roll expects to win from the side on roll by playing on, in
        points before the cube: ``2p - 1`` plus its chance of a gammon (mars)."""
        chance = 1.0 - self.win_chance(position)
        return 2 * chance - 1 + self._gammon_chance(position, chance)

    def _gammon_chance(self, position: TablesPosition, chance: float) -> float:
        """The chance that the side not on roll, winning with ``chance``, wins a gammon."""
        loser, winner = position.mover, position.opponent
        if loser[OFF]:
            return 0.0
        if self.rules.in_contact(loser, winner):
            return max(0.0, 2 * chance - 1) * CONTACT_GAMMON_SHARE
        # A race: the loser saves the gammon by bringing every checker home and bearing one off
        # before the winner has borne off all of his.
        home = [p for p in range(1, 7) if loser[p]]
        save = sum(n * (p - 6) for p, n in enumerate(loser) if p > 6) + min(home, default=6)
        finish = position.pip_count()[1] + wastage(winner)
        return min(chance, 1.0 - race_chance(finish - save, finish + save))

    def certain_loss(self, position: TablesPosition) -> int | None:
        """The points the side on roll is sure to lose, if that is settled whatever both sides
        roll: no roll lets him finish, the opponent finishes with every roll after any play of
        his, and every roll leaves him the same loss at best. ``None`` otherwise."""
        me, op = position.mover, position.opponent
        if 15 - op[OFF] > 2 or position.pip_count()[1] > 12:
            return None  # to finish with every roll he needs two checkers at most, as for 2-1
        memo: dict[tuple[Side, Side], int | None] = {}
        if self._opponent_finishes(position.swapped(), memo) is None:
            return None
        # Without contact the opponent finishes whatever is played; with contact, see.
        contact = self.rules.in_contact(me, op)
        losses = set()
        for roll, _ in ROLLS:
            least: int | None = None
            for play in position.legal_plays(roll):
                after = play.result
                if self.rules.final_points(after) is not None:
                    return None
                if contact:
                    loss = self._opponent_finishes(after, memo)
                    if loss is None:
                        return None
                else:
                    loss = self.rules.most_to_win(after.swapped())
                least = loss if least is None else min(least, loss)
            losses.add(least)
        return losses.pop() if len(losses) == 1 else None

    def _opponent_finishes(
        self, position: TablesPosition, memo: dict[tuple[Side, Side], int | None]
    ) -> int | None:
        """The points the side on roll wins if every roll lets him finish at once, else
        ``None``."""
        key = (position.mover, position.opponent)
        if key not in memo:
            won: int | None = 0
            for roll, _ in ROLLS:
                finishes = [
                    -points
                    for play in position.legal_plays(roll)
                    if (points := self.rules.final_points(play.result)) is not None and points < 0
                ]
                if not finishes:
                    won = None
                    break
                won = max(won or 0, *finishes)
            memo[key] = won
        return memo[key]
