"""The searching renju levels: intermediate, advanced, expert and world-class.

Every level runs the same search (threat search, then alpha-beta; see :mod:`.search`) with its
own limits. The node limit is what makes a level play the same way again with the same seed;
the time limit is a cap for slow machines. Noise (in pattern points, about 60 for a four)
perturbs the leaves' scores as a fixed function of the position and the seed, which makes the
weaker levels err the way a weaker player does: about positions, not at random.

======================  =====  ========  ======  =====  =============  ==========  =========
level                   depth  nodes     time s  noise  threat nodes   VCT depth   leaf VCF
======================  =====  ========  ======  =====  =============  ==========  =========
intermediate            4      4,000     1       60     1,000          0           0
advanced                6      25,000    2       15     8,000          0           0
expert                  12     120,000   5       0      30,000         3           0
world-class             20     400,000   10      0      100,000        4           100
======================  =====  ========  ======  =====  =============  ==========  =========

A VCT depth of four (world-class) also guards the root against the opponent's VCTs, and a leaf
VCF budget (threat nodes) has each alpha-beta leaf where the side to move has a four asked
whether he wins by fours (see :mod:`.search`).
"""

import math
from dataclasses import dataclass, replace
from typing import cast

from gamehall.engines.base import Level
from gamehall.engines.hints import WinningLine
from gamehall.engines.renju import BeginnerRenjuEngine, RandomRenjuEngine, RenjuEngine
from gamehall.engines.renju_search.board import FastBoard, cell_of, point_of
from gamehall.engines.renju_search.scores import WIN
from gamehall.engines.renju_search.search import VCF_DEPTH, Searcher, SearchResult
from gamehall.engines.renju_search.sequence import ForcedWin, forced_win
from gamehall.errors import GameError
from gamehall.renju.board import Board
from gamehall.renju.points import NAMES, read_point


@dataclass(frozen=True)
class Limits:
    """What one level may spend on a move."""

    depth: int
    nodes: int
    seconds: float
    noise: int
    threat_nodes: int
    vct_depth: int
    leaf_vcf: int = 0
    """Threat nodes of the VCF asked at each alpha-beta leaf where the side to move has a four
    (0: none)."""

    def to_dict(self) -> dict[str, int | float]:
        """The limits as plain values."""
        return {
            "depth": self.depth,
            "nodes": self.nodes,
            "seconds": self.seconds,
            "noise": self.noise,
            "threat_nodes": self.threat_nodes,
            "vct_depth": self.vct_depth,
            "leaf_vcf": self.leaf_vcf,
        }

    @classmethod
    def from_dict(cls, data: dict[str, int | float]) -> "Limits":
        """Limits from :meth:`to_dict`'s values."""
        return cls(
            int(data["depth"]),
            int(data["nodes"]),
            float(data["seconds"]),
            int(data["noise"]),
            int(data["threat_nodes"]),
            int(data["vct_depth"]),
            int(data["leaf_vcf"]),
        )


LEVEL_LIMITS: dict[str, Limits] = {
    "intermediate": Limits(4, 4_000, 1.0, 60, 1_000, 0),
    "advanced": Limits(6, 25_000, 2.0, 15, 8_000, 0),
    "expert": Limits(12, 120_000, 5.0, 0, 30_000, 3),
    "world-class": Limits(20, 400_000, 10.0, 0, 100_000, 4, 100),
}
"""The searching levels, weakest first."""


@dataclass(frozen=True)
class Hint:
    """A suggested move and its score for the side to move (``WIN`` less the plies to a forced
    win; negative when it loses)."""

    point: str
    score: int


@dataclass(frozen=True)
class ThreatSequence:
    """The side to move's forced win: ``kind`` ``"vcf"`` (by fours) or ``"vct"`` (by threes and
    fours); ``moves`` the line, the attacker's moves and the defender's replies alternating, up
    to the attacker's decisive threat (``SearchingRenjuEngine.winning_line`` plays it out to the
    five)."""

    kind: str
    moves: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        """The sequence as plain values."""
        return {"kind": self.kind, "moves": list(self.moves)}


def _allowed_cells(points: list[str]) -> list[int]:
    return [cell_of(read_point(p)) for p in points]


class SearchingRenjuEngine(RenjuEngine):
    """A renju (and gomoku) player that searches: threats first, then alpha-beta."""

    def __init__(self, level: str, seed: int | None = None, limits: Limits | None = None) -> None:
        super().__init__(cast(Level, level), seed)
        if level not in LEVEL_LIMITS:
            raise GameError(
                f"there is no searching level {level!r}: choose {', '.join(LEVEL_LIMITS)}"
            )
        self.limits = limits or LEVEL_LIMITS[level]
        self.own_limits = self.limits
        self.searcher = Searcher()
        self.last: SearchResult | None = None

    def limited(self, *, seconds: float | None = None, nodes: int | None = None) -> None:
        """Hold the engine to at most ``seconds`` and ``nodes`` a move (a protocol's limits),
        never more than its own limits; ``None`` leaves its own. Under a node cap the threat
        searches get a quarter of it and the leaves ask no VCF (whose nodes go uncounted)."""
        limits = self.own_limits
        if seconds is not None:
            limits = replace(limits, seconds=min(limits.seconds, seconds))
        if nodes is not None:
            limits = replace(
                limits,
                nodes=min(limits.nodes, nodes),
                threat_nodes=min(limits.threat_nodes, max(nodes // 4, 1)),
                leaf_vcf=0,
            )
        self.limits = limits

    def choose_move(self, board: Board, points: list[str]) -> str:
        result = self.search(board, points)
        return NAMES[result.point]

    def search(self, board: Board, points: list[str] | None = None) -> SearchResult:
        """Search ``board`` for the side to move, among ``points`` (default: every point it may
        play, Black's forbidden ones left out)."""
        fast = FastBoard.from_board(board)
        allowed = _allowed_cells(points if points is not None else _playable(board))
        limits = self.limits
        result = self.searcher.search(
            fast,
            max_depth=limits.depth,
            seconds=limits.seconds,
            nodes=limits.nodes,
            noise=limits.noise,
            seed=self.random.randrange(1 << 30),
            threat_nodes=limits.threat_nodes,
            vct_depth=limits.vct_depth,
            leaf_vcf=limits.leaf_vcf,
            allowed=allowed,
        )
        self.last = result
        return result

    def answer_draw(self, board: Board) -> bool:
        empty = len(board.legal_moves())
        if empty <= 10:
            return True
        fast = FastBoard.from_board(board)
        return self.searcher.opponent_threat(fast, "vcf", VCF_DEPTH, self.limits.threat_nodes)

    def hint(self, board: Board, count: int = 3) -> list[Hint]:
        """The ``count`` best moves for the side to move with their scores, best first."""
        _check_on(board)
        points = _playable(board)
        fast = FastBoard.from_board(board)
        view = fast.turn - 1
        cells = sorted(
            _allowed_cells(points),
            key=lambda c: -int(fast.state.values[view, c] + fast.state.values[1 - view, c]),
        )
        limits = self.limits
        share = max(limits.seconds / (2 * count), 0.05)
        hints: list[Hint] = []
        first = self.search(board, points)
        hints.append(Hint(NAMES[first.point], first.score))
        for cell in cells:
            if len(hints) >= count:
                break
            if point_of(cell) == first.point:
                continue
            result = self.searcher.search(
                fast,
                max_depth=max(limits.depth - 2, 1),
                seconds=share,
                nodes=max(limits.nodes // (2 * count), 500),
                threat_nodes=0,
                leaf_vcf=limits.leaf_vcf,
                allowed=[cell],
            )
            hints.append(Hint(NAMES[result.point], result.score))
        hints.sort(key=lambda h: -h.score)
        return hints

    def threats(self, board: Board) -> ThreatSequence | None:
        """The side to move's winning sequence by fours (VCF), else by threes and fours (VCT),
        up to its decisive threat, or None when the threat search finds none within the
        level's limits."""
        found = self.forced_win(board)
        if found is None:
            return None
        return ThreatSequence(found.line.kind, found.line.moves[: found.threat_moves])

    def winning_line(self, board: Board, seconds: float | None = None) -> WinningLine | None:
        """The side to move's forced win played out to the five (see :mod:`.sequence`), or
        None when the threat search finds none within the level's limits (and ``seconds``)."""
        found = self.forced_win(board, seconds)
        return None if found is None else found.line

    def forced_win(self, board: Board, seconds: float | None = None) -> ForcedWin | None:
        """The side to move's forced win and where its decisive threat is, or None."""
        _check_on(board)
        return forced_win(
            board,
            self.searcher,
            nodes=max(self.limits.threat_nodes, 20_000),
            vct_depth=max(self.limits.vct_depth, 3),
            seconds=self.limits.seconds if seconds is None else seconds,
        )


def _check_on(board: Board) -> None:
    if board.result is not None:
        raise GameError(f"the game is over ({board.result}): there is nothing to search")


def _playable(board: Board) -> list[str]:
    legal = board.legal_moves()
    if board.turn != "black":
        return legal
    forbidden = board.forbidden_points()
    return [p for p in legal if p not in forbidden] or legal


def score_text(score: int) -> str:
    """A score as words: ``"wins in 3"``, ``"loses in 4"`` or pattern points."""
    if score > WIN - 1000:
        return f"wins in {WIN - score}"
    if score < -WIN + 1000:
        return f"loses in {WIN + score}"
    return f"{score:+d}"


def renju_engine(level: str, seed: int | None = None, time_scale: float = 1.0) -> RenjuEngine:
    """A renju engine at any level: ``random`` and ``beginner`` (:mod:`gamehall.engines.renju`)
    or a searching one, its own time cap multiplied by ``time_scale``. A slower machine's
    benchmarks give it more time, so that the level's nodes stop it, as they do on the machine
    its figures were measured on; the levels that do not search take no time to speak of."""
    number = isinstance(time_scale, int | float) and not isinstance(time_scale, bool)
    if not (number and math.isfinite(time_scale) and time_scale > 0):
        raise GameError(f"the time scale is a number above 0, not {time_scale!r}")
    if level == "random":
        return RandomRenjuEngine(seed)
    if level == "beginner":
        return BeginnerRenjuEngine(seed)
    own = LEVEL_LIMITS.get(level)
    limits = None if own is None else replace(own, seconds=own.seconds * time_scale)
    return SearchingRenjuEngine(level, seed, limits)


def warm_up() -> None:
    """Run every compiled part of the search once on a small position, so that numba's
    compiling (the first run of a fresh checkout) happens now and not during a timed move."""
    fast = FastBoard.from_board(Board.from_moves("h8 h9 j10 i9"))
    searcher = Searcher()
    searcher.search(
        fast, max_depth=2, seconds=600, nodes=300, threat_nodes=300, vct_depth=1, leaf_vcf=10
    )
    searcher.threat_line(fast, "vcf", 4, 100)
    fast.forbidden_points()
