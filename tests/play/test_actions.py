"""Actions: one frozen type per kind, read from their dict form only when well formed."""

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.errors import GameError
from gamehall.play.actions import (
    ACTION_TYPES,
    KINDS,
    Accept,
    Action,
    Move,
    OfferFifth,
    OpeningChoice,
    Place,
    Play,
    Resign,
    Roll,
    Seed,
    action_from_dict,
)
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuSettings
from support.matches import FakeTime, scripted

FIELDS: dict[type[Action], dict[str, st.SearchStrategy[Any]]] = {
    Move: {"src": st.one_of(st.integers(1, 25), st.just("bar")), "die": st.integers(1, 6)},
    Play: {"text": st.text(min_size=1, max_size=200)},
    Seed: {"seed": st.text(min_size=1, max_size=200)},
    Resign: {"value": st.one_of(st.none(), st.integers(1, 3))},
    Place: {"point": st.text(min_size=1, max_size=8)},
    OpeningChoice: {"choice": st.text(min_size=1, max_size=16)},
    OfferFifth: {"point": st.text(min_size=1, max_size=8)},
}


@st.composite
def actions(draw: st.DrawFn) -> Action:
    cls = draw(st.sampled_from(ACTION_TYPES))
    values = {name: draw(strategy) for name, strategy in FIELDS.get(cls, {}).items()}
    return cls(**values)


@given(actions())
def test_an_action_round_trips_through_its_dict(action: Action) -> None:
    assert action_from_dict(action.to_dict()) == action
    assert type(action).from_dict(action.to_dict()) == action


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=5,
)


@given(
    st.dictionaries(
        st.sampled_from(["kind", "src", "die", "text", "seed", "value", "point", "x"]),
        st.sampled_from(KINDS) | JSON,
    )
)
def test_any_dict_is_an_action_or_a_game_error(data: dict[str, Any]) -> None:
    try:
        action = action_from_dict(data)
    except GameError:
        return
    assert action.to_dict() == {k: v for k, v in data.items() if v is not None}


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"kind": "fly"}, "'fly' is not an action: actions are start, check_time, seed"),
        ({}, "an action without a kind is not an action"),
        ({"kind": 3}, "an action without a kind"),
        ({"kind": "move"}, "move needs 'src' \\(a point 1-24 or 'bar'\\) and 'die' \\(1-6\\)"),
        ({"kind": "move", "src": 13}, "move needs 'src'"),
        ({"kind": "move", "src": "³", "die": 3}, "move needs 'src'"),
        ({"kind": "move", "src": "13", "die": 3}, "move needs 'src'"),
        ({"kind": "move", "src": 13, "die": True}, "move needs 'src'"),
        ({"kind": "move", "src": 13, "die": 7}, "move needs 'src'"),
        ({"kind": "move", "src": 13, "die": 3, "hit": True}, "move needs 'src'"),
        ({"kind": "move", "point": 8}, "a renju move needs 'point'"),
        ({"kind": "roll", "x": 1}, "roll takes no data"),
        ({"kind": "play"}, "play needs 'text'"),
        ({"kind": "play", "text": ["8/5"]}, "play needs 'text'"),
        ({"kind": "resign", "value": "2"}, "say what you resign"),
        ({"kind": "resign", "value": True}, "say what you resign"),
        ({"kind": "seed", "seed": ""}, "seed needs 'seed'"),
    ],
)
def test_malformed_actions_say_what_they_need(data: dict[str, Any], words: str) -> None:
    with pytest.raises(GameError, match=words):
        action_from_dict(data)


def test_a_mapping_is_needed() -> None:
    with pytest.raises(GameError, match="a mapping with a 'kind'"):
        action_from_dict(["roll"])  # type: ignore[arg-type]


def test_apply_and_act_take_the_same_path() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)], length=3)
    events = match.apply(0, Move(8, 3))
    assert [e.to_dict()["data"] for e in events] == [{"src": 8, "die": 3}]
    match.act(0, "move", src=6, die=1)
    assert match.turn is not None and [str(m) for m in match.turn.moves] == ["8/5", "6/5"]
    with pytest.raises(GameError, match="move needs 'src'"):
        match.act(0, "move", src="³", die=3)
    with pytest.raises(GameError, match="given once"):
        match.act(0, "roll", kind="roll")


def test_an_action_of_another_game_is_refused_in_its_words() -> None:
    match = scripted("backgammon", [(3, 1)], length=3)
    with pytest.raises(GameError, match="in backgammon, move needs 'src'"):
        match.apply(0, Place("h8"))
    with pytest.raises(GameError, match="'offer_draw' is not an action of backgammon"):
        match.act(0, "offer_draw")
    renju = RenjuMatch(RenjuSettings(), time_source=FakeTime())
    renju.start()
    with pytest.raises(GameError, match="in renju, a renju move needs 'point'"):
        renju.apply(0, Move(8, 3))
    with pytest.raises(GameError, match="a renju resignation has no value"):
        renju.apply(0, Resign(2))
    renju.apply(0, Place("h8"))
    with pytest.raises(GameError, match="no draw offer"):
        renju.apply(0, Accept())
    renju.apply(1, Resign())
    assert renju.is_over and renju.winner == 0


def test_the_referee_starts_and_players_act() -> None:
    match = scripted("backgammon", [(3, 1)], length=3)
    with pytest.raises(GameError, match="must come from a player"):
        match.apply(None, Roll())
    for player in (True, 0.0, "0"):
        with pytest.raises(GameError, match="there is no player"):
            match.apply(player, Roll())  # type: ignore[arg-type]


@settings(max_examples=200)
@given(
    st.sampled_from(["backgammon", "renju"]),
    st.one_of(st.none(), st.integers(-1, 2), st.booleans(), st.floats(), st.text(max_size=2)),
    st.sampled_from(KINDS),
    st.dictionaries(st.sampled_from(["src", "die", "text", "seed", "value", "point"]), JSON),
)
def test_garbage_sent_to_a_match_raises_only_game_errors(
    game: str, player: Any, kind: str, data: dict[str, Any]
) -> None:
    if game == "renju":
        match: Match = RenjuMatch(RenjuSettings(), time_source=FakeTime())
        match.start()
    else:
        match = scripted("backgammon", [(3, 1)] * 5, length=3)
    with contextlib.suppress(GameError):  # anything else fails the test
        match.act(player, kind, **data)
