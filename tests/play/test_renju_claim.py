"""Renju matches under forbidden="claim": White's claim action, refused with its reason when
nothing can be claimed; the state hides forbidden points; the log and snapshots keep claims."""

import json
import re

import pytest

from gamehall.errors import IllegalMoveError
from gamehall.play.actions import ClaimFoul, action_from_dict
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings, RenjuSettings
from gamehall.play.views import state_of
from gamehall.renju import NOTHING_TO_CLAIM
from support.matches import FakeTime

GAME = ["h8", "g9", "i8", "a13", "j10", "c13", "j9", "e13"]
"""From the centre: after these, Black's j8 is a double-three."""
OVERLINE = ["h8", "g9", "i8", "a13", "j8", "c13", "k8", "e13", "m8", "g13"]
"""From the centre: after these, Black's l8 is an overline (h8 i8 j8 k8 l8 m8)."""


def _match(forbidden: str = "claim", **settings: object) -> RenjuMatch:
    match = RenjuMatch(
        MatchSettings.from_dict({"game": "renju", "options": {"forbidden": forbidden}, **settings}),  # type: ignore[arg-type]
        ("Ann", "Bob"),
        time_source=FakeTime(),
    )
    match.start()
    return match


def _play(match: RenjuMatch, points: list[str]) -> None:
    for point in points:
        player = match.to_act
        assert player is not None
        match.act(player, "move", point=point)


def test_the_claim_action_round_trips() -> None:
    assert ClaimFoul().to_dict() == {"kind": "claim"}
    assert action_from_dict({"kind": "claim"}) == ClaimFoul()
    with pytest.raises(IllegalMoveError, match="claim takes no data"):
        action_from_dict({"kind": "claim", "point": "h8"})


def test_settings_accept_claim() -> None:
    assert RenjuSettings(forbidden="claim").options["forbidden"] == ("claim")


def test_white_claims_a_double_three_at_once_and_wins() -> None:
    match = _match(length=1)
    _play(match, GAME)
    assert state_of(match)["forbidden"] == {}, "under claim the forbidden points are not shown"
    match.act(0, "move", point="j8")
    assert not match.is_over
    assert "claim" in match.legal_actions(1)
    assert "claim" not in match.legal_actions(0)
    assert state_of(match)["fouls"] == [], "the foul is White's to spot"
    events = match.act(1, "claim")
    assert events[0].kind == "claim"
    assert events[0].outcome == {"point": "j8", "pattern": "double-three", "move": "claim"}
    assert match.is_over and match.winner == 1
    assert match.games[0].reason == "double-three"
    assert state_of(match)["moves"][-1] == "claim"
    assert state_of(match)["fouls"] == [
        {"number": 9, "point": "j8", "pattern": "double-three", "claimable": False}
    ]


def test_a_late_claim_is_refused_with_its_reason_and_the_game_goes_on() -> None:
    match = _match(length=1)
    _play(match, [*GAME, "j8", "g13"])
    with pytest.raises(IllegalMoveError, match=re.escape(NOTHING_TO_CLAIM)):
        match.act(1, "claim")
    assert not match.is_over and match.to_act == 0


def test_a_claim_with_nothing_to_claim_is_refused() -> None:
    match = _match(length=1)
    _play(match, GAME[:3])
    assert "claim" in match.legal_actions(1), "offered always, so as not to give a foul away"
    with pytest.raises(IllegalMoveError, match=re.escape(NOTHING_TO_CLAIM)):
        match.act(1, "claim")
    with pytest.raises(IllegalMoveError, match="only White claims"):
        match.act(0, "claim")


def test_an_overline_is_claimed_later_even_on_blacks_turn() -> None:
    match = _match(length=1)
    _play(match, [*OVERLINE, "l8", "i13", "a1"])
    assert match.to_act == 1
    _play(match, ["k13"])
    assert match.to_act == 0
    match.act(1, "claim")
    assert match.is_over and match.winner == 1 and match.games[0].reason == "overline"


@pytest.mark.parametrize("forbidden", ["loss", "refuse"])
def test_no_claim_under_the_other_settings(forbidden: str) -> None:
    match = _match(forbidden, length=1)
    _play(match, GAME[:3])
    assert "claim" not in match.legal_actions(1)
    with pytest.raises(IllegalMoveError, match="only under forbidden='claim'"):
        match.act(1, "claim")


def test_the_log_and_the_snapshot_keep_a_claim() -> None:
    match = _match(length=2)
    _play(match, [*GAME, "j8"])
    before = json.loads(json.dumps(match.snapshot()))
    match.act(1, "claim")
    data = json.loads(json.dumps(match.to_dict()))
    again = RenjuMatch.from_dict(data, time_source=FakeTime())
    assert state_of(again) == state_of(match)
    for snapshot in (before, json.loads(json.dumps(match.snapshot()))):
        restored = RenjuMatch.from_snapshot(snapshot, match.events, time_source=FakeTime())
        assert state_of(restored) == state_of(match)
