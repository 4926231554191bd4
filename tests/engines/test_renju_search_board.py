"""The engine's fast board agrees with the rules layer: its line tables with the rules layer's
pattern analysis, its forbidden points with the referee's on the public vectors and on random
games, and its incremental state with a board built afresh."""

import random
from typing import Any

import numpy as np
import pytest

from gamehall.engines.renju_search.board import (
    CELL_OF,
    TOTAL_BLACK,
    TOTAL_WHITE,
    TURN,
    FastBoard,
    cell_of,
    place,
    place_lines,
    point_of,
    remove_lines,
)
from gamehall.engines.renju_search.patterns import (
    CLASS,
    EXACT,
    FIVE,
    FOURS,
    KEYS,
    OVERLINE,
    STRAIGHT_MASK,
    TABLES,
)
from gamehall.renju import forbidden as rules_forbidden
from gamehall.renju.board import Board
from gamehall.renju.patterns import analyse
from gamehall.renju.points import NAMES, read_point
from support.vectors import renju_forbidden


def _window(key: int) -> int:
    """The rules layer's 22-bit window (2 bits a cell: black, blocked) of an engine key."""
    window = 0
    for cell in range(11):
        if cell == 5:
            continue
        digit = (key // 3 ** (cell if cell < 5 else cell - 1)) % 3
        window |= (1 if digit == 1 else 2 if digit == 2 else 0) << (2 * cell)
    return window


def test_the_exact_table_is_the_rules_layers_analysis() -> None:
    for key in range(0, KEYS, 7):
        info = analyse(_window(key))
        entry = TABLES[EXACT, key]
        if info is None:
            assert not entry[FIVE] and not entry[OVERLINE] and not entry[FOURS], key
            assert not entry[STRAIGHT_MASK], key
            continue
        assert bool(entry[FIVE]) == info.five, key
        assert bool(entry[OVERLINE]) == info.overline, key
        assert entry[FOURS] == (0 if info.five else info.fours), key
        offsets = tuple(i - 5 for i in range(11) if entry[STRAIGHT_MASK] >> i & 1)
        assert offsets == info.four_points, key


def _named(fast: FastBoard) -> dict[str, str]:
    from gamehall.renju.points import NAMES

    return {
        NAMES[point]: rules_forbidden.PATTERN_NAMES[verdict]
        for point, verdict in fast.forbidden_points().items()
    }


def _board(case: dict[str, Any]) -> Board:
    if "moves" in case:
        return Board.from_moves(case["moves"])
    return Board.from_position(black=case["black"], white=case["white"], turn=case["to_move"])


def test_forbidden_points_match_the_public_vectors() -> None:
    cases = renju_forbidden()
    assert len(cases) > 300
    for number, case in enumerate(cases, start=1):
        assert _named(FastBoard.from_board(_board(case))) == case["forbidden"], f"line {number}"


@pytest.mark.parametrize("seed", range(6))
def test_forbidden_points_match_the_referee_in_random_games(seed: int) -> None:
    chooser = random.Random(seed)
    board = Board(opening="free")
    fast = FastBoard("renju")
    # crowd the centre, where double threes and fours happen
    while board.result is None and len(board.moves) < 120:
        legal = board.legal_moves()
        near = [p for p in legal if abs(ord(p[0]) - ord("h")) <= 4 and abs(int(p[1:]) - 8) <= 4]
        point = chooser.choice(near or legal)
        if board.turn == "black" and point in board.forbidden_points():
            continue
        board.play(point)
        fast.play(cell_of(_index(point)))
        assert _named(fast) == board.forbidden_points(), board.record()


def _index(point: str) -> int:
    from gamehall.renju.points import read_point

    return read_point(point)


def test_undo_restores_the_state_exactly() -> None:
    chooser = random.Random(7)
    fast = FastBoard("renju")
    fresh = FastBoard("renju")
    snapshot = [array.copy() for array in fresh.state]
    played = []
    for _ in range(60):
        cell = int(chooser.choice([c for c in CELL_OF if fast.state.cells[c] == 0]))
        fast.play(cell)
        played.append(cell)
    for cell in reversed(played):
        assert fast.undo() == cell
    for name, before, after in zip(fast.state._fields, snapshot, fast.state, strict=True):
        if name not in ("stack", "undo"):  # both keep old entries above the top
            assert np.array_equal(before, after), name


@pytest.mark.parametrize("rule", ["renju", "gomoku-freestyle", "gomoku-standard"])
def test_the_threat_searchs_stones_change_the_lines_as_full_stones_and_no_value(rule: str) -> None:
    # place_lines and remove_lines (the threat search's) keep the keys, classes, stones, hash
    # and turn exactly as place and remove do, leave the values and their sums untouched, and
    # restore everything when taken back
    chooser = random.Random(rule)
    board = Board(rule=rule, opening="free")
    for _ in range(30):
        if board.result is not None:
            break
        board.play(chooser.choice(board.legal_moves()))
    full = FastBoard.from_board(board)
    lines = FastBoard.from_board(board)
    before = {name: array.copy() for name, array in lines.state._asdict().items()}
    played = []
    for _ in range(12):
        cell = int(chooser.choice([c for c in CELL_OF if full.state.cells[c] == 0]))
        place(full.state, full.constants, cell)
        place_lines(lines.state, lines.constants, cell)
        played.append(cell)
        for name in ("cells", "keys", "classes", "near", "hashes"):
            assert np.array_equal(getattr(full.state, name), getattr(lines.state, name)), name
        assert full.state.meta[TURN] == lines.state.meta[TURN]
        assert np.array_equal(lines.state.values, before["values"])
        totals = slice(TOTAL_BLACK, TOTAL_WHITE + 1)
        assert np.array_equal(lines.state.meta[totals], before["meta"][totals])
    for cell in reversed(played):
        assert remove_lines(lines.state, lines.constants) == cell
    for name, new in lines.state._asdict().items():
        if name != "stack":
            assert np.array_equal(before[name], new), name


@pytest.mark.parametrize("rule", ["renju", "gomoku-freestyle", "gomoku-standard"])
def test_incremental_values_equal_a_board_built_afresh(rule: str) -> None:
    chooser = random.Random(rule)
    board = Board(rule=rule, opening="free")
    fast = FastBoard(rule)
    while board.result is None and len(board.moves) < 50:
        point = chooser.choice(board.legal_moves())
        board.play(point)
        fast.play(cell_of(_index(point)))
    fresh = FastBoard.from_board(board)
    empty = fast.state.cells == 0
    assert np.array_equal(fast.state.values[:, empty], fresh.state.values[:, empty])
    assert np.array_equal(fast.state.meta[1:3], fresh.state.meta[1:3])
    assert fast.state.hashes[0] == fresh.state.hashes[0] or len(board.moves) % 2 == 0


@pytest.mark.parametrize("rule", ["renju", "gomoku-freestyle", "gomoku-standard"])
def test_values_put_back_by_undo_equal_a_board_built_afresh(rule: str) -> None:
    # a stone taken back puts back the values it found (``undo``); along a random walk of
    # stones placed and taken back, the values and totals are always those of a fresh board
    chooser = random.Random(f"walk {rule}")
    fast = FastBoard(rule)
    played: list[int] = []
    for step in range(400):
        if played and (chooser.random() < 0.4 or len(played) >= 60):
            fast.undo()
            played.pop()
        else:
            cell = int(chooser.choice([c for c in CELL_OF if fast.state.cells[c] == 0]))
            place(fast.state, fast.constants, cell)
            played.append(cell)
        if step % 25 == 0:
            fresh = FastBoard.from_board(_board_of(rule, played))
            empty = fast.state.cells == 0
            assert np.array_equal(fast.state.values[:, empty], fresh.state.values[:, empty])
            assert np.array_equal(fast.state.meta[1:3], fresh.state.meta[1:3])


def _board_of(rule: str, cells: list[int]) -> Board:
    """The rules layer's board with these stones, alternately Black's and White's."""
    return Board.from_position(
        black=[NAMES[point_of(c)] for c in cells[0::2]],
        white=[NAMES[point_of(c)] for c in cells[1::2]],
        turn="black" if len(cells) % 2 == 0 else "white",
        rule=rule,
    )


def test_no_forbidden_points_under_gomoku_rules() -> None:
    board = Board.from_position(
        black=["g8", "h8", "h9", "h10", "i9"], white=[], rule="gomoku-standard"
    )
    assert FastBoard.from_board(board).forbidden_points() == {}


def test_may_play_leaves_out_blacks_forbidden_points_only() -> None:
    """h8 makes two open threes for Black: he may not play it; White may."""
    black_to_move = FastBoard.from_board(
        Board.from_moves("f8 a1 g8 a3 h6 a5 h7 a7", opening="free")
    )
    h8, j12 = cell_of(read_point("h8")), cell_of(read_point("j12"))
    assert black_to_move.is_forbidden(h8)
    assert not black_to_move.may_play(h8) and black_to_move.may_play(j12)
    white_to_move = FastBoard.from_board(
        Board.from_moves("f8 a1 g8 a3 h6 a5 h7 a7 o15", opening="free")
    )
    assert white_to_move.may_play(h8)


@pytest.mark.parametrize("rule", ["renju", "gomoku-freestyle", "gomoku-standard"])
def test_the_class_table_is_each_colours_row_of_the_pattern_tables(rule: str) -> None:
    constants = FastBoard(rule).constants
    for view in range(2):
        row = TABLES[constants.rows[view], :, CLASS]
        assert np.array_equal(constants.classes[view], row)
    assert constants.classes.flags["C_CONTIGUOUS"] and constants.classes.dtype == np.int8
