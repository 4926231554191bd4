"""Match settings: checked once, with errors that say what is allowed; the dict form round-trips."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.errors import GameError, RecordError
from gamehall.play.actions import Move
from gamehall.play.events import Moved, event_from_dict
from gamehall.play.settings import MatchSettings


def test_defaults_and_round_trip() -> None:
    settings = MatchSettings(
        game="nardy", length=5, clock="fischer:300+5", options={"bearoff": "standard"}
    )
    assert MatchSettings.from_dict(settings.to_dict()) == settings
    assert MatchSettings().game == "backgammon" and MatchSettings().length == 1


def test_the_dict_form_is_every_field_in_order_with_the_options_copied() -> None:
    settings = MatchSettings(game="nardy", length=3, options={"bearoff": "standard"})
    data = settings.to_dict()
    assert data == dataclasses.asdict(settings)
    assert list(data) == [f.name for f in dataclasses.fields(MatchSettings)]
    data["options"]["bearoff"] = "seed"
    assert settings.options == {"bearoff": "standard"}


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"game": "chess"}, "game 'chess' is not known"),
        ({"length": -1}, "give 1 to 64 points"),
        ({"length": 65}, "give 1 to 64 points"),
        ({"clock": "sandglass"}, "not a time control"),
        ({"dice": "loaded"}, "dice 'loaded'"),
        ({"game": "nardy", "options": {"bearoff": "fast"}}, "bearoff 'fast'"),
        ({"game": "backgammon", "options": {"bearoff": "seed"}}, "no option 'bearoff'"),
        ({"first_move": "loser"}, "first_move"),
    ],
)
def test_bad_settings_say_what_is_allowed(values: dict[str, object], words: str) -> None:
    with pytest.raises(GameError, match=words):
        MatchSettings(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"crawford": "off"}, "crawford must be true, false or null .*not 'off'"),
        ({"crawford": 0}, "crawford must be true, false or null"),
        ({"length": 0, "jacoby": "no"}, "jacoby must be true or false, not 'no'"),
        ({"length": 0, "beavers": 1}, "beavers must be true or false, not 1"),
        ({"clock": 5}, "clock must be a time control .*not 5"),
        ({"length": True}, "match length True"),
        ({"length": "3"}, "match length '3'"),
        ({"length": 2.0}, "match length 2.0"),
        ({"game": ["renju"]}, "game \\['renju'\\] is not known"),
        ({"dice": None}, "dice None is not known"),
        ({"surrender_value": 2}, "surrender_value 2 is not known"),
        ({"game": "nardy", "options": {"bearoff": 1}}, "options must be a mapping"),
        ({"game": "nardy", "options": [("bearoff", "seed")]}, "options must be a mapping"),
    ],
)
def test_wrongly_typed_settings_are_refused_not_coerced(
    values: dict[str, object], words: str
) -> None:
    with pytest.raises(GameError, match=words):
        MatchSettings(**values)  # type: ignore[arg-type]
    with pytest.raises(GameError, match=words):
        MatchSettings.from_dict(values)


def test_from_dict_refuses_keys_that_are_not_texts() -> None:
    with pytest.raises(GameError, match="unknown match settings: 1"):
        MatchSettings.from_dict({1: "x"})  # type: ignore[dict-item]


def test_crawford_follows_the_variant_unless_set() -> None:
    assert MatchSettings(game="backgammon", length=5).uses_crawford
    assert not MatchSettings(game="georgian", length=5).uses_crawford
    assert MatchSettings(game="georgian", length=5, crawford=True).uses_crawford
    assert not MatchSettings(game="backgammon", length=0).uses_crawford


def test_unknown_keys_are_refused() -> None:
    with pytest.raises(GameError, match="unknown match settings: colour"):
        MatchSettings.from_dict({"game": "renju", "colour": "black"})


def test_event_round_trip() -> None:
    event = Moved(seq=3, player=1, time=12.5, data={"src": 13, "die": 6}, outcome={"move": "13/7"})
    assert event_from_dict(event.to_dict()) == event
    assert event.action() == Move(13, 6)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"seq": "3"}, "seq must be a whole number"),
        ({"seq": True}, "seq must be a whole number"),
        ({"player": True}, "player must be 0, 1 or null"),
        ({"player": 2}, "player must be 0, 1 or null"),
        ({"time": "12.5"}, "time must be a number"),
        ({"kind": 4}, "kind must be a text"),
        ({"derived": "no"}, "derived must be true or false"),
        ({"data": [1]}, "data must be a mapping"),
        ({"clocks": 5}, "clocks must be a mapping"),
        ({"colour": "red"}, "unknown fields: colour"),
    ],
)
def test_events_of_the_wrong_type_are_refused(change: dict[str, object], words: str) -> None:
    data = {"seq": 3, "kind": "roll", "player": 1, "time": 12.5, "outcome": {"dice": [3, 1]}}
    with pytest.raises(RecordError, match=words):
        event_from_dict({**data, **change})


def test_an_event_that_is_not_an_action_says_so() -> None:
    event = Moved(seq=3, player=1, time=12.5, data={"src": 26, "die": 6}, outcome={"move": "?"})
    with pytest.raises(RecordError, match="event 3 \\(move\\) is not an action"):
        event.action()


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 70),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(["backgammon", "nardy", "renju", "fair", "winner", "mars", "fischer:60+1"]),
    st.dictionaries(st.sampled_from(["bearoff", "rule", "x"]), st.text(max_size=8), max_size=2),
    st.lists(st.integers(), max_size=2),
)


@given(st.dictionaries(st.sampled_from([*MatchSettings.__dataclass_fields__, "colour"]), VALUES))
def test_any_dict_is_settings_or_a_game_error(data: dict[str, object]) -> None:
    try:
        settings = MatchSettings.from_dict(data)
    except GameError:
        return
    assert MatchSettings.from_dict(settings.to_dict()) == settings


def test_settings_are_a_mapping() -> None:
    with pytest.raises(GameError, match="a mapping"):
        MatchSettings.from_dict([("game", "renju")])  # type: ignore[arg-type]
