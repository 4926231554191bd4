"""The computer keeps to the opening rule: every level chooses among the points the rule
accepts at this step (``ChooseMove.allowed``), and the driver gives it those points."""

import pytest

from gamehall.engines import LEVELS, find_engine
from gamehall.engines.base import ChooseMove
from gamehall.engines.driver import opening_points, step, wants_to_act
from gamehall.engines.renju_search.levels import SearchingRenjuEngine
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.renju_openings import Taraguchi10
from gamehall.play.settings import RenjuOpening, RenjuSettings
from gamehall.renju import Board
from gamehall.renju.points import chebyshev_from_center, read_point
from support.matches import FakeTime


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_chooses_only_an_allowed_point(level: str) -> None:
    engine = find_engine("renju", level, 5)
    if isinstance(engine, SearchingRenjuEngine):
        engine.limited(nodes=300)
    board = Board.from_moves("h8 h9 i9")
    allowed = frozenset({"a1", "o15", "e5"})
    assert engine.decide(ChooseMove(board, allowed)) in allowed


def test_the_allowed_points_are_the_opening_rules_own() -> None:
    board = Board.from_moves("h8 h9 i9")
    points = opening_points(Taraguchi10(0, "place4"), board)
    assert "e5" in points and "k11" in points and "d4" not in points and "h8" not in points
    assert all(chebyshev_from_center(read_point(p)) <= 3 for p in points)


@pytest.mark.parametrize("opening", ["taraguchi-10", "soosorv-8", "yamaguchi"])
def test_random_players_get_through_every_opening_rule(opening: RenjuOpening) -> None:
    settings = RenjuSettings(opening=opening)
    for seed in range(12):
        match = RenjuMatch(settings, ("A", "B"), time_source=FakeTime())
        match.start()
        engines = {p: find_engine("renju", "random", 2 * seed + p) for p in (0, 1)}
        while match.board is not None and len(match.board.moves) < 6 and not match.is_over:
            player = next(p for p in (0, 1) if wants_to_act(match, p))
            step(match, player, engines[player])
        assert match.opening is None
