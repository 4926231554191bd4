"""A renju match's games as boards and .psq texts, from the match or its stored log."""

import pytest

from gamehall.errors import RecordError
from gamehall.play.actions import Pass, Place, Resign
from gamehall.play.records.renju import renju_game
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings, NardySettings, RenjuSettings
from gamehall.renju import Board
from support.matches import FakeTime


def two_games() -> RenjuMatch:
    """Game 1: Ann (Black) h8, Bob i9, Ann resigns. Game 2: Bob (Black) h8, Ann passes later."""
    match = RenjuMatch(
        RenjuSettings(length=3, opening="free"),
        ("Ann", "Bob"),
        time_source=FakeTime(),
    )
    match.start()
    match.apply(0, Place("h8"))
    match.apply(1, Place("i9"))
    match.apply(0, Resign())
    match.apply(1, Place("h8"))
    match.apply(0, Pass())
    return match


def test_each_game_replays_onto_its_board_with_blacks_seat() -> None:
    match = two_games()
    first = renju_game(match.settings, match.events, 1)
    assert (first.number, first.black, first.board.moves) == (1, 0, ["h8", "i9"])
    assert first.board.opening == "free"
    last = renju_game(match.settings, match.events)
    assert (last.number, last.black, last.board.moves) == (2, 1, ["h8", "pass"])
    assert last.has_pass and not first.has_pass


def test_the_stored_log_gives_the_same_boards() -> None:
    match = two_games()
    data = match.to_dict()
    stored = renju_game(MatchSettings.from_dict(data["settings"]), data["events"], 1)
    assert stored.board.moves == ["h8", "i9"]


def test_psq_names_black_first_and_refuses_a_pass() -> None:
    match = two_games()
    first = renju_game(match.settings, match.events, 1)
    board = Board()
    board.play("h8")
    board.play("i9")
    assert first.to_psq(match.players) == board.to_psq(("Ann", "Bob"))
    with pytest.raises(RecordError, match="a pass"):
        renju_game(match.settings, match.events, 2).to_psq(match.players)


@pytest.mark.parametrize(("number", "words"), [(3, "no game 3 \\(it has 2\\)"), (0, "no game 0")])
def test_a_game_the_match_does_not_have(number: int, words: str) -> None:
    match = two_games()
    with pytest.raises(RecordError, match=words):
        renju_game(match.settings, match.events, number)


def test_no_stone_yet_and_not_renju() -> None:
    match = RenjuMatch(RenjuSettings(), time_source=FakeTime())
    match.start()
    with pytest.raises(RecordError, match="no stone has been played"):
        renju_game(match.settings, match.events)
    with pytest.raises(RecordError, match="a nardy match has no renju games"):
        renju_game(NardySettings(), [])
