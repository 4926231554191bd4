"""Soosõrv-8, move by move against the RIF's procedure: one of the 26 openings, swap, move 4
and the declared number of fifth moves, swap, Black's offers (symmetrical ones refused), White's
choice; refused steps say why; the log and snapshots replay the opening."""

import json

import pytest

from gamehall.errors import IllegalMoveError, RecordError
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.renju_openings import Soosorv8
from gamehall.play.settings import MatchSettings
from gamehall.play.views import state_of
from support.matches import FakeTime


def _match(options: dict[str, str] | None = None) -> RenjuMatch:
    settings = MatchSettings.from_dict(
        {"game": "renju", "options": options or {"opening": "soosorv-8"}}
    )
    match = RenjuMatch(settings, ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    return match


def _opening(match: RenjuMatch) -> dict[str, object]:
    opening = state_of(match)["opening"]
    assert isinstance(opening, dict)
    return opening


def test_the_whole_procedure_with_both_swaps_and_refused_steps() -> None:
    match = _match()
    with pytest.raises(
        IllegalMoveError, match="breaks the opening rule: the first move must be h8"
    ):
        match.act(0, "move", point="a1")
    for point in ("h8", "h9"):
        match.act(0, "move", point=point)
    with pytest.raises(IllegalMoveError, match="the third move must be within f6 to j10"):
        match.act(0, "move", point="h12")
    match.act(0, "move", point="h10")
    # 2. the other player may swap
    assert match.to_act == 1 and _opening(match)["step"] == "swap1"
    assert match.legal_actions(1) == ["resign", "opening_choice"]
    with pytest.raises(IllegalMoveError, match="the opening asks you to choose: white, black"):
        match.act(1, "move", point="a1")
    events = match.act(1, "opening_choice", choice="black")
    assert events[0].outcome == {"choice": "black", "black": 1, "swap": True}
    # 3. White (now Ann) puts move 4 and declares the number of fifth moves
    assert match.to_act == 0 and _opening(match)["step"] == "place4"
    match.act(0, "move", point="h6")
    assert match.to_act == 0 and _opening(match)["step"] == "declare"
    with pytest.raises(
        IllegalMoveError, match="'9' is not a number of fifth moves: declare 1 to 8"
    ):
        match.act(0, "opening_choice", choice="9")
    with pytest.raises(IllegalMoveError, match="your opponent's choice"):
        match.act(1, "opening_choice", choice="2")
    match.act(0, "opening_choice", choice="2")
    # 4. Black (Bob) may swap
    assert match.to_act == 1 and _opening(match)["step"] == "swap2"
    events = match.act(1, "opening_choice", choice="white")
    assert events[0].outcome == {"choice": "white", "black": 0, "swap": True}
    # 5. Black (Ann again) offers two fifth moves, not symmetrical
    assert match.to_act == 0 and _opening(match)["step"] == "offers"
    events = match.act(0, "move", point="g7")
    assert events[0].kind == "offer" and events[0].outcome == {"offers": ["g7"]}
    assert match.board is not None and match.board.stone_at("g7") is None
    with pytest.raises(IllegalMoveError, match="i7 is symmetrical to the offer g7"):
        match.act(0, "move", point="i7")
    with pytest.raises(IllegalMoveError, match="g7 is already offered"):
        match.act(0, "move", point="g7")
    with pytest.raises(IllegalMoveError, match="h8 is occupied"):
        match.act(0, "move", point="h8")
    match.act(0, "move", point="i11")
    # 6. White (Bob) chooses one and plays move 6
    assert match.to_act == 1 and _opening(match)["offers"] == ["g7", "i11"]
    with pytest.raises(IllegalMoveError, match="a1 was not offered: choose one of g7, i11"):
        match.act(1, "move", point="a1")
    match.act(1, "move", point="i11")
    assert match.opening is None
    assert match.board.stone_at("i11") == "black" and match.board.turn == "white"
    assert match.to_act == 1 and "offer_draw" in match.legal_actions(1)
    match.act(1, "move", point="a1")
    assert match.to_act == 0


def test_offers_are_free_where_the_position_has_no_symmetry() -> None:
    match = _match()
    for point in ("h8", "h9", "i10"):
        match.act(0, "move", point=point)
    match.act(1, "opening_choice", choice="white")
    match.act(1, "move", point="a1")
    match.act(1, "opening_choice", choice="3")
    match.act(0, "opening_choice", choice="black")
    for point in ("g7", "j7", "g9"):
        match.act(0, "move", point=point)
    assert _opening(match)["step"] == "select"


def test_the_log_and_snapshots_replay_the_opening() -> None:
    match = _match()
    snapshots = []
    script: list[tuple[int, str, dict[str, str]]] = [
        (0, "move", {"point": "h8"}),
        (0, "move", {"point": "h9"}),
        (0, "move", {"point": "h10"}),
        (1, "opening_choice", {"choice": "white"}),
        (1, "move", {"point": "h6"}),
        (1, "opening_choice", {"choice": "2"}),
        (0, "opening_choice", {"choice": "black"}),
        (0, "move", {"point": "g7"}),
        (0, "move", {"point": "i11"}),
        (1, "move", {"point": "g7"}),
    ]
    for player, kind, data in script:
        match.act(player, kind, **data)
        snapshots.append(json.loads(json.dumps(match.snapshot())))
    again = RenjuMatch.from_dict(json.loads(json.dumps(match.to_dict())), time_source=FakeTime())
    assert state_of(again) == state_of(match)
    for snapshot in snapshots:
        restored = RenjuMatch.from_snapshot(snapshot, match.events, time_source=FakeTime())
        assert state_of(restored) == state_of(match)


def test_an_opening_state_round_trips() -> None:
    opening = Soosorv8(1, "offers", 3, ("g7",))
    assert Soosorv8.from_dict(opening.to_dict()) == opening


def test_an_offer_outside_the_offers_is_refused() -> None:
    match = _match()
    with pytest.raises(IllegalMoveError, match="no fifth moves to offer now"):
        match.act(0, "offer", point="h8")
    match = _match(options={"opening": "center"})
    with pytest.raises(IllegalMoveError, match="no fifth moves to offer now"):
        match.act(0, "offer", point="h8")


def test_a_stored_opening_of_the_wrong_types_is_refused() -> None:
    """A bool is neither a player nor a declared count (Yamaguchi's reader refused a bool
    count already; Soosõrv-8's read ``True`` as 1)."""
    good = Soosorv8(0, "swap2", 3, ()).to_dict()
    for field, value in (("count", True), ("first", False), ("offers", "h8"), ("step", "x")):
        with pytest.raises(RecordError, match="a soosorv-8 opening is"):
            Soosorv8.from_dict({**good, field: value})
