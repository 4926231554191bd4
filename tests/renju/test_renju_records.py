"""Game records: the move-list text and Piskvork/Gomocup .psq files, both ways."""

import pytest

from gamehall import IllegalMoveError, RecordError
from gamehall.renju import Board, Result

GOMOCUP_FILE = """Piskvorky 15x15, 11:11, 0
8,8,0
9,7,1034
10,6,22
9,9,15031
pbrain-rapfi.zip
pbrain-embryo.zip
-1
0,Renju_1
"""


def test_record_round_trips() -> None:
    board = Board.from_moves("h8 i9 j10 pass k11")
    assert board.record() == "h8 i9 j10 pass k11"
    assert Board.from_moves(board.record()) == board
    assert Board.from_moves(board.moves) == board


def test_an_empty_record() -> None:
    assert Board.from_moves("") == Board()
    assert Board().record() == ""


def test_to_psq_writes_piskvork_format() -> None:
    board = Board.from_moves("h8 i9 j10")
    assert board.to_psq() == "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\n10,6,0\n-1\n"


def test_to_psq_with_player_names() -> None:
    text = Board.from_moves("h8").to_psq(players=("pbrain-a.exe", "homo-2"))
    assert text.splitlines() == [
        "Piskvorky 15x15, 11:11, 0",
        "8,8,0",
        "pbrain-a.exe",
        "homo-2",
        "-1",
    ]


@pytest.mark.parametrize("name", ["", "two\nlines", "8,8,0"])
def test_to_psq_refuses_unwritable_names(name: str) -> None:
    with pytest.raises(RecordError, match="cannot be a player's name"):
        Board.from_moves("h8").to_psq(players=(name, "b"))


def test_psq_coordinates_count_rows_from_the_top() -> None:
    corners = "Piskvorky 15x15, 11:11, 0\n1,1,0\n15,1,0\n1,15,0\n15,15,0\n"
    board = Board.from_psq(corners, opening="free")
    assert board.moves == ["a15", "o15", "a1", "o1"]
    assert board.to_psq().splitlines()[1:5] == ["1,1,0", "15,1,0", "1,15,0", "15,15,0"]


def test_from_psq_reads_a_gomocup_file() -> None:
    board = Board.from_psq(GOMOCUP_FILE)
    assert board.moves == ["h8", "i9", "j10", "i7"]


def test_from_psq_accepts_moves_without_time_windows_line_ends_and_no_trailer() -> None:
    text = "Piskvorky 15x15, 0:0, 1\r\n8,8\r\n\r\n9,7,5\r\n"
    assert Board.from_psq(text).moves == ["h8", "i9"]


def test_psq_round_trips() -> None:
    board = Board.from_moves("h8 i9 j10 a1 o15", forbidden="refuse")
    assert Board.from_psq(board.to_psq(), forbidden="refuse") == board


def test_from_psq_takes_the_options() -> None:
    text = "Piskvorky 15x15, 11:11, 0\n1,1,0\n2,2,0\n"
    with pytest.raises(IllegalMoveError, match=r"^line 2: a15 breaks the opening rule"):
        Board.from_psq(text)
    board = Board.from_psq(text, opening="free", rule="gomoku-freestyle")
    assert (board.rule, board.moves) == ("gomoku-freestyle", ["a15", "b14"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"^line 1: '' is not a \.psq header"),
        ("8,8,0\n", r"^line 1: '8,8,0' is not a \.psq header"),
        (
            "Piskvorky 20x20, 11:11, 0\n10,10,0\n",
            "^line 1: the board is 20x20; renju is played on 15x15$",
        ),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n16,3,0\n", "^line 3: 16,3 is off the 15x15 board$"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n0,3,0\n", "^line 3: 0,3 is off the 15x15 board$"),
        (
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n9;7;0\n10,6,0\n-1\n",
            r"^line 3: '9;7;0' is not a move 'x,y,time', but line 4 is a move again$",
        ),
    ],
)
def test_from_psq_refuses_unreadable_lines(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Board.from_psq(text)


def test_from_psq_refuses_illegal_moves_naming_the_line() -> None:
    with pytest.raises(IllegalMoveError, match=r"^line 3: h8 is occupied$"):
        Board.from_psq("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n")


def test_from_psq_replays_a_forbidden_move_that_ended_the_game() -> None:
    # h7 makes two live threes: g7 h7 i7 and h6 h7 h8.
    board = Board.from_moves("h8 i9 g7 a1 i7 a3 h6 a5 h7")
    assert board.result == Result("white", "double-three")
    assert Board.from_psq(board.to_psq()) == board


def test_to_psq_refuses_what_psq_cannot_hold() -> None:
    with pytest.raises(RecordError, match="move 4 is a pass"):
        Board.from_moves("h8 h9 h10 pass").to_psq()
    with pytest.raises(RecordError, match="composed position"):
        Board.from_position(black=["h8"], white=[]).to_psq()
