"""forbidden="claim": the seed's procedure, where White must point out Black's forbidden move.

The examples of the rules page (``rules/renju.md``, "What happens to a forbidden move"): a claimed
double-three wins for White; an unclaimed one stands once White has played; an overline claimed
ten moves later still wins.
"""

import re

import pytest

from gamehall import IllegalMoveError, RecordError
from gamehall.renju import NOTHING_TO_CLAIM, Board, Foul, Result

SPREAD = ["a1", "c1", "e1", "g1", "i1", "k1", "m1", "o1", "a3"]
"""Stones far apart, to balance counts without making any pattern."""
FAR_BLACK = ["a15", "c15", "e15", "g15", "i15", "k15"]
FAR_WHITE = ["a13", "c13", "e13", "g13", "i13", "k13"]
"""Quiet moves for each side, far from everything else."""


def double_three() -> Board:
    """Black to play h8, a double-three (f8 g8 across, h6 h7 down)."""
    return Board.from_position(black=["f8", "g8", "h6", "h7"], white=SPREAD[:4], forbidden="claim")


def test_a_forbidden_move_stands_until_claimed() -> None:
    board = double_three()
    assert board.forbidden_points()["h8"] == "double-three"
    assert "h8" in board.legal_moves()
    board.play("h8")
    assert board.result is None
    assert board.stone_at("h8") == "black"
    assert board.turn == "white"
    assert board.fouls() == [Foul(1, "h8", "double-three", True)]


def test_a_claimed_double_three_wins_for_white() -> None:
    board = double_three()
    board.play("h8")
    assert board.claim() == Result("white", "double-three")
    assert board.result == Result("white", "double-three")
    assert board.moves == ["h8", "claim"]
    assert board.fouls() == [Foul(1, "h8", "double-three", False)]
    with pytest.raises(IllegalMoveError, match=r"the game is over \(white wins by double-three\)"):
        board.play("o15")


def test_an_unclaimed_double_three_stands_once_white_has_played() -> None:
    board = double_three()
    board.play("h8")
    board.play("a13")
    assert board.fouls() == [Foul(1, "h8", "double-three", False)]
    before = (board.copy(), board.result, board.turn)
    with pytest.raises(IllegalMoveError) as missed:
        board.claim()
    assert str(missed.value) == NOTHING_TO_CLAIM
    assert (board.copy(), board.result, board.turn) == before
    board.play("a15")
    with pytest.raises(IllegalMoveError, match=re.escape(NOTHING_TO_CLAIM)):
        board.claim()
    assert board.result is None


def test_a_double_four_must_be_claimed_at_once_too() -> None:
    board = Board.from_position(
        black=["e8", "f8", "g8", "h5", "h6", "h7"], white=SPREAD[:6], forbidden="claim"
    )
    board.play("h8")
    assert board.fouls() == [Foul(1, "h8", "double-four", True)]
    board.play("a13")
    with pytest.raises(IllegalMoveError, match=re.escape(NOTHING_TO_CLAIM)):
        board.claim()


def test_an_overline_claimed_ten_moves_later_still_wins() -> None:
    board = Board.from_position(
        black=["c8", "d8", "e8", "g8", "h8"], white=SPREAD[:5], forbidden="claim"
    )
    board.play("f8")
    assert board.fouls() == [Foul(1, "f8", "overline", True)]
    for white, black in zip(FAR_WHITE[:5], FAR_BLACK[:5], strict=True):
        board.play(white)
        board.play(black)
    assert len(board.moves) == 11
    assert board.fouls() == [Foul(1, "f8", "overline", True)]
    assert board.turn == "white"
    assert board.claim() == Result("white", "overline")


def test_an_overline_may_be_claimed_on_blacks_turn() -> None:
    board = Board.from_position(
        black=["c8", "d8", "e8", "g8", "h8"], white=SPREAD[:5], forbidden="claim"
    )
    board.play("f8")
    board.play("a13")
    assert board.turn == "black"
    assert board.claim() == Result("white", "overline")


def test_an_overline_cannot_be_claimed_after_the_end() -> None:
    board = Board.from_position(
        black=["c8", "d8", "e8", "g8", "h8", "j5", "j6", "j7", "j9"],
        white=SPREAD[:9],
        forbidden="claim",
    )
    board.play("f8")
    board.play("a13")
    board.play("j8")
    assert board.result == Result("black", "five")
    with pytest.raises(IllegalMoveError, match=r"the game is over \(black wins by five\)"):
        board.claim()


def test_nothing_to_claim_without_a_forbidden_move() -> None:
    board = Board.from_moves("h8 h9", forbidden="claim")
    with pytest.raises(IllegalMoveError) as refused:
        board.claim()
    assert str(refused.value) == NOTHING_TO_CLAIM


def test_a_refused_claim_says_the_same_whether_or_not_a_foul_was_missed() -> None:
    """The refusal is no oracle: a game with an old unclaimed double-three and a game with no
    foul at all get the same words."""
    missed = double_three()
    missed.play("h8")
    missed.play("a13")
    clean = Board.from_moves("h8 h9", forbidden="claim")
    words = []
    for board in (missed, clean):
        with pytest.raises(IllegalMoveError) as refused:
            board.claim()
        words.append(str(refused.value))
    assert words[0] == words[1] == NOTHING_TO_CLAIM


@pytest.mark.parametrize("forbidden", ["loss", "refuse"])
def test_claims_exist_only_under_claim(forbidden: str) -> None:
    board = Board.from_moves("h8 h9", forbidden=forbidden)
    with pytest.raises(IllegalMoveError, match="only under forbidden='claim'"):
        board.claim()


def test_gomoku_has_nothing_to_claim() -> None:
    board = Board.from_moves("h8 h9", rule="gomoku-standard", forbidden="claim")
    with pytest.raises(IllegalMoveError, match="only under forbidden='claim'"):
        board.claim()


def test_undo_takes_back_a_claim() -> None:
    board = double_three()
    board.play("h8")
    board.claim()
    assert board.undo() == "claim"
    assert board.result is None
    assert board.turn == "white"
    assert board.fouls() == [Foul(1, "h8", "double-three", True)]
    assert board.undo() == "h8"
    assert board.fouls() == []


def test_the_move_list_keeps_a_claim() -> None:
    board = double_three()
    board.play("h8")
    board.claim()
    assert board.record() == "h8 claim"
    again = Board.from_position(
        black=["f8", "g8", "h6", "h7"], white=SPREAD[:4], forbidden="claim", moves="h8 claim"
    )
    assert again == board
    assert eval(repr(board), {"Board": Board}) == board


def test_a_claim_in_a_record_must_be_claimable_and_last() -> None:
    with pytest.raises(IllegalMoveError, match="move 3: there is nothing to claim"):
        Board.from_moves("h8 h9 claim", forbidden="claim")
    with pytest.raises(RecordError, match="move 2: a claim ends the game, so it is the last word"):
        Board.from_moves("h8 claim h9", forbidden="claim")


GAME = "h8 g9 i8 a13 j10 c13 j9 e13 j8"
"""From the centre: Black's last move j8 is a double-three (h8 i8 j8 across, j8 j9 j10 up)."""


def test_psq_keeps_a_claim() -> None:
    board = double_game()
    board.claim()
    text = board.to_psq(("Ann", "Bob"))
    assert text.splitlines()[-3:] == ["Bob", "-1", "claim"]
    assert Board.from_psq(text, forbidden="claim") == board
    assert Board.from_psq(board.to_psq(), forbidden="claim") == board


def double_game() -> Board:
    board = Board.from_moves(GAME, forbidden="claim")
    assert board.fouls() == [Foul(9, "j8", "double-three", True)]
    return board


def test_the_claim_procedure_from_the_empty_board() -> None:
    board = double_game()
    assert board.result is None
    assert Board.from_moves(GAME + " claim", forbidden="claim").result == Result(
        "white", "double-three"
    )
    with pytest.raises(IllegalMoveError, match="move 11: there is nothing to claim"):
        Board.from_moves(GAME + " g13 claim", forbidden="claim")
