"""Renju puzzles from real games: the winner's forced win found by the threat search, kept only
with one solution up to transposition, and answered move by move by the search (any winning
order accepted, a wrong move refuted)."""

import pytest

from gamehall.engines.renju_search.answers import ThreatJudge
from gamehall.errors import IllegalMoveError
from gamehall.puzzles.renju_judge import judge_move, puzzle_board
from gamehall.puzzles.renju_maker import game_puzzle, position_puzzle
from gamehall.puzzles.values import Puzzle, PuzzleError
from gamehall.renju.board import Board

GAME = "h8 i7 j9 f1 i5 k9 j6 i6 g4 m9 g2 b1 g8 j12 h6 k1 j4 i8 l2 k3 g7 f8 g5 g6 g3 g1 h4 f2 k7"
"""A game Black won by continuous fours from move 21 on (g7, g5, g3, h4, k7)."""
MANY_ORDERS = "h8 g9 g7 k14 i7 f7 g6 d14 h5 c13 i8 f4 i6 k13 i4 i5 k2 j3 i9 i10 f6 e5 j10"
"""A game whose win by fours (from move 19, i9) may go on after i10 in three ways."""
TWO_WINS = "h8 g9 h10 k8 j6 l7 i9 l10 g8 d6 h11 j12 k5 i2"
"""Black to move wins by fours in two different ways (l4 ... and i7 ...)."""


@pytest.fixture(scope="module")
def judge() -> ThreatJudge:
    return ThreatJudge()


@pytest.fixture(scope="module")
def puzzle(judge: ThreatJudge) -> Puzzle:
    found = game_puzzle(Board.from_moves(GAME), judge, source="m1")
    assert found is not None
    return found


def test_a_won_game_gives_the_winners_forced_win(puzzle: Puzzle) -> None:
    assert puzzle.game == "renju" and puzzle.task == "win" and puzzle.mover == "black"
    assert puzzle.position == " ".join(GAME.split()[:20])
    assert puzzle.answers == ("g7",)
    assert puzzle.solution == tuple(GAME.split()[20:])
    assert puzzle.themes == ("fours",)
    assert puzzle.source == "m1" and puzzle.move == 21
    assert Puzzle.from_dict(puzzle.to_dict()) == puzzle


def test_the_solution_is_accepted_move_by_move(puzzle: Puzzle, judge: ThreatJudge) -> None:
    line: list[str] = []
    attacks = puzzle.solution[0::2]
    for number, move in enumerate(attacks):
        verdict = judge_move(puzzle, line, move, judge)
        assert verdict.correct
        if number == len(attacks) - 1:
            assert verdict.solved and verdict.reply is None
        else:
            assert not verdict.solved and verdict.reply == puzzle.solution[2 * number + 1]
            line += [move, verdict.reply]


def test_any_winning_order_is_accepted(judge: ThreatJudge) -> None:
    puzzle = game_puzzle(Board.from_moves(MANY_ORDERS), judge)
    assert puzzle is not None and puzzle.answers == ("i9",)
    line = ["i9", "i10"]
    winning = judge.winning_moves(puzzle_board(puzzle, line), "vcf")
    assert set(winning) == {"f6", "j10", "k11"}
    for move in winning:
        assert judge_move(puzzle, line, move, judge).correct


def test_a_wrong_move_is_refuted(puzzle: Puzzle, judge: ThreatJudge) -> None:
    assert not judge_move(puzzle, [], "g5", judge).correct  # a four, but not the winning one
    quiet = judge_move(puzzle, ["g7", "f8"], "a15", judge)
    assert not quiet.correct and not quiet.solved


def test_bad_answers_are_refused_in_words(puzzle: Puzzle, judge: ThreatJudge) -> None:
    with pytest.raises(IllegalMoveError, match="occupied"):
        judge_move(puzzle, [], "h8", judge)
    with pytest.raises(PuzzleError, match="not the solver's"):
        judge_move(puzzle, ["g7"], "f8", judge)
    with pytest.raises(PuzzleError, match="does not follow on"):
        judge_move(puzzle, ["h8"], "g7", judge)


def test_a_position_with_two_different_wins_is_no_puzzle(judge: ThreatJudge) -> None:
    board = Board.from_moves(TWO_WINS)
    assert judge.win(board) == "vcf"
    assert position_puzzle(board, judge) is None


def test_a_game_without_a_five_gives_none(judge: ThreatJudge) -> None:
    assert game_puzzle(Board.from_moves("h8 h9 j10"), judge) is None
