"""Each decision of an analysis is found among the match's review frames: the frame just before
its action, showing the position (and the dice) the player decided on."""

from gamehall.analysis.frames import decision_frames
from gamehall.analysis.renju import analyse_renju
from gamehall.analysis.tables import analyse_record
from gamehall.engines import find_engine
from gamehall.engines.driver import play_out
from gamehall.play.actions import Place
from gamehall.play.dice import SeededDice
from gamehall.play.records import mat_record
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.review import review_frames
from gamehall.play.settings import BackgammonSettings, RenjuSettings
from gamehall.play.tables_match import TablesMatch


def test_a_tables_play_is_shown_before_its_turn_with_its_dice() -> None:
    match = TablesMatch(BackgammonSettings(length=3), ("ann", "bob"), dice=SeededDice(5))
    play_out(
        match,
        {
            0: find_engine("backgammon", "beginner", seed=1),
            1: find_engine("backgammon", "beginner", seed=2),
        },
    )
    frames = review_frames(match.to_dict())
    analysis = analyse_record(mat_record(match))
    found = decision_frames(analysis, frames)
    assert len(found) == len(analysis.decisions)
    for decision, index in zip(analysis.decisions, found, strict=True):
        if decision.kind == "checker" and decision.played == "no move":
            continue
        assert index is not None, decision
        before, after = frames[index], frames[index + 1]
        assert before["state"]["game_number"] == decision.game
        assert after["player"] == decision.player
        if decision.kind == "checker":
            assert sorted(before["state"]["dice"]) == sorted(decision.dice or ())
            assert after["kind"] in ("play", "move", "confirm")
        elif decision.kind != "no-double":
            assert after["kind"] == decision.kind
    played = [
        i
        for d, i in zip(analysis.decisions, found, strict=True)
        if i is not None and d.kind == "checker"
    ]
    assert played == sorted(set(played)), "each play has a frame of its own, in order"
    assert any(d.kind != "checker" for d in analysis.decisions), "the match has a cube decision"


def test_a_renju_stone_is_shown_before_it_is_placed() -> None:
    match = RenjuMatch(RenjuSettings(length=1), ("ann", "bob"))
    match.start()
    for point in ["h8", "g8", "f6", "e7", "g5", "g6", "e5", "d7", "i5", "l3", "a1"]:
        match.apply(match.to_act, Place(point))
    frames = review_frames(match.to_dict())
    analysis = analyse_renju(match, seconds_per_move=0.02)
    found = decision_frames(analysis, frames)
    assert found == list(range(len(analysis.decisions)))
    for decision, index in zip(analysis.decisions, found, strict=True):
        assert index is not None and frames[index + 1]["data"]["point"] == decision.played


def test_a_resignation_and_its_acceptance_are_shown_before_they_are_made() -> None:
    match = TablesMatch(BackgammonSettings(length=5), ("ann", "bob"), dice=SeededDice(3))
    match.start()
    resigner = match.on_roll
    match.act(resigner, "resign", value=2)
    match.act(1 - resigner, "accept")
    frames = review_frames(match.to_dict())
    analysis = analyse_record(mat_record(match))
    found = decision_frames(analysis, frames)
    shown = {d.kind: (d, i) for d, i in zip(analysis.decisions, found, strict=True)}
    for kind, player in (("resign", resigner), ("accept", 1 - resigner)):
        decision, index = shown[kind]
        assert decision.player == player and index is not None
        assert frames[index + 1]["kind"] == kind and frames[index + 1]["player"] == player
    assert shown["resign"][0].band == "blunder"  # a gammon given up at the start
