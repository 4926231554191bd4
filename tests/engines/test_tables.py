"""The backgammon, Georgian and long nardy engines: legal answers to every decision, the
beginner's play, cube and resignations, determinism, and the beginner against random."""

import dataclasses
from random import Random

import pytest

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.engines import (
    AnswerDouble,
    AnswerResignation,
    ChoosePlay,
    ChooseResignation,
    Engine,
    MatchContext,
    OfferDouble,
    find_engine,
)
from gamehall.engines.tables import BeginnerTablesEngine, RandomTablesEngine
from gamehall.engines.tables_eval import WIN_SCORE, race_chance, wastage
from gamehall.errors import GameError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.tables.position import TablesPosition

GAMES = ("backgammon", "georgian", "nardy")
STARTS: dict[str, TablesPosition] = {
    "backgammon": BackgammonPosition.initial(),
    "georgian": BackgammonPosition.initial("georgian"),
    "nardy": NardyPosition.initial(),
}


def board(points: dict[int, int]) -> list[int]:
    """GNU Backgammon's 25 counts for one side from ``{point: checkers}`` (25 the bar)."""
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] = n
    return counts


def position(mine: dict[int, int], theirs: dict[int, int]) -> BackgammonPosition:
    """A backgammon position, the engine's checkers (on roll) first, each side in its own
    numbering."""
    return BackgammonPosition.from_board(board(mine), board(theirs))


def beginner(game: str = "backgammon", seed: int = 0) -> BeginnerTablesEngine:
    engine = find_engine(game, "beginner", seed)
    assert isinstance(engine, BeginnerTablesEngine)
    return engine


def play_game(
    start: TablesPosition, players: tuple[Engine, Engine], dice: Random
) -> tuple[int, TablesPosition]:
    """Play a game to the end, ``players[0]`` on roll first; the index of the winner."""
    current, on_roll = start, 0
    while True:
        roll = (dice.randint(1, 6), dice.randint(1, 6))
        current = players[on_roll].decide(ChoosePlay.roll(current, roll)).result
        if current.is_over:
            return on_roll, current
        on_roll ^= 1


# -- every decision gets a legal answer -----------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["random", "beginner"])
def test_every_decision_gets_a_legal_answer(game: str, level: str) -> None:
    engine = find_engine(game, level, seed=5)
    dice = Random(11)
    current = STARTS[game]
    contexts = [
        MatchContext(),
        MatchContext.for_variant("georgian"),
        MatchContext(beavers=True),
        MatchContext(match_length=5, score=(3, 4), cube_value=2, cube_owner="engine"),
    ]
    turns = 0
    while not current.is_over:
        roll = (dice.randint(1, 6), dice.randint(1, 6))
        plays = current.legal_plays(roll)
        chosen = engine.decide(ChoosePlay(current, roll, plays))
        assert any(chosen is play for play in plays)
        if turns % 4 == 0:
            context = contexts[turns // 4 % len(contexts)]
            assert engine.decide(OfferDouble(current, context)) in (True, False)
            answer = engine.decide(AnswerDouble(current, context))
            assert answer in (("take", "drop", "beaver") if context.beavers else ("take", "drop"))
            resign = engine.decide(ChooseResignation(current, context))
            assert resign is None or resign in (1, 2, 3)
            for value in (1, 2, 3):
                assert engine.decide(AnswerResignation(current, value, context)) in (True, False)
        current = chosen.result
        turns += 1


@pytest.mark.parametrize("game", GAMES)
def test_a_roll_that_cannot_move_gets_its_empty_play(game: str) -> None:
    # The roll cannot move: the one play is the empty one, and the engines return it.
    blocked: TablesPosition
    if game == "nardy":
        blocked = NardyPosition.from_points({24: 14, 1: 1}, {12: 14, 18: 1})
        roll = (6, 6)
    else:
        variant = "georgian" if game == "georgian" else "international"
        blocked = BackgammonPosition.from_board(
            board({25: 2, 6: 13}), board({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}), variant
        )
        roll = (4, 2)
    decision = ChoosePlay.roll(blocked, roll)
    assert [p.notation for p in decision.plays] == [""]
    for level in ("random", "beginner"):
        assert find_engine(game, level).decide(decision) is decision.plays[0]


@pytest.mark.parametrize("level", ["random", "beginner"])
def test_a_finished_game_has_nothing_to_decide(level: str) -> None:
    over = position({6: 3}, {})
    assert over.is_over
    engine = find_engine("backgammon", level)
    with pytest.raises(GameError, match="game is over"):
        engine.decide(ChooseResignation(over))
    with pytest.raises(GameError, match="game is over"):
        engine.decide(OfferDouble(over))


# -- determinism ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["random", "beginner"])
def test_same_seed_same_game(game: str, level: str) -> None:
    def record(seed: int) -> list[str]:
        players = (find_engine(game, level, seed), find_engine(game, level, seed + 1))
        dice, current, on_roll, notes = Random(2), STARTS[game], 0, []
        for _ in range(30):
            roll = (dice.randint(1, 6), dice.randint(1, 6))
            play = players[on_roll].decide(ChoosePlay.roll(current, roll))
            notes.append(play.notation)
            current, on_roll = play.result, on_roll ^ 1
        return notes

    assert record(7) == record(7)


def test_random_seeds_give_different_games() -> None:
    def notes(seed: int) -> list[str]:
        engine = RandomTablesEngine("backgammon", seed)
        dice, current = Random(1), STARTS["backgammon"]
        found: list[str] = []
        for _ in range(20):
            play = engine.decide(ChoosePlay.roll(current, (dice.randint(1, 6), dice.randint(1, 6))))
            found.append(play.notation)
            current = play.result
        return found

    assert notes(1) != notes(2)


# -- the beginner's play ------------------------------------------------------------------------


def test_beginner_makes_the_classic_opening_point() -> None:
    play = beginner().decide(ChoosePlay.roll(BackgammonPosition.initial(), (3, 1)))
    assert play.notation == "8/5 6/5"


def test_beginner_hits_and_covers() -> None:
    # The opponent has split to his 20 point, which is our 5 point: 3-1 hits and makes it.
    start = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 1, 20: 1, 13: 5, 8: 3, 6: 5})
    play = beginner().decide(ChoosePlay.roll(start, (3, 1)))
    assert play.notation == "8/5* 6/5"
    assert play.result.mover[25] == 1  # the opponent is on the bar


def direct_blots(after: TablesPosition) -> list[int]:
    """The blots of the side that just played that an opposing checker can hit with one die
    (``after`` has the opponent on roll)."""
    mine, shooters = after.opponent, after.mover
    return [
        p
        for p in range(1, 25)
        if mine[p] == 1 and any(shooters[q] and 1 <= q + p - 25 <= 6 for q in range(1, 26))
    ]


@pytest.mark.parametrize("roll", [(6, 2), (5, 4), (4, 3), (2, 1), (3, 3)])
def test_beginner_leaves_no_direct_shot_when_it_need_not(roll: tuple[int, int]) -> None:
    # Bearing in against an anchor on our 1 point: careless plays leave a blot in front of it.
    start = position({13: 2, 8: 3, 6: 5, 5: 3, 4: 2}, {24: 2, 6: 5, 5: 4, 4: 4})
    plays = start.legal_plays(roll)
    assert any(direct_blots(p.result) for p in plays)
    assert any(not direct_blots(p.result) for p in plays)
    play = beginner().decide(ChoosePlay(start, roll, plays))
    assert not direct_blots(play.result), play.notation


def test_beginner_bears_off_rather_than_moving() -> None:
    start = position({6: 1, 5: 2, 2: 1}, {24: 0, 1: 3, 2: 3})
    play = beginner().decide(ChoosePlay.roll(start, (6, 5)))
    assert play.notation == "6/off 5/off"


def test_beginner_takes_the_win_and_the_gammon() -> None:
    start = position({1: 2}, {19: 2, 6: 13})
    play = beginner().decide(ChoosePlay.roll(start, (2, 1)))
    assert play.result.result is not None
    assert play.result.result.winner == "opponent" and play.result.result.value == 3


# -- evaluation -----------------------------------------------------------------------------------


def test_evaluation_of_a_race_is_the_pip_lead_after_wastage() -> None:
    race = position({6: 2, 5: 2}, {6: 1, 5: 1, 4: 2, 3: 1})
    mine, theirs = race.pip_count()
    expected = (theirs + wastage(race.opponent)) - (mine + wastage(race.mover))
    assert beginner().evaluate(race) == expected


def test_evaluation_of_a_finished_game_is_its_points() -> None:
    # The side on roll has lost a gammon: the opponent bore off all 15 checkers.
    over = BackgammonPosition.from_board(board({6: 15}), board({}))
    assert beginner().evaluate(over) == -2 * WIN_SCORE


def test_race_chance_is_sane() -> None:
    assert 0.5 < race_chance(0, 100) < 0.65  # being on roll is worth half a roll
    assert race_chance(20, 150) > race_chance(10, 150) > race_chance(0, 150)
    assert race_chance(-60, 100) < 0.01 and race_chance(60, 100) > 0.99


# -- the cube --------------------------------------------------------------------------------------

HOME = {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}  # 57 pips


def test_beginner_doubles_a_clear_race_lead_and_the_opponent_drops() -> None:
    ahead = position(HOME, {8: 5, 6: 5, 5: 2, 4: 3})  # 57 against 92
    assert beginner().decide(OfferDouble(ahead))
    # The engine answering: now the opponent is on roll with that lead.
    assert beginner().decide(AnswerDouble(ahead)) == "drop"


def test_beginner_holds_the_cube_and_takes_in_an_even_race() -> None:
    even = position(HOME, HOME)
    assert not beginner().decide(OfferDouble(even))
    assert beginner().decide(AnswerDouble(even)) == "take"


def test_beginner_takes_a_small_race_deficit_and_drops_a_big_one() -> None:
    engine = beginner()
    for theirs, answer in (({6: 3, 5: 3, 4: 3, 3: 3, 2: 3}, "take"), ({13: 2, 6: 13}, "drop")):
        # The doubler is on roll with HOME (57 pips); the engine has ``theirs``.
        assert engine.decide(AnswerDouble(position(HOME, theirs))) == answer


def test_beginner_never_doubles_when_behind() -> None:
    behind = position({13: 5, 8: 5, 6: 5}, HOME)
    assert not beginner().decide(OfferDouble(behind))


def test_random_never_doubles_and_always_takes() -> None:
    ahead = position(HOME, {13: 5, 8: 5, 6: 5})
    engine = find_engine("backgammon", "random", 1)
    assert not engine.decide(OfferDouble(ahead))
    assert engine.decide(AnswerDouble(ahead)) == "take"
    assert engine.decide(AnswerDouble(ahead, MatchContext(beavers=True))) == "take"


def test_beginner_respects_who_may_double() -> None:
    ahead = position(HOME, {13: 5, 8: 5, 6: 5})
    engine = beginner()
    assert engine.decide(OfferDouble(ahead))
    for context in (
        MatchContext(match_length=7, score=(5, 5), crawford=True),
        MatchContext(cube_value=2, cube_owner="opponent"),
        MatchContext(cube_value=64, cube_owner="engine", cube_cap=64),
        dataclasses.replace(MatchContext.for_variant("georgian"), cube_value=6),
        # Two points wins the match: the cube at 2 already does it.
        MatchContext(match_length=7, score=(5, 3), cube_value=2, cube_owner="engine"),
    ):
        assert not engine.decide(OfferDouble(ahead, context)), context


def test_beginner_as_trailer_doubles_after_the_crawford_game() -> None:
    behind = position({13: 5, 8: 5, 6: 5}, HOME)
    context = MatchContext(match_length=7, score=(3, 6))
    assert beginner().decide(OfferDouble(behind, context))


def test_beginner_takes_when_dropping_loses_the_match() -> None:
    hopeless = position(HOME, {13: 5, 8: 5, 6: 5})
    assert beginner().decide(AnswerDouble(hopeless)) == "drop"
    context = MatchContext(match_length=7, score=(2, 6))
    assert beginner().decide(AnswerDouble(hopeless, context)) == "take"


def test_georgian_raise_has_a_lower_take_point() -> None:
    # Doubling 1 -> 2 risks 1 more point to save 1: take at 25%. Raising 2 -> 3 risks
    # 1 more to save 2: take at 1/6.
    engine = beginner("georgian")
    doubler_ahead = BackgammonPosition.from_board(
        board(HOME), board({6: 4, 5: 4, 4: 4, 3: 2, 7: 1}), "georgian"
    )
    chance = 1 - engine.win_chance(doubler_ahead)
    assert 0.15 < chance < 0.2
    georgian = MatchContext.for_variant("georgian")
    assert engine.decide(AnswerDouble(doubler_ahead, georgian)) == "drop"
    raised = dataclasses.replace(georgian, cube_value=2, cube_owner="engine")
    assert engine.decide(AnswerDouble(doubler_ahead, raised)) == "take"


@pytest.mark.parametrize("level", ["random", "beginner"])
def test_no_double_to_answer_at_the_cap(level: str) -> None:
    capped = dataclasses.replace(MatchContext.for_variant("georgian"), cube_value=6)
    with pytest.raises(GameError, match="cap"):
        find_engine("georgian", level).decide(
            AnswerDouble(BackgammonPosition.initial("georgian"), capped)
        )


def test_beginner_beavers_only_when_allowed_and_ahead() -> None:
    doubler_behind = position({13: 5, 8: 5, 6: 5}, HOME)
    engine = beginner()
    assert engine.decide(AnswerDouble(doubler_behind)) == "take"
    assert engine.decide(AnswerDouble(doubler_behind, MatchContext(beavers=True))) == "beaver"
    match = MatchContext(match_length=9, beavers=True)
    assert engine.decide(AnswerDouble(doubler_behind, match)) == "take"


# -- resignations ---------------------------------------------------------------------------------


def test_beginner_resigns_a_race_it_cannot_win() -> None:
    # Five checkers off already; the opponent bears off his last two with any roll.
    lost = position({6: 5, 5: 5}, {1: 2})
    assert beginner().decide(ChooseResignation(lost)) == 1
    assert find_engine("backgammon", "random").decide(ChooseResignation(lost)) is None


def test_beginner_resigns_the_gammon_it_cannot_save() -> None:
    lost = position({6: 5, 5: 5, 4: 5}, {1: 1})
    assert beginner().decide(ChooseResignation(lost)) is None  # 6-6 or 5-5 bears one off
    deeper = position({13: 5, 8: 5, 7: 5}, {1: 1})
    assert beginner().decide(ChooseResignation(deeper)) == 2


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        ({6: 5, 5: 5}, {1: 1, 6: 1}),  # he needs two rolls
        ({6: 1}, {1: 2}),  # we finish with 6-6
        ({6: 5, 5: 5, 4: 5}, {1: 2}),  # single or gammon depends on our roll
        (HOME, HOME),
    ],
)
def test_beginner_plays_on_while_anything_can_happen(
    mine: dict[int, int], theirs: dict[int, int]
) -> None:
    assert beginner().decide(ChooseResignation(position(mine, theirs))) is None


def test_beginner_does_not_resign_while_it_can_still_hit() -> None:
    # Our checker on 23 can hit his blot on our 22 (his 3) with a 1.
    hopeful = position({6: 5, 5: 5, 4: 4, 23: 1}, {1: 1, 3: 1})
    assert beginner().decide(ChooseResignation(hopeful)) is None


def test_answers_to_resignations() -> None:
    # The resigner is on roll. Here he has borne off checkers: a single is all he can lose.
    single_only = position({6: 2, 5: 1}, {6: 5, 5: 5, 4: 3})
    # Here he has nothing off and is far behind in the race: a gammon is likely.
    gammonish = position({13: 5, 8: 5, 7: 5}, {2: 2, 1: 2})
    random_engine, engine = find_engine("backgammon", "random"), beginner()
    for value in (1, 2, 3):
        assert random_engine.decide(AnswerResignation(single_only, value))
        assert engine.decide(AnswerResignation(single_only, value))
    # Out of contact and out of the winner's home board: a gammon is the most he can lose.
    assert not random_engine.decide(AnswerResignation(gammonish, 1))
    assert random_engine.decide(AnswerResignation(gammonish, 2))
    assert not engine.decide(AnswerResignation(gammonish, 1))
    assert engine.decide(AnswerResignation(gammonish, 2))
    # A single that wins the match is accepted.
    match = MatchContext(match_length=5, score=(4, 0))
    assert engine.decide(AnswerResignation(gammonish, 1, match))


def test_beginner_accepts_a_single_when_it_is_losing() -> None:
    resigner_ahead = position(HOME, {13: 5, 8: 5, 6: 5})
    assert beginner().decide(AnswerResignation(resigner_ahead, 1))


# -- long nardy -----------------------------------------------------------------------------------


def test_nardy_beginner_resigns_a_lost_race() -> None:
    # White to move with ten checkers off; black's last two are on his 1 (white's 13).
    lost = NardyPosition.from_points({6: 3, 5: 2}, {13: 2}, "white")
    assert beginner("nardy").decide(ChooseResignation(lost)) == 1
    mars = NardyPosition.from_points({19: 15}, {13: 1}, "white")
    assert beginner("nardy").decide(ChooseResignation(mars)) == 2
    assert find_engine("nardy", "random").decide(ChooseResignation(mars)) is None


def test_nardy_beginner_takes_checkers_off_the_head() -> None:
    after_first = NardyPosition.from_points({24: 14, 13: 1}, {12: 14, 1: 1}, "white")
    play = beginner("nardy").decide(ChoosePlay.roll(after_first, (5, 3)))
    assert any(move.src == 24 for move in play.moves)


def test_nardy_answers_to_resignations() -> None:
    # Black resigns on roll; he has nothing off and is far behind: a mars is possible.
    far_behind = NardyPosition.from_points({6: 5, 5: 5, 4: 5}, {22: 15}, "black")
    assert not find_engine("nardy", "random").decide(AnswerResignation(far_behind, 1))
    assert find_engine("nardy", "random").decide(AnswerResignation(far_behind, 2))
    assert not beginner("nardy").decide(AnswerResignation(far_behind, 1))


# -- the beginner against the random player -------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "games", "at_least"),
    [("backgammon", 20, 14), ("georgian", 10, 7), ("nardy", 10, 7)],
)
def test_beginner_beats_random(game: str, games: int, at_least: int) -> None:
    wins = 0
    for number in range(games):
        players = (find_engine(game, "beginner", number), find_engine(game, "random", number))
        # Alternate who starts.
        first = number % 2
        winner, _ = play_game(STARTS[game], (players[first], players[1 - first]), Random(number))
        wins += (winner == 0) == (first == 0)
    assert wins >= at_least, f"{wins} of {games}"
