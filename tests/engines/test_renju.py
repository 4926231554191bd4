"""The renju engines: legal moves (opening rule, Black's forbidden points), the beginner's
priorities, draw offers, determinism, and the beginner against random."""

import pytest

from gamehall.engines import AnswerDraw, ChooseMove, find_engine
from gamehall.engines.renju import (
    BLOCKED,
    EMPTY,
    FIVE,
    FOUR,
    NONE,
    OPEN_FOUR,
    OPEN_THREE,
    OPEN_TWO,
    OWN,
    THREE,
    BeginnerRenjuEngine,
    line_level,
)
from gamehall.errors import GameError
from gamehall.renju.board import Board

# Stones far from the action, to compose positions with sensible stone counts.
CORNERS = ["a1", "o1", "a15", "o15", "a8"]


def beginner(seed: int = 0) -> BeginnerRenjuEngine:
    engine = find_engine("renju", "beginner", seed)
    assert isinstance(engine, BeginnerRenjuEngine)
    return engine


def line(text: str) -> tuple[int, ...]:
    """An 11-cell line from text: ``x`` own, ``o`` blocked, ``.`` empty; the centre is
    cell 5."""
    cells = tuple({"x": OWN, "o": BLOCKED, ".": EMPTY}[c] for c in text)
    assert len(cells) == 11 and cells[5] == OWN
    return cells


@pytest.mark.parametrize(
    ("text", "exact", "level"),
    [
        ("...xxxxx...", True, FIVE),
        ("..xxxxxx...", True, NONE),  # Black's overline is no five, and nothing else
        ("..xxxxxx...", False, FIVE),
        ("...xxxx....", True, OPEN_FOUR),
        ("..oxxxx....", True, FOUR),
        ("..x.xxx.x..", True, OPEN_FOUR),  # two fours on one line
        ("....xxx....", True, OPEN_THREE),
        ("...oxxx....", True, THREE),
        ("...x.xx....", True, OPEN_THREE),
        (".....xx....", True, OPEN_TWO),
        (".....x.....", True, NONE),
        ("oooo.xoooo.", True, NONE),
    ],
)
def test_line_patterns(text: str, exact: bool, level: int) -> None:
    assert line_level(line(text), exact) == level


@pytest.mark.parametrize("level", ["random", "beginner"])
@pytest.mark.parametrize("forbidden", ["loss", "refuse"])
def test_every_move_is_legal_and_keeps_the_opening_rule(level: str, forbidden: str) -> None:
    board = Board(forbidden=forbidden)
    black, white = find_engine("renju", level, 1), find_engine("renju", level, 2)
    while board.result is None:
        engine = black if board.turn == "black" else white
        move = engine.decide(ChooseMove(board))
        if board.turn == "black" and move in board.forbidden_points():
            pytest.fail(f"black chose the forbidden point {move} in {board.moves}")
        assert move in board.legal_moves()
        assert engine.decide(AnswerDraw(board)) in (True, False)
        board.play(move)  # a move against the opening rule would raise here
    assert board.result.reason == "five" or board.result.winner is None


@pytest.mark.parametrize("rule", ["gomoku-freestyle", "gomoku-standard"])
def test_gomoku_variants(rule: str) -> None:
    board = Board(rule=rule, opening="free")
    engines = {"black": find_engine("renju", "beginner", 1), "white": beginner(2)}
    assert engines["black"].decide(ChooseMove(board)) == "h8"
    while board.result is None:
        board.play(engines[board.turn].decide(ChooseMove(board)))
    assert board.result.reason in ("five", "full-board")


def test_same_seed_same_game() -> None:
    def record(seed: int) -> list[str]:
        board = Board()
        engines = {"black": beginner(seed), "white": find_engine("renju", "random", seed)}
        for _ in range(20):
            if board.result is not None:
                break
            board.play(engines[board.turn].decide(ChooseMove(board)))
        return board.moves

    assert record(4) == record(4)


def test_beginner_takes_the_five() -> None:
    board = Board.from_position(["e8", "f8", "g8", "h8", *CORNERS[:1]], ["e9", "f10", "b3", "c5"])
    assert beginner().decide(ChooseMove(board)) in ("d8", "i8")


def test_black_five_must_be_exact() -> None:
    # i8 would join six black stones (an overline, forbidden); d8 makes exactly five.
    board = Board.from_position(["e8", "f8", "g8", "h8", "j8"], ["e9", "f10", "b3", "c5"])
    assert board.forbidden_points() == {"i8": "overline"}
    assert beginner().decide(ChooseMove(board)) == "d8"


def test_white_five_may_be_longer() -> None:
    board = Board.from_position(
        ["e9", "f10", "b3", "c5", "n14"], ["e8", "f8", "g8", "h8", "j8"], turn="white"
    )
    assert beginner().decide(ChooseMove(board)) in ("d8", "i8")


@pytest.mark.parametrize("turn", ["black", "white"])
def test_beginner_blocks_a_four(turn: str) -> None:
    four = ["d8", "e8", "f8", "g8"]
    other = ["c8", "f10", "b3", "j12"] + (["n3"] if turn == "white" else [])
    black, white = (other, four) if turn == "black" else (four, other)
    board = Board.from_position(black, white, turn)
    assert beginner().decide(ChooseMove(board)) == "h8"


def test_beginner_makes_an_open_four_before_blocking_a_three() -> None:
    # Black can make an open four on row 5; White threatens an open four on row 10.
    board = Board.from_position(["e5", "f5", "g5", "b14"], ["e10", "f10", "g10"], "black")
    assert beginner().decide(ChooseMove(board)) in ("d5", "h5")


def test_beginner_blocks_an_open_three() -> None:
    board = Board.from_position(["b14", "n2", "b2"], ["f10", "g10", "h10"], "black")
    assert beginner().decide(ChooseMove(board)) in ("e10", "i10")


def test_black_avoids_a_forbidden_point_that_scores_best() -> None:
    # i8 would make two open threes for Black (forbidden); under "loss" it would lose at once.
    board = Board.from_position(["g8", "h8", "i9", "i10", "a1"], ["a15", "o15", "o1", "b2"])
    assert board.forbidden_points() == {"i8": "double-three"}
    engine = beginner()
    scores = engine.scores(board, ["i8", "h9"])
    assert scores["i8"] > scores["h9"]
    assert engine.decide(ChooseMove(board)) != "i8"
    for seed in range(30):
        assert find_engine("renju", "random", seed).decide(ChooseMove(board)) != "i8"


def test_white_need_not_block_a_point_black_may_not_use() -> None:
    board = Board.from_position(
        ["g8", "h8", "i9", "i10", "a1"], ["a15", "o15", "o1", "b2", "m3"], turn="white"
    )
    engine = beginner()
    scores = engine.scores(board, ["i8", "j8"])
    assert scores["i8"] < 1000  # blocking it stops nothing


def test_first_moves_of_the_centre_opening() -> None:
    board = Board()
    engine = beginner()
    assert engine.decide(ChooseMove(board)) == "h8"
    board.play("h8")
    assert engine.decide(ChooseMove(board)) in {"g7", "g8", "g9", "h7", "h9", "i7", "i8", "i9"}


def test_draw_offers() -> None:
    start = Board.from_moves("h8 h9 j10")
    assert not beginner().decide(AnswerDraw(start))
    assert not find_engine("renju", "random").decide(AnswerDraw(start))
    # White has an open four and Black no five: the game is lost, a draw is welcome.
    lost = Board.from_position(["a1", "c3", "n2"], ["e8", "f8", "g8", "h8"], "black")
    assert beginner().evaluate(lost) == -1_000_000
    assert beginner().decide(AnswerDraw(lost))


def test_a_finished_game_has_nothing_to_decide() -> None:
    over = Board.from_position(["d8", "e8", "f8", "g8", "h8"], ["a1", "b1", "c1", "d1"], "white")
    assert over.result is not None
    with pytest.raises(GameError, match="game is over"):
        beginner().decide(ChooseMove(over))


def test_beginner_beats_random() -> None:
    wins = 0
    for number in range(10):
        engines = {"black": beginner(number), "white": find_engine("renju", "random", number)}
        if number % 2:
            engines = {"black": engines["white"], "white": engines["black"]}
        board = Board()
        while board.result is None:
            board.play(engines[board.turn].decide(ChooseMove(board)))
        winner = board.result.winner
        wins += winner is not None and engines[winner].level == "beginner"
    assert wins >= 8
