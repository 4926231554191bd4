"""The board as a referee: moves, turns, the opening rule, results, errors, undo, text forms."""

import pytest

from gamehall import GameError, IllegalMoveError, InvalidPositionError, RecordError
from gamehall.renju import Board, Result

COLUMNS = "abcdefghijklmno"
SPREAD = ["a1", "c1", "e1", "g1", "i1", "k1", "m1", "o1", "a3"]
"""Stones far apart, to balance counts without making any pattern."""


def snapshot(board: Board) -> tuple[object, ...]:
    """Everything observable about a board, to check that a refused move changed nothing."""
    return (
        board.copy(),
        str(board),
        repr(board),
        board.turn,
        board.moves,
        board.result,
        board.stones(),
        board.legal_moves(),
        board.forbidden_points(),
    )


def five_free_fill() -> tuple[list[str], list[str]]:
    """Black's 113 and White's 112 points of a full board with no five in any direction."""
    black: list[str] = []
    white: list[str] = []
    for y in range(15):
        for x in range(15):
            (black if (x + 2 * y) % 4 in (0, 1) else white).append(f"{COLUMNS[x]}{y + 1}")
    return black, white


# -- making a board -------------------------------------------------------------------------------


def test_a_new_board() -> None:
    board = Board()
    assert (board.rule, board.opening, board.forbidden) == ("renju", "center", "loss")
    assert board.turn == "black"
    assert board.moves == []
    assert board.result is None
    assert board.stones() == {}
    assert board.forbidden_points() == {}


@pytest.mark.parametrize(
    "options", [{"rule": "renju "}, {"opening": "yamaguchi"}, {"forbidden": "warn"}]
)
def test_unknown_options_are_refused(options: dict[str, str]) -> None:
    with pytest.raises(GameError, match="must be one of"):
        Board(**options)


def test_from_moves_reads_text_and_lists_in_any_case() -> None:
    board = Board.from_moves("H8  h9\nJ10")
    assert board.moves == ["h8", "h9", "j10"]
    assert board == Board.from_moves(["h8", "H9", "j10"])
    assert board.turn == "white"
    assert board.stones() == {"h8": "black", "h9": "white", "j10": "black"}


def test_from_moves_refuses_a_bad_record() -> None:
    with pytest.raises(RecordError, match=r"move 2: 'z9' is not a point"):
        Board.from_moves("h8 z9")
    with pytest.raises(IllegalMoveError, match=r"^move 3: h8 is occupied$"):
        Board.from_moves("h8 h9 h8")
    with pytest.raises(IllegalMoveError, match=r"move 1: a1 breaks the opening rule"):
        Board.from_moves("a1")


def test_from_moves_takes_the_options() -> None:
    board = Board.from_moves("a1 b2", rule="gomoku-standard", opening="free", forbidden="refuse")
    assert (board.rule, board.opening, board.forbidden) == ("gomoku-standard", "free", "refuse")


def test_from_position() -> None:
    board = Board.from_position(black=["h8", "I9"], white=["h9"], turn="white")
    assert board.turn == "white"
    assert board.opening == "free"
    assert board.moves == []
    assert board.stone_at("i9") == "black"
    board.play("a1")
    assert board.moves == ["a1"]
    assert board.stone_at("a1") == "white"


def test_from_position_accepts_any_stone_counts_and_blank_separated_text() -> None:
    board = Board.from_position(black="h8 h9 h10", white="", turn="white")
    assert len(board.stones()) == 3


def test_from_position_then_moves() -> None:
    board = Board.from_position(black=["h8"], white=["h9"], moves="a1 b2")
    assert board.moves == ["a1", "b2"]
    assert board.turn == "black"
    board.undo()
    board.undo()
    with pytest.raises(IllegalMoveError, match="no move to undo"):
        board.undo()
    assert board.stones() == {"h8": "black", "h9": "white"}


@pytest.mark.parametrize(
    ("black", "white", "message"),
    [
        (["h8", "h8"], [], "h8 is given twice"),
        (["h8"], ["H8"], "h8 is given for both black and white"),
        (["h88"], [], "'h88' is not a point"),
        (["p1"], [], "'p1' is not a point"),
    ],
)
def test_from_position_refuses_inconsistent_stones(
    black: list[str], white: list[str], message: str
) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Board.from_position(black=black, white=white)


def test_from_position_refuses_an_unknown_turn() -> None:
    with pytest.raises(InvalidPositionError, match="turn must be"):
        Board.from_position(black=[], white=[], turn="red")


def test_a_composed_position_with_a_five_is_over() -> None:
    board = Board.from_position(black=[], white=["a1", "a2", "a3", "a4", "a5", "a6"])
    assert board.result == Result("white", "five")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        board.play("h8")
    black_overline = Board.from_position(black=["a1", "a2", "a3", "a4", "a5", "a6"], white=[])
    assert black_overline.result is None
    with pytest.raises(InvalidPositionError, match="both black and white"):
        Board.from_position(
            black=["a1", "a2", "a3", "a4", "a5"], white=["c1", "c2", "c3", "c4", "c5"]
        )


def test_a_full_composed_position_is_a_draw() -> None:
    black, white = five_free_fill()
    board = Board.from_position(black=black, white=white)
    assert board.result == Result(None, "full-board")


# -- playing --------------------------------------------------------------------------------------


def test_play_alternates_and_records() -> None:
    board = Board()
    for point, turn in [("h8", "white"), ("i9", "black"), ("g10", "white")]:
        board.play(point)
        assert board.turn == turn
    assert board.moves == ["h8", "i9", "g10"]
    assert board.record() == "h8 i9 g10"


def test_points_may_be_upper_case() -> None:
    board = Board()
    board.play("H8")
    assert board.moves == ["h8"]


def test_undo_takes_back_the_last_move() -> None:
    board = Board.from_moves("h8 i9")
    before = snapshot(Board.from_moves("h8"))
    assert board.undo() == "i9"
    assert snapshot(board) == before
    assert board.undo() == "h8"
    assert board == Board()
    with pytest.raises(IllegalMoveError, match="there is no move to undo"):
        board.undo()


def test_undo_reopens_a_finished_game() -> None:
    board = Board.from_moves("h8 a1 h9 a2 h10 a3 h11 a4", opening="free")
    board.play("h12")
    assert board.result == Result("black", "five")
    board.undo()
    assert board.result is None
    board.play("h7")
    assert board.result == Result("black", "five")


# -- the opening rule -----------------------------------------------------------------------------


def test_centre_opening_legal_moves() -> None:
    board = Board()
    assert board.legal_moves() == ["h8"]
    board.play("h8")
    assert sorted(board.legal_moves()) == sorted(["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"])
    board.play("i9")
    third = board.legal_moves()
    assert len(third) == 23
    assert set(third) == {f"{c}{r}" for c in "fghij" for r in range(6, 11)} - {"h8", "i9"}
    board.play("f6")
    assert len(board.legal_moves()) == 222


@pytest.mark.parametrize(
    ("record", "point", "rule"),
    [
        ("", "a1", "the first move must be h8"),
        ("", "g7", "the first move must be h8"),
        ("h8", "h10", r"the second move must be next to h8 \(g7 to i9\)"),
        ("h8", "a1", "the second move must be next to h8"),
        ("h8 h9", "k8", r"the third move must be within f6 to j10"),
        ("h8 h9", "e5", "the third move must be within f6 to j10"),
    ],
)
def test_centre_opening_refuses(record: str, point: str, rule: str) -> None:
    board = Board.from_moves(record)
    before = snapshot(board)
    with pytest.raises(IllegalMoveError, match=f"^{point} breaks the opening rule: {rule}"):
        board.play(point)
    assert snapshot(board) == before


def test_centre_opening_corners_of_the_squares() -> None:
    Board.from_moves("h8 g7 f6")
    Board.from_moves("h8 i9 j10 a1")
    Board.from_moves("h8 g9 j6")


def test_no_pass_during_the_centre_opening() -> None:
    for record in ("", "h8", "h8 h9"):
        board = Board.from_moves(record)
        with pytest.raises(IllegalMoveError, match="pass breaks the opening rule"):
            board.play("pass")
    board = Board.from_moves("h8 h9 h10")
    board.play("pass")
    assert board.moves[-1] == "pass"


def test_free_opening() -> None:
    board = Board(opening="free")
    assert len(board.legal_moves()) == 225
    board.play("pass")
    board.play("a1")
    assert board.stone_at("a1") == "white"


# -- winning --------------------------------------------------------------------------------------


def test_black_wins_with_exactly_five() -> None:
    board = Board.from_moves("h8 h9 g8 g9 f8 f9 e8 e9 d8")
    assert board.result == Result("black", "five")
    assert board.legal_moves() == []


def test_white_wins_with_five() -> None:
    board = Board.from_moves("h8 h9 g8 g9 f8 f9 e8 e9 a1 d9")
    assert board.result == Result("white", "five")


def test_white_overline_wins() -> None:
    board = Board.from_position(black=SPREAD[:6], white=["h3", "h4", "h5", "h7", "h8"])
    board.play("a15")
    board.play("h6")
    assert board.result == Result("white", "five")


def test_black_overline_is_a_forbidden_loss() -> None:
    board = Board.from_position(black=["h3", "h4", "h5", "h7", "h8"], white=SPREAD[:5])
    board.play("h6")
    assert board.result == Result("white", "overline")
    assert board.stone_at("h6") == "black"


def test_black_five_beats_an_overline_on_another_line() -> None:
    board = Board.from_position(
        black=["d8", "e8", "f8", "g8", "h5", "h6", "h7", "h9", "h10"],
        white=["c8", "i8", *SPREAD[:7]],
    )
    board.play("h8")
    assert board.result == Result("black", "five")


@pytest.mark.parametrize(
    ("black", "point", "pattern"),
    [
        ("e8 f8 g8 h5 h6 h7", "h8", "double-four"),
        ("f8 g8 h6 h7", "h8", "double-three"),
        ("c8 d8 e8 g8 h8", "f8", "overline"),
    ],
)
def test_forbidden_move_under_loss(black: str, point: str, pattern: str) -> None:
    white = SPREAD[: len(black.split())]
    board = Board.from_position(black=black.split(), white=white)
    assert board.forbidden_points()[point] == pattern
    assert point in board.legal_moves()
    board.play(point)
    assert board.result == Result("white", pattern)
    assert board.stone_at(point) == "black"
    with pytest.raises(IllegalMoveError, match=r"the game is over \(white wins by "):
        board.play("o15")


@pytest.mark.parametrize(
    ("black", "point", "pattern"),
    [
        ("e8 f8 g8 h5 h6 h7", "h8", "double-four"),
        ("f8 g8 h6 h7", "h8", "double-three"),
        ("c8 d8 e8 g8 h8", "f8", "overline"),
    ],
)
def test_forbidden_move_under_refuse(black: str, point: str, pattern: str) -> None:
    white = SPREAD[: len(black.split())]
    board = Board.from_position(black=black.split(), white=white, forbidden="refuse")
    assert point not in board.legal_moves()
    before = snapshot(board)
    with pytest.raises(IllegalMoveError, match=f"^{point} is forbidden for Black: {pattern}$"):
        board.play(point)
    assert snapshot(board) == before
    board.play("o15")
    assert point in board.legal_moves(), "White may play on Black's forbidden points"
    board.play(point)
    assert board.stone_at(point) == "white"


def test_white_has_no_forbidden_moves() -> None:
    board = Board.from_position(black=SPREAD[:4], white=["f8", "g8", "h6", "h7"], turn="white")
    board.play("h8")
    assert board.result is None


# -- gomoku variants ------------------------------------------------------------------------------


def test_gomoku_freestyle_overline_wins_for_both() -> None:
    for turn in ("black", "white"):
        stones, other = ["h3", "h4", "h5", "h7", "h8"], SPREAD[:5]
        black, white = (stones, other) if turn == "black" else (other, stones)
        board = Board.from_position(black=black, white=white, turn=turn, rule="gomoku-freestyle")
        board.play("h6")
        assert board.result == Result(turn, "five")


def test_gomoku_freestyle_has_no_forbidden_moves() -> None:
    board = Board.from_position(black=["f8", "g8", "h6", "h7"], white=[], rule="gomoku-freestyle")
    assert board.forbidden_points() == {}
    board.play("h8")
    assert board.result is None


def test_gomoku_standard_needs_exactly_five() -> None:
    for turn in ("black", "white"):
        stones, other = ["h3", "h4", "h5", "h7", "h8"], SPREAD[:5]
        black, white = (stones, other) if turn == "black" else (other, stones)
        board = Board.from_position(black=black, white=white, turn=turn, rule="gomoku-standard")
        board.play("h6")
        assert board.result is None, "an overline is no win, and not forbidden"
        assert board.stone_at("h6") == turn
    options = {"rule": "gomoku-standard", "opening": "free"}
    board = Board.from_moves("h8 a1 h9 a2 h10 a3 h11 a4 h12", **options)
    assert board.result == Result("black", "five")
    board = Board.from_moves("h8 a1 h9 a2 h10 a3 h11 a4 o15 a5", **options)
    assert board.result == Result("white", "five")


# -- draws ----------------------------------------------------------------------------------------


def test_two_passes_in_a_row_draw() -> None:
    board = Board.from_moves("h8 h9 h10 pass")
    assert board.result is None
    board.play("pass")
    assert board.result == Result(None, "two-passes")
    assert board.moves == ["h8", "h9", "h10", "pass", "pass"]
    with pytest.raises(IllegalMoveError, match="the game is over"):
        board.play("a1")
    board.undo()
    assert board.result is None


def test_passes_that_are_not_in_a_row_do_not_draw() -> None:
    board = Board.from_moves("h8 h9 h10 pass a1 pass a2")
    assert board.result is None
    assert board.turn == "white"


@pytest.mark.parametrize("rule", ["gomoku-freestyle", "gomoku-standard", "renju"])
def test_a_full_board_draws(rule: str) -> None:
    black, white = five_free_fill()
    moves = [point for pair in zip(black, [*white, ""], strict=True) for point in pair if point]
    board = Board(rule=rule, opening="free", forbidden="refuse")
    for point in moves[:-1]:
        board.play(point)
    assert board.result is None
    board.play(moves[-1])
    assert board.result == Result(None, "full-board")
    assert board.legal_moves() == []


# -- errors leave the board as it was -------------------------------------------------------------


@pytest.mark.parametrize(
    ("point", "message"),
    [
        ("p8", r"^'p8' is not a point: write a column a-o and a row 1-15, e\.g\. h8$"),
        ("h16", "'h16' is not a point"),
        ("h0", "'h0' is not a point"),
        ("8h", "'8h' is not a point"),
        ("", "'' is not a point"),
        ("h 8", "'h 8' is not a point"),
        ("j10", "^j10 is occupied$"),
        ("H8", "^h8 is occupied$"),
    ],
)
def test_bad_moves_change_nothing(point: str, message: str) -> None:
    board = Board.from_moves("h8 h9 j10")
    before = snapshot(board)
    with pytest.raises(IllegalMoveError, match=message):
        board.play(point)
    assert snapshot(board) == before


def test_a_move_that_is_not_text_is_refused() -> None:
    board = Board()
    with pytest.raises(IllegalMoveError, match="is not a point"):
        board.play(None)  # type: ignore[arg-type]


def test_moves_after_the_end_change_nothing() -> None:
    board = Board.from_moves("h8 h9 g8 g9 f8 f9 e8 e9 d8")
    before = snapshot(board)
    for point in ("a1", "pass", "h8", "zz"):
        with pytest.raises(IllegalMoveError):
            board.play(point)
    assert snapshot(board) == before


def test_errors_are_game_errors() -> None:
    with pytest.raises(GameError):
        Board().play("a1")


# -- text forms, copies, equality -----------------------------------------------------------------


def test_str_draws_the_board() -> None:
    board = Board.from_moves("h8 i9 g7 a1 o15")
    expected = "\n".join(
        [
            "15 . . . . . . . . . . . . . .(X)",
            "14 . . . . . . . . . . . . . . .",
            "13 . . . . . . . . . . . . . . .",
            "12 . . . . . . . . . . . . . . .",
            "11 . . . . . . . . . . . . . . .",
            "10 . . . . . . . . . . . . . . .",
            " 9 . . . . . . . . O . . . . . .",
            " 8 . . . . . . . X . . . . . . .",
            " 7 . . . . . . X . . . . . . . .",
            " 6 . . . . . . . . . . . . . . .",
            " 5 . . . . . . . . . . . . . . .",
            " 4 . . . . . . . . . . . . . . .",
            " 3 . . . . . . . . . . . . . . .",
            " 2 . . . . . . . . . . . . . . .",
            " 1 O . . . . . . . . . . . . . .",
            "   a b c d e f g h i j k l m n o",
        ]
    )
    assert str(board) == expected


def test_str_marks_the_last_stone_and_nothing_on_an_empty_board() -> None:
    assert "(" not in str(Board())
    board = Board.from_moves("h8 h9 h10 pass")
    assert str(board).splitlines()[5] == "10 . . . . . . .(X). . . . . . ."


@pytest.mark.parametrize(
    "board",
    [
        Board(),
        Board(rule="gomoku-freestyle", opening="free", forbidden="refuse"),
        Board.from_moves("h8 h9 j10 pass"),
        Board.from_moves("a1 b2", opening="free", rule="gomoku-standard"),
        Board.from_position(black=["h8", "a1"], white=["h9"], turn="white"),
        Board.from_position(black=["h8"], white=["h9"], moves="i9 pass", forbidden="refuse"),
    ],
)
def test_repr_evaluates_to_an_equal_board(board: Board) -> None:
    assert eval(repr(board), {"Board": Board}) == board


def test_repr_examples() -> None:
    assert repr(Board()) == "Board()"
    assert repr(Board.from_moves("h8 h9")) == "Board.from_moves('h8 h9')"
    assert (
        repr(Board.from_position(black=["h8"], white=[], rule="gomoku-standard"))
        == "Board.from_position(black=['h8'], white=[], turn='black', rule='gomoku-standard')"
    )


def test_copy_is_independent() -> None:
    board = Board.from_moves("h8 h9")
    other = board.copy()
    assert other == board
    other.play("j10")
    assert board.moves == ["h8", "h9"]
    assert board.stone_at("j10") is None
    assert other != board


def test_equality_is_options_setup_and_moves() -> None:
    assert Board.from_moves("h8 h9") == Board.from_moves("h8 h9")
    assert Board.from_moves("h8 h9") != Board.from_moves("h8 h9", forbidden="refuse")
    assert Board.from_moves("h8 h9") != Board.from_position(black=["h8"], white=["h9"])
    assert Board() != "Board()"


def test_stone_at_reads_points() -> None:
    board = Board.from_moves("h8")
    assert board.stone_at("H8") == "black"
    assert board.stone_at("a1") is None
    with pytest.raises(IllegalMoveError, match="'q1' is not a point"):
        board.stone_at("q1")


def test_result_text() -> None:
    assert str(Result("white", "double-three")) == "white wins by double-three"
    assert str(Result(None, "two-passes")) == "draw by two-passes"
