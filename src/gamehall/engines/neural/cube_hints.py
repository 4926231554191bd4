"""The cube hint in the hint registry's shape (``engines.hints.Hints``), for the faces: before
the roll, the three cube choices of the player who may double with their cubeful equities
(gnubg's layout: no double, double/take, double/pass, the proper action first); when a double
is offered, the receiver's take and pass. The proper action is said in a note, and the value
itself (``CubeHint.to_dict``) travels in ``Hints.cube``.
"""

from functools import cache

from gamehall.backgammon.position import Position as BackgammonPosition
from gamehall.engines.base import MatchContext
from gamehall.engines.hints import CHOICE_NAMES, Candidate, Hints
from gamehall.engines.neural.board import MoveRules, from_sides
from gamehall.engines.neural.cube import CubeHint, before_roll, cube_hint, cube_life, flip
from gamehall.engines.neural.hints import PROBABILITIES
from gamehall.engines.neural.levels import shipped_evaluator
from gamehall.engines.neural.search import Searcher
from gamehall.errors import GameError
from gamehall.tables.position import TablesPosition

PLIES = 2
"""How deep the hint's probabilities are searched (as world-class decides the cube)."""
METHOD = f"cube: Janowski's cubeful equities from the network at {PLIES}-ply"


@cache
def _searcher(georgian: bool) -> Searcher:
    return Searcher(shipped_evaluator(), MoveRules("georgian" if georgian else "backgammon"))


def position_cube_hint(position: TablesPosition, context: MatchContext) -> CubeHint:
    """The cube hint of the side on roll in ``position`` (``context`` from his side)."""
    if not isinstance(position, BackgammonPosition):
        raise GameError("cube hints are for backgammon and Georgian only")
    board = from_sides(position.mover, position.opponent)
    probs = before_roll(_searcher(position.variant.name == "georgian"), board, PLIES)
    return cube_hint(probs, context, cube_life(board))


def cube_hints(position: TablesPosition, context: MatchContext, answering: bool) -> Hints:
    """The hint of the player whose ``context`` this is: the doubler before his roll (he is on
    roll in ``position``), or with ``answering`` the receiver of a double (his opponent on
    roll)."""
    if not isinstance(position, BackgammonPosition):
        raise GameError("cube hints are for backgammon and Georgian only")
    hint = position_cube_hint(position, flip(context) if answering else context)
    if hint.double_take is None or hint.double_pass is None:
        raise GameError("the cube is not available: nobody may double now")
    figures = tuple(zip(PROBABILITIES, hint.probabilities, strict=True))
    if answering:
        # The receiver's equities are the doubler's, seen from the other side.
        choices = [
            (CHOICE_NAMES["take"], -hint.double_take),
            (CHOICE_NAMES["pass"], -hint.double_pass),
        ]
        if hint.response == "beaver":
            choices.insert(0, (CHOICE_NAMES["beaver"], -hint.double_take))
        proper = CHOICE_NAMES[hint.response]
        figures = tuple(zip(PROBABILITIES, _swapped(hint.probabilities), strict=True))
        note = f"Proper answer: {proper.lower()} (the doubler's cube action: {hint.text})."
    else:
        choices = [
            (CHOICE_NAMES["no-double"], hint.no_double),
            (CHOICE_NAMES["double-take"], hint.double_take),
            (CHOICE_NAMES["double-pass"], hint.double_pass),
        ]
        proper = CHOICE_NAMES.get(hint.action, CHOICE_NAMES["no-double"])
        note = f"Proper cube action: {hint.text}."
    best = dict(choices)[proper]
    ordered = sorted(choices, key=lambda choice: choice[0] != proper)
    candidates = tuple(
        Candidate(
            move=name,
            text=f"{value:+.3f}",
            equity=value,
            difference=value - best,
            probabilities=figures,
            ply=0,
        )
        for name, value in ordered
    )
    game = "georgian" if position.variant.name == "georgian" else "backgammon"
    return Hints(game, METHOD, candidates, notes=(note,), cube=hint.to_dict())


def _swapped(p: tuple[float, float, float, float, float]) -> tuple[float, ...]:
    """The five probabilities from the other side."""
    return (1.0 - p[0], p[3], p[4], p[1], p[2])
