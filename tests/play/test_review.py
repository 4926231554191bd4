"""A finished match step by step: the state after each action, as a front end draws it."""

from gamehall.play.renju_match import RenjuMatch
from gamehall.play.review import review_frames
from gamehall.play.settings import RenjuSettings
from support.matches import FakeTime, play_first, scripted


def test_each_step_of_a_backgammon_match_has_its_board_and_dice() -> None:
    match = scripted("backgammon", [(3, 1), (5, 2), (6, 4)], length=1)
    first = play_first(match)
    play_first(match)
    match.act(0, "resign", value=1)
    match.act(1, "accept")
    frames = review_frames(match.to_dict())
    kinds = [frame["kind"] for frame in frames]
    assert kinds == ["start", "play", "confirm", "play", "confirm", "resign", "accept"]
    assert frames[0]["state"]["dice"] == [3, 1]
    assert frames[1]["data"] == {"text": first} and frames[1]["player"] == 0
    assert frames[1]["state"]["dice_used"] != [] and frames[2]["state"]["dice"] == [5, 2]
    assert frames[-1]["state"]["phase"] == "over"
    assert frames[-1]["seq"] == len(match.events) - 1
    assert frames[0]["state"]["position"] != frames[2]["state"]["position"]


def test_renju_steps_add_one_stone_each() -> None:
    match = RenjuMatch(RenjuSettings(), ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    for point in ["h8", "i9", "j10"]:
        player = match.to_act
        assert player is not None
        match.act(player, "move", point=point)
    match.act(1, "resign")
    frames = review_frames(match.to_dict())
    assert [len(f["state"].get("moves", [])) for f in frames] == [0, 1, 2, 3, 3]
    assert frames[3]["state"]["stones"]["j10"] == "black"
