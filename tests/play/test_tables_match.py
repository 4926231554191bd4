"""Backgammon, Georgian and nardy matches driven by scripted actions and dice."""

import json
import random

import pytest

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.errors import GameError, IllegalMoveError
from gamehall.nardy.position import Position as NardyPosition
from gamehall.play.dice import DiceRecord, verify_record
from gamehall.play.settings import BackgammonSettings, MatchSettings, NardySettings
from gamehall.play.tables_match import TablesMatch
from gamehall.play.tables_match_id import match_state
from gamehall.play.views import legal_of, state_of
from support.matches import FakeTime, play_first, scripted

# -- who starts -------------------------------------------------------------------------------


def test_opening_roll_ties_are_rolled_again_and_the_higher_plays_both_dice() -> None:
    match = scripted("backgammon", [(4, 4), (2, 6)])
    openings = [e for e in match.events if e.kind == "opening"]
    assert [e.outcome["dice"] for e in openings] == [[4, 4], [2, 6]]
    assert match.on_roll == 1 and match.dice == (2, 6) and match.phase == "move"
    assert match.to_act == 1


def test_the_opening_play_is_undone_and_confirmed_in_international() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)])
    match.act(0, "move", src=8, die=3)
    match.act(0, "undo")
    match.act(0, "move", src=8, die=3)
    with pytest.raises(IllegalMoveError, match="not complete"):
        match.act(0, "confirm")
    match.act(0, "move", src=6, die=1)
    match.act(0, "confirm")
    assert match.on_roll == 1 and match.phase == "move" and match.dice == (6, 5)
    assert [e.outcome["play"] for e in match.events if e.kind == "confirm"] == ["8/5 6/5"]


def test_georgian_allows_no_take_back_and_ends_the_turn_by_itself() -> None:
    match = scripted("georgian", [(3, 1), (6, 5)])
    assert "play" in match.legal_actions(0)
    match.act(0, "move", src=8, die=3)
    # A whole play would take the move back: no longer offered, and refused.
    assert match.legal_actions(0) == ["move", "resign"]
    with pytest.raises(IllegalMoveError, match="cannot be taken back"):
        match.act(0, "play", text="8/5 6/5")
    with pytest.raises(IllegalMoveError, match="cannot be taken back"):
        match.act(0, "undo")
    match.act(0, "move", src=6, die=1)
    assert match.on_roll == 1 and match.dice == (6, 5)


def test_nardy_opening_decides_white_and_white_rolls_again() -> None:
    match = scripted("nardy", [(2, 5), (6, 6), (3, 1)])
    assert match.colours == ("black", "white")
    assert match.on_roll == 1 and match.dice == (6, 6)
    match.act(1, "play", text="24/18(2)")
    match.act(1, "confirm")
    assert match.on_roll == 0


# -- the cube ------------------------------------------------------------------------------------


def test_double_and_take_turns_the_cube_over_to_the_taker() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)], length=5)
    play_first(match)
    assert match.phase == "roll" and match.legal_actions(1) == ["roll", "double", "resign"]
    match.act(1, "double")
    assert match.to_act == 0 and set(match.legal_actions(0)) >= {"take", "drop"}
    match.act(0, "take")
    assert match.cube == 2 and match.cube_owner == 0
    # The doubler, who now may not redouble, rolls at once.
    assert match.phase == "move" and match.dice == (6, 5) and match.on_roll == 1


def test_double_and_drop_scores_the_value_before_the_double() -> None:
    match = scripted("backgammon", [(3, 1), (5, 2)], length=5)
    play_first(match)
    match.act(1, "double")
    match.act(0, "drop")
    assert match.score == [0, 1]
    assert match.games[0].reason == "drop" and match.games[0].points == 1
    assert match.phase == "move"  # the next game began with its opening roll


def test_no_doubling_in_a_one_point_match() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)], length=1)
    play_first(match)
    # Nothing to decide before rolling, so the roll is made at once.
    assert match.phase == "move" and match.on_roll == 1
    assert not match.may_double(1)


def test_only_the_owner_redoubles() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5), (4, 2)], length=7)
    play_first(match)
    match.act(1, "double")
    match.act(0, "take")
    play_first(match)  # player 1 plays 6-5
    assert match.on_roll == 0 and match.may_double(0)
    match.act(0, "double")
    match.act(1, "take")
    assert match.cube == 4 and match.cube_owner == 1


def test_crawford_game_and_post_crawford() -> None:
    match = scripted("backgammon", [(3, 1), (3, 1), (3, 1), (3, 1)], length=3)
    match.act(0, "resign", value=2)
    match.act(1, "accept")
    assert match.score == [0, 2] and match.crawford_game
    assert match_state(match).crawford
    play_first(match)  # the Crawford game: nobody may double, so player 1 rolls at once
    assert match.phase == "move" and not match.may_double(1)
    match.act(1, "resign", value=1)
    match.act(0, "accept")
    assert match.score == [1, 2] and not match.crawford_game
    play_first(match)  # post-Crawford: doubling is back
    assert match.phase == "roll" and match.may_double(1)
    match.act(1, "double")
    match.act(0, "drop")
    assert match.is_over and match.winner == 1 and match.score == [1, 3]


def test_a_match_win_is_capped_at_the_match_length() -> None:
    match = scripted("backgammon", [(3, 1)], length=2)
    match.act(1, "resign", value=3)
    match.act(0, "accept")
    assert match.is_over and match.score == [2, 0] and match.games[0].points == 3


def test_georgian_cube_goes_2_3_4_5_6_and_no_further() -> None:
    rolls = [(3, 1)] + [(2, 1)] * 12
    match = scripted("georgian", rolls, length=25)
    play_first(match)
    stakes = []
    for _ in range(5):
        doubler = match.on_roll
        match.act(doubler, "double")
        match.act(1 - doubler, "take")
        stakes.append(match.cube)
        play_first(match)
    assert stakes == [2, 3, 4, 5, 6]
    assert match.phase == "move"  # the owner could not double any more: it rolled at once
    with pytest.raises(IllegalMoveError):
        match.act(match.on_roll, "double")


def double_and_take(match: TablesMatch, times: int) -> list[int]:
    """Double and take ``times`` times, each player playing a turn in between; the stakes."""
    stakes = []
    for _ in range(times):
        doubler = match.on_roll
        match.act(doubler, "double")
        match.act(1 - doubler, "take")
        stakes.append(match.cube)
        play_first(match)
    return stakes


def test_the_international_cube_has_no_cap_in_a_match() -> None:
    match = scripted("backgammon", [(3, 1)] + [(2, 1)] * 40, length=64)
    play_first(match)
    assert double_and_take(match, 8) == [2, 4, 8, 16, 32, 64, 128, 256]
    assert match.phase == "roll" and match.may_double(match.on_roll)
    assert "match_id" in state_of(match)
    assert double_and_take(match, 8)[-1] == 1 << 16
    assert "match_id" not in state_of(match)  # GNU Backgammon's Match ID stops at 32768
    assert state_of(match)["cube"]["value"] == 1 << 16


def test_a_cube_cap_in_money_play() -> None:
    match = scripted("backgammon", [(3, 1)] + [(2, 1)] * 10, length=0, cube_cap=8)
    play_first(match)
    assert double_and_take(match, 3) == [2, 4, 8]
    # The owner may not double past the cap: it rolled at once.
    assert match.phase == "move" and match.cube_owner == match.on_roll
    assert "double" not in match.legal_actions(match.on_roll)


def test_beavers_stop_at_the_cap() -> None:
    match = scripted("backgammon", [(3, 1), (2, 1)], length=0, beavers=True, cube_cap=2)
    play_first(match)
    match.act(1, "double")
    assert "beaver" not in match.legal_actions(0)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"length": 5, "cube_cap": 8}, "cube_cap is for money play"),
        ({"length": 0, "cube_cap": 48}, "cube_cap must be a value the cube shows"),
        ({"length": 0, "cube_cap": True}, "cube_cap must be a value the cube shows"),
        ({"length": 0, "cube_cap": "8"}, "cube_cap must be a value the cube shows"),
        ({"game": "georgian", "length": 0, "cube_cap": 8}, "2, 3, 4, 5, 6, not 8"),
        ({"game": "nardy", "cube_cap": 2}, "nardy has no doubling cube"),
    ],
)
def test_bad_cube_caps_are_refused(values: dict[str, object], words: str) -> None:
    with pytest.raises(GameError, match=words):
        MatchSettings.from_dict({**values})  # type: ignore[arg-type]


def test_georgian_first_offer_by_either_then_only_the_owner() -> None:
    match = scripted("georgian", [(3, 1), (2, 1), (2, 1)], length=9)
    play_first(match)
    match.act(1, "double")
    match.act(0, "take")
    play_first(match)
    assert match.may_double(0) and not match.may_double(1)


def test_money_session_with_jacoby_and_beavers() -> None:
    match = scripted("backgammon", [(3, 1), (2, 1)], length=0, jacoby=True, beavers=True)
    play_first(match)
    match.act(1, "double")
    assert "beaver" in match.legal_actions(0)
    match.act(0, "beaver")
    assert match.cube == 4 and match.cube_owner == 0 and match.on_roll == 1
    match.act(1, "resign", value=1)
    match.act(0, "accept")
    assert match.score == [4, 0] and match.phase == "between"
    assert match.legal_actions(0) == ["next_game", "end_session"]
    match.act(1, "end_session")
    assert match.is_over and match.winner == 0


@pytest.mark.parametrize("value", [2, 3])
def test_jacoby_an_accepted_gammon_resignation_with_the_cube_centred_scores_one(
    value: int,
) -> None:
    match = scripted("backgammon", [(3, 1)], length=0, jacoby=True)
    match.act(0, "resign", value=value)
    assert match.events[-1].outcome == {"points": 1}
    match.act(1, "accept")
    assert match.score == [0, 1] and match.games[0].points == 1


def test_jacoby_a_gammon_resignation_counts_once_the_cube_is_turned() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5), (2, 1)], length=0, jacoby=True)
    play_first(match)
    match.act(1, "double")
    match.act(0, "take")
    match.act(0, "resign", value=2)
    match.act(1, "accept")
    assert match.score == [0, 4] and match.games[0].kind == "gammon"


def test_money_session_options_are_for_money_play_only() -> None:
    with pytest.raises(GameError, match="money play"):
        BackgammonSettings(length=5, jacoby=True)
    with pytest.raises(GameError, match="no money play"):
        NardySettings(length=0)


# -- resignations ----------------------------------------------------------------------------------


def test_resignation_declined_goes_back_to_the_game() -> None:
    match = scripted("backgammon", [(3, 1)], length=3)
    match.act(0, "resign", value=1)
    assert match.phase == "resign" and match.to_act == 1
    match.act(1, "decline")
    assert match.phase == "move" and match.to_act == 0
    with pytest.raises(IllegalMoveError, match="1 \\(a single game\\)"):
        match.act(0, "resign", value=5)


def test_resignation_accepted_counts_the_cube() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5), (2, 1)], length=9)
    play_first(match)
    match.act(1, "double")
    match.act(0, "take")
    match.act(0, "resign", value=2)
    match.act(1, "accept")
    assert match.score == [0, 4] and match.games[0].kind == "gammon"


@pytest.mark.parametrize(("setting", "points"), [("oin", 1), ("mars", 2)])
def test_nardy_surrender(setting: str, points: int) -> None:
    match = scripted("nardy", [(5, 2), (6, 5), (4, 3)], length=3, surrender_value=setting)
    match.act(1, "resign")
    assert match.score == [points, 0]
    assert match.games[0].reason == "resign"


def test_nardy_first_move_alternates_between_games() -> None:
    match = scripted("nardy", [(5, 2), (6, 5), (4, 3)], length=3)
    assert match.colours == ("white", "black")
    match.act(0, "resign")
    # Game 2: the first move passes to the other player, who plays white.
    assert match.colours == ("black", "white") and match.on_roll == 1


def test_nardy_first_move_to_the_winner() -> None:
    match = scripted("nardy", [(5, 2), (6, 5), (4, 3), (2, 1)], length=3, first_move="winner")
    match.act(0, "resign")
    assert match.colours == ("black", "white") and match.on_roll == 1
    match.act(0, "resign")
    assert match.colours == ("black", "white")


# -- bad actions change nothing ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "kind", "data", "words"),
    [
        (1, "move", {"src": 24, "die": 3}, "turn to act"),
        (0, "move", {"src": 24, "die": 5}, "no 5"),
        (0, "move", {"src": "x", "die": 3}, "a point 1-24 or .bar."),
        (0, "move", {"src": 12, "die": 3}, "no checker"),
        (0, "play", {"text": "24/20 24/23"}, "one move more than the roll gives"),
        (0, "double", {}, "not possible now"),
        (1, "take", {}, "not possible now"),
        (0, "confirm", {}, "not complete"),
        (0, "fly", {}, "not an action"),
        (0, "start", {}, "already started"),
        (2, "roll", {}, "no player"),
    ],
)
def test_bad_actions_raise_and_change_nothing(
    player: int, kind: str, data: dict[str, object], words: str
) -> None:
    match = scripted("backgammon", [(3, 1)], length=3)
    before = json.dumps(match.to_dict())
    state = state_of(match)
    with pytest.raises(GameError, match=words):
        match.act(player, kind, **data)
    assert json.dumps(match.to_dict()) == before and state_of(match) == state


def test_nothing_before_the_start() -> None:
    match = TablesMatch(BackgammonSettings(), ("Ann", "Bob"))
    with pytest.raises(IllegalMoveError, match="not started"):
        match.act(0, "roll")


def test_a_roll_with_no_move_passes_the_turn() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)], length=5)
    play_first(match)
    # Player 1, on roll, has a checker on the bar against player 0's closed home board.
    on_bar = [0] * 25
    on_bar[24], on_bar[5] = 1, 14
    closed = [2] * 6 + [0] * 6 + [3] + [0] * 12
    match.position = BackgammonPosition.from_board(on_bar, closed)
    match.act(1, "roll")
    kinds = [e.kind for e in match.events[-3:]]
    assert kinds == ["roll", "no_move", "confirm"]
    assert match.on_roll == 0 and match.events[-1].outcome["play"] == ""


# -- clocks --------------------------------------------------------------------------------------


def test_fischer_clock_runs_for_whoever_must_act_and_time_loses_the_match() -> None:
    clock_time = FakeTime()
    match = scripted("backgammon", [(3, 1), (6, 5)], clock_time, length=5, clock="fischer:60+5")
    clock_time.advance(10)
    play_first(match)
    assert match.clock is not None
    assert match.clock.remaining(0) == pytest.approx(55)
    match.act(1, "double")  # player 0 must answer: his clock runs
    clock_time.advance(56)
    assert match.check_time()[0].kind == "flag"
    assert match.is_over and match.winner == 1 and match.end_reason == "time"
    assert all(e.clocks is not None for e in match.events)


def test_delay_clock_per_point_reserve() -> None:
    clock_time = FakeTime()
    match = scripted("backgammon", [(3, 1)], clock_time, length=3, clock="delay:10+20/pt")
    assert match.clock is not None and match.clock.remaining(0) == pytest.approx(60)
    clock_time.advance(8)  # within the delay: free
    match.act(0, "play", text="8/5 6/5")
    match.act(0, "confirm")
    assert match.clock.remaining(0) == pytest.approx(60)
    clock_time.advance(75)
    with pytest.raises(IllegalMoveError, match="time has run out"):
        match.act(1, "double")
    assert match.winner == 0


def test_acting_after_the_flag_fell_is_refused_and_the_loss_recorded() -> None:
    clock_time = FakeTime()
    match = scripted("nardy", [(5, 2), (6, 5)], clock_time, length=3, clock="byoyomi:5+1x5")
    clock_time.advance(11)
    with pytest.raises(IllegalMoveError, match="time has run out"):
        match.act(0, "play", text="24/13")
    assert match.winner == 1 and [e.kind for e in match.events[-2:]] == ["flag", "match_end"]


def test_claim_time_when_no_flag_fell() -> None:
    match = scripted("backgammon", [(3, 1)], length=3, clock="fischer:60+0")
    with pytest.raises(IllegalMoveError, match="has not run out"):
        match.act(1, "claim_time")


# -- records -------------------------------------------------------------------------------------


def _random_match(game: str, seed: int, **settings: object) -> TablesMatch:
    rng = random.Random(seed)
    clock_time = FakeTime()
    match = TablesMatch(
        MatchSettings.from_dict({"game": game, **settings}),  # type: ignore[arg-type]
        ("Ann", "Bob"),
        time_source=clock_time,
    )
    match.start()
    while not match.is_over:
        player = match.to_act
        assert player is not None
        clock_time.advance(rng.random() * 4)
        actions = match.legal_actions(player)
        if "double" in actions and rng.random() < 0.1:
            match.act(player, "double")
        elif "take" in actions:
            match.act(player, rng.choice(["take", "drop"]))
        elif "roll" in actions:
            match.act(player, "roll")
        elif "confirm" in actions:
            match.act(player, "confirm")
        elif rng.random() < 0.3 and "undo" in actions:
            match.act(player, "undo")
        elif rng.random() < 0.3 and "play" in actions and match.turn and not match.turn.moves:
            assert match.position is not None and match.dice is not None
            play = rng.choice(match.position.legal_plays(match.dice))
            match.act(player, "play", text=play.notation)
        else:
            assert match.turn is not None
            move = rng.choice(match.turn.legal_moves())
            match.act(player, "move", src=move.src, die=move.die)
    return match


@pytest.mark.parametrize("game", ["backgammon", "georgian", "nardy"])
def test_replaying_the_log_gives_the_same_match(game: str) -> None:
    match = _random_match(game, seed=7, length=3, clock="fischer:900+10", dice="fair")
    data = json.loads(json.dumps(match.to_dict()))
    again = TablesMatch.from_dict(data)
    assert state_of(again) == state_of(match)
    assert again.score == match.score and again.games == match.games
    assert [e.to_dict() for e in again.events] == data["events"]


def test_replay_mid_game_goes_on_with_the_same_fair_dice() -> None:
    clock_time = FakeTime()
    match = TablesMatch(
        BackgammonSettings(length=3, dice="fair"),
        ("Ann", "Bob"),
        time_source=clock_time,
    )
    match.start()
    for _ in range(3):
        play_first(match)
        while match.phase == "roll":  # a roll with no legal play passes the turn: roll again
            match.act(match.on_roll, "roll")
    saved = match.to_dict(secrets=True)
    public = match.to_dict()
    assert "secrets" in saved and "secrets" not in public
    resumed = TablesMatch.from_dict(saved, time_source=clock_time)
    play_first(match)
    play_first(resumed)
    assert state_of(resumed) == state_of(match)
    cannot_go_on = TablesMatch.from_dict(public, time_source=clock_time)
    play_first(cannot_go_on)
    assert cannot_go_on.phase == "roll"
    with pytest.raises(GameError, match="secret seed"):
        cannot_go_on.act(cannot_go_on.on_roll, "roll")


def test_a_tampered_log_does_not_replay() -> None:
    match = _random_match("backgammon", seed=3, length=1)
    data = match.to_dict()
    confirm = next(e for e in data["events"] if e["kind"] == "confirm" and not e.get("derived"))
    confirm["kind"] = "undo"
    with pytest.raises(GameError):
        TablesMatch.from_dict(data)


def test_fair_dice_of_a_match_verify_and_a_changed_roll_is_flagged() -> None:
    match = _random_match("backgammon", seed=11, length=1, dice="fair")
    record = match.dice_record(1)
    assert record.server_seed is not None
    assert verify_record(record).ok
    rolls = list(record.rolls)
    first = rolls[2]
    changed = (first.dice[0] % 6 + 1, *first.dice[1:])
    rolls[2] = type(first)(first.counter, changed)
    report = verify_record(
        DiceRecord.from_dict(
            {
                **record.to_dict(),
                "rolls": [{"counter": r.counter, "dice": list(r.dice)} for r in rolls],
            }
        )
    )
    assert not report.ok and report.mismatches[0].index == 2


def test_match_id_follows_the_match() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)], length=5)
    assert state_of(match)["match_id"] == match_state(match).to_id()
    play_first(match)
    match.act(1, "double")
    state = match_state(match)
    assert state.doubled and state.turn == 0 and state.match_length == 5


def test_the_state_shows_the_current_position_pips_and_the_next_cube_value() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)], length=5)
    start = state_of(match)
    assert start["pips"] == [167, 167] and start["cube"] == {"value": 1, "owner": None, "next": 2}
    assert start["position"] == start["turn_start"]
    match.act(0, "move", src=8, die=3)
    state = state_of(match)
    assert state["moves"] == ["8/5"] and state["turn_start"] == start["position"]
    assert state["pips"] == [164, 167] and state["position"]["pips"] == [164, 167]
    assert state["position"]["checkers"][0][5] == 1 and state["position"]["checkers"][0][8] == 2
    assert state["position"]["id"] == match.turn.position.to_id()  # type: ignore[union-attr]
    match.act(0, "move", src=6, die=1)
    match.act(0, "confirm")
    state = state_of(match)
    # Player 1 may double before rolling: no turn is being played.
    assert state["phase"] == "roll" and "turn_start" not in state
    assert state["pips"] == [163, 167]


@pytest.mark.parametrize(
    ("game", "across"), [("backgammon", {1: 24, 6: 19, 24: 1}), ("nardy", {1: 13, 12: 24, 24: 12})]
)
def test_the_state_says_where_a_point_is_in_the_other_numbering(
    game: str, across: dict[int, int]
) -> None:
    opposite = state_of(scripted(game, [(3, 1), (6, 5)], length=1))["position"]["opposite"]
    assert (opposite[0], opposite[25]) == (0, 25)
    assert {point: opposite[point] for point in across} == across
    assert all(opposite[opposite[point]] == point for point in range(26))


def test_the_state_shows_the_dice_played_and_those_left() -> None:
    match = scripted("backgammon", [(3, 1), (4, 4)], length=3)
    assert state_of(match)["dice_used"] == [] and state_of(match)["dice_left"] == [3, 1]
    match.act(0, "move", src=8, die=3)
    assert state_of(match)["dice_used"] == [3] and state_of(match)["dice_left"] == [1]
    match.act(0, "move", src=6, die=1)
    match.act(0, "confirm")
    match.act(1, "roll")
    match.act(1, "move", src=13, die=4)
    state = state_of(match)
    assert (state["dice"], state["dice_used"], state["dice_left"]) == ([4, 4], [4], [4, 4, 4])


def test_the_cube_state_says_when_it_cannot_go_higher() -> None:
    match = scripted("georgian", [(3, 1)] + [(2, 1)] * 12, length=25)
    play_first(match)
    double_and_take(match, 5)
    assert state_of(match)["cube"] == {"value": 6, "owner": match.cube_owner, "next": None}


def test_the_legal_view_lists_moves_and_plays_for_the_player_to_move() -> None:
    match = scripted("backgammon", [(3, 1), (6, 5)], length=3)
    assert legal_of(match, 1) is None and legal_of(match, None) is None
    view = legal_of(match, 0)
    assert view is not None and "8/5 6/5" in view["plays"]
    assert {"src": 8, "dst": 5, "die": 3, "hit": False} in view["moves"]
    match.act(0, "move", src=8, die=3)
    view = legal_of(match, 0)
    assert view is not None and view["plays"] == [] and {m["die"] for m in view["moves"]} == {1}
    match.act(0, "move", src=6, die=1)
    assert legal_of(match, 0) is None  # the play is complete: confirm it


def test_players_add_their_seeds_to_fair_dice_before_the_start() -> None:
    match = TablesMatch(BackgammonSettings(dice="fair"), ("Ann", "Bob"))
    match.add_client_seed(0, "ann's lucky seed")
    match.add_client_seed(1, "bob")
    match.start()
    with pytest.raises(IllegalMoveError, match="before the match starts"):
        match.add_client_seed(0, "late")
    record = match.dice_record(1)
    assert record.client_seeds == (b"ann's lucky seed", b"bob")
    again = TablesMatch.from_dict(match.to_dict(secrets=True))
    assert state_of(again) == state_of(match)


def test_forfeit_ends_the_match_and_replays() -> None:
    match = scripted("backgammon", [(3, 1)], length=5, clock="fischer:60+5")
    events = match.forfeit(0, "abandoned")
    assert [e.kind for e in events] == ["forfeit", "match_end"]
    assert match.is_over and match.winner == 1 and match.end_reason == "abandoned"
    assert match.clock is not None and match.clock.running is None
    again = TablesMatch.from_dict(match.to_dict())
    assert again.winner == 1 and again.end_reason == "abandoned"
    with pytest.raises(IllegalMoveError, match="over already"):
        match.forfeit(1)


def test_once_a_flag_has_fallen_only_the_claim_is_offered() -> None:
    time = FakeTime()
    match = scripted("backgammon", [(3, 1)], time, length=3, clock="fischer:60+0")
    time.advance(61)
    assert match.legal_actions(0) == [] and match.legal_actions(1) == ["claim_time"]


def test_claim_time_wins_once_the_opponents_clock_has_fallen() -> None:
    clock_time = FakeTime()
    match = scripted("backgammon", [(3, 1)], clock_time, length=3, clock="fischer:30+0")
    assert "claim_time" not in match.legal_actions(1)
    clock_time.advance(31)
    assert "claim_time" in match.legal_actions(1)
    events = match.act(1, "claim_time")
    assert [e.kind for e in events] == ["flag", "match_end"]
    assert match.winner == 1


def test_nardy_last_roll_tie_draws_a_game_when_the_option_is_on() -> None:
    match = scripted(
        "nardy", [(5, 2), (1, 1), (1, 1), (2, 1)], length=3, options={"last_roll_tie": "on"}
    )
    assert isinstance(match.position, NardyPosition) and match.position.last_roll_tie
    # Put the game at its end: white (player 0, rolled 1-1) and black have one checker left.
    match.position = NardyPosition.from_points({1: 1}, {13: 1}, last_roll_tie=True)
    match.turn = match.position.start_turn((1, 1))
    match.act(0, "play", text="1/off")
    match.act(0, "confirm")
    assert match.on_roll == 1 and not match.games  # black has his last roll
    match.act(1, "play", text="1/off")
    match.act(1, "confirm")
    assert match.games[0].winner is None and match.games[0].reason == "last-roll tie"
    assert match.score == [0, 0]
