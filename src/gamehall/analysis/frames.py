"""Where each judged decision stands among a match's review frames (``play.review``), so that a
face showing the analysis draws the position of a decision with the frames it has already.

A decision names its game and move (a line of the ``.mat`` record in the tables games, a stone's
number in renju); a frame is the match after an action. The frame of a decision is the one
just before the decision's action: the position and the dice the player decided on. The two
are walked together, in the order played: a tables play is the next turn in that game begun by
its player with the same dice, a cube action (or a resignation offered or accepted) the next of
its kind by its player, a no-double the position before that player's next roll; a renju stone
the frame before the game's stone of that number, an opening rule's step (``move`` stones on the
board) the frame after that many.
A decision with no such frame (a roll that could not be played, made without a step of its
own) has none.
"""

from collections.abc import Sequence

from gamehall.analysis.renju_record import RenjuDecision
from gamehall.analysis.results import Analysis
from gamehall.analysis.values import Decision
from gamehall.play.review import Frame

TURN_ACTIONS = frozenset({"move", "play", "confirm"})
"""The actions that begin (or are) a tables player's turn after his roll."""
IN_TURN = frozenset({"move", "play", "undo"})
"""The actions after which the same player's next action goes on with his turn."""
NO_MOVE = "no move"
"""How the analysis writes a roll that could not be played."""
STONES = frozenset({"move", "pass"})
"""The renju actions that count as moves of a game."""


def decision_frames(analysis: Analysis, frames: Sequence[Frame]) -> list[int | None]:
    """The index among ``frames`` of each of the analysis's decisions (in order), or None."""
    if analysis.decisions and isinstance(analysis.decisions[0], RenjuDecision):
        return [_renju_frame(d, frames) for d in analysis.decisions if isinstance(d, RenjuDecision)]
    walker = _TablesWalk(frames)
    return [walker.find(d) for d in analysis.decisions if isinstance(d, Decision)]


def _game(frame: Frame) -> int:
    number = frame["state"].get("game_number")
    return number if isinstance(number, int) else 1


def _renju_frame(decision: RenjuDecision, frames: Sequence[Frame]) -> int | None:
    stones = 0
    for index, frame in enumerate(frames):
        if _game(frame) != decision.game:
            continue
        if frame["kind"] in STONES:
            stones += 1
            if decision.kind in STONES and stones == decision.move:
                return index - 1
        if decision.kind not in STONES and stones == decision.move:
            return index
    return None


class _TablesWalk:
    """The tables frames walked with the decisions, in order."""

    def __init__(self, frames: Sequence[Frame]) -> None:
        self.frames = frames
        self.at = 0

    def find(self, decision: Decision) -> int | None:
        """The frame of ``decision``; the walk goes on after it (a no-double's stays, as its
        roll's play follows on the same turn). A play's frame is its player's next turn: when
        its dice differ, or the roll had no play, it has none."""
        if decision.kind == "checker" and decision.played == NO_MOVE:
            return None
        for index in range(self.at, len(self.frames) - 1):
            before, after = self.frames[index], self.frames[index + 1]
            if _game(before) > decision.game:
                return None
            if after["player"] != decision.player or _game(before) != decision.game:
                continue
            if decision.kind == "checker" and _begins_turn(before, after):
                dice = before["state"].get("dice")
                if not isinstance(dice, list) or sorted(dice) != sorted(decision.dice or ()):
                    return None
            elif after["kind"] != ("roll" if decision.kind == "no-double" else decision.kind):
                continue
            self.at = index if decision.kind == "no-double" else index + 1
            return index
        return None


def _begins_turn(before: Frame, after: Frame) -> bool:
    """Whether ``after``'s action is the first of its player's turn."""
    return after["kind"] in TURN_ACTIONS and not (
        before["kind"] in IN_TURN and before["player"] == after["player"]
    )
