"""Building long nardy positions, their options, the exchange format, the result of a game,
resignation, the last-roll tie and the text diagram."""

from typing import Any

import pytest

from gamehall import GameError, IllegalMoveError, InvalidPositionError
from gamehall.nardy import DEFAULT_OPTIONS, GameResult, Position
from gamehall.nardy.rules import nardy_rules

START_BOARD = [0] * 11 + [-15] + [0] * 11 + [15]


def test_initial_is_the_exchange_formats_start() -> None:
    position = Position.initial()
    assert position.to_dict() == {"board": START_BOARD, "turn": "white"}
    assert position == Position.from_dict({"board": START_BOARD, "turn": "white"})
    assert position == Position.from_points({24: 15}, {12: 15})
    assert position.options == DEFAULT_OPTIONS
    assert position.result is None and not position.is_over
    assert position.sides[0][24] == 15 and position.sides[1][24] == 15
    assert position.pip_count() == (360, 360)


OPTION_VALUES = {
    "bearoff": ("seed", "standard", "maxpips"),
    "block_check": ("step", "final"),
    "head_exception": ("seed", "plain"),
    "last_roll_tie": (False, True),
}


@pytest.mark.parametrize(
    ("name", "value"), [(n, v) for n, values in OPTION_VALUES.items() for v in values]
)
def test_every_constructor_takes_every_option_by_name(name: str, value: Any) -> None:
    built = [
        Position.initial(**{name: value}),
        Position.from_board(START_BOARD, "white", **{name: value}),
        Position.from_dict({"board": START_BOARD, "turn": "white"}, **{name: value}),
        Position.from_points({24: 15}, {12: 15}, **{name: value}),
    ]
    for position in built:
        assert position.options[name] == value  # type: ignore[literal-required]
        after = position.legal_plays((6, 5))[0].result
        assert after.options == position.options, "options carry over to the next position"
        assert eval(repr(position), {"Position": Position}).options == position.options


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("bearoff", "gnubg", "'seed', 'standard', 'maxpips'"),
        ("block_check", "never", "'step', 'final'"),
        ("head_exception", "always", "'seed', 'plain'"),
        ("last_roll_tie", "yes", "True or False"),
        ("bearoff", ["seed"], "'seed', 'standard', 'maxpips'"),
    ],
)
def test_bad_option_values_name_the_allowed_ones(name: str, value: Any, allowed: str) -> None:
    options: dict[str, Any] = {name: value}
    data = {"board": START_BOARD, "turn": "white"}
    for build, args in (
        (Position.initial, ()),
        (Position.from_board, (START_BOARD, "white")),
        (Position.from_dict, (data,)),
    ):
        with pytest.raises(GameError) as error:
            build(*args, **options)
        assert name in str(error.value) and allowed in str(error.value)


def test_unknown_option_names_are_refused() -> None:
    with pytest.raises(TypeError):
        Position.initial(first_move="winner")  # type: ignore[call-arg]


def test_the_rule_sets_are_shared() -> None:
    assert nardy_rules() is Position.initial().rules
    assert nardy_rules("standard", "final", "plain").bearoff_preference == "standard"


@pytest.mark.parametrize(
    ("board", "turn", "message"),
    [
        (START_BOARD[:23], "white", "has 23 entries: it needs 24"),
        ([*START_BOARD, 0], "white", "has 25 entries"),
        ("0" * 24, "white", "must be a list of 24 whole numbers"),
        (None, "white", "must be a list of 24 whole numbers"),
        ([*START_BOARD[:23], 15.0], "white", "white's point 24 holds 15.0"),
        ([*START_BOARD[:23], True], "white", "white's point 24 holds True"),
        ([*START_BOARD[:23], 16], "white", "white has 16 checkers on the board"),
        ([0] * 11 + [-16] + [0] * 11 + [15], "black", "black has 16 checkers"),
        ([1, *START_BOARD[1:23], 15], "white", "white has 16 checkers"),
        (START_BOARD, "red", "turn must be 'white' or 'black', not 'red'"),
        (START_BOARD, None, "turn must be 'white' or 'black'"),
        ([0] * 24, "white", "both sides have borne off all their checkers"),
        ([1, 1, 1, 1, 1, 1, *START_BOARD[6:23], 9], "white", "white holds a block of six"),
        ([-1] * 6 + [0] * 5 + [-9] + [0] * 11 + [15], "black", "black holds a block of six"),
    ],
)
def test_invalid_boards_say_what_is_wrong(board: Any, turn: Any, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Position.from_board(board, turn)
    with pytest.raises(InvalidPositionError, match=message):
        Position.from_dict({"board": board, "turn": turn})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"board": START_BOARD}, "'turn' missing"),
        ({"turn": "white"}, "'board' missing"),
        ({}, "'board' and 'turn' missing"),
        ([START_BOARD, "white"], "is a mapping with 'board' and 'turn'"),
    ],
)
def test_invalid_dicts_say_what_is_wrong(data: Any, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Position.from_dict(data)


def test_from_dict_ignores_other_keys() -> None:
    data = {"board": START_BOARD, "turn": "white", "dice": [6, 5]}
    assert Position.from_dict(data) == Position.initial()


@pytest.mark.parametrize(
    ("white", "black", "message"),
    [
        ({24: 15}, {24: 1, 12: 14}, "white's point 24 holds checkers of both colours"),
        ({25: 15}, {12: 15}, "25 is not a point"),
        ({24: -1}, {12: 15}, "-1 checkers on 24"),
    ],
)
def test_from_points_refuses_what_cannot_be(
    white: dict[int, int], black: dict[int, int], message: str
) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Position.from_points(white, black)


def test_the_internal_constructor_refuses_both_colours_on_a_point() -> None:
    white = [0] * 26
    white[24] = 15
    black = [0] * 26
    black[24], black[12] = 14, 1  # black's 12 is white's 24
    rules = nardy_rules()
    with pytest.raises(InvalidPositionError, match="white's point 24 holds checkers of both"):
        Position(tuple(white), tuple(black), rules, "white")
    with pytest.raises(InvalidPositionError, match="white's point 24 holds checkers of both"):
        Position(tuple(black), tuple(white), rules, "black")


def test_the_internal_constructor_refuses_a_bad_turn_a_bad_block_and_bad_counts() -> None:
    start = Position.initial()
    with pytest.raises(InvalidPositionError, match="turn must be"):
        Position(start.mover, start.opponent, start.rules, "green")  # type: ignore[arg-type]
    blocked = [0] * 26
    blocked[24], blocked[6:12] = 9, [1] * 6
    with pytest.raises(InvalidPositionError, match="block of six"):
        Position(tuple(blocked), start.opponent, start.rules, "white")
    with pytest.raises(InvalidPositionError, match="16 checkers"):
        Position((0, *[0] * 23, 16, 0), start.opponent, start.rules, "white")


def test_to_dict_round_trips_and_options_are_not_in_it() -> None:
    position = Position.from_points({13: 1, 9: 1, 1: 13}, {6: 1, 7: 1, 11: 1, 12: 12}, "black")
    data = position.to_dict()
    assert set(data) == {"board", "turn"}
    assert Position.from_dict(data) == position
    assert Position.from_dict(data, bearoff="standard").options["bearoff"] == "standard"


def test_repr_evaluates_back() -> None:
    position = Position.from_points(
        {13: 1, 9: 1, 1: 13}, {6: 1, 12: 14}, "black", block_check="final", last_roll_tie=True
    )
    text = repr(position)
    assert text.startswith("Position.from_board([")
    assert "block_check='final'" in text and "last_roll_tie=True" in text
    assert "bearoff" not in text, "default options are left out"
    again = eval(text, {"Position": Position})
    assert again == position and again.options == position.options


def test_borne_off_and_sides() -> None:
    position = Position.from_points({1: 3}, {13: 14}, "black")
    assert position.borne_off("white") == 12
    assert position.borne_off("black") == 1
    white, black = position.sides
    assert white[1] == 3 and black[1] == 14
    with pytest.raises(GameError, match="not a side"):
        position.borne_off("red")  # type: ignore[arg-type]


# -- results (R10) -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("white", "black", "turn", "expected"),
    [
        ({}, {12: 15}, "black", GameResult("white", "mars", 2)),
        ({}, {13: 14}, "black", GameResult("white", "oin", 1)),
        ({24: 15}, {}, "white", GameResult("black", "mars", 2)),
        ({1: 1}, {}, "white", GameResult("black", "oin", 1)),
        ({1: 1}, {13: 1}, "white", None),
    ],
)
def test_result(
    white: dict[int, int], black: dict[int, int], turn: Any, expected: GameResult | None
) -> None:
    position = Position.from_points(white, black, turn)
    assert position.result == expected
    assert position.is_over == (expected is not None)


# -- the last-roll tie (R10.4) -------------------------------------------------------------------


def test_without_the_last_roll_tie_white_wins_at_once() -> None:
    (play,) = Position.from_points({1: 1}, {13: 2}).legal_plays((2, 1))
    assert play.result.result == GameResult("white", "oin", 1)
    assert not play.result.last_roll_pending


def test_last_roll_tie_gives_black_one_more_roll() -> None:
    position = Position.from_points({1: 1}, {13: 1, 18: 1}, last_roll_tie=True)
    (play,) = position.legal_plays((2, 1))
    pending = play.result
    assert pending.turn == "black" and pending.borne_off("white") == 15
    assert pending.result is None and not pending.is_over and pending.last_roll_pending
    assert "Black (B) to move (his last roll)" in str(pending)
    # Black finishes with his last roll: a draw.
    (tie,) = pending.legal_plays((6, 1))
    assert tie.result.result == GameResult(None, "draw", 0)
    assert tie.result.turn == "white" and tie.result.is_over
    assert "draw" in str(tie.result)
    # Black does not finish: white wins, oin because black had borne off 13.
    short = pending.play("6/4 1/off", (2, 1))
    assert short.result == GameResult("white", "oin", 1)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        short.legal_plays((6, 6))


def test_last_roll_mars_is_judged_after_the_last_roll() -> None:
    pending = Position.from_points({}, {13: 14, 18: 1}, "black", last_roll_tie=True)
    assert pending.last_roll_pending
    (play,) = pending.legal_plays((6, 1))
    assert play.result.result == GameResult("white", "oin", 1)
    (nothing_off,) = Position.from_points({}, {19: 15}, "black", last_roll_tie=True).legal_plays(
        (6, 5)
    )
    assert nothing_off.result.result == GameResult("white", "mars", 2)


def test_black_finishing_first_ends_the_game_even_with_the_last_roll_tie() -> None:
    (play,) = Position.from_points({24: 1}, {13: 1}, "black", last_roll_tie=True).legal_plays(
        (2, 1)
    )
    assert play.result.result == GameResult("black", "oin", 1)


def test_both_finished_needs_the_last_roll_tie() -> None:
    assert Position.from_board([0] * 24, "white", last_roll_tie=True).result == GameResult(
        None, "draw", 0
    )


def test_a_finished_side_does_not_make_the_others_blocks_illegal() -> None:
    """When white has borne off all 15, black's six home points are no longer 'blocked' by
    the letter of R8 (no white checker ahead), but they were legal when built."""
    home = {13: 2, 14: 2, 15: 2, 16: 2, 17: 2, 18: 5}
    assert Position.from_points({}, home, "black").result == GameResult("white", "mars", 2)
    assert Position.from_points({}, home, "black", last_roll_tie=True).last_roll_pending


# -- resignation (R11) ---------------------------------------------------------------------------


def test_surrender_value() -> None:
    start = Position.initial()
    assert start.surrender_value("white") == 1
    assert start.surrender_value("white", "oin") == 1
    assert start.surrender_value("black", "mars") == 2
    some_off = Position.from_points({24: 15}, {13: 14})
    assert some_off.surrender_value("black", "mars") == 1
    assert some_off.surrender_value("white", "mars") == 2
    with pytest.raises(GameError, match="'oin', 'mars'"):
        start.surrender_value("white", "cox")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="not a side"):
        start.surrender_value("nobody")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="the game is over"):
        Position.from_points({}, {12: 15}, "black").surrender_value("black")


# -- the diagram ---------------------------------------------------------------------------------

WHITE_VIEW = """\
 White's view, in white's numbering
   13 14 15 16 17 18   19 20 21 22 23 24
 +-------------------+-------------------+
 |  W                |                 W |
 |                   |                 W |
 |                   |                 W |
 |                   |                 W |
 |                   |                14 |
 |                   |                   |
 | 13                |                   |
 |  B                |                   |
 |  B                |                   |
 |  B                |        B          |
 |  B                |        B          |
 +-------------------+-------------------+
   12 11 10  9  8  7    6  5  4  3  2  1
 Borne off: white 0, black 0   Pips: white 349, black 344
 White (W) to move"""

BLACK_VIEW = """\
 Black's view, in black's numbering
   13 14 15 16 17 18   19 20 21 22 23 24
 +-------------------+-------------------+
 |           B       |                 B |
 |           B       |                 B |
 |                   |                 B |
 |                   |                 B |
 |                   |                13 |
 |                   |                   |
 | 14                |                   |
 |  W                |                   |
 |  W                |                   |
 |  W                |                   |
 |  W                |                 W |
 +-------------------+-------------------+
   12 11 10  9  8  7    6  5  4  3  2  1
 Borne off: white 0, black 0   Pips: white 349, black 344
 White (W) to move"""


def test_diagram_from_either_side() -> None:
    position = Position.initial().play("24/13", (6, 5)).play("24/16(2)", (4, 4))
    assert position.diagram("white") == WHITE_VIEW
    assert position.diagram("black") == BLACK_VIEW
    assert str(position) == WHITE_VIEW, "str is the view of the side to move"
    assert str(position.swapped()) == BLACK_VIEW.replace("White (W)", "Black (B)")


def test_diagram_shows_borne_off_checkers_and_the_result() -> None:
    position = Position.from_points({1: 2}, {13: 15}, "black")
    text = position.diagram()
    assert "Borne off: white 13, black 0" in text
    assert text.splitlines()[0] == " Black's view, in black's numbering"
    finished = Position.from_points({}, {13: 14}, "black")
    assert finished.diagram().endswith("White has won: oin, 1 point")
    assert Position.from_points({}, {13: 15}, "black").diagram().endswith("mars, 2 points")
    with pytest.raises(GameError, match="not a side"):
        position.diagram("green")  # type: ignore[arg-type]
