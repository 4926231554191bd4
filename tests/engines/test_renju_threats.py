"""Threat-space search: composed VCF puzzles with known solutions (each solution checked on the
rules layer's board), renju's asymmetry both ways, and VCT."""

import pytest

from gamehall.engines.renju_search.board import FastBoard
from gamehall.engines.renju_search.levels import SearchingRenjuEngine
from gamehall.engines.renju_search.search import Searcher
from gamehall.renju.board import Board
from support.renju_threats import check_vcf

CORNERS = ["a1", "o1", "a15", "o15"]


def _engine() -> SearchingRenjuEngine:
    return SearchingRenjuEngine("expert", seed=1)


PUZZLES = [
    pytest.param(
        Board.from_position(
            black=["d4", "e5", "f6", "g8", "g9"], white=["c3", "g11", *CORNERS[:3]]
        ),
        ["g7", "h8", "g6"],
        id="black-four-then-open-four",
    ),
    pytest.param(
        Board.from_position(
            black=["f9", "g9", "h10", "h11", "c4"],
            white=["d5", "e6", "f7", "a1", "o15"],
            turn="white",
        ),
        ["g8"],
        id="white-four-whose-only-defence-is-forbidden",
    ),
    pytest.param(
        Board.from_position(
            black=["e5", "f5", "g5", "h2", "h3", "h4"],
            white=["d5", "h1", "a15", "o15", "o1", "a10"],
            rule="gomoku-freestyle",
        ),
        ["h5"],
        id="gomoku-double-four",
    ),
    pytest.param(
        Board.from_position(
            black=["e8", "i12", "a1", "o1", "a15"],
            white=["f8", "g8", "h8", "i10", "i11", "g7"],
            turn="white",
        ),
        ["i8", "j8", "i9", "i7", "j10"],
        id="white-four-four-then-open-four",
    ),
]


@pytest.mark.parametrize(("board", "solution"), PUZZLES)
def test_the_composed_solution_is_a_win_by_fours(board: Board, solution: list[str]) -> None:
    assert check_vcf(board, solution) is None


@pytest.mark.parametrize(("board", "solution"), PUZZLES)
def test_the_engine_solves_each_vcf_puzzle(board: Board, solution: list[str]) -> None:
    found = _engine().threats(board)
    assert found is not None and found.kind == "vcf"
    assert check_vcf(board, list(found.moves)) is None
    assert len(found.moves) <= len(solution)


def test_black_never_wins_through_a_forbidden_point() -> None:
    # h5 would be a double four: White may win that way, Black may not
    stones = {
        "black": ["e5", "f5", "g5", "h2", "h3", "h4"],
        "white": ["d5", "h1", "a15", "o15", "o1", "a10"],
    }
    renju = Board.from_position(**stones)
    assert renju.forbidden_points() == {"h5": "double-four"}
    assert Searcher().threat_line(FastBoard.from_board(renju), "vcf", 40, 100_000) is None
    freestyle = Board.from_position(**stones, rule="gomoku-freestyle")
    assert Searcher().threat_line(FastBoard.from_board(freestyle), "vcf", 40, 100_000)


def test_the_defender_sees_the_opponents_vcf_and_stops_it() -> None:
    # Black to move would win by g7 h8 g6; White to move must take one of its points
    board = Board.from_position(
        black=["d4", "e5", "f6", "g8", "g9"], white=["c3", "g11", "a1", "o1", "a15"], turn="white"
    )
    engine = _engine()
    answer = engine.choose_move(board, board.legal_moves())
    after = board.copy()
    after.play(answer)
    assert engine.threats(after) is None or engine.threats(after).kind != "vcf"


def test_a_vct_wins_with_an_open_three_first() -> None:
    # two crossing twos: White's open three forces a block, then a four-three wins
    board = Board.from_position(
        black=["a1", "o1", "a15", "o15", "b2"],
        white=["h8", "i8", "h9"],
        turn="white",
        rule="gomoku-freestyle",
    )
    assert Searcher().threat_line(FastBoard.from_board(board), "vcf", 40, 100_000) is None
    found = _engine().threats(board)
    assert found is not None and found.kind == "vct"
    after = board.copy()
    after.play(found.moves[0])
    # every defence loses: the opponent's best answer leaves White a win by threats again
    engine = _engine()
    after.play(engine.choose_move(after, after.legal_moves()))
    assert engine.threats(after) is not None


def test_no_threat_on_a_quiet_board() -> None:
    board = Board.from_moves("h8 h9 j10")
    assert _engine().threats(board) is None
