"""How often our cube decisions agree with GNU Backgammon's, on positions from self-play.

Two comparisons for each position and match context (the side on roll to decide, the cube
as the context has it):

- **engine**: our decision (the shipped network's probabilities, our Janowski cube and match
  equity table) against gnubg's own cube hint (its network, its cubeful evaluation at the plies
  asked for, its match equity table);
- **formula**: our Janowski cube on *gnubg's* cubeless probabilities against gnubg's hint, which
  separates the cube arithmetic from the two networks' differences.

Agreement is counted on the whole action (no double, double/take, double/pass, too good; gnubg's
"optional double", a tie, agrees with doubling and with not doubling), on
the doubler's side alone (double or not) and on the receiver's (take or pass), over every
position and over the positions where either side doubles or is too good (the rest are easy
no-doubles).
"""

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from gamehall.engines.base import MatchContext
from gamehall.engines.neural.board import Boards, MoveGenerator, initial_board
from gamehall.engines.neural.cube import CubeHint, before_roll, cube_hint, cube_life
from gamehall.engines.neural.gnubg_cube import Gnubg, GnubgCube
from gamehall.engines.neural.network import Evaluator
from gamehall.engines.neural.search import Searcher


def self_play_positions(
    evaluator: Evaluator, count: int, seed: int, noise: float = 0.05
) -> list[Boards]:
    """``count`` positions (side on roll first, before his roll) from self-play games of the
    network at 0-ply, each candidate's equity blurred by Gaussian ``noise`` so that the games
    differ; finished positions are left out."""
    generator = MoveGenerator()
    rng = np.random.default_rng(seed)
    found: list[Boards] = []
    board = initial_board()
    while len(found) < count:
        results = generator.successors(board, *(int(d) for d in rng.integers(1, 7, 2)))
        values = evaluator.equities(results) + rng.normal(0.0, noise, len(results))
        board = results[int(np.argmin(values))]
        if board[0, 0] == 15 or board[1, 0] == 15:
            board = initial_board()
            continue
        found.append(board.copy())
    return found


@dataclass
class Tally:
    """Agreements counted over positions: ``all`` over every one, ``active`` over those where
    either side doubles or is too good."""

    positions: int = 0
    action: int = 0
    doubles: int = 0
    response: int = 0
    active: int = 0
    active_action: int = 0
    active_doubles: int = 0
    active_response: int = 0

    def add(self, ours: CubeHint, theirs: GnubgCube) -> None:
        either = theirs.optional and ours.action in ("no-double", "double-take")
        action = either or ours.action == theirs.action
        doubles = either or ours.doubles == (theirs.action in ("double-take", "double-pass"))
        response = (ours.response == "pass") == (theirs.response == "pass")
        self.positions += 1
        self.action += action
        self.doubles += doubles
        self.response += response
        if ours.action != "no-double" or theirs.action != "no-double":
            self.active += 1
            self.active_action += action
            self.active_doubles += doubles
            self.active_response += response

    @staticmethod
    def _rate(hits: int, total: int) -> str:
        return f"{100.0 * hits / total:5.1f} %" if total else "    -  "

    def __str__(self) -> str:
        rate = self._rate
        return (
            f"action {rate(self.action, self.positions)}, "
            f"double {rate(self.doubles, self.positions)}, "
            f"take/pass {rate(self.response, self.positions)} of {self.positions}; "
            f"where either doubles: action {rate(self.active_action, self.active)}, "
            f"double {rate(self.active_doubles, self.active)}, "
            f"take/pass {rate(self.active_response, self.active)} of {self.active}"
        )


@dataclass
class Agreement:
    """The two tallies (engine and formula) of one match context."""

    context: MatchContext
    engine: Tally = field(default_factory=Tally)
    formula: Tally = field(default_factory=Tally)


def compare(
    evaluator: Evaluator,
    boards: list[Boards],
    contexts: list[MatchContext],
    gnubg: Gnubg,
    progress: Callable[[int], None] | None = None,
    plies: int = 0,
) -> list[Agreement]:
    """Both comparisons of every board in every context, our probabilities searched ``plies``
    deep (0 as expert decides the cube, 2 as world-class does)."""
    results = [Agreement(context) for context in contexts]
    searcher = Searcher(evaluator)
    probabilities = [before_roll(searcher, board, plies) for board in boards]
    for i, board in enumerate(boards):
        x = cube_life(board)
        for agreement in results:
            theirs = gnubg.cube(board, agreement.context)
            agreement.engine.add(cube_hint(probabilities[i], agreement.context, x), theirs)
            agreement.formula.add(cube_hint(theirs.probabilities, agreement.context, x), theirs)
        if progress is not None:
            progress(i + 1)
    return results
