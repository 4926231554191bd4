"""The terminal's ``--save game.psq`` of a renju match under an opening rule keeps the rule's
decisions (it wrote the stones only, and named the tentative Black as Black after a swap)."""

from gamehall.play.records.renju import import_psq
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuSettings
from gamehall.terminal.records import record_text
from support.matches import FakeTime


def test_a_saved_swap2_game_keeps_its_choices() -> None:
    settings = RenjuSettings(rule="gomoku-standard", opening="swap2")
    match = RenjuMatch(settings, ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    for point in ("h8", "h9", "i9"):
        match.act(0, "move", point=point)
    match.act(1, "opening_choice", choice="black")  # Bob takes Black
    match.act(0, "move", point="g8")
    text = record_text(match, ".psq")
    assert text.splitlines()[5:] == ["Bob", "Ann", "-1", "opening swap2", "after 3 choose black"]
    again = import_psq(text, {"rule": "gomoku-standard"})
    assert again.players == ("Ann", "Bob") and again.black == 1
    assert again.board is not None and again.board.moves == ["h8", "h9", "i9", "g8"]
