"""Our cube decisions against GNU Backgammon's (the PyPI ``gnubg`` package, a test extra) on a
small sample of self-play positions: the full measure is ``benchmarks/cube_backgammon.py``."""

import pytest

from gamehall.engines.base import MatchContext
from gamehall.engines.neural.board import initial_board
from gamehall.engines.neural.cube_agreement import compare, self_play_positions
from gamehall.engines.neural.gnubg_cube import Gnubg, gnubg_id, read_action
from gamehall.engines.neural.levels import shipped_evaluator
from gamehall.errors import GameError


def test_gnubgs_cube_actions_are_read() -> None:
    assert read_action("No double, take") == ("no-double", "take")
    assert read_action("No redouble, beaver") == ("no-double", "beaver")
    assert read_action("Double, take") == ("double-take", "take")
    assert read_action("Redouble, pass") == ("double-pass", "pass")
    assert read_action("Too good to double, pass") == ("too-good", "pass")
    assert read_action("Too good to redouble, take") == ("too-good", "take")
    assert read_action("Optional double, take") == ("double-take", "take")
    with pytest.raises(GameError, match="does not know"):
        read_action("Resign")


def test_the_gnubg_id_of_the_starting_position() -> None:
    # Player 1 on roll, money play; the last bit set when the Jacoby rule is not in use.
    assert gnubg_id(initial_board(), MatchContext()) == "4HPwATDgc/ABMA:cAkAAAAAAAAE"
    assert gnubg_id(initial_board(), MatchContext(jacoby=True)) == "4HPwATDgc/ABMA:cAkAAAAAAAAA"
    with pytest.raises(GameError, match="International"):
        gnubg_id(initial_board(), MatchContext.for_variant("georgian"))


def test_agreement_with_gnubg_on_twenty_positions() -> None:
    evaluator = shipped_evaluator()
    boards = self_play_positions(evaluator, 400, seed=12)[::20]  # from several games
    money, match = compare(
        evaluator, boards, [MatchContext(), MatchContext(match_length=7, score=(2, 4))], Gnubg(0)
    )
    assert money.engine.positions == 20 and money.engine.active >= 5  # some cube action
    # The cube arithmetic on gnubg's own probabilities: nearly always its decision.
    assert money.formula.action >= 18 and match.formula.action >= 17
    # Our network and cube together (about 88 % over 1,000 positions in money play).
    assert money.engine.action >= 15 and match.engine.action >= 14
    assert money.engine.response >= 18
