"""Hints at the terminal: the engine's ranked plays with their figures, renju's best moves and
its winning sequence (``winning``, or ``solve``)."""

import io
import re

from tests.terminal.test_session import OpeningThreeOne, ScriptedInput, lines

from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import BackgammonSettings, RenjuSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.terminal.session import TerminalGame

OPEN_THREE = ["h8", "g9", "i8", "a1", "j8", "a3"]
"""Black h8 i8 j8 against White g9 a1 a3: Black to move wins by fours (g8 or k8 first)."""


def _play(match: TablesMatch | RenjuMatch, *typed: str) -> str:
    output = io.StringIO()
    TerminalGame(match, {}, ScriptedInput(output, lines(*typed)), output).run()
    return output.getvalue()


def test_hint_ranks_the_plays_of_the_roll_with_their_figures() -> None:
    match = TablesMatch(BackgammonSettings(), ("Ann", "Bob"), dice=OpeningThreeOne())
    out = _play(match, "hint", "moves")
    hint = out.split("Ann [3-1]> hint\n")[1].split("Ann [3-1]> moves")[0]
    rows = hint.splitlines()
    assert rows[0] == "The engine's choices (network, 2-ply):"
    assert re.fullmatch(r"   1\. 8/5 6/5 +\+0\.\d{3}", rows[1])
    assert rows[2].startswith("      win ") and "W gammon" in rows[2] and "L bg" in rows[2]
    assert re.fullmatch(r"   2\. \S.* +[+-]\d\.\d{3} +-\d\.\d{3}", rows[3])
    assert len([r for r in rows if r.startswith("      win ")]) == 5
    assert max(len(row) for row in rows) <= 80
    assert "Ann [3-1]> moves\nLegal plays of 3-1 (16): " in out  # moves lists them all


def test_hint_before_the_roll_and_between_moves_says_what_may_be_done() -> None:
    match = TablesMatch(BackgammonSettings(), ("Ann", "Bob"), dice=OpeningThreeOne())
    out = _play(match, "8/5", "hint")
    assert "Ann [1]> hint\nSingle moves with 1: 24/23, 8/7, 6/5, 5/4" in out


def test_renju_hint_and_the_winning_sequence() -> None:
    match = RenjuMatch(RenjuSettings(), ("Ann", "Bob"))
    out = _play(match, *OPEN_THREE, "hint", "winning", "solve", "g8", "winning")
    hint = out.split("Ann (black)> hint\n")[1].split("Ann (black)> winning")[0]
    assert hint.startswith("The engine's choices (threat search and alpha-beta (expert)):")
    assert "   1. g8     forced win" in hint or "   1. k8     forced win" in hint
    assert "You have a forced win by fours in 3 moves: type winning to see it." in hint
    winning = " ".join(out.split("Ann (black)> winning\n")[1].split("Ann (black)>")[0].split())
    assert re.fullmatch(
        r"Black wins by fours: 1\. [gk]8 \(black\), 2\. \w\d+ \(white\), 3\. [gk]8 \(black\)\. "
        r"Black makes five\.",
        winning,
    )
    assert out.count("Black wins by fours: 1. ") == 2  # solve says the same
    assert "Bob (white)> winning\nThe engine finds no forced win for you here." in out


def test_the_winning_sequence_is_for_renju() -> None:
    match = TablesMatch(BackgammonSettings(), ("Ann", "Bob"), dice=OpeningThreeOne())
    out = _play(match, "winning")
    assert "A winning sequence is shown in renju: in the tables games, try hint." in out
