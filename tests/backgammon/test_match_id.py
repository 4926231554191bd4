"""The Match ID codec, checked against IDs printed by GNU Backgammon and its manual."""

import base64
import dataclasses
from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.backgammon.match_id import GameState, MatchState
from gamehall.errors import InvalidPositionError, RecordError

# Printed by GNU Backgammon 1.07.001 (Debian's gnubg, `gnubg -t -q`) on its board display, whose
# "Match ID" line is what `show matchid` was asked for (1.07 has no such command). Player 0 is
# gnubg's "gnubg" (O), player 1 its "root" (X). The command that led to each state is given.
GNUBG_VECTORS = [
    # new match 7: player 0 opens with 51
    ("MIHmAAAAAAAE", MatchState(player_on_roll=0, turn=0, dice=(5, 1), match_length=7)),
    # set turn 1; set dice 2 5 (stored higher die first)
    ("cInqAAAAAAAE", MatchState(player_on_roll=1, turn=1, dice=(2, 5), match_length=7)),
    # set turn 1 / set turn 0: no dice yet
    ("cAngAAAAAAAE", MatchState(player_on_roll=1, turn=1, match_length=7)),
    ("MAHgAAAAAAAE", MatchState(player_on_roll=0, turn=0, match_length=7)),
    # double: player 1 must take or drop
    ("MBngAAAAAAAE", MatchState(player_on_roll=0, turn=1, doubled=True, match_length=7)),
    # take: player 1 owns a 2-cube, player 0 rolls 62
    (
        "EQHrAAAAAAAE",
        MatchState(cube_value=2, cube_owner=1, dice=(6, 2), match_length=7),
    ),
    # set dice 1 2; resign b: player 1 must accept or reject a backgammon
    (
        "EWnlAAAAAAAE",
        MatchState(cube_value=2, cube_owner=1, turn=1, resignation=3, dice=(2, 1), match_length=7),
    ),
    # reject; set score 2 4
    (
        "EQHlACAAIAAE",
        MatchState(cube_value=2, cube_owner=1, dice=(1, 2), match_length=7, score=(2, 4)),
    ),
    # new match 5; set score 4 2; set crawford on (player 1 rolled 53); set dice 5 6
    (
        "8ImuAEAAEAAE",
        MatchState(
            player_on_roll=1, crawford=True, turn=1, dice=(5, 3), match_length=5, score=(4, 2)
        ),
    ),
    (
        "8Am3AEAAEAAE",
        MatchState(
            player_on_roll=1, crawford=True, turn=1, dice=(6, 5), match_length=5, score=(4, 2)
        ),
    ),
    # new match 1; player 0 resigns a single game, then player 1 accepts and wins the match
    ("MCkgAAAAAAAE", MatchState(turn=1, resignation=1, match_length=1)),
    (
        "MCsgAAAACAAE",
        MatchState(game_state="resigned", turn=1, resignation=1, match_length=1, score=(0, 1)),
    ),
    # new match 2: player 0 doubles, player 1 drops; the next game will be the Crawford game
    (
        "sAxAABAAAAAE",
        MatchState(crawford=True, game_state="dropped", turn=1, match_length=2, score=(1, 0)),
    ),
    # player 1 bears off his last checker: money session (Jacoby on), then a 5-point match
    ("MAIAAAAACAAA", MatchState(game_state="over", score=(0, 1), jacoby=True)),
    ("MAKgAAAACAAE", MatchState(game_state="over", match_length=5, score=(0, 1))),
    # new session: player 0 opens with 51, with the Jacoby rule (the default), then without
    ("MIEGAAAAAAAA", MatchState(dice=(5, 1), jacoby=True)),
    ("MIEGAAAAAAAE", MatchState(dice=(5, 1))),
    # money session, set turn 1 (the rules page's vector), then set dice 6 6
    ("cAkAAAAAAAAA", MatchState(player_on_roll=1, turn=1, jacoby=True)),
    ("cAkbAAAAAAAA", MatchState(player_on_roll=1, turn=1, dice=(6, 6), jacoby=True)),
    # money session: player 0 doubles, player 1 takes, player 0 rolls 62
    ("MBkAAAAAAAAA", MatchState(turn=1, doubled=True, jacoby=True)),
    ("EQELAAAAAAAA", MatchState(cube_value=2, cube_owner=1, dice=(6, 2), jacoby=True)),
    # set turn 1; set dice 4 3; set jacoby off
    (
        "UQkOAAAAAAAE",
        MatchState(cube_value=2, cube_owner=1, player_on_roll=1, turn=1, dice=(4, 3)),
    ),
    # new match 25; set score 13 24 (player 1 opened with 53); set cube value 32; owner 0;
    # set turn 1; set dice 3 6
    (
        "cIkuA9AAwAAE",
        MatchState(player_on_roll=1, turn=1, dice=(5, 3), match_length=25, score=(13, 24)),
    ),
    (
        "RQkvA9AAwAAE",
        MatchState(
            cube_value=32,
            cube_owner=0,
            player_on_roll=1,
            turn=1,
            dice=(3, 6),
            match_length=25,
            score=(13, 24),
        ),
    ),
]


@pytest.mark.parametrize(("match_id", "state"), GNUBG_VECTORS)
def test_gnubg_vectors(match_id: str, state: MatchState) -> None:
    assert state.to_id() == match_id
    assert MatchState.from_id(match_id) == state


def test_manual_example() -> None:
    # The manual's worked example: score 2-4 in a 9-point match, player 0 holds a 2-cube and
    # player 1 has just rolled 52. Its table predates bit 67, so the ID says "Jacoby rule on".
    state = MatchState(
        cube_value=2,
        cube_owner=0,
        player_on_roll=1,
        turn=1,
        dice=(5, 2),
        match_length=9,
        score=(2, 4),
        jacoby=True,
    )
    assert MatchState.from_id("QYkqASAAIAAA") == state
    assert state.to_id() == "QYkqASAAIAAA"


def test_lower_die_first_is_read_and_written_higher_first() -> None:
    # gnubg 1.07 reads this ID (dice 2 then 5) and shows it again as cInqAAAAAAAE.
    state = MatchState.from_id("cAn1AAAAAAAE")
    assert state.dice == (5, 2)
    assert state.to_id() == "cInqAAAAAAAE"


def test_every_match_id_ends_in_e_without_jacoby() -> None:
    assert MatchState(match_length=7).to_id().endswith("E")
    assert MatchState(match_length=7, jacoby=True).to_id().endswith("A")


def test_dice_are_kept_higher_first() -> None:
    assert MatchState(dice=(2, 5)) == MatchState(dice=(5, 2))
    assert MatchState(dice=(2, 5)).dice == (5, 2)


def test_value_type() -> None:
    state = MatchState(
        cube_value=4, cube_owner=1, dice=(3, 1), match_length=11, score=(3, 7), crawford=True
    )
    assert eval(repr(state)) == state
    assert hash(state) == hash(MatchState.from_id(state.to_id()))
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 1  # type: ignore[misc]


@st.composite
def states(draw: st.DrawFn) -> MatchState:
    """Any state a Match ID can hold."""
    match_length = draw(st.sampled_from([0, 1, 7, 25, 64, 0x7FFF]) | st.integers(0, 0x7FFF))
    top = match_length or 0x7FFF
    return MatchState(
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from([0, 1, None])),
        player_on_roll=draw(st.integers(0, 1)),
        crawford=draw(st.booleans()) if match_length else False,
        game_state=draw(st.sampled_from(get_args(GameState))),
        turn=draw(st.integers(0, 1)),
        doubled=draw(st.booleans()),
        resignation=draw(st.integers(0, 3)),
        dice=draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6))),
        match_length=match_length,
        score=(draw(st.integers(0, top)), draw(st.integers(0, top))),
        jacoby=draw(st.booleans()),
    )


@given(states())
def test_round_trip(state: MatchState) -> None:
    match_id = state.to_id()
    assert len(match_id) == 12
    assert MatchState.from_id(match_id) == state


def key_id(key: int) -> str:
    return base64.b64encode(key.to_bytes(9, "little")).decode()


@given(st.integers(0, (1 << 72) - 1))
def test_any_id_reads_back_to_itself_or_raises(key: int) -> None:
    try:
        state = MatchState.from_id(key_id(key))
    except RecordError:
        return
    die_1, die_2 = key >> 15 & 7, key >> 18 & 7
    if die_1 < die_2:  # the one change allowed: the higher die is written first
        key ^= (die_1 ^ die_2) << 15 | (die_1 ^ die_2) << 18
    assert state.to_id() == key_id(key)


@pytest.mark.parametrize(
    ("match_id", "message"),
    [
        ("cAkAAAAAAAA", "a Match ID has 12 characters, not 11"),
        ("cAkAAAAAAAAAA", "a Match ID has 12 characters, not 13"),
        ("cAngAAAAAAA!", "'!' is not one of its characters"),
        ("cAngAAAAAAA=", "'=' is not one of its characters"),
        ("cAngAAAAAAAM", "stray data after its last field"),
        ("cAngAAAAAACE", "stray data after its last field"),
        ("YAngAAAAAAAE", "cube owner is neither player 0, player 1 nor centred"),
        ("cA3gAAAAAAAE", "game state 5 is unknown"),
        ("cAnsAAAAAAAE", "one die without the other"),
        ("cInhAAAAAAAE", "one die without the other"),
        # refused by gnubg 1.07 too ("Illegal match ID"):
        ("cInnAAAAAAAE", "a roll is two dice from 1 to 6, not \\(7, 1\\)"),
        ("cAngAAAASAAE", "a score of 9 is past the end of a 7-point match"),
        ("sAEAAAAAAAAA", "a money game has no Crawford game"),
        ("sAEAAAAAAAAE", "a money game has no Crawford game"),
    ],
)
def test_bad_ids_raise_record_error(match_id: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        MatchState.from_id(match_id)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"crawford": True}, "a money game has no Crawford game"),
        ({"cube_value": 3}, "the cube shows a power of two from 1 to 32768, not 3"),
        ({"cube_value": 65536}, "not 65536"),
        ({"cube_value": 0}, "not 0"),
        ({"cube_owner": 2}, "the cube is owned by player 0 or 1, or centred"),
        ({"player_on_roll": 2}, "player_on_roll is player 0 or player 1, not 2"),
        ({"turn": -1}, "turn is player 0 or player 1, not -1"),
        ({"game_state": "finished"}, "not 'finished'"),
        ({"resignation": 4}, "a resignation offered is 0 \\(none\\)"),
        ({"dice": (0, 3)}, "a roll is two dice from 1 to 6"),
        ({"dice": (1, 2, 3)}, "a roll is two dice from 1 to 6"),
        ({"match_length": 0x8000}, "a match is 1 to 32767 points long"),
        ({"score": (0x8000, 0)}, "the score is two numbers of points from 0 to 32767"),
        ({"match_length": 5, "score": (3, 6)}, "a score of 6 is past the end of a 5-point"),
    ],
)
def test_impossible_states_raise_invalid_position(fields: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        MatchState(**fields)  # type: ignore[arg-type]
