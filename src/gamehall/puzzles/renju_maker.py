"""Renju puzzles taken from finished games: a position where the game's winner had a forced win
that the threat search finds (by fours: theme ``fours``; by threes and fours: ``fours and
threes``) with one solution up to transposition: every first move that keeps the win is one of
the attacker's stones of the line the search plays out, so that the puzzle has one answer in
substance (a position with two different wins is left out). A win in one move, or one whose
line is a four and its five only, is no puzzle. Of a game, the earliest such position of the
winner's last run of forced wins is taken: the longest line to find."""

from gamehall.engines.renju_search.answers import ThreatJudge
from gamehall.engines.renju_search.sequence import forced_win
from gamehall.play.records.renju import renju_game
from gamehall.play.renju_match import RenjuMatch
from gamehall.puzzles.values import Puzzle
from gamehall.renju.board import Board

MIN_STONES = 5
"""Positions with fewer stones are openings, not puzzles."""
LINE_SECONDS = 5.0
"""The most time the search plays one win out."""


def position_puzzle(
    board: Board, judge: ThreatJudge, source: str | None = None, move: int = 0
) -> Puzzle | None:
    """The puzzle of the side to move's forced win on ``board``, or None (no win found, a win
    in one, or two different wins)."""
    if board.result is not None or board.rule != "renju":
        return None
    kind = judge.win(board)
    if kind is None:
        return None
    found = forced_win(
        board,
        judge.searcher,
        nodes=judge.nodes,
        vct_depth=judge.vct_depth,
        seconds=LINE_SECONDS,
    )
    if found is None or len(found.line.moves) < 5:
        return None
    answers = judge.winning_moves(board, kind)
    stones = found.line.moves[0::2]
    if not answers or any(answer not in stones for answer in answers):
        return None
    return Puzzle(
        game="renju",
        task="win",
        position=" ".join(board.moves),
        mover=board.turn,
        answers=tuple(sorted(answers, key=stones.index)),
        solution=found.line.moves,
        themes=("fours",) if kind == "vcf" else ("fours-and-threes",),
        source=source,
        move=move or len(board.moves) + 1,
    )


def game_puzzle(board: Board, judge: ThreatJudge, source: str | None = None) -> Puzzle | None:
    """The puzzle of a finished game (``board`` with all its moves), or None."""
    result = board.result
    if result is None or result.winner is None or result.reason != "five":
        return None
    moves = board.moves
    run: list[Board] = []
    for count in range(len(moves) - 1, MIN_STONES - 1, -1):
        position = Board.from_moves(moves[:count], rule=board.rule, opening="free")
        if position.turn != result.winner:
            continue
        if judge.win(position) is None:
            break
        run.append(position)
    for position in reversed(run):
        puzzle = position_puzzle(position, judge, source)
        if puzzle is not None:
            return puzzle
    return None


def match_puzzles(
    match: RenjuMatch, source: str | None = None, judge: ThreatJudge | None = None
) -> list[Puzzle]:
    """The puzzles of a renju match's games (one a game at most)."""
    judge = judge or ThreatJudge()
    puzzles = []
    for number in range(1, match.game_number + 1):
        board = renju_game(match.settings, match.events, number).board
        puzzle = game_puzzle(board, judge, source)
        if puzzle is not None:
            puzzles.append(puzzle)
    return puzzles
