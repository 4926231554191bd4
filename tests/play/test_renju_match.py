"""Renju matches: colours, forbidden-move loss, draws, resignation, time, replay."""

import json

import pytest

from gamehall.errors import GameError, IllegalMoveError
from gamehall.play.clock import TimeControl
from gamehall.play.match import Match
from gamehall.play.registry import load_match, new_match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import BackgammonSettings, MatchSettings, RenjuSettings
from gamehall.play.views import state_of
from support.matches import FakeTime

# A legal game (from the public sample) after which Black's i11 is a double-three.
DOUBLE_THREE_GAME = [
    "h8",
    "g8",
    "j10",
    "h11",
    "f10",
    "j12",
    "i9",
    "f12",
    "k9",
    "m8",
    "f11",
    "d9",
    "j11",
    "b8",
    "i12",
    "g12",
]


def _match(time_source: FakeTime | None = None, **settings: object) -> RenjuMatch:
    match = RenjuMatch(
        MatchSettings.from_dict({"game": "renju", **settings}),  # type: ignore[arg-type]
        ("Ann", "Bob"),
        time_source=time_source or FakeTime(),
    )
    match.start()
    return match


def _play(match: RenjuMatch, points: list[str]) -> None:
    for point in points:
        player = match.to_act
        assert player is not None
        match.act(player, "move", point=point)


def test_black_moves_first_and_colours_alternate_between_games() -> None:
    match = _match(length=3)
    assert match.black == 0 and match.to_act == 0
    match.act(1, "resign")
    assert match.score == [1, 0] and match.black == 1 and match.to_act == 1


def test_the_state_gives_each_stone_its_colour() -> None:
    match = _match(length=1)
    _play(match, ["h8", "h9", "j10"])
    match.act(1, "pass")
    _play(match, ["a1"])
    state = state_of(match)
    assert state["moves"] == ["h8", "h9", "j10", "pass", "a1"]
    assert state["stones"] == {"a1": "black", "h8": "black", "h9": "white", "j10": "black"}


def test_a_forbidden_move_loses_under_loss() -> None:
    match = _match(length=1)
    _play(match, DOUBLE_THREE_GAME)
    assert state_of(match)["forbidden"] == {"i11": "double-three"}
    match.act(0, "move", point="i11")
    assert match.is_over and match.winner == 1
    assert match.games[0].reason == "double-three"


def test_a_forbidden_move_is_refused_under_refuse() -> None:
    match = _match(length=1, options={"forbidden": "refuse"})
    _play(match, DOUBLE_THREE_GAME)
    with pytest.raises(IllegalMoveError, match="double-three"):
        match.act(0, "move", point="i11")
    assert match.to_act == 0 and len(match.board.moves) == 16  # type: ignore[union-attr]


def test_five_wins_the_game_and_the_match() -> None:
    match = _match(length=1, options={"opening": "free"})
    _play(match, ["a1", "o15", "b1", "o14", "c1", "o13", "d1", "o12", "e1"])
    assert match.is_over and match.winner == 0 and match.games[0].reason == "five"


def test_draw_by_agreement_and_a_move_declines_an_offer() -> None:
    match = _match(length=2)
    match.act(0, "offer_draw")
    with pytest.raises(IllegalMoveError, match="already waiting"):
        match.act(1, "offer_draw")
    match.act(0, "move", point="h8")  # the offerer may still move
    match.act(1, "move", point="h9")  # the opponent's move declines the offer
    assert match.draw_offer is None
    match.act(1, "offer_draw")
    match.act(0, "accept")
    assert match.score == [0.5, 0.5] and match.games[0].kind == "draw"


def test_two_passes_draw() -> None:
    match = _match(length=1, options={"opening": "free", "draws": "replay"})
    match.act(0, "pass")
    match.act(1, "pass")
    assert match.games[0].reason == "two-passes" and match.score == [0.5, 0.5]
    # Under draws="replay", a drawn 1-game match goes on until somebody leads.
    assert not match.is_over and match.black == 1


def _new(**settings: object) -> Match:
    made = MatchSettings.from_dict({"game": "renju", **settings})
    match = new_match(made, ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    return match


def test_a_drawn_one_game_match_is_a_drawn_match() -> None:
    match = _new(length=1)
    assert match.to_dict()["settings"]["options"] == {"draws": "count"}  # type: ignore[index]
    match.act(0, "move", point="h8")
    match.act(1, "offer_draw")
    match.act(0, "accept")
    assert match.is_over and match.winner is None and match.score == [0.5, 0.5]
    assert match.events[-1].kind == "match_end"
    again = load_match(json.loads(json.dumps(match.to_dict())))
    assert again.is_over and again.winner is None


def _draw(match: Match) -> None:
    """The player on move offers a draw and the other accepts."""
    offerer = match.to_act
    assert offerer is not None
    match.act(offerer, "offer_draw")
    match.act(1 - offerer, "accept")


def test_a_match_of_n_games_ends_when_decided_or_after_n_games() -> None:
    match = _new(length=3)
    match.act(0, "resign")
    match.act(0, "resign")
    assert match.is_over and match.score == [0, 2]  # 2 of 3: the third cannot change it
    match = _new(length=2)
    match.act(0, "resign")
    _draw(match)
    assert match.is_over and match.score == [0.5, 1.5] and match.winner == 1
    match = _new(length=2)
    _draw(match)
    _draw(match)
    assert match.is_over and match.winner is None and match.score == [1, 1]


def test_a_match_stored_before_the_draws_option_replays_its_draws() -> None:
    match = _new(length=1, options={"draws": "replay"})
    _draw(match)
    match.act(0, "resign")
    stored = json.loads(json.dumps(match.to_dict()))
    del stored["settings"]["options"]  # as matches were stored before the option
    again = load_match(stored)
    assert again.is_over and again.score == match.score and len(again.games) == 2
    with pytest.raises(GameError, match="draws"):
        MatchSettings.from_dict({"game": "renju", "options": {"draws": "never"}})


def test_out_of_turn_and_unknown_actions_change_nothing() -> None:
    match = _match(length=1)
    before = json.dumps(match.to_dict())
    for player, kind, data in [
        (1, "move", {"point": "h8"}),
        (0, "move", {"point": "a1"}),
        (0, "move", {"point": "z99"}),
        (0, "accept", {}),
        (0, "double", {}),
    ]:
        with pytest.raises(GameError):
            match.act(player, kind, **data)
    assert json.dumps(match.to_dict()) == before


def test_time_loses_the_game_not_the_match() -> None:
    clock_time = FakeTime()
    match = _match(clock_time, length=2, clock="byoyomi:10+2x5")
    match.act(0, "move", point="h8")
    clock_time.advance(21)  # Bob uses his main time and both periods
    events = match.check_time()
    assert [e.kind for e in events][:2] == ["flag", "game_end"]
    assert match.score == [1, 0] and match.games[0].reason == "time" and not match.is_over
    assert match.clock is not None and match.clock.remaining(0) == pytest.approx(20)


def test_fischer_time_loss_of_the_deciding_game_ends_the_match() -> None:
    clock_time = FakeTime()
    match = _match(clock_time, length=1, clock="fischer:30+1")
    match.act(0, "move", point="h8")
    clock_time.advance(31)
    with pytest.raises(IllegalMoveError, match="time has run out"):
        match.act(1, "move", point="h9")
    assert match.is_over and match.winner == 0


def test_replay_of_the_log_gives_the_same_match() -> None:
    clock_time = FakeTime()
    match = _match(clock_time, length=2, clock="fischer:300+2")
    for point in DOUBLE_THREE_GAME:
        clock_time.advance(1.5)
        match.act(match.to_act, "move", point=point)  # type: ignore[arg-type]
    match.act(1, "offer_draw")
    match.act(0, "decline")
    data = json.loads(json.dumps(match.to_dict()))
    again = RenjuMatch.from_dict(data, time_source=clock_time)
    assert state_of(again) == state_of(match)


def test_renju_has_no_dice_and_no_money_play() -> None:
    with pytest.raises(GameError, match="no dice"):
        RenjuMatch(RenjuSettings(dice="fair"))
    with pytest.raises(GameError, match="no money play"):
        RenjuSettings(length=0)
    with pytest.raises(GameError, match="no option"):
        MatchSettings.from_dict({"game": "renju", "options": {"bearoff": "seed"}})


def test_pass_is_offered_only_where_the_opening_allows_it() -> None:
    match = _match(length=1)
    assert "pass" not in match.legal_actions(0)
    _play(match, ["h8", "h9", "j10"])
    assert "pass" in match.legal_actions(1)


def test_a_per_point_clock_needs_a_match_length() -> None:
    with pytest.raises(GameError, match="match point"):
        BackgammonSettings(length=0, clock=TimeControl.parse("delay:5+30/pt"))
