"""The terminal under forbidden="claim": White's claim command, a late claim refused with its
reason, no forbidden points shown, the computer as White claiming a foul; Swap2 commands."""

import io

from tests.terminal.test_session import ScriptedInput, lines

from gamehall.engines import find_engine
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuSettings
from gamehall.terminal.session import TerminalGame

CLAIM = RenjuSettings(forbidden="claim")
GAME = ["h8", "g9", "i8", "a13", "j10", "c13", "j9", "e13"]
"""From the centre: after these, Black's j8 is a double-three."""


def test_two_people_claim_and_refused_claim() -> None:
    match = RenjuMatch(CLAIM, ("Ann", "Bob"))
    output = io.StringIO()
    typed = lines("hint", *GAME, "j8", "g13", "a1", "claim", "hint", "resign")
    TerminalGame(match, {}, ScriptedInput(output, typed), output).run()
    out = output.getvalue()
    assert "Forbidden for Black" not in out
    assert "Bob (white)> claim" in out
    assert "claims a foul, but there is none to claim (a warning: a second false claim" in out
    assert "j8 (move 9)" not in out


def test_white_claims_at_once_and_wins() -> None:
    match = RenjuMatch(CLAIM, ("Ann", "Bob"))
    output = io.StringIO()
    TerminalGame(match, {}, ScriptedInput(output, lines(*GAME, "j8", "claim")), output).run()
    out = output.getvalue()
    assert "Bob: claims Black's double-three on j8" in out
    assert "Game over: Bob wins" in out


def test_the_computer_as_white_claims_a_foul() -> None:
    match = RenjuMatch(CLAIM, ("Human", "Computer"))
    match.start()
    for number, point in enumerate(GAME):
        match.act(number % 2, "move", point=point)
    output = io.StringIO()
    engines = {1: find_engine("renju", "beginner", 1)}
    TerminalGame(match, engines, ScriptedInput(output, lines("j8")), output).run()
    out = output.getvalue()
    assert "Computer: claims Black's double-three on j8" in out
    assert match.is_over and match.winner == 1


SWAP2 = RenjuSettings(rule="gomoku-standard", opening="swap2")


def test_swap2_at_one_keyboard() -> None:
    match = RenjuMatch(SWAP2, ("Ann", "Bob"))
    output = io.StringIO()
    typed = lines("h8", "h9", "black", "i9", "place2", "g8", "j10", "white", "a1", "resign")
    TerminalGame(match, {}, ScriptedInput(output, typed), output).run()
    out = output.getvalue()
    assert "Ann, Swap2: place a black stone> h8" in out
    assert "Ann, Swap2: place a white stone> h9" in out
    assert "there is no choice to make now" in out
    assert "Bob, Swap2: white, black or place2> place2" in out
    assert "Bob: will place two more stones (White, then Black)" in out
    assert "Ann, Swap2: black or white> white" in out
    assert "Ann: plays White" in out
    assert "Ann (white)> a1" in out


def test_swap2_against_the_computer() -> None:
    match = RenjuMatch(SWAP2, ("Human", "Computer"))
    output = io.StringIO()
    engines = {1: find_engine("renju", "beginner", 1)}
    typed = lines("h8", "h9", "i9", "resign")
    TerminalGame(match, engines, ScriptedInput(output, typed), output).run()
    out = output.getvalue()
    assert "Computer: plays White" in out or "Computer: takes Black (a swap)" in out


def test_soosorv_at_one_keyboard() -> None:
    match = RenjuMatch(RenjuSettings(opening="soosorv-8"), ("Ann", "Bob"))
    output = io.StringIO()
    typed = lines(
        "h8", "h9", "h10", "black", "h6", "9", "2", "white", "g7", "i7", "i11", "a1", "g7",
        "resign",
    )  # fmt: skip
    TerminalGame(match, {}, ScriptedInput(output, typed), output).run()
    out = output.getvalue()
    assert "Bob, Soosorv-8: white or black> black" in out
    assert "Ann, Soosorv-8: declare 1 to 8 fifth moves> 9" in out
    assert "'9' is not a number of fifth moves: declare 1 to 8" in out
    assert "Bob: declares 2 fifth moves" not in out
    assert "Ann: declares 2 fifth moves" in out
    assert "Ann, Soosorv-8: offer a fifth move> g7" in out
    assert "i7 is symmetrical to the offer g7" in out
    assert "Bob, Soosorv-8: choose the fifth move (g7, i11)> a1" in out
    assert "a1 was not offered" in out
    assert "Ann (white)> resign" in out or "Bob (white)> resign" in out


def test_taraguchi_and_yamaguchi_prompts() -> None:
    match = RenjuMatch(RenjuSettings(opening="taraguchi-10"), ("Ann", "Bob"))
    output = io.StringIO()
    typed = lines("h8", "white", "h12", "i9", "black", "j10", "white", "g10", "offers", "resign")
    TerminalGame(match, {}, ScriptedInput(output, typed), output).run()
    out = output.getvalue()
    assert "Bob, Taraguchi-10: black or white> white" in out
    assert "h12 breaks the Taraguchi-10 opening: move 2 must be within the central 3x3" in out
    assert "Ann, Taraguchi-10: black, white or offers> offers" in out
    assert "Ann, Taraguchi-10: offer a fifth move> resign" in out

    match = RenjuMatch(RenjuSettings(opening="yamaguchi"), ("Ann", "Bob"))
    output = io.StringIO()
    typed = lines("h8", "h9", "h10", "3", "resign")
    TerminalGame(match, {}, ScriptedInput(output, typed), output).run()
    out = output.getvalue()
    assert "Ann, Yamaguchi: declare 1 to 62 fifth moves> 3" in out
    assert "Ann: declares 3 fifth moves" in out
