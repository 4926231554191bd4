"""Renju matches under forbidden="claim": White's claim action; a claim with nothing to claim
kept in the log and sanctioned by the match's false_claim; the state hides forbidden points;
the log, snapshots and .psq files keep claims and false claims."""

import json

import pytest

from gamehall.errors import GameError, IllegalMoveError
from gamehall.play.actions import ClaimFoul, action_from_dict
from gamehall.play.records.renju import import_psq, renju_game
from gamehall.play.renju_match import FALSE_CLAIMS_REASON, RenjuMatch
from gamehall.play.settings import FALSE_CLAIM_SECONDS, MatchSettings, RenjuSettings
from gamehall.play.views import state_of
from support.matches import FakeTime

GAME = ["h8", "g9", "i8", "a13", "j10", "c13", "j9", "e13"]
"""From the centre: after these, Black's j8 is a double-three."""
OVERLINE = ["h8", "g9", "i8", "a13", "j8", "c13", "k8", "e13", "m8", "g13"]
"""From the centre: after these, Black's l8 is an overline (h8 i8 j8 k8 l8 m8)."""


def _match(
    forbidden: str = "claim", false_claim: str | None = None, **settings: object
) -> RenjuMatch:
    options = {"forbidden": forbidden} | (
        {} if false_claim is None else {"false_claim": false_claim}
    )
    match = RenjuMatch(
        MatchSettings.from_dict({"game": "renju", "options": options, **settings}),
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


def test_a_late_claim_is_a_false_claim_and_only_a_warning_the_first_time() -> None:
    match = _match(length=1)
    _play(match, [*GAME, "j8", "g13"])
    (event,) = match.act(1, "claim")
    assert event.kind == "false_claim"
    assert event.outcome == {"stones": 10, "count": 1, "penalty": "warning"}
    assert not match.is_over and match.to_act == 0
    assert match.board is not None and match.board.moves == [*GAME, "j8", "g13"]


def test_a_second_false_claim_loses_the_game_by_default() -> None:
    match = _match(length=1)
    _play(match, GAME[:3])
    assert "claim" in match.legal_actions(1), "offered always, so as not to give a foul away"
    match.act(1, "claim")
    _play(match, GAME[3:5])
    events = match.act(1, "claim")
    assert events[0].kind == "false_claim"
    assert events[0].outcome == {"stones": 5, "count": 2, "penalty": "loss"}
    assert match.is_over and match.winner == 0
    assert match.games[0].reason == FALSE_CLAIMS_REASON
    with pytest.raises(IllegalMoveError, match="only White claims"):
        _match(length=1).act(0, "claim")


def test_false_claims_are_counted_in_each_game() -> None:
    match = _match(length=2)
    _play(match, GAME[:3])
    match.act(1, "claim")
    assert match.false_claims == 1
    match.act(0, "resign")
    assert match.false_claims == 0, "a new game, a new count"
    _play(match, GAME[:1])
    (event,) = match.act(0, "claim")  # player 0 has White in game 2
    assert event.outcome["penalty"] == "warning"


def test_no_sanction_keeps_every_false_claim_in_the_log() -> None:
    match = _match(length=1, false_claim="none")
    _play(match, GAME[:3])
    for count in (1, 2, 3):
        (event,) = match.act(1, "claim")
        assert event.outcome == {"stones": 3, "count": count, "penalty": "none"}
    assert not match.is_over


def test_a_time_penalty_gives_black_a_minute() -> None:
    match = _match(length=1, false_claim="time", clock="fischer:300")
    _play(match, GAME[:3])
    assert match.clock is not None
    before = match.clock.remaining(0)
    (event,) = match.act(1, "claim")
    assert event.outcome == {"stones": 3, "count": 1, "penalty": "time", "seconds": 60}
    assert match.clock.remaining(0) == before + FALSE_CLAIM_SECONDS
    assert event.clocks is not None and event.clocks.remaining[0] == before + 60


def test_the_sanction_is_a_checked_setting() -> None:
    settings = RenjuSettings(forbidden="claim", false_claim="none")
    assert settings.to_dict()["options"] == {"forbidden": "claim", "false_claim": "none"}
    assert MatchSettings.from_dict(settings.to_dict()) == settings
    assert RenjuSettings(forbidden="claim").false_claim_sanction == "loss"
    assert "false_claim" not in RenjuSettings(forbidden="claim").to_dict()["options"]
    for wrong, words in [
        ({"forbidden": "loss", "false_claim": "none"}, "choose forbidden='claim'"),
        ({"forbidden": "claim", "false_claim": "time"}, "needs a clock"),
        ({"forbidden": "claim", "false_claim": "fine"}, "false_claim"),
    ]:
        with pytest.raises(GameError, match=words):
            MatchSettings.from_dict({"game": "renju", "options": wrong})


def test_false_claims_replay_from_the_log_the_snapshot_and_a_psq_file() -> None:
    match = _match(length=1)
    _play(match, GAME[:3])
    match.act(1, "claim")
    _play(match, GAME[3:6])
    before = json.loads(json.dumps(match.snapshot()))
    again = RenjuMatch.from_dict(json.loads(json.dumps(match.to_dict())), time_source=FakeTime())
    assert state_of(again) == state_of(match) and again.false_claims == 1
    restored = RenjuMatch.from_snapshot(before, match.events, time_source=FakeTime())
    assert restored.false_claims == 1
    game = renju_game(match.settings, match.events)
    text = game.to_psq(("Ann", "Bob"))
    assert "opening center\nafter 3 claim warning\n" in text
    read = import_psq(text)
    assert read.settings.options == {
        "opening": "center",
        "forbidden": "claim",
        "false_claim": "loss",
    }
    assert [e.kind for e in read.events if e.kind in ("false_claim", "move")] == [
        "move",
        "move",
        "move",
        "false_claim",
        "move",
        "move",
        "move",
    ]


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
