"""Speed of the renju analysis: seconds per move and per game on typical games.

The games are played first (an ``advanced`` level against a node-limited ``expert``, seeded,
colours alternating: the length of a club game), then analysed at each ``--seconds`` a move;
the figures go in ``docs/analysis.md``. Run as a script::

    python benchmarks/analysis_renju.py                # a match to 2, at 0.25 and 1 s a move
    python benchmarks/analysis_renju.py --points 3 --seconds 0.1 0.5

It also measures the alpha-beta's nodes a second at the analysis level, the figure that
``gamehall.analysis.renju.NODES_A_SECOND`` turns a move's seconds into nodes with.
"""

import argparse
import time

from gamehall.analysis.renju import LEVEL, analyse_renju
from gamehall.engines.driver import play_out
from gamehall.engines.renju_search.board import FastBoard
from gamehall.engines.renju_search.levels import SearchingRenjuEngine, warm_up
from gamehall.engines.renju_search.search import Searcher
from gamehall.play.records.renju import renju_game
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import RenjuSettings
from gamehall.renju.board import Board

MIDDLE_GAME = "h8 i9 i8 j8 h10 k7 h9 h7 j7 g10 h11 h12 k6 l5 l6 m6 k4 f10 g11 i11"
"""A game between the levels whose positions from move 8 on time the alpha-beta."""


def typical_match(points: int, seed: int = 1) -> RenjuMatch:
    """A match to ``points`` between ``advanced`` and an ``expert`` held to 20,000 nodes a move
    (each plays Black in turn)."""
    settings = RenjuSettings(length=points)
    match = RenjuMatch(settings, ("Advanced", "Expert"), time_source=lambda: 0.0)
    advanced = SearchingRenjuEngine("advanced", seed)
    expert = SearchingRenjuEngine("expert", seed + 1)
    expert.limited(nodes=20_000)
    play_out(match, {0: advanced, 1: expert})
    return match


def nodes_a_second(seconds: float = 0.25) -> float:
    """The alpha-beta's nodes a second over middle-game positions (``seconds`` each)."""
    moves = Board.from_moves(MIDDLE_GAME).moves
    searcher = Searcher()
    nodes = 0
    spent = 0.0
    for count in range(8, len(moves)):
        fast = FastBoard.from_board(Board.from_moves(moves[:count]))
        result = searcher.search(fast, max_depth=12, seconds=seconds, nodes=10**9, threat_nodes=0)
        nodes += result.nodes
        spent += result.seconds
    return nodes / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=2, help="the match's length")
    parser.add_argument("--seconds", type=float, nargs="+", default=[0.25, 1.0])
    args = parser.parse_args()
    warm_up()
    print(f"alpha-beta at {LEVEL}: {nodes_a_second():,.0f} nodes a second")
    match = typical_match(args.points)
    lengths = [len(game.moves) for game in _boards(match)]
    print(f"{len(lengths)} games of {', '.join(map(str, lengths))} moves")
    for seconds in args.seconds:
        start = time.perf_counter()
        analysis = analyse_renju(match, seconds_per_move=seconds)
        spent = time.perf_counter() - start
        moves = len(analysis.decisions)
        print(
            f"seconds_per_move={seconds}: {spent / moves:.3f} s a move, "
            f"{spent / len(lengths):.1f} s a game ({moves} moves, {spent:.1f} s in all)"
        )
        for player in analysis.players:
            print(
                f"  {player.name}: accuracy {player.accuracy}, blunders {player.blunders}, "
                f"mistakes {player.mistakes}, inaccuracies {player.inaccuracies}"
            )


def _boards(match: RenjuMatch) -> list[Board]:
    """The board of each game of ``match``."""
    count = sum(1 for event in match.events if event.kind == "game_start")
    return [renju_game(match.settings, match.events, n).board for n in range(1, count + 1)]


if __name__ == "__main__":
    main()
