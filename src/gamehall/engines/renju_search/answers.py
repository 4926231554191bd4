"""Which moves keep a forced win, and how the defender answers a threat: what a puzzle asks of
the threat search (:mod:`.threats`), so that a player's line is judged by the search itself and
not against one stored line (any order of the same threats, any winning first move, counts).

The attacker's move is right when it makes five, or when no defence holds after it: every
point that stops its threat (a four's one block, a three's blocking points) and every four of
the defender's is tried, and after each the attacker must still have a forced win by fours, or
by threes and fours within ``vct_depth`` threes. A move that makes no threat is wrong.
"""

from dataclasses import dataclass
from typing import Literal

import numpy as np

from gamehall.engines.renju_search.board import CELL_OF, EMPTY, FastBoard, cell_of, point_of
from gamehall.engines.renju_search.patterns import OPEN_THREE
from gamehall.engines.renju_search.search import Searcher
from gamehall.engines.renju_search.threats import (
    _defences,
    five_points,
    is_four_move,
    legal_for,
    makes_five,
)
from gamehall.renju.board import Board
from gamehall.renju.points import NAMES, read_point

WinKind = Literal["vcf", "vct"]
VCF_DEPTH = 60
NODES = 60_000
"""The threat nodes of one search: enough for the wins found in real games."""


@dataclass(frozen=True)
class Answer:
    """The defender's answer to the attacker's last move: ``holds`` when it saves him (the
    attacker's move was wrong), and the point he plays (``None`` when he has no playable one:
    the attacker wins anyway)."""

    point: str | None
    holds: bool


class ThreatJudge:
    """The threat search asked about one puzzle's positions."""

    def __init__(self, vct_depth: int = 3, nodes: int = NODES) -> None:
        self.searcher = Searcher()
        self.vct_depth = vct_depth
        self.nodes = nodes

    def win(self, board: Board) -> WinKind | None:
        """The side to move's forced win on ``board``: by fours, by threes and fours, or none."""
        fast = FastBoard.from_board(board)
        if self.searcher.threat_line(fast, "vcf", VCF_DEPTH, self.nodes) is not None:
            return "vcf"
        if self.searcher.threat_line(fast, "vct", self.vct_depth, self.nodes) is not None:
            return "vct"
        return None

    def winning_moves(self, board: Board, kind: WinKind) -> list[str]:
        """Every first move of the side to move that keeps a forced win of ``kind`` (a five
        among them): fours for ``"vcf"``, fours and threes for ``"vct"``."""
        fast = FastBoard.from_board(board)
        view = fast.turn - 1
        found = []
        for cell in CELL_OF:
            if fast.state.cells[cell] != EMPTY or fast.state.near[cell] == 0:
                continue
            if not legal_for(fast.state, fast.constants, fast.turn, cell):
                continue
            five = makes_five(fast.state, view, cell)
            four = is_four_move(fast.state, view, cell)
            if not (five or four or (kind == "vct" and _makes_three(fast, view, int(cell)))):
                continue
            point = NAMES[point_of(int(cell))]
            after = board.copy()
            after.play(point)
            if after.result is not None:
                if after.result.winner == board.turn:
                    found.append(point)
                continue
            answer = self.answer(after, within="vcf" if kind == "vcf" else "vct")
            if not answer.holds:
                found.append(point)
        return found

    def answer(self, board: Board, within: WinKind = "vct", threat: str | None = None) -> Answer:
        """The defender's answer on ``board`` (his turn, after the attacker's move): a defence
        that holds off every forced win (by fours only, when ``within`` is ``"vcf"``) if there
        is one, else the most natural of the forced ones. ``threat`` is the attacker's stone
        whose threat is answered (by default his last)."""
        fast = FastBoard.from_board(board)
        defender = fast.turn
        attacker_view = 2 - defender
        last = cell_of(read_point(threat or board.moves[-1]))
        out = np.zeros(64, dtype=np.int64)
        fives = five_points(fast.state, attacker_view, out)
        if fives >= 2:
            return Answer(_playable(fast, [int(c) for c in out[:fives]]), False)
        if fives == 1:
            candidates = [int(out[0])]
        else:
            count = _defences(fast.state, fast.constants, attacker_view, last, out)
            if count == 0:
                return Answer(None, True)
            candidates = [int(c) for c in out[:count]] + _fours(fast, defender - 1)
        values = fast.state.values
        candidates.sort(key=lambda c: (-(int(values[0, c]) + int(values[1, c])), c))
        playable = [c for c in candidates if fast.may_play(c)]
        for cell in playable:
            point = NAMES[point_of(cell)]
            if makes_five(fast.state, defender - 1, cell):
                return Answer(point, True)
            after = board.copy()
            after.play(point)
            if not self._still_wins(after, within, NAMES[point_of(last)]):
                return Answer(point, True)
        return Answer(_playable(fast, playable), False)

    def _still_wins(self, board: Board, within: WinKind, threat: str) -> bool:
        """Has the attacker, to move on ``board``, still a forced win? When the defender's
        last stone made a four, the attacker blocks it and the defender answers again."""
        fast = FastBoard.from_board(board)
        if self.searcher.threat_line(fast, "vcf", VCF_DEPTH, self.nodes) is not None:
            return True
        out = np.zeros(4, dtype=np.int64)
        blocks = five_points(fast.state, 2 - fast.turn, out)
        if blocks == 1 and within == "vct" and fast.may_play(int(out[0])):
            blocked = board.copy()
            blocked.play(NAMES[point_of(int(out[0]))])
            return not self.answer(blocked, within, threat).holds
        if blocks:
            return False
        return (
            within == "vct"
            and self.searcher.threat_line(fast, "vct", self.vct_depth, self.nodes) is not None
        )


def _playable(fast: FastBoard, cells: list[int]) -> str | None:
    playable = [c for c in cells if fast.may_play(c)]
    return NAMES[point_of(playable[0])] if playable else None


def _fours(fast: FastBoard, view: int) -> list[int]:
    """The points where colour ``view + 1`` makes a four."""
    return [
        int(c)
        for c in CELL_OF
        if fast.state.cells[c] == EMPTY
        and fast.state.near[c] > 0
        and is_four_move(fast.state, view, c)
        and not makes_five(fast.state, view, c)
    ]


def _makes_three(fast: FastBoard, view: int, cell: int) -> bool:
    """Does a stone of colour ``view + 1`` on ``cell`` make an open three?"""
    return any(int(fast.state.classes[view, d, cell]) == OPEN_THREE for d in range(4))
