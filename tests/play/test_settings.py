"""Match settings: one type per game, checked once, with errors that say what is allowed; the
dict form reads what stored matches hold and writes it back the same."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.errors import GameError, RecordError
from gamehall.jsontext import JsonObject
from gamehall.play.actions import Move
from gamehall.play.clock import Byoyomi, Delay, Fischer, TimeControl
from gamehall.play.events import Moved, event_from_dict
from gamehall.play.settings import (
    BEAROFFS,
    BLOCK_CHECKS,
    FORBIDDEN,
    HEAD_EXCEPTIONS,
    RENJU_OPENINGS,
    RENJU_RULES,
    SWITCHES,
    BackgammonSettings,
    GeorgianSettings,
    MatchSettings,
    NardySettings,
    RenjuSettings,
)

KEYS = [
    "game",
    "length",
    "clock",
    "dice",
    "crawford",
    "jacoby",
    "beavers",
    "cube_cap",
    "first_move",
    "surrender_value",
    "options",
]


def test_defaults_and_round_trip() -> None:
    settings = NardySettings(length=5, clock=Fischer(300, 5), bearoff="standard")
    assert MatchSettings.from_dict(settings.to_dict()) == settings
    assert MatchSettings.from_dict({}) == BackgammonSettings()
    assert BackgammonSettings().length == 1 and BackgammonSettings().game == "backgammon"


def test_the_dict_form_is_every_key_in_order_with_the_options_copied() -> None:
    settings = NardySettings(length=3, bearoff="standard")
    data = settings.to_dict()
    assert list(data) == KEYS
    assert data["options"] == {"bearoff": "standard"}
    options = data["options"]
    assert isinstance(options, dict)
    options["bearoff"] = "seed"
    assert settings.options == {"bearoff": "standard"}


STORED: list[JsonObject] = [
    {
        "game": "backgammon",
        "length": 3,
        "clock": "fischer:600+10",
        "dice": "secure",
        "crawford": None,
        "jacoby": False,
        "beavers": False,
        "cube_cap": None,
        "first_move": "alternate",
        "surrender_value": "oin",
        "options": {},
    },
    {
        "game": "backgammon",
        "length": 0,
        "clock": "delay:12+600",
        "dice": "fair",
        "crawford": None,
        "jacoby": True,
        "beavers": True,
        "cube_cap": 16,
        "first_move": "alternate",
        "surrender_value": "oin",
        "options": {},
    },
    {
        "game": "georgian",
        "length": 7,
        "clock": "delay:12+60/pt",
        "dice": "secure",
        "crawford": True,
        "jacoby": False,
        "beavers": False,
        "cube_cap": None,
        "first_move": "alternate",
        "surrender_value": "oin",
        "options": {},
    },
    {
        "game": "nardy",
        "length": 5,
        "clock": "byoyomi:600+5x30",
        "dice": "secure",
        "crawford": None,
        "jacoby": False,
        "beavers": False,
        "cube_cap": None,
        "first_move": "winner",
        "surrender_value": "mars",
        "options": {"bearoff": "maxpips", "last_roll_tie": "on"},
    },
    {
        "game": "renju",
        "length": 1,
        "clock": None,
        "dice": "secure",
        "crawford": None,
        "jacoby": False,
        "beavers": False,
        "cube_cap": None,
        "first_move": "alternate",
        "surrender_value": "oin",
        "options": {"rule": "renju", "opening": "swap2", "forbidden": "claim"},
    },
]


@pytest.mark.parametrize("stored", STORED, ids=lambda d: str(d["game"]))
def test_stored_settings_read_back_to_the_same_dict(stored: JsonObject) -> None:
    assert MatchSettings.from_dict(stored).to_dict() == stored


def test_each_game_has_its_type_and_its_options_typed() -> None:
    nardy = MatchSettings.from_dict(STORED[3])
    assert isinstance(nardy, NardySettings)
    assert nardy.rules == {
        "bearoff": "maxpips",
        "block_check": "step",
        "head_exception": "seed",
        "last_roll_tie": True,
    }
    assert nardy.clock == Byoyomi(600, 5, 30)
    renju = MatchSettings.from_dict(STORED[4])
    assert isinstance(renju, RenjuSettings) and renju.forbidden == "claim"
    georgian = MatchSettings.from_dict(STORED[2])
    assert isinstance(georgian, GeorgianSettings) and georgian.clock == Delay(12, 60, True)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"game": "chess"}, "game 'chess' is not known"),
        ({"length": -1}, "give 1 to 64 points"),
        ({"length": 65}, "give 1 to 64 points"),
        ({"clock": "sandglass"}, "not a time control"),
        ({"clock": "delay:12+60/pt", "length": 0}, "say how many points"),
        ({"dice": "loaded"}, "dice 'loaded'"),
        ({"game": "nardy", "options": {"bearoff": "fast"}}, "bearoff 'fast'"),
        ({"game": "backgammon", "options": {"bearoff": "seed"}}, "no option 'bearoff'"),
        ({"game": "renju", "options": {"colour": "red"}}, "renju has no option 'colour'"),
        ({"first_move": "loser"}, "first_move"),
        ({"game": "nardy", "length": 0}, "nardy has no money play"),
        ({"game": "renju", "cube_cap": 4}, "renju has no doubling cube"),
        ({"length": 3, "cube_cap": 4}, "cube_cap is for money play"),
        ({"length": 3, "jacoby": True}, "for money play \\(length 0\\) only"),
    ],
)
def test_bad_settings_say_what_is_allowed(values: JsonObject, words: str) -> None:
    with pytest.raises(GameError, match=words):
        MatchSettings.from_dict(values)


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
        ({"game": "nardy", "options": [["bearoff", "seed"]]}, "options must be a mapping"),
    ],
)
def test_wrongly_typed_settings_are_refused_not_coerced(values: JsonObject, words: str) -> None:
    with pytest.raises(GameError, match=words):
        MatchSettings.from_dict(values)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: NardySettings(bearoff="fast"), "bearoff 'fast' is not known"),  # type: ignore[arg-type]
        (lambda: RenjuSettings(opening="nowhere"), "opening 'nowhere'"),  # type: ignore[arg-type]
        (lambda: RenjuSettings(length=0), "renju has no money play"),
        (lambda: BackgammonSettings(length=2, beavers=True), "for money play"),
        (lambda: BackgammonSettings(clock="fischer:60"), "clock must be a time control"),  # type: ignore[arg-type]
        (lambda: GeorgianSettings(length=0, cube_cap=8), "2, 3, 4, 5, 6, not 8"),
        (lambda: NardySettings(length=True), "match length True"),
    ],
)
def test_the_types_refuse_what_they_do_not_hold(make: object, words: str) -> None:
    assert callable(make)
    with pytest.raises(GameError, match=words):
        make()


def test_from_dict_refuses_keys_that_are_not_texts() -> None:
    with pytest.raises(GameError, match="unknown match settings: 1"):
        MatchSettings.from_dict({1: "x"})  # type: ignore[dict-item]


def test_crawford_follows_the_variant_unless_set() -> None:
    assert BackgammonSettings(length=5).uses_crawford
    assert not GeorgianSettings(length=5).uses_crawford
    assert GeorgianSettings(length=5, crawford=True).uses_crawford
    assert not BackgammonSettings(length=0).uses_crawford


def test_unknown_keys_are_refused() -> None:
    with pytest.raises(GameError, match="unknown match settings: colour"):
        MatchSettings.from_dict({"game": "renju", "colour": "black"})


def test_the_other_games_keys_are_read_at_their_neutral_values() -> None:
    settings = MatchSettings.from_dict({"game": "renju", "crawford": True, "first_move": "winner"})
    assert settings == RenjuSettings()


SECONDS = st.integers(0, 10_000).map(float) | st.floats(0, 10_000, allow_nan=False).map(
    lambda x: round(x, 3)
)
CONTROLS = st.one_of(
    st.builds(Fischer, SECONDS.filter(bool), SECONDS),
    st.tuples(SECONDS, SECONDS, st.booleans())
    .filter(lambda t: t[0] + t[1] > 0)
    .map(lambda t: Delay(*t)),
    st.builds(Byoyomi, SECONDS, st.integers(1, 10), SECONDS.filter(bool)),
)


@given(CONTROLS)
def test_a_time_control_reads_back_from_its_text(control: TimeControl) -> None:
    assert TimeControl.parse(str(control)) == control


CLOCKS = st.none() | CONTROLS
LENGTHS = st.integers(1, 64)
BACKGAMMONS = st.one_of(
    st.builds(
        BackgammonSettings,
        length=LENGTHS,
        clock=CLOCKS,
        dice=st.sampled_from(["secure", "fair"]),
        crawford=st.none() | st.booleans(),
    ),
    st.builds(
        BackgammonSettings,
        length=st.just(0),
        clock=CLOCKS.filter(lambda c: not (isinstance(c, Delay) and c.per_point)),
        jacoby=st.booleans(),
        beavers=st.booleans(),
        cube_cap=st.none() | st.sampled_from([2, 8, 64]),
    ),
    st.builds(GeorgianSettings, length=LENGTHS, clock=CLOCKS, crawford=st.none() | st.booleans()),
    st.builds(
        GeorgianSettings,
        length=st.just(0),
        jacoby=st.booleans(),
        beavers=st.booleans(),
        cube_cap=st.none() | st.sampled_from([2, 3, 6]),
    ),
)
NARDIES = st.builds(
    NardySettings,
    length=LENGTHS,
    clock=CLOCKS,
    dice=st.sampled_from(["secure", "fair"]),
    first_move=st.sampled_from(["alternate", "winner"]),
    surrender_value=st.sampled_from(["oin", "mars"]),
    bearoff=st.none() | st.sampled_from(BEAROFFS),
    block_check=st.none() | st.sampled_from(BLOCK_CHECKS),
    head_exception=st.none() | st.sampled_from(HEAD_EXCEPTIONS),
    last_roll_tie=st.none() | st.sampled_from(SWITCHES),
)
RENJUS = st.builds(
    RenjuSettings,
    length=LENGTHS,
    clock=CLOCKS,
    rule=st.none() | st.sampled_from(RENJU_RULES),
    opening=st.none() | st.sampled_from(RENJU_OPENINGS),
    forbidden=st.none() | st.sampled_from(FORBIDDEN),
)


@given(BACKGAMMONS | NARDIES | RENJUS)
def test_every_settings_value_round_trips(settings: MatchSettings) -> None:
    data = settings.to_dict()
    assert list(data) == KEYS
    assert MatchSettings.from_dict(data) == settings
    assert MatchSettings.from_dict(data).to_dict() == data


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


@given(st.dictionaries(st.sampled_from([*KEYS, "colour"]), VALUES))
def test_any_dict_is_settings_or_a_game_error(data: dict[str, object]) -> None:
    try:
        settings = MatchSettings.from_dict(data)
    except GameError:
        return
    assert MatchSettings.from_dict(settings.to_dict()) == settings


def test_settings_are_a_mapping() -> None:
    with pytest.raises(GameError, match="a mapping"):
        MatchSettings.from_dict([("game", "renju")])  # type: ignore[arg-type]
