"""The engines' interface: the match context, the decisions, the registry."""

import dataclasses

import pytest

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.engines import (
    ENGINES,
    GAME_NAMES,
    LEVELS,
    AnswerDouble,
    AnswerDraw,
    AnswerResignation,
    ChooseMove,
    ChoosePlay,
    Engine,
    Evaluator,
    MatchContext,
    OfferDouble,
    find_engine,
)
from gamehall.errors import GameError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.renju.board import Board


def test_money_context_defaults() -> None:
    context = MatchContext()
    assert context.match_length == 0 and context.away is None
    assert context.cube_value == 1 and context.cube_owner is None
    assert context.next_cube_value == 2
    assert context.engine_may_double


def test_cube_values_of_the_variants() -> None:
    georgian = MatchContext.for_variant("georgian")
    assert georgian.variant == "georgian"
    assert dataclasses.replace(georgian, cube_value=2).next_cube_value == 3
    assert dataclasses.replace(georgian, cube_value=6).next_cube_value is None
    international = MatchContext.for_variant("International")
    assert dataclasses.replace(international, cube_value=8).next_cube_value == 16
    assert dataclasses.replace(international, cube_value=64).next_cube_value == 128
    assert dataclasses.replace(international, cube_value=64, cube_cap=64).next_cube_value is None
    assert dataclasses.replace(georgian, cube_value=3).cube_after_double() == 4
    with pytest.raises(GameError, match="cap"):
        dataclasses.replace(georgian, cube_value=6).cube_after_double()
    with pytest.raises(GameError, match="unknown backgammon variant"):
        MatchContext.for_variant("plakoto")


def test_who_may_double() -> None:
    assert not MatchContext(crawford=True, match_length=5).engine_may_double
    assert not MatchContext(cube_value=2, cube_owner="opponent").engine_may_double
    assert MatchContext(cube_value=2, cube_owner="engine").engine_may_double
    assert MatchContext(cube_value=64, cube_owner="engine").engine_may_double
    assert not MatchContext(cube_value=64, cube_owner="engine", cube_cap=64).engine_may_double


def test_match_score_gives_the_points_still_needed() -> None:
    assert MatchContext(match_length=7, score=(5, 2)).away == (2, 5)


def test_context_refuses_nonsense() -> None:
    with pytest.raises(GameError):
        MatchContext(cube_value=0)
    with pytest.raises(GameError):
        MatchContext(match_length=-1)


def test_registry_has_every_game_at_every_level() -> None:
    # every game has the first two levels; the stronger ones arrive game by game
    assert {(game, level) for game in GAME_NAMES for level in LEVELS[:2]} <= set(ENGINES)
    assert {level for _, level in ENGINES} <= set(LEVELS)
    assert {level for game, level in ENGINES if game == "renju"} == set(LEVELS)
    for game, level in ENGINES:
        engine = find_engine(game, level, seed=3)
        assert isinstance(engine, Engine)
        assert (engine.game, engine.level) == (game, level)
        assert engine.name == f"gamehall {game} {level}"
        assert isinstance(engine, Evaluator) == (level == "beginner")


def test_find_engine_gives_fresh_engines() -> None:
    assert find_engine("renju", "random", 1) is not find_engine("renju", "random", 1)


@pytest.mark.parametrize(
    ("game", "level", "message"),
    [
        ("chess", "beginner", "no engine for 'chess'"),
        ("renju", "grandmaster", "no 'grandmaster' engine"),
    ],
)
def test_unknown_names_are_refused(game: str, level: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        find_engine(game, level)


def test_a_roll_has_at_least_one_play() -> None:
    with pytest.raises(GameError, match="no play"):
        ChoosePlay(BackgammonPosition.initial(), (3, 1), ())


def test_choose_play_roll_lists_the_legal_plays() -> None:
    position = BackgammonPosition.initial()
    decision = ChoosePlay.roll(position, (3, 1))
    assert [p.notation for p in decision.plays] == [
        p.notation for p in position.legal_plays((3, 1))
    ]
    assert decision.context == MatchContext()


def test_resignation_values_are_checked() -> None:
    with pytest.raises(GameError, match="1, 2 or 3"):
        AnswerResignation(BackgammonPosition.initial(), 4)


@pytest.mark.parametrize("level", LEVELS)
def test_engines_refuse_other_games_decisions(level: str) -> None:
    board = Board()
    for game in [g for g in ("backgammon", "georgian", "nardy") if (g, level) in ENGINES]:
        with pytest.raises(GameError, match="cannot answer ChooseMove"):
            find_engine(game, level).decide(ChooseMove(board))
        with pytest.raises(GameError, match="cannot answer AnswerDraw"):
            find_engine(game, level).decide(AnswerDraw(board))
    renju = find_engine("renju", level)
    with pytest.raises(GameError, match="cannot answer OfferDouble"):
        renju.decide(OfferDouble(BackgammonPosition.initial()))
    with pytest.raises(GameError, match="not a decision"):
        renju.decide("h8")  # type: ignore[call-overload]


TABLES_LEVELS = [
    level
    for level in LEVELS
    if all((g, level) in ENGINES for g in ("backgammon", "georgian", "nardy"))
]


@pytest.mark.parametrize("level", TABLES_LEVELS)
def test_engines_refuse_another_games_position(level: str) -> None:
    international = BackgammonPosition.initial()
    georgian = BackgammonPosition.initial("georgian")
    nardy = NardyPosition.initial()
    with pytest.raises(GameError, match="needs a backgammon position"):
        find_engine("backgammon", level).decide(AnswerDouble(nardy))
    with pytest.raises(GameError, match="needs a georgian position"):
        find_engine("georgian", level).decide(ChoosePlay.roll(international, (3, 1)))
    with pytest.raises(GameError, match="needs a nardy position"):
        find_engine("nardy", level).decide(OfferDouble(georgian))
