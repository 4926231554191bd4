"""A renju game with a false claim and no opening rule has a .psq block of its own, but none of
its stones is an opening rule's: every one is judged."""

from gamehall.analysis.renju_games import opening_stones
from gamehall.play.records.renju import renju_game
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuSettings
from support.matches import FakeTime


def test_a_false_claim_block_places_no_stone() -> None:
    match = RenjuMatch(RenjuSettings(forbidden="claim"), ("Ann", "Bob"), time_source=FakeTime())
    match.start()
    for point in ("h8", "g9", "i8"):
        player = match.to_act
        assert player is not None
        match.act(player, "move", point=point)
    match.act(1, "claim")
    game = renju_game(match.settings, match.events)
    assert game.opening is not None and game.opening.rule == "center"
    assert opening_stones(game.opening) == frozenset()
