"""A finished match step by step: the state after each action, as a front end draws it."""

import pytest

from gamehall.errors import IllegalMoveError, RecordError
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.review import EndedGameError, at_step, review_frames, review_steps
from gamehall.play.settings import RenjuSettings
from gamehall.play.views import state_of
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


def test_a_step_by_turn_takes_a_roll_its_checkers_and_the_confirmation_at_once() -> None:
    match = scripted("backgammon", [(3, 1), (5, 2), (6, 4)], length=3)
    match.act(0, "move", src=8, die=3)
    match.act(0, "move", src=6, die=1)
    match.act(0, "confirm")
    match.act(1, "roll")
    play_first(match)
    match.act(0, "resign", value=1)
    match.act(1, "accept")
    frames = review_frames(match.to_dict())
    kinds = [frame["kind"] for frame in frames]
    assert kinds[:7] == ["start", "move", "move", "confirm", "roll", "play", "confirm"]
    steps = review_steps(frames)
    # the start; each turn's end; the resignation, its acceptance; game 2 begun
    assert [kinds[i] for i in steps.turns] == [
        "start", "confirm", "confirm", "resign", "accept", "game_start"
    ]  # fmt: skip
    assert steps.turns[0] == 0 and steps.turns[-1] == len(frames) - 1
    assert [(g.number, g.first) for g in steps.games] == [(1, 0), (2, len(frames) - 1)]
    assert steps.games[0].last == len(frames) - 2


def test_a_game_is_shown_as_it_ended_before_the_next_begins() -> None:
    match = scripted("backgammon", [(3, 1), (5, 2), (6, 4)], length=3)
    play_first(match)
    match.act(1, "roll")
    play_first(match)
    match.act(0, "resign", value=1)
    match.act(1, "accept")
    record = match.to_dict()
    frames = review_frames(record)
    ended, begun = frames[-2], frames[-1]
    assert ended["kind"] == "accept" and ended["player"] == 1
    state, last = ended["state"], frames[-3]["state"]
    assert state["game_number"] == 1 and state["phase"] == "over" and state["to_act"] is None
    assert state["score"] == [0, 1] and state["dice"] is None
    assert state.get("position") == last.get("position")  # the board the resignation left
    assert begun["kind"] == "game_start" and begun["player"] is None
    assert begun["state"]["game_number"] == 2 and begun["state"]["dice"] is not None
    assert begun["state"].get("position") != last.get("position")
    assert ended["seq"] < begun["seq"] == len(match.events) - 1
    with pytest.raises(EndedGameError, match="nobody is to move"):
        at_step(record, len(frames) - 2, state_of)
    assert at_step(record, len(frames) - 1, state_of) == begun["state"]


def test_a_renju_game_is_shown_as_it_ended_before_the_next_begins() -> None:
    match = RenjuMatch(RenjuSettings(length=2), ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    for point in ["h8", "i9", "j10"]:
        player = match.to_act
        assert player is not None
        match.act(player, "move", point=point)
    match.act(1, "resign")
    frames = review_frames(match.to_dict())
    ended, begun = frames[-2], frames[-1]
    assert ended["kind"] == "resign" and ended["state"]["game_number"] == 1
    assert ended["state"].get("stones") == frames[-3]["state"].get("stones")
    assert len(ended["state"].get("stones", {})) == 3 and ended["state"]["score"] == [1, 0]
    assert begun["state"]["game_number"] == 2 and not begun["state"].get("stones")


def test_a_turn_ends_at_its_confirmation_when_the_next_roll_comes_with_it() -> None:
    match = scripted("backgammon", [(3, 1), (5, 2), (6, 4)], length=1)  # no cube: rolled at once
    match.act(0, "move", src=8, die=3)
    match.act(0, "move", src=6, die=1)
    match.act(0, "confirm")
    play_first(match)
    match.act(0, "resign", value=1)
    match.act(1, "accept")
    frames = review_frames(match.to_dict())
    kinds = [frame["kind"] for frame in frames]
    assert kinds == ["start", "move", "move", "confirm", "play", "confirm", "resign", "accept"]
    assert frames[3]["state"]["phase"] == "move"  # the next player's dice are there already
    assert review_steps(frames).turns == (0, 3, 5, 6, 7)


def test_every_renju_step_is_a_turn() -> None:
    match = RenjuMatch(RenjuSettings(), ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    for point in ["h8", "i9"]:
        player = match.to_act
        assert player is not None
        match.act(player, "move", point=point)
    match.act(0, "resign")
    frames = review_frames(match.to_dict())
    steps = review_steps(frames)
    assert steps.turns == tuple(range(len(frames)))
    assert [(g.number, g.first, g.last) for g in steps.games] == [(1, 0, len(frames) - 1)]


def test_the_match_is_looked_at_as_it_stood_at_a_step() -> None:
    match = scripted("backgammon", [(3, 1), (5, 2), (6, 4)], length=1)
    play_first(match)
    play_first(match)
    match.act(0, "resign", value=1)
    match.act(1, "accept")
    record = match.to_dict()
    frames = review_frames(record)
    for index, frame in enumerate(frames):
        state = at_step(record, index, state_of)
        assert state == frame["state"]
    with pytest.raises(RecordError, match="no step 8"):
        at_step(record, len(frames), state_of)
    with pytest.raises(RecordError, match="no step 0"):
        at_step(record, -1, state_of)


def test_what_the_look_raises_is_raised_as_it_is() -> None:
    match = scripted("backgammon", [(3, 1), (5, 2)], length=1)
    play_first(match)
    match.act(1, "resign", value=1)
    match.act(0, "accept")

    def refuse(_: object) -> None:
        raise IllegalMoveError("not here")

    with pytest.raises(IllegalMoveError, match="not here"):
        at_step(match.to_dict(), 1, refuse)
