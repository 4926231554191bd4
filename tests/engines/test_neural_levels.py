"""The network's levels (intermediate, advanced, expert, world-class) for backgammon and
Georgian: legal answers to every decision in random games, determinism, the search, and the
money-play cube and resignation rules."""

from dataclasses import replace
from random import Random

import numpy as np
import pytest

from gamehall.backgammon.position import Position
from gamehall.engines import (
    AnswerDouble,
    AnswerResignation,
    ChoosePlay,
    ChooseResignation,
    MatchContext,
    OfferDouble,
    find_engine,
)
from gamehall.engines.neural.board import from_sides
from gamehall.engines.neural.games.backgammon import equity
from gamehall.engines.neural.levels import (
    NEURAL_LEVELS,
    NeuralBackgammonEngine,
    shipped_evaluator,
    shipped_record,
)
from gamehall.engines.neural.lineage_early import EarlyRecord
from gamehall.engines.neural.search import Budget
from gamehall.errors import GameError

QUICK = Budget(plies=2, root_width=(4, 2), reply_width=2, seconds=1.0)


def engine(game: str, level: str, seed: int = 0) -> NeuralBackgammonEngine:
    return NeuralBackgammonEngine(game, level, seed, budget=QUICK)  # type: ignore[arg-type]


def points(
    mine: dict[int, int], theirs: dict[int, int], variant: str = "international"
) -> Position:
    return Position.from_points(mine, theirs, variant)


@pytest.mark.parametrize("game", ["backgammon", "georgian"])
@pytest.mark.parametrize("level", NEURAL_LEVELS)
def test_random_games_get_legal_answers(game: str, level: str) -> None:
    players = [engine(game, level, 1), engine(game, "expert", 2)]
    dice = Random(3)
    current = Position.initial("georgian" if game == "georgian" else "international")
    contexts = [
        MatchContext(),
        MatchContext.for_variant("georgian"),
        MatchContext(beavers=True),
        MatchContext(match_length=5, score=(3, 4), cube_value=2, cube_owner="engine"),
    ]
    turns = 0
    while not current.is_over and turns < (16 if level == "world-class" else 400):
        roll = (dice.randint(1, 6), dice.randint(1, 6))
        plays = current.legal_plays(roll)
        player = players[turns % 2]
        chosen = player.decide(ChoosePlay(current, roll, plays))
        assert any(chosen is play for play in plays)
        if turns % 5 == 0:
            context = contexts[turns // 5 % len(contexts)]
            assert player.decide(OfferDouble(current, context)) in (True, False)
            answer = player.decide(AnswerDouble(current, context))
            assert answer in (("take", "drop", "beaver") if context.beavers else ("take", "drop"))
            resign = player.decide(ChooseResignation(current, context))
            assert resign is None or resign in (1, 2, 3)
            for value in (1, 2, 3):
                assert player.decide(AnswerResignation(current, value, context)) in (True, False)
        current = chosen.result
        turns += 1
    assert turns >= 16


@pytest.mark.parametrize("level", NEURAL_LEVELS)
def test_the_same_seed_makes_the_same_choices(level: str) -> None:
    position = Position.initial()
    choices = []
    for _ in range(2):
        player = engine("backgammon", level, seed=9)
        choices.append(
            [player.decide(ChoosePlay.roll(position, (d, 1))).notation for d in range(2, 7)]
        )
    assert choices[0] == choices[1]


def test_expert_plays_the_networks_best() -> None:
    player = engine("backgammon", "expert")
    decision = ChoosePlay.roll(Position.initial(), (6, 5))
    chosen = player.decide(decision)
    results = np.stack([from_sides(p.result.mover, p.result.opponent) for p in decision.plays])
    best = decision.plays[int(np.argmin(equity(shipped_evaluator().probabilities(results))))]
    assert chosen is best


def test_world_class_searches_two_plies() -> None:
    player = engine("backgammon", "world-class")
    plays = Position.initial().legal_plays((4, 3))
    results = np.stack([from_sides(p.result.mover, p.result.opponent) for p in plays])
    order, probs, depth = player.searcher.rank(results, replace(QUICK, seconds=600.0))
    assert depth == 2
    assert sorted(order.tolist()) == list(range(len(plays)))
    assert np.all((probs >= 0) & (probs <= 1))


def test_a_race_won_for_sure_and_the_cube() -> None:
    player = engine("backgammon", "expert")
    # All home against a side still in the outfield with no checker off: doubling is too good
    # (playing on for the gammon), and the opponent would drop.
    crushing = points({1: 15}, {12: 15})
    assert player.decide(OfferDouble(crushing)) is False
    assert player.decide(AnswerDouble(crushing)) == "drop"


def test_the_cube_rule_uses_the_variants_cube_values(monkeypatch: pytest.MonkeyPatch) -> None:
    player = engine("georgian", "expert")
    position = Position.initial("georgian")

    def doubler_wins(chance: float) -> None:
        fixed = np.array([chance, 0.0, 0.0, 0.0, 0.0])
        monkeypatch.setattr(player, "probabilities", lambda position: fixed)

    georgian = MatchContext.for_variant("georgian")
    at = [
        replace(georgian, cube_value=value, cube_owner="opponent" if value > 1 else None)
        for value in (1, 2, 5)
    ]
    # Janowski's take points (no gammons, x = 0.68) at 1 -> 2, 2 -> 3 and 5 -> 6: about 22 %,
    # 15 % and 8 % (a smaller step risks less).
    doubler_wins(0.8)
    assert [player.decide(AnswerDouble(position, c)) for c in at] == ["drop", "take", "take"]
    doubler_wins(0.88)
    assert [player.decide(AnswerDouble(position, c)) for c in at] == ["drop", "drop", "take"]
    doubler_wins(0.7)  # past the doubling point (66 %)
    assert player.decide(OfferDouble(position, georgian)) is True
    doubler_wins(0.6)  # no double yet
    assert player.decide(OfferDouble(position, georgian)) is False
    doubler_wins(0.2)  # the taker is the favourite: a beaver where allowed
    assert player.decide(AnswerDouble(position, MatchContext(beavers=True))) == "beaver"


def test_resignations() -> None:
    player = engine("backgammon", "expert")
    # The opponent bears off his last checker with any roll; we have borne off some: a single.
    lost = points({6: 5, 5: 5}, {1: 1})
    assert player.decide(ChooseResignation(lost.swapped().swapped())) in (None, 1)
    # The opponent has borne off: a single game is all we can win, and we take it.
    single = points({1: 1}, {6: 5, 5: 5})
    assert player.decide(AnswerResignation(single.swapped(), 1)) is True
    # He is far from home with nothing off: we win a gammon, so a single is refused.
    gammon = points({1: 2}, {12: 15})
    assert player.decide(AnswerResignation(gammon.swapped(), 1)) is False
    assert player.decide(AnswerResignation(gammon.swapped(), 2)) is True


def test_only_backgammon_and_known_levels() -> None:
    with pytest.raises(GameError, match="backgammon and georgian"):
        NeuralBackgammonEngine("nardy", "expert")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="levels are"):
        NeuralBackgammonEngine("backgammon", "beginner")  # type: ignore[arg-type]


def test_the_shipped_weights_say_how_they_were_trained() -> None:
    record = shipped_record()
    assert isinstance(record, EarlyRecord)
    assert record.games > 0 and record.command and record.checkpoints


def test_the_time_budget_stops_the_search() -> None:
    player = engine("backgammon", "world-class")
    plays = Position.initial().legal_plays((4, 3))
    results = np.stack([from_sides(p.result.mover, p.result.opponent) for p in plays])
    order, probs, depth = player.searcher.rank(results, Budget(seconds=0.0))
    # No time at all: 1-ply for two candidates only, the rest as 0-ply ranked them.
    assert depth == 1
    assert sorted(order.tolist()) == list(range(len(plays)))
    static = player.searcher.static(results)
    assert sum(not np.array_equal(probs[i], static[i]) for i in range(len(plays))) == 2


@pytest.mark.parametrize("game", ["backgammon", "georgian"])
@pytest.mark.parametrize("level", NEURAL_LEVELS)
def test_find_engine_gives_the_network_levels(game: str, level: str) -> None:
    player = find_engine(game, level, seed=4)
    assert isinstance(player, NeuralBackgammonEngine)
    assert (player.game, player.level, player.name) == (game, level, f"gamehall {game} {level}")
    start = Position.initial("georgian" if game == "georgian" else "international")
    decision = ChoosePlay.roll(start, (6, 1))
    assert any(player.decide(decision) is play for play in decision.plays)
