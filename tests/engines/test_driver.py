"""The computer player's driver: engines play whole matches, and only legal actions."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.engines import (
    AnswerResignation,
    ChooseResignation,
    Decision,
    Engine,
    find_engine,
)
from gamehall.engines.base import Choice
from gamehall.engines.driver import match_context, play_out, step, wants_to_act
from gamehall.errors import GameError
from gamehall.play.actions import Action
from gamehall.play.dice import SeededDice
from gamehall.play.events import Event
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch

GAMES = ["backgammon", "georgian", "nardy", "renju"]


def new_match(game: str, length: int = 1, seed: int = 1, **options: Any) -> Match:
    settings = MatchSettings.from_dict({"game": game, "length": length, **options})  # type: ignore[arg-type]
    if game == "renju":
        return RenjuMatch(settings)
    return TablesMatch(settings, dice=SeededDice(seed))


def checked(match: Match) -> list[tuple[int, str]]:
    """Make every action of a player on ``match`` first check that it is legal now; returns
    the list that records them."""
    taken: list[tuple[int, str]] = []
    apply = match.apply

    def checking(player: int | None, action: Action) -> list[Event]:
        if player is not None:
            kind = action.kind
            assert kind in match.legal_actions(player), (kind, match.legal_actions(player))
            taken.append((player, kind))
        return apply(player, action)

    match.apply = checking  # type: ignore[method-assign]
    return taken


def engines(game: str, level: str, seed: int = 1) -> dict[int, Engine]:
    return {p: find_engine(game, level, seed + p) for p in (0, 1)}


@pytest.mark.parametrize("level", ["random", "beginner"])
@pytest.mark.parametrize("game", GAMES)
def test_play_out_finishes_a_match_with_legal_actions(game: str, level: str) -> None:
    match = new_match(game, length=2 if level == "beginner" and game != "nardy" else 1)
    taken = checked(match)
    events = play_out(match, engines(game, level))
    assert match.is_over and match.winner in (0, 1)
    assert events == match.events
    assert {player for player, _ in taken} == {0, 1}
    replayed = type(match).from_dict(match.to_dict())
    assert replayed.score == match.score


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000), game=st.sampled_from(["backgammon", "georgian", "nardy"]))
def test_random_engines_never_act_illegally(seed: int, game: str) -> None:
    match = new_match(game, seed=seed)
    checked(match)
    play_out(match, engines(game, "random", seed))
    assert match.is_over


def test_the_same_seeds_play_the_same_match() -> None:
    logs = []
    for _ in range(2):
        match = new_match("backgammon", length=3, seed=9)
        play_out(match, engines("backgammon", "beginner", 9))
        logs.append([(e.kind, e.player, e.data, e.outcome) for e in match.events])
    assert logs[0] == logs[1]


def test_play_out_stops_where_a_person_must_act() -> None:
    match = new_match("backgammon")
    events = play_out(match, {1: find_engine("backgammon", "random", 1)})
    assert not match.is_over
    assert match.to_act == 0
    assert all(e.player in (None, 0, 1) for e in events)
    assert not wants_to_act(match, 1)
    with pytest.raises(GameError, match="nothing to decide"):
        step(match, 1, find_engine("backgammon", "random", 1))


def test_play_out_ends_a_money_session() -> None:
    match = new_match("backgammon", length=0, seed=4)
    play_out(match, engines("backgammon", "beginner"), session_games=2)
    assert match.end_reason == "session ended"
    assert len(match.games) == 2


def test_between_money_games_a_person_decides() -> None:
    match = new_match("backgammon", length=0, seed=4)
    assert isinstance(match, TablesMatch)
    bot = {1: find_engine("backgammon", "random", 1)}
    play_out(match, bot)
    match.act(0, "resign", value=3)
    play_out(match, bot)
    assert match.phase == "between" and not match.is_over
    assert match.score == [0, 3]


def test_play_out_gives_up_after_max_actions() -> None:
    with pytest.raises(GameError, match="did not end within 5 decisions"):
        play_out(new_match("nardy"), engines("nardy", "random"), max_actions=5)


def test_the_context_is_seen_from_the_engines_side() -> None:
    match = new_match("georgian", length=5, seed=2)
    assert isinstance(match, TablesMatch)
    match.start()
    match.score = [1, 3]
    match.cube, match.cube_owner = 3, 0
    mine, theirs = match_context(match, 0), match_context(match, 1)
    assert (mine.score, theirs.score) == ((1, 3), (3, 1))
    assert (mine.cube_owner, theirs.cube_owner) == ("engine", "opponent")
    assert mine.variant == "georgian" and mine.next_cube_value == 4
    assert mine.match_length == 5 and mine.cube_value == 3 and not mine.beavers
    nardy = new_match("nardy")
    assert isinstance(nardy, TablesMatch)
    nardy.start()
    assert match_context(nardy, 0).cube_owner is None


class Stubborn(Engine):
    """Offers to resign a single game every turn and never accepts a resignation; plays as
    the random engine otherwise."""

    def __init__(self) -> None:
        super().__init__("backgammon", "random", 1)
        self.inner = find_engine("backgammon", "random", 1)
        self.offers = 0

    def _decide(self, decision: Decision) -> Choice:
        if isinstance(decision, ChooseResignation):
            self.offers += 1
            return 1
        if isinstance(decision, AnswerResignation):
            return False
        return self.inner.decide(decision)


def test_a_declined_resignation_is_not_offered_again_in_the_game() -> None:
    match = new_match("backgammon", seed=3)
    checked(match)
    play_out(match, {0: Stubborn(), 1: Stubborn()})
    assert match.is_over
    resigns = [e for e in match.events if e.kind == "resign"]
    declines = [e for e in match.events if e.kind == "decline"]
    assert len(resigns) == len(declines) == 2
    assert {e.player for e in resigns} == {0, 1}


def test_the_bot_answers_a_resignation_and_a_double() -> None:
    match = new_match("backgammon", length=3, seed=5)
    assert isinstance(match, TablesMatch)
    match.start()
    person, bot = match.on_roll, 1 - match.on_roll
    engine = find_engine("backgammon", "beginner", 1)
    match.act(person, "resign", value=3)
    assert wants_to_act(match, bot)
    events = step(match, bot, engine)
    assert events[0].kind == "accept"
    assert match.games[-1].points == 3


def test_the_bot_answers_a_draw_offer_before_its_move() -> None:
    match = new_match("renju")
    assert isinstance(match, RenjuMatch)
    match.start()
    match.act(0, "offer_draw")
    match.act(0, "move", point="h8")
    engine = find_engine("renju", "beginner", 1)
    answer = step(match, 1, engine)
    assert [e.kind for e in answer] in (["accept", "game_end", "match_end"], ["decline"])
    if not match.is_over:
        move = step(match, 1, engine)
        assert move[0].kind == "move"
        assert match.to_act == 0
