"""The match log's events: one frozen type per kind, whose data and outcome keys are read
strictly from the stored form and written back exactly."""

import json
import random

import pytest

from gamehall.errors import RecordError
from gamehall.play.events import (
    EVENT_TYPES,
    GameEnded,
    Moved,
    Resigned,
    Rolled,
    event_from_dict,
)
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings, RenjuSettings
from gamehall.play.tables_match import TablesMatch


def _tables_log(game: str, seed: int) -> TablesMatch:
    """A match of random legal choices, doubles and resignations among them."""
    rng = random.Random(seed)
    match = TablesMatch(
        MatchSettings.from_dict(
            {"game": game, "length": 3, "dice": "fair", "clock": "fischer:600+5"}
        ),
        ("Ann", "Bob"),
    )
    match.start()
    while not match.is_over:
        player = match.to_act
        assert player is not None
        actions = match.legal_actions(player)
        if "take" in actions:
            match.act(player, rng.choice(["take", "drop"]))
        elif "double" in actions and rng.random() < 0.2:
            match.act(player, "double")
        elif "roll" in actions:
            match.act(player, "roll")
        elif "confirm" in actions:
            match.act(player, "confirm")
        elif "accept" in actions:
            match.act(player, rng.choice(["accept", "decline"]))
        elif "resign" in actions and rng.random() < 0.02:
            match.act(player, "resign", **({} if game == "nardy" else {"value": 1}))
        else:
            assert match.turn is not None
            move = rng.choice(match.turn.legal_moves())
            match.act(player, "move", src=move.src, die=move.die)
    return match


def _renju_log() -> RenjuMatch:
    match = RenjuMatch(RenjuSettings(length=2, opening="swap2"), ("A", "B"))
    match.start()
    return match


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy"])
def test_every_event_of_a_log_round_trips_through_its_stored_form(game: str) -> None:
    for seed in range(3):
        for event in _tables_log(game, seed).events:
            stored = json.loads(json.dumps(event.to_dict()))
            again = event_from_dict(stored)
            assert again == event and type(again) is EVENT_TYPES[event.kind]
            assert again.to_dict() == stored


def test_a_roll_has_its_dice_typed() -> None:
    event = event_from_dict(
        {"seq": 4, "kind": "roll", "player": 0, "time": 1.0, "outcome": {"dice": [3, 1]}}
    )
    assert isinstance(event, Rolled) and event.outcome["dice"] == [3, 1]
    assert event.action().kind == "roll"


def test_both_families_moves_are_one_kind_with_their_own_data() -> None:
    checker = {"src": "bar", "die": 3}
    stone = {"point": "h8"}
    for data, move in ((checker, "bar/22"), (stone, "h8")):
        event = event_from_dict(
            {
                "seq": 1,
                "kind": "move",
                "player": 1,
                "time": 2.0,
                "data": data,
                "outcome": {"move": move},
            }
        )
        assert isinstance(event, Moved) and event.data == data


def test_optional_keys_keep_whether_they_were_there() -> None:
    """A game's end with fair dice names the seed it reveals, even a lost one (null); without
    fair dice it has no such key: both are written back as they were."""
    base = {"winner": 0, "reason": "bear-off", "score": [1, 0], "points": 1, "kind": "single"}
    for outcome in (base, {**base, "server_seed": None}, {**base, "server_seed": "ab"}):
        data = {
            "seq": 9,
            "kind": "game_end",
            "player": 0,
            "time": 3.0,
            "outcome": outcome,
            "derived": True,
        }
        event = event_from_dict(data)
        assert isinstance(event, GameEnded) and event.to_dict() == data


def test_a_renju_resignation_has_no_value_and_a_backgammon_one_may() -> None:
    bare = {"seq": 5, "kind": "resign", "player": 1, "time": 4.0}
    assert event_from_dict(bare) == Resigned(seq=5, player=1, time=4.0, data={}, outcome={})
    offered = {**bare, "data": {"value": 2}, "outcome": {"points": 4}}
    assert event_from_dict(offered).to_dict() == offered


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"kind": "teleport"}, "'teleport' is not a kind of event"),
        ({"outcome": {"dice": "31"}}, "its outcome .* is not of its kind"),
        ({"outcome": {"dice": [3, 1], "colour": "red"}}, "its outcome .* is not of its kind"),
        ({"outcome": {"dice": [3, True]}}, "its outcome .* is not of its kind"),
        ({"outcome": {}}, "its outcome .* is not of its kind"),
        ({"data": {"text": "8/5"}}, "its data .* is not of its kind"),
        ({"kind": "move", "data": {"src": 8, "die": 3, "point": "h8"}}, "its data"),
        ({"kind": "flag", "outcome": {"player": 2}}, "its outcome"),
        ({"kind": "game_start", "outcome": {"number": "1"}}, "its outcome"),
    ],
)
def test_a_key_of_the_wrong_type_or_kind_is_refused(change: dict[str, object], words: str) -> None:
    data = {"seq": 3, "kind": "roll", "player": 1, "time": 12.5, "outcome": {"dice": [3, 1]}}
    with pytest.raises(RecordError, match=words):
        event_from_dict({**data, **change})


def test_a_renju_opening_logs_typed_events() -> None:
    match = _renju_log()
    for point in ("h8", "h9", "j10"):
        match.act(match.to_act, "move", point=point)
    match.act(match.to_act, "opening_choice", choice="white")
    for event in match.events:
        assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
    assert [e.kind for e in match.events][-1] == "opening_choice"
