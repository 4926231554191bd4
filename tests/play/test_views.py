"""The views of a match (``play.views``): built from its state outside the state machines, of
the keys their types declare."""

import random
from unittest.mock import Mock

import pytest

from gamehall.errors import GameError
from gamehall.play.clock import TimeControl
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import BackgammonSettings, MatchSettings, RenjuSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.play.views import RenjuState, TablesState, legal_of, state_of


def _keys_fit(state: object, declared: type) -> None:
    assert isinstance(state, dict)
    required: frozenset[str] = declared.__required_keys__  # type: ignore[attr-defined]
    optional: frozenset[str] = declared.__optional_keys__  # type: ignore[attr-defined]
    assert required <= state.keys() <= required | optional, set(state) ^ required


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy"])
def test_a_tables_state_has_the_keys_its_type_declares_at_every_step(game: str) -> None:
    rng = random.Random(5)
    match = TablesMatch(
        MatchSettings.from_dict({"game": game, "length": 3, "clock": "fischer:600+5"}), ("A", "B")
    )
    _keys_fit(state_of(match), TablesState)
    match.start()
    for _ in range(200):
        if match.is_over:
            break
        player = match.to_act
        assert player is not None
        _keys_fit(state_of(match), TablesState)
        legal = legal_of(match, player)
        actions = match.legal_actions(player)
        if "roll" in actions:
            match.act(player, "roll")
        elif "confirm" in actions:
            match.act(player, "confirm")
        elif "take" in actions:
            match.act(player, "take")
        else:
            assert legal is not None and legal["moves"]
            assert legal_of(match, 1 - player) is None  # the other player's view lists nothing
            move = rng.choice(legal["moves"])
            match.act(player, "move", src=move["src"], die=move["die"])
    _keys_fit(state_of(match), TablesState)


def test_a_renju_state_has_the_keys_its_type_declares_and_lists_no_moves() -> None:
    match = RenjuMatch(RenjuSettings(clock=TimeControl.parse("fischer:600+5")), ("A", "B"))
    match.start()
    for point in ("h8", "h9", "j10", "a1"):
        match.act(match.to_act, "move", point=point)
        _keys_fit(state_of(match), RenjuState)
    assert legal_of(match, match.to_act) is None


def test_a_board_shown_twice_is_the_same_view() -> None:
    match = TablesMatch(BackgammonSettings(), ("A", "B"))
    match.start()
    first, again = state_of(match), state_of(match)
    assert first == again and "position" in first and first["position"]["id"]


def test_there_is_no_view_of_an_unknown_kind_of_match() -> None:
    class Other(RenjuMatch):
        pass

    assert state_of(Other(RenjuSettings(), ("A", "B")))["game"] == "renju"
    with pytest.raises(GameError, match="no view"):
        state_of(Mock(spec=Match))
