"""Renju analysis: every move of a match judged by the searching engine (issue 34).

Each position of each game is judged once for its side to move with the ``expert`` level's
searches: the threat search for a forced win (a VCF, else a VCT, played out to the five:
``SearchingRenjuEngine.winning_line``), and when there is none, the alpha-beta search for the
best move and its score. A move other than the engine's is searched alone from the same
position with the same budget, so that the two scores compare like with like. Then:

* ``forced_win_missed`` (a blunder, "won -> not won"): the mover had a forced win and after his
  move he has none: the game did not end in his five, his move is not the one the engine's win
  began with nor proven to win by its own search, the opponent's search does not prove his own
  loss, and the move is no four after whose forced block the mover still wins;
* ``allowed_forced_win`` (a blunder, "safe -> lost"): after the move the opponent has a forced
  win (or the move lost at once, on a forbidden point), and the engine's choice would not have
  allowed one (when it too loses, the position was lost already: no blunder, no loss);
* ``win_before``/``win_after``: the mover's win probability (``RenjuJudging.win_probability``)
  with the engine's move and with the move played; ``loss`` their difference (never below 0),
  which bands the move as a mistake or an inaccuracy (``RenjuJudging``).

The stones an opening rule places (Swap2's first three or five, the 26 openings' three of
Soosõrv-8 and Yamaguchi, Taraguchi-10's four, the fifth move chosen among the offers), the
rule's swaps, declarations and offers (read by :mod:`.renju_games`) and a move that was the
only legal one are listed with their evaluations but not judged.
"""

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from gamehall.analysis.renju_games import GameLog, Step, judged_moves, opening_stones, read_games
from gamehall.analysis.renju_record import (
    PROVEN,
    Forced,
    RenjuAnalysis,
    RenjuDecision,
    RenjuJudging,
    RenjuPlayerSummary,
)
from gamehall.engines.hints import WinningLine
from gamehall.engines.renju_search.board import FastBoard, point_of
from gamehall.engines.renju_search.levels import LEVEL_LIMITS, SearchingRenjuEngine
from gamehall.engines.renju_search.threats import five_points, legal_for
from gamehall.errors import RecordError
from gamehall.play.records.renju import RenjuGame
from gamehall.play.renju_match import RenjuMatch
from gamehall.renju import Board
from gamehall.renju.points import NAMES

__all__ = [
    "LEVEL",
    "RenjuAnalysis",
    "RenjuDecision",
    "RenjuJudging",
    "RenjuPlayerSummary",
    "analyse_renju",
    "opening_stones",
]

LEVEL = "expert"
"""The searching level whose limits (bar the nodes and the time) judge the moves."""
NODES_A_SECOND = 60_000
"""The nodes a second that turn ``seconds_per_move`` into the searches' node budgets: set so
that a move takes about its seconds on the machine ``benchmarks/analysis_renju.py`` ran on,
where the alpha-beta alone searched 120,000 to 245,000 nodes a second (it is shared) and the
threat searches take the rest. A node budget, not the clock, stops each search, so that the
same match is judged the same way again."""
CAP = 4
"""Each search's time cap, in ``seconds_per_move``."""
Progress = Callable[[int, int], None]


def analyse_renju(
    match_or_record: RenjuMatch | RenjuGame,
    *,
    seconds_per_move: float = 1.0,
    judging: RenjuJudging | None = None,
    progress: Progress | None = None,
) -> RenjuAnalysis:
    """Every move of a renju match (finished or not: a ``RenjuMatch``, as a ``.psq`` file or a
    JSON record reads back, or one ``RenjuGame``) judged, and each player's figures. The engine
    spends at most about ``seconds_per_move`` on a move (less when its searches end early).
    ``progress(done, total)`` is called after each move. ``RecordError`` for anything but a
    renju match or game, one without a stone, or ``seconds_per_move`` not above 0."""
    if isinstance(seconds_per_move, bool) or not (
        isinstance(seconds_per_move, int | float) and 0 < seconds_per_move < float("inf")
    ):
        raise RecordError(f"the seconds a move are a number above 0, not {seconds_per_move!r}")
    rules = judging or RenjuJudging()
    games, names = read_games(match_or_record)
    total = sum(len(judged_moves(game.board)) + len(log.steps) for game, log in games)
    judge = _Judge(rules, float(seconds_per_move))
    decisions: list[RenjuDecision] = []
    for game, log in games:
        for decision in judge.game(game, log):
            decisions.append(decision)
            if progress is not None:
                progress(len(decisions), total)
    made = tuple(decisions)
    players = (
        RenjuPlayerSummary.of(names[0], 0, made),
        RenjuPlayerSummary.of(names[1], 1, made),
    )
    return RenjuAnalysis(players, made, rules, float(seconds_per_move))


@dataclass(frozen=True)
class _Position:
    """A position judged for its side to move: the engine's move, the win probability, its
    forced win (``winning``; ``line`` when the threat search played it out) and whether it is
    proven lost."""

    best: str | None
    win: float
    winning: bool
    line: WinningLine | None
    lost: bool


@dataclass(frozen=True)
class _After:
    """What a move left its mover: a forced win still (``won``), a proven loss (``lost``), his
    win probability, and the position judged for the opponent (None once the game is over)."""

    won: bool
    lost: bool
    win: float
    following: _Position | None


class _Judge:
    """The engine and the thresholds that judge each position once.

    The budget of a move: the threat search of the position after it (the level's threat
    nodes: some hundredths of a second), and the nodes of about two fifths of ``seconds`` each
    for two alpha-beta searches (the position's best move, and the move played searched alone
    from the same position, so that both scores come from the same root and nodes). Nodes, not
    the clock, stop the searches; ``CAP`` times ``seconds`` caps each one on a slower machine
    (the search also stops deepening after 45 % of its cap: the cap must leave room to spend
    the nodes)."""

    def __init__(self, judging: RenjuJudging, seconds: float) -> None:
        self.judging = judging
        self.threat_seconds = CAP * seconds
        nodes = max(int(NODES_A_SECOND * seconds * 2 / 5), 200)
        limits = replace(LEVEL_LIMITS[LEVEL], seconds=CAP * seconds, nodes=nodes)
        self.engine = SearchingRenjuEngine(LEVEL, seed=0, limits=limits)

    def position(self, board: Board) -> _Position:
        """The side to move's forced win, else the search's move and score."""
        line = self.engine.winning_line(board, self.threat_seconds)
        if line is not None:
            return _Position(line.moves[0], 1.0, True, line, False)
        result = self.engine.search(board)
        best = NAMES[result.point] if result.point >= 0 else None
        win = self.judging.win_probability(result.score)
        return _Position(best, win, result.score >= PROVEN, None, result.score <= -PROVEN)

    def game(self, game: RenjuGame, log: GameLog) -> list[RenjuDecision]:
        """Every move of ``game`` judged, in order, and the opening steps of its ``log``
        listed where they were made."""
        source = game.board
        board = Board(rule=source.rule, opening=source.opening, forbidden=source.forbidden)
        opening = opening_stones(game.opening)
        decisions: list[RenjuDecision] = []
        before = self.position(board)
        moves = judged_moves(source)
        for number, move in enumerate(moves, start=1):
            decisions += self._steps(game.number, board, before, log.steps, number - 1)
            colour = board.turn
            owner = game.black if colour == "black" else 1 - game.black
            seat = log.placers[number - 1] if number <= len(log.placers) else owner
            forced: Forced | None = (
                "opening"
                if number in opening
                else "only-move"
                if len(_playable(board)) == 1 and move != "pass"
                else None
            )
            played = self._played(board, move, before)
            previous = board.copy()
            board.play(move)
            after = self._after(board, colour, move, before, played)
            missed = before.winning and not after.won
            allowed = after.lost and self._was_safe(previous, move, before)
            # lost whatever he played (the engine's move loses too): nothing was lost by this one
            win_before = 0.0 if after.lost and not allowed else before.win
            loss = 0.0 if move == before.best else max(0.0, win_before - after.win)
            line = before.line if missed else None
            if line is None and allowed and after.following is not None:
                line = after.following.line
            judged = forced is None
            decisions.append(
                RenjuDecision(
                    game=game.number,
                    move=number,
                    player=seat,
                    colour=colour,
                    kind="pass" if move == "pass" else "move",
                    played=move,
                    best=before.best,
                    loss=round(loss, 4),
                    win_before=round(win_before, 4),
                    win_after=round(after.win, 4),
                    band=self.judging.band(loss, blunder=missed or allowed) if judged else None,
                    forced_win_missed=missed and judged,
                    allowed_forced_win=allowed and judged,
                    winning_line=None if line is None or not judged else line.moves,
                    winning_kind=None if line is None or not judged else line.kind,
                    forced=forced,
                )
            )
            if after.following is not None:
                before = after.following
        return decisions + self._steps(game.number, board, before, log.steps, len(moves))

    @staticmethod
    def _steps(
        number: int, board: Board, position: _Position, steps: tuple[Step, ...], stones: int
    ) -> list[RenjuDecision]:
        """The ``steps`` made with ``stones`` on ``board`` (judged as ``position``) listed as
        opening decisions of game ``number``: the colour is the side to move's."""
        win = round(position.win, 4)
        return [
            RenjuDecision(
                game=number,
                move=step.after,
                player=step.player,
                colour=board.turn,
                kind=step.kind,
                played=step.value,
                best=None,
                loss=0.0,
                win_before=win,
                win_after=win,
                band=None,
                forced_win_missed=False,
                allowed_forced_win=False,
                winning_line=None,
                winning_kind=None,
                forced="opening",
            )
            for step in steps
            if step.after == stones
        ]

    def _played(self, board: Board, move: str, before: _Position) -> int | None:
        """The search's score of ``move`` alone on ``board`` for the side to move (None for
        the engine's own choice, or a pass)."""
        if move in (before.best, "pass"):
            return None
        return self.engine.search(board, [move]).score

    def _after(
        self, board: Board, mover: str, move: str, before: _Position, played: int | None
    ) -> _After:
        """What ``mover``'s ``move`` (whose own search scored it ``played``) left him on
        ``board``."""
        result = board.result
        if result is not None:
            if result.winner is None:
                return _After(False, False, 0.5, None)
            won = result.winner == mover
            return _After(won, not won, 1.0 if won else 0.0, None)
        following = self.position(board)
        if following.winning or (played is not None and played <= -PROVEN):
            return _After(False, True, 0.0, following)
        won = (
            (before.winning and move == before.best)
            or following.lost
            or (played is not None and played >= PROVEN)
            or self._wins_through_four(board)
        )
        if won:
            return _After(True, False, 1.0, replace(following, win=0.0, lost=True))
        if played is None:
            win = before.win if move == before.best else 1.0 - following.win
        else:
            win = self.judging.win_probability(played)
        return _After(False, False, win, following)

    def _was_safe(self, board: Board, move: str, before: _Position) -> bool:
        """Whether the side to move on ``board``, who played ``move`` and lost by it, had a
        move that did not lose: the engine's choice, when it is another move, not proven lost
        and after it the opponent has no forced win."""
        if before.lost or before.best is None or move == before.best:
            return False
        best = board.copy()
        best.play(before.best)
        if best.result is not None:
            return best.result.winner != board.turn
        return self.engine.winning_line(best, self.threat_seconds) is None

    def _wins_through_four(self, board: Board) -> bool:
        """Whether the last move is a four that still wins: two points to make five, or one
        whose block the opponent may not play, or after whose block the mover has a forced
        win; never while the opponent (to move) can make five himself."""
        fast = FastBoard.from_board(board)
        out = np.zeros(4, dtype=np.int64)
        if five_points(fast.state, fast.turn - 1, out):
            return False
        count = five_points(fast.state, 2 - fast.turn, out)
        if count != 1:
            return count >= 2
        block = int(out[0])
        if not legal_for(fast.state, fast.constants, fast.turn, block):
            return True
        blocked = board.copy()
        blocked.play(NAMES[point_of(block)])
        if blocked.result is not None:
            return False
        return self.engine.winning_line(blocked, self.threat_seconds) is not None


def _playable(board: Board) -> list[str]:
    """The points the side to move may play without losing on a forbidden point."""
    legal = board.legal_moves()
    if board.turn != "black":
        return legal
    forbidden = board.forbidden_points()
    return [point for point in legal if point not in forbidden]
