"""The whole forced win: the threat search's line played out to the five.

The threat search (:mod:`.threats`) proves a win and keeps the line of a VCF, but of a VCT only
its first move (the defender has several answers to a three, each refuted in its own way).
``forced_win`` plays the win out, one threat at a time, on the engine's board and on the
rules layer's board together: at each of the attacker's turns a VCF is searched first (its
whole line is played), else a VCT, whose first move (a three) is played and answered by the
defender's most natural defence (of the points that stop it, the one the pattern tables value
most; a four of the attacker's is always blocked first); then the search starts again from the
new position, which the proof says the attacker still wins with one three fewer (each VCT is
searched shallowest first, so the line shown is short and the searches cheap). The line ends
with the five: after the VCF's decisive four (an open four, a four-four) the defender blocks
one point and the attacker plays the other. When the decisive four is White's and its only
defence is forbidden to Black, the line ends there: Black cannot stop it.

Every move is a legal move of the rules layer's board (the attacker's never a point forbidden to
Black, nor the defender's), so what is shown can be played.
"""

import time
from dataclasses import dataclass
from typing import Literal

import numpy as np

from gamehall.engines.hints import Colour, WinningLine
from gamehall.engines.renju_search.board import BLACK, FastBoard, point_of
from gamehall.engines.renju_search.search import Searcher
from gamehall.engines.renju_search.threats import _defences, five_points, legal_for
from gamehall.errors import GameError
from gamehall.renju.board import Board
from gamehall.renju.points import NAMES

MOST_THREES = 40
"""A bound on the attacker's threes in one line (each fills a point, so lines are short)."""
VCF_DEPTH = 60
ThreatKind = Literal["vcf", "vct"]


@dataclass(frozen=True)
class ForcedWin:
    """A forced win found and played out: the ``line`` and how many of its moves lead to the
    decisive threat (``threat_moves``: the attacker's last threat is ``line.moves[threat_moves
    - 1]``; the moves after it, if any, are the block and the five)."""

    line: WinningLine
    threat_moves: int


class _Played:
    """The two boards and the moves played on them."""

    def __init__(self, board: Board) -> None:
        self.rules = board.copy()
        self.fast = FastBoard.from_board(board)
        self.moves: list[str] = []

    def play(self, cell: int) -> None:
        name = NAMES[point_of(cell)]
        self.rules.play(name)
        self.fast.play(cell)
        self.moves.append(name)

    def may_play(self, cell: int) -> bool:
        """Whether the side to move may take ``cell`` without losing on a forbidden point."""
        fast = self.fast
        return bool(legal_for(fast.state, fast.constants, fast.turn, cell))

    def fives(self, colour: int) -> list[int]:
        """The points (up to two) where ``colour`` would make five."""
        out = np.zeros(4, dtype=np.int64)
        count = five_points(self.fast.state, colour - 1, out)
        return [int(c) for c in out[:count]]


def forced_win(
    board: Board, searcher: Searcher, *, nodes: int, vct_depth: int, seconds: float
) -> ForcedWin | None:
    """The side to move's forced win on ``board`` played out to the five, or None when the
    threat search finds none within ``nodes`` a search, ``vct_depth`` threes and ``seconds``
    in all."""
    if board.result is not None:
        raise GameError(f"the game is over ({board.result}): there is nothing to search")
    deadline = time.perf_counter() + seconds
    played = _Played(board)
    attacker = played.fast.turn
    defender = 3 - attacker
    kind: ThreatKind = "vcf"
    threat = -1
    depth_left = vct_depth
    for _ in range(MOST_THREES):
        line = searcher.threat_line(played.fast, "vcf", VCF_DEPTH, nodes, deadline)
        if line is not None:
            for cell in line:
                played.play(cell)
            return _finish(played, attacker, kind)
        blocks = played.fives(defender)
        if blocks:
            # the defender's answer to the three was a four: block it, then he defends again
            if threat < 0 or len(blocks) > 1 or not played.may_play(blocks[0]):
                return None
            played.play(blocks[0])
        else:
            found = _shallowest_vct(played, searcher, depth_left, nodes, deadline)
            if found is None:
                return None
            threat, depth = found
            depth_left = depth - 1
            kind = "vct"
            played.play(threat)
        reply = _defence(played, attacker, threat)
        if reply is None:
            return None
        played.play(reply)
    return None


def _shallowest_vct(
    played: _Played, searcher: Searcher, most: int, nodes: int, deadline: float
) -> tuple[int, int] | None:
    """The first move of the side to move's VCT with the fewest threes (at most ``most``) and
    that number, or None. The shallowest is searched first: it is the cheapest search, and the
    shortest line to show; the threes left after it bound the next search."""
    for depth in range(1, most + 1):
        line = searcher.threat_line(played.fast, "vct", depth, nodes, deadline)
        if line is not None:
            return line[0], depth
    return None


def _defence(played: _Played, attacker: int, threat: int) -> int | None:
    """The defender's answer to the attacker's threat on ``threat``: a four of the attacker's
    blocked, else the point that stops the three the pattern tables value most."""
    fours = played.fives(attacker)
    if fours:
        return fours[0] if played.may_play(fours[0]) else None
    fast = played.fast
    out = np.zeros(64, dtype=np.int64)
    count = _defences(fast.state, fast.constants, attacker - 1, threat, out)
    values = fast.state.values
    choices = [int(c) for c in out[:count] if played.may_play(int(c))]
    if not choices:
        return None
    return max(choices, key=lambda c: (int(values[0, c]) + int(values[1, c]), -c))


def _finish(played: _Played, attacker: int, kind: ThreatKind) -> ForcedWin | None:
    """Play the decisive four out to the five (or stop at White's four that only a point
    forbidden to Black defends)."""
    threat_moves = len(played.moves)
    colour: Colour = "black" if attacker == BLACK else "white"
    if played.rules.result is None:
        fives = played.fives(attacker)
        blocks = [c for c in fives if played.may_play(c)]
        if len(fives) >= 2 and blocks:
            played.play(blocks[0])
            played.play(next(c for c in fives if c != blocks[0]))
        elif fives and not blocks and attacker != BLACK:
            trap = NAMES[point_of(fives[0])]
            return ForcedWin(
                WinningLine(kind, colour, tuple(played.moves), "forbidden", trap), threat_moves
            )
        else:
            return None
    result = played.rules.result
    if result is None or result.winner != colour or result.reason != "five":
        return None
    return ForcedWin(WinningLine(kind, colour, tuple(played.moves), "five"), threat_moves)
