"""The terminal under forbidden="claim": White's claim command, a late claim refused with its
reason, no forbidden points shown, and the computer as White claiming a foul."""

import io

from tests.terminal.test_session import ScriptedInput, lines

from gamehall.engines import find_engine
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings
from gamehall.terminal.session import TerminalGame

CLAIM = MatchSettings("renju", options={"forbidden": "claim"})
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
    assert "there is nothing to claim: Black's double-three on j8 (move 9) stands" in out


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
