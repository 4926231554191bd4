"""Every test case of the rules page's R14 (``rules/long_nardy.md``), under the options where
the page says they differ.

Boards are written as the page writes them: ``{white point: count}`` for each colour, black's
checkers in white's numbering too.
"""

import itertools
from collections.abc import Mapping
from typing import Any

import pytest

from gamehall import IllegalMoveError, InvalidPositionError
from gamehall.nardy import BEAROFF, BLOCK_CHECK, HEAD_EXCEPTION, GameResult, Position

Points = Mapping[int, int]
Outcome = tuple[dict[int, int], dict[int, int]]

START_W, START_B = {24: 15}, {12: 15}
ALL_OPTIONS = [
    {"bearoff": b, "block_check": c, "head_exception": h}
    for b, c, h in itertools.product(BEAROFF, BLOCK_CHECK, HEAD_EXCEPTION)
]


def points(position: Position) -> Outcome:
    """The position as the page writes it: (white's points, black's points), white numbering."""
    board = position.board
    white = {i + 1: n for i, n in enumerate(board) if n > 0}
    black = {i + 1: -n for i, n in enumerate(board) if n < 0}
    return white, black


def _order(outcome: Outcome) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    return sorted(outcome[0].items()), sorted(outcome[1].items())


def outcomes(position: Position, dice: tuple[int, int]) -> list[Outcome]:
    """The distinct legal results of a roll, sorted."""
    found = [points(play.result) for play in position.legal_plays(dice)]
    assert len({repr(_order(o)) for o in found}) == len(found), "one play per distinct result"
    return sorted(found, key=_order)


def expect(*results: tuple[Points, Points]) -> list[Outcome]:
    """The results a test expects, in the order of ``outcomes``."""
    return sorted(((dict(w), dict(b)) for w, b in results), key=_order)


# -- the seed's worked examples (S1-S10) ---------------------------------------------------------

S5_B = {6: 1, 7: 1, 11: 1, 12: 12}
S6_B = {1: 1, 14: 1, 17: 1, 18: 1, 21: 1, 12: 10}

SEED_CASES: dict[str, dict[Any, Any]] = {
    "S1": {
        "position": (START_W, START_B, "white"),
        "dice": (6, 6),
        "results": [({24: 13, 18: 2}, START_B)],
    },
    "S2": {
        "position": (START_W, START_B, "white"),
        "dice": (4, 4),
        "results": [({24: 13, 16: 2}, START_B)],
    },
    "S3": {
        "position": (START_W, START_B, "white"),
        "dice": (3, 3),
        "results": [({24: 13, 18: 2}, START_B), ({24: 13, 21: 1, 15: 1}, START_B)],
    },
    "S4": {
        "position": ({24: 14, 4: 1}, START_B, "black"),
        "dice": (4, 4),
        "results": [({24: 14, 4: 1}, {12: 14, 8: 1})],
        ("head_exception", "plain"): [({24: 14, 4: 1}, {12: 13, 8: 2})],
    },
    "S5": {
        "position": ({13: 1, 9: 1, 1: 13}, S5_B, "white"),
        "dice": (5, 2),
        "results": [({13: 1, 2: 1, 1: 13}, S5_B)],
    },
    "S6": {
        "position": ({24: 13, 20: 1, 10: 1}, S6_B, "white"),
        "dice": (6, 3),
        "results": [({24: 13, 20: 1, 4: 1}, S6_B)],
    },
    "S7": {
        "position": ({6: 1, 4: 1, 1: 1}, START_B, "white"),
        "dice": (6, 4),
        "results": [({1: 1}, START_B)],
        ("bearoff", "standard"): [({1: 1}, START_B), ({2: 1, 1: 1}, START_B)],
    },
    "S8": {
        "position": ({6: 2, 4: 1, 3: 1}, START_B, "white"),
        "dice": (6, 5),
        "results": [({4: 1, 3: 1, 1: 1}, START_B)],
    },
    "S9a": {
        "position": ({2: 1, 1: 1}, START_B, "white"),
        "dice": (4, 3),
        "results": [({}, START_B)],
    },
    "S9b": {
        "position": ({2: 2, 1: 2}, START_B, "white"),
        "dice": (4, 3),
        "results": [({1: 2}, START_B)],
    },
    "S10": {
        "position": ({6: 1, 4: 1}, START_B, "white"),
        "dice": (5, 3),
        "results": [({1: 2}, START_B)],
        ("bearoff", "standard"): [({1: 2}, START_B), ({3: 1}, START_B)],
    },
}


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: "-".join(o.values()))
@pytest.mark.parametrize("name", list(SEED_CASES))
def test_seed_worked_examples(name: str, options: dict[str, Any]) -> None:
    case = SEED_CASES[name]
    white, black, turn = case["position"]
    position = Position.from_points(white, black, turn, **options)
    expected = case["results"]
    for option, value in options.items():
        expected = case.get((option, value), expected)
    assert outcomes(position, case["dice"]) == expect(*expected)


def test_s5_must_use_both_dice() -> None:
    position = Position.from_points({13: 1, 9: 1, 1: 13}, S5_B)
    (play,) = position.legal_plays((5, 2))
    assert play.notation == "9/2"
    with pytest.raises(IllegalMoveError, match="leaves a die unplayed"):
        position.play("13/8", (5, 2))


def test_s6_must_play_the_larger_die() -> None:
    position = Position.from_points({24: 13, 20: 1, 10: 1}, S6_B)
    (play,) = position.legal_plays((6, 3))
    assert play.notation == "10/4"
    with pytest.raises(IllegalMoveError, match=r"must be the larger \(6\)"):
        position.play("10/7", (6, 3))


def test_s8_six_bears_off_and_five_moves_inside_home() -> None:
    (play,) = Position.from_points({6: 2, 4: 1, 3: 1}, START_B).legal_plays((6, 5))
    assert play.notation == "6/1 6/off"


# -- R9.6: the three bear-off options ------------------------------------------------------------


@pytest.mark.parametrize(
    ("bearoff", "expected"),
    [
        ("seed", [({1: 4}, START_B)]),
        ("standard", [({1: 4}, START_B), ({1: 3}, START_B)]),
        ("maxpips", [({1: 3}, START_B)]),
    ],
)
def test_bearoff_options_with_one_four_three_one(
    bearoff: str, expected: list[tuple[Points, Points]]
) -> None:
    # {1:4, 3:1}, 6-2: seed keeps 3/1 then 6 off from 1; maxpips keeps off from 3, off from 1.
    position = Position.from_points({1: 4, 3: 1}, START_B, bearoff=bearoff)  # type: ignore[arg-type]
    assert outcomes(position, (6, 2)) == expect(*expected)


@pytest.mark.parametrize(
    ("bearoff", "expected"),
    [
        ("seed", [({2: 1}, START_B), ({1: 1}, START_B)]),
        ("standard", [({2: 1}, START_B), ({1: 1}, START_B)]),
        ("maxpips", [({1: 1}, START_B)]),
    ],
)
def test_bearoff_options_with_six_one_two_one(
    bearoff: str, expected: list[tuple[Points, Points]]
) -> None:
    position = Position.from_points({6: 1, 2: 1}, START_B, bearoff=bearoff)  # type: ignore[arg-type]
    assert outcomes(position, (5, 4)) == expect(*expected)


def test_overshooting_bearoff_refused_by_the_seed_rule() -> None:
    position = Position.from_points({6: 1, 4: 1}, START_B)
    with pytest.raises(IllegalMoveError, match="bears off with a larger die than needed"):
        position.play("6/3 4/off", (5, 3))
    assert points(position.play("6/1 4/1", (5, 3))) == ({1: 2}, START_B)
    standard = Position.from_points({6: 1, 4: 1}, START_B, bearoff="standard")
    assert points(standard.play("6/3 4/off", (5, 3))) == ({3: 1}, START_B)


def test_maxpips_refuses_the_play_moving_fewer_pips() -> None:
    position = Position.from_points({1: 4, 3: 1}, START_B, bearoff="maxpips")
    with pytest.raises(IllegalMoveError, match="moves fewer pips"):
        position.play("3/1 1/off", (6, 2))


# -- openings and the head rule (R6) -------------------------------------------------------------

OPENINGS = {
    (1, 1): [{24: 14, 20: 1}],
    (2, 2): [{24: 14, 16: 1}],
    (3, 3): [{24: 13, 18: 2}, {24: 13, 21: 1, 15: 1}],
    (4, 4): [{24: 13, 16: 2}],
    (5, 5): [{24: 14, 4: 1}],
    (6, 6): [{24: 13, 18: 2}],
}
for a, b in itertools.combinations(range(1, 7), 2):
    OPENINGS[(b, a)] = [{24: 14, 24 - a - b: 1}]


@pytest.mark.parametrize("head_exception", HEAD_EXCEPTION)
@pytest.mark.parametrize("dice", sorted(OPENINGS), ids=lambda d: f"{d[0]}-{d[1]}")
def test_every_white_opening(dice: tuple[int, int], head_exception: str) -> None:
    position = Position.initial(head_exception=head_exception)  # type: ignore[arg-type]
    assert outcomes(position, dice) == expect(*((w, START_B) for w in OPENINGS[dice]))
    assert len(OPENINGS[dice]) == (2 if dice == (3, 3) else 1)


def test_opening_notation() -> None:
    plays = {d: [p.notation for p in Position.initial().legal_plays(d)] for d in OPENINGS}
    assert plays[(6, 5)] == ["24/13"]
    assert plays[(6, 6)] == ["24/18(2)"]
    assert plays[(5, 5)] == ["24/4"]
    assert sorted(plays[(3, 3)]) == ["24/18(2)", "24/21 24/15"]


def test_six_six_after_the_first_turn_takes_one_checker_from_the_head() -> None:
    position = Position.from_points({24: 14, 13: 1}, {12: 14, 8: 1})
    plays = position.legal_plays((6, 6))
    assert [p.notation for p in plays] == ["24/18 13/1"]
    assert all(sum(m.src == 24 for m in p.moves) <= 1 for p in plays)
    with pytest.raises(IllegalMoveError, match="head rule"):
        position.play("24/18(2) 13/1", (6, 6))


W55 = {24: 14, 4: 1}


@pytest.mark.parametrize("head_exception", HEAD_EXCEPTION)
@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        # 6-6: two checkers 24/18 (black 18 = white 6).
        ((6, 6), [{12: 13, 6: 2}]),
        # 3-3: black 18 twice, or black 21 and 15 (white 9 and 3).
        ((3, 3), [{12: 13, 6: 2}, {12: 13, 9: 1, 3: 1}]),
        # 2-2: one checker 24/22/20/18, then 18/16 is taken by white's checker: three moves.
        ((2, 2), [{12: 14, 6: 1}]),
    ],
)
def test_black_first_rolls_after_white_five_five(
    dice: tuple[int, int], expected: list[Points], head_exception: str
) -> None:
    position = Position.from_points(W55, START_B, "black", head_exception=head_exception)  # type: ignore[arg-type]
    assert outcomes(position, dice) == expect(*((W55, b) for b in expected))


def test_black_four_four_after_white_five_five_plays_one_move() -> None:
    """R6.4 / S4: black's single head checker goes 24/20, and 20/16 is white's checker."""
    white55 = Position.initial().play("24/4", (5, 5))
    assert points(white55) == (W55, START_B)
    (play,) = white55.legal_plays((4, 4))
    assert play.notation == "24/20"
    with pytest.raises(IllegalMoveError, match="head rule"):
        white55.play("24/20(2)", (4, 4))
    with pytest.raises(IllegalMoveError, match="16 is taken"):
        white55.play("24/16", (4, 4))
    plain = Position.from_dict(white55.to_dict(), head_exception="plain")
    assert [p.notation for p in plain.legal_plays((4, 4))] == ["24/20(2)"]


def test_black_normal_four_four_reply() -> None:
    """After white's 6-5, black's 4-4 takes two checkers 24/20/16 (black 16 = white 4)."""
    after = Position.initial().play("24/13", (6, 5))
    for options in ALL_OPTIONS:
        position = Position.from_dict(after.to_dict(), **options)  # type: ignore[arg-type]
        (play,) = position.legal_plays((4, 4))
        assert play.notation == "24/16(2)"
        assert points(play.result) == ({24: 14, 13: 1}, {12: 13, 4: 2})


@pytest.mark.parametrize("dice", [(6, 6), (4, 4), (3, 3)])
def test_first_turn_exception_only_on_the_first_turn(dice: tuple[int, int]) -> None:
    first = Position.initial().legal_plays(dice)
    assert all(sum(m.src == 24 for m in p.moves) == 2 for p in first)
    later = Position.from_points({24: 14, 23: 1}, {12: 14, 11: 1})
    assert all(sum(m.src == 24 for m in p.moves) <= 1 for p in later.legal_plays(dice))


def test_a_pass() -> None:
    """White's head faces black on 19 and 18: 6-5 cannot move; the turn passes."""
    position = Position.from_points(START_W, {12: 13, 19: 1, 18: 1})
    (play,) = position.legal_plays((6, 5))
    assert play.moves == () and play.notation == ""
    assert play.result.board == position.board
    assert play.result.turn == "black"
    assert position.play("", (6, 5)) == play.result
    assert position.play("pass", (6, 5)) == play.result
    with pytest.raises(IllegalMoveError, match="18 is taken"):
        position.play("24/18", (6, 5))


def test_a_mid_game_head_limit() -> None:
    position = Position.from_points({24: 13, 13: 1, 10: 1}, {12: 14, 22: 1})
    plays = position.legal_plays((6, 5))
    assert all(sum(m.src == 24 for m in p.moves) <= 1 for p in plays)
    assert {"24/13", "24/18 13/8", "13/7 10/5"} <= {p.notation for p in plays}
    with pytest.raises(IllegalMoveError, match=r"no more checkers may leave the head"):
        position.play("24/18 24/19", (6, 5))


# -- the six-block (R8) --------------------------------------------------------------------------

BLOCKER_W = {24: 8, 13: 1, 11: 2, 10: 1, 9: 1, 8: 1, 7: 1}


def test_white_block_without_a_black_checker_ahead_is_refused() -> None:
    position = Position.from_points(BLOCKER_W, START_B)
    results = [w for w, _ in outcomes(position, (5, 1))]
    assert all(not all(w.get(p) for p in range(6, 12)) for w in results)
    with pytest.raises(IllegalMoveError, match="11/6 would build a block of six points"):
        position.play("11/6 24/23", (5, 1))
    assert points(position.play("11/6 11/10", (5, 1)))[0][6] == 1


def test_white_block_with_a_black_checker_ahead_is_allowed() -> None:
    # Black on white 3 = black 15: past white's 11..6 (black 23..18).
    position = Position.from_points(BLOCKER_W, {12: 14, 3: 1})
    after = position.play("11/6 24/23", (5, 1))
    assert all(points(after)[0].get(p) for p in range(6, 12))


BLOCKER_B = {12: 9, 23: 2, 22: 1, 21: 1, 20: 1, 19: 1}  # black's own 24, 11 (2), 10, 9, 8, 7


def test_black_block_without_a_white_checker_ahead_is_refused() -> None:
    position = Position.from_points(START_W, BLOCKER_B, "black")
    with pytest.raises(IllegalMoveError, match="11/6 would build a block of six points"):
        position.play("11/6 24/23", (5, 1))
    results = [b for _, b in outcomes(position, (5, 1))]
    assert all(not all(b.get(p) for p in range(18, 24)) for b in results)


def test_black_block_with_a_white_checker_ahead_is_allowed() -> None:
    # White on 15 is past black's 11..6 (white 23..18).
    position = Position.from_points({24: 14, 15: 1}, BLOCKER_B, "black")
    after = position.play("11/6 24/23", (5, 1))
    assert all(points(after)[1].get(p) for p in range(18, 24))


def test_a_block_on_the_board_without_one_ahead_is_an_invalid_position() -> None:
    with pytest.raises(InvalidPositionError, match="white holds a block of six"):
        Position.from_points({24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}, START_B)
    with pytest.raises(InvalidPositionError, match="black holds a block of six"):
        Position.from_points(START_W, {12: 9, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1}, "black")
    Position.from_points({24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}, {12: 14, 1: 1})


def test_seam_white_3_2_1_24_23_22_is_a_block() -> None:
    """R8.4: white 3,2,1,24,23,22 is black's 15..10, consecutive on black's path."""
    seam = {24: 10, 23: 1, 22: 1, 3: 1, 2: 1, 1: 1}
    with pytest.raises(InvalidPositionError, match="block of six"):
        Position.from_points(seam, START_B)
    Position.from_points(seam, {12: 14, 20: 1})  # black 8 is ahead of it
    before = {24: 10, 23: 1, 22: 1, 3: 1, 2: 2}
    position = Position.from_points(before, START_B)
    with pytest.raises(IllegalMoveError, match="2/1 would build a block"):
        position.play("2/1 24/22", (2, 1))
    allowed = Position.from_points(before, {12: 14, 20: 1}).play("2/1 24/22", (2, 1))
    assert points(allowed)[0] == {24: 9, 23: 1, 22: 2, 3: 1, 2: 1, 1: 1}


def test_seam_white_15_to_10_is_not_a_block() -> None:
    """R8.4: white 15..10 is black's 3,2,1,24,23,22: black cannot move from its 1 to its 24."""
    black_home = {16: 5, 17: 5, 18: 5}
    Position.from_points({15: 1, 14: 1, 13: 1, 12: 1, 11: 1, 10: 1, 9: 9}, black_home)
    position = Position.from_points({24: 9, 15: 2, 14: 1, 13: 1, 11: 1, 10: 1}, black_home)
    after = position.play("15/12 24/23", (3, 1))
    assert all(points(after)[0].get(p) for p in range(10, 16))


def test_black_seams() -> None:
    """The same two seams for black: black 3,2,1,24,23,22 (white 15..10) is a block; black
    15..10 (white 3,2,1,24,23,22) is not."""
    black_block = {15: 1, 14: 1, 13: 1, 12: 10, 11: 1, 10: 1}
    with pytest.raises(InvalidPositionError, match="black holds a block"):
        Position.from_points(START_W, black_block, "black")
    Position.from_points({24: 14, 5: 1}, black_block, "black")
    Position.from_points({4: 5, 5: 5, 6: 5}, {3: 1, 2: 1, 1: 1, 24: 1, 23: 1, 22: 1, 12: 9})


STEP_VS_FINAL_W = {11: 2, 10: 1, 9: 1, 8: 1, 7: 1, 2: 9}


def test_block_step_vs_final() -> None:
    """W {11:2, 10,9,8,7:1, 2:9}, 5-5: only ``final`` lets both 11s go 11/6/1, since the first
    11/6 builds the block 11..6 for a moment (black has nothing past it: all on his head)."""
    assert sum(STEP_VS_FINAL_W.values()) == 15
    both_home = ({10: 1, 9: 1, 8: 1, 7: 1, 2: 9, 1: 2}, START_B)
    step = Position.from_points(STEP_VS_FINAL_W, START_B, block_check="step")
    final = Position.from_points(STEP_VS_FINAL_W, START_B, block_check="final")
    assert both_home not in outcomes(step, (5, 5))
    assert both_home in outcomes(final, (5, 5))
    assert points(final.play("11/1(2)", (5, 5))) == both_home
    with pytest.raises(IllegalMoveError, match="11/6 would build a block"):
        step.play("11/1(2)", (5, 5))
    step_results = outcomes(step, (5, 5))
    assert all(r in outcomes(final, (5, 5)) for r in step_results)


def test_final_block_check_refuses_a_play_ending_in_a_block() -> None:
    position = Position.from_points(
        {24: 9, 11: 2, 10: 1, 9: 1, 8: 1, 7: 1}, START_B, block_check="final"
    )
    with pytest.raises(IllegalMoveError, match="ends in a block of six points"):
        position.play("11/6 24/18", (6, 5))
    for play in position.legal_plays((6, 5)):
        Position.from_dict(play.result.to_dict())  # no bad block at the end


# -- bearing off and the end of the game (R9, R10) -----------------------------------------------


def test_bear_off_only_after_the_last_checker_enters() -> None:
    position = Position.from_points({7: 1, 5: 1, 2: 13}, START_B)
    assert outcomes(position, (6, 5)) == expect(({2: 13, 1: 1}, START_B))
    assert points(position.play("7/1 5/off", (6, 5))) == ({2: 13, 1: 1}, START_B)
    with pytest.raises(IllegalMoveError, match="cannot bear off yet"):
        position.play("5/off", (6, 5))


def test_black_bears_off() -> None:
    white = {1: 5, 2: 5, 3: 5}
    position = Position.from_points(white, {18: 1, 16: 1}, "black")
    assert outcomes(position, (5, 3)) == expect((white, {13: 2}))
    assert outcomes(position, (6, 4)) == expect((white, {}))
    (play,) = position.legal_plays((6, 4))
    assert play.notation == "6/off 4/off"
    assert play.result.result == GameResult("black", "mars", 2)


def test_the_game_ends_in_the_middle_of_a_turn() -> None:
    position = Position.from_points({2: 1}, START_B)
    (play,) = position.legal_plays((1, 1))
    assert play.notation == "2/off"
    assert len(play.moves) == 2
    assert play.result.result == GameResult("white", "mars", 2)
    assert play.result.is_over
    with pytest.raises(IllegalMoveError, match="the game is over"):
        play.result.legal_plays((3, 1))


def test_oin_when_the_loser_has_borne_off() -> None:
    (play,) = Position.from_points({1: 1}, {13: 14}).legal_plays((2, 1))
    assert play.result.result == GameResult("white", "oin", 1)
