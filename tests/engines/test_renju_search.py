"""The alpha-beta search and the levels: forced moves, limits honoured, puzzles from real games,
legal play at every level under every rule."""

import json
import random
import time
from pathlib import Path

import pytest

from gamehall.engines.base import AnswerDraw, ChooseMove
from gamehall.engines.renju_search import search
from gamehall.engines.renju_search.board import FastBoard, cell_of, point_of
from gamehall.engines.renju_search.levels import LEVEL_LIMITS, Limits, SearchingRenjuEngine
from gamehall.engines.renju_search.scores import WIN
from gamehall.engines.renju_search.search import VCT_GUARD_DEPTH, Searcher, SearchResult
from gamehall.errors import GameError
from gamehall.renju.board import Board
from gamehall.renju.points import NAMES, read_point
from support.renju_threats import check_vcf

PUZZLES = Path(__file__).parent / "data" / "renju_vcf_puzzles.jsonl"


def _puzzles() -> list[dict[str, object]]:
    with PUZZLES.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def test_the_real_game_vcf_puzzles_have_checked_solutions() -> None:
    puzzles = _puzzles()
    assert len(puzzles) >= 100
    for puzzle in puzzles[::10]:
        board = Board.from_moves(puzzle["moves"])  # type: ignore[arg-type]
        assert board.turn == puzzle["to_move"]
        assert check_vcf(board, puzzle["solution"]) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("index", range(0, 125, 25))
def test_the_search_solves_real_game_vcf_puzzles(index: int) -> None:
    puzzle = _puzzles()[index]
    board = Board.from_moves(puzzle["moves"])  # type: ignore[arg-type]
    line = SearchingRenjuEngine("expert", seed=0).threats(board)
    assert line is not None and line.kind == "vcf"
    assert check_vcf(board, list(line.moves)) is None


@pytest.mark.parametrize("index", [0, 14, 18, 33, 63, 110, 124])
def test_a_leaf_where_the_side_to_move_wins_by_fours_scores_the_win(index: int) -> None:
    puzzle = _puzzles()[index]
    fast = FastBoard.from_board(Board.from_moves(puzzle["moves"]))  # type: ignore[arg-type]
    before = [array.copy() for array in fast.state]
    searcher = Searcher()

    def leaf(budget: int) -> int:
        searcher.work.counters[:] = 0
        searcher.work.counters[search.NODE_LIMIT] = 10
        searcher.work.counters[search.LEAF_VCF] = budget
        searcher.threats.cache_keys[:] = 0
        return int(
            search.negamax(
                fast.state, fast.constants, searcher.work, searcher.threats, 0, -WIN, WIN, 0
            )
        )

    assert abs(leaf(0)) < WIN - 1000  # these puzzles start with no four-three: a quiet leaf
    won = leaf(20_000)
    line = [
        NAMES[point_of(int(c))] for c in searcher.threats.line[1 : 1 + searcher.threats.line[0]]
    ]
    assert won == WIN - (len(line) - 1)
    assert check_vcf(Board.from_moves(puzzle["moves"]), line) is None  # type: ignore[arg-type]
    after = fast.state._replace(stack=fast.state.stack[: len(puzzle["moves"])])  # type: ignore[arg-type]
    # the stones searched are all taken back (the forbidden-point judge's frames are scratch)
    for name, now, then in zip(after._fields, after, before, strict=True):
        assert name == "judging" or (now == then[: len(now)]).all(), name


def test_makes_five_and_blocks_four() -> None:
    engine = SearchingRenjuEngine("intermediate", seed=3)
    win = Board.from_position(black=["h8", "h9", "h10", "h11"], white=["a1", "b1", "c1", "g8"])
    assert engine.decide(ChooseMove(win)) in ("h7", "h12")
    board = Board.from_position(
        black=["a1", "b3", "c5", "h7"], white=["h8", "h9", "h10", "h11"], turn="black"
    )
    assert engine.decide(ChooseMove(board)) == "h12"


def test_black_does_not_block_on_a_forbidden_point_and_loses() -> None:
    board = Board.from_position(
        black=["f9", "g9", "h10", "h11", "c4"],
        white=["d5", "e6", "f7", "g8", "a1", "o15"],
    )
    assert "h9" in board.forbidden_points()
    result = Searcher().search(FastBoard.from_board(board), max_depth=4, seconds=5, nodes=10_000)
    assert result.score < -WIN + 100


@pytest.mark.parametrize("nodes", [2_000, 20_000])
def test_the_node_limit_is_honoured_within_ten_percent(nodes: int) -> None:
    board = Board.from_moves("h8 h9 j10 i9 j9 j8 k9 i8 g10 i10")
    result = Searcher().search(
        FastBoard.from_board(board), max_depth=30, seconds=60, nodes=nodes, threat_nodes=0
    )
    assert result.nodes <= nodes * 1.1


def test_the_time_limit_stops_the_search() -> None:
    """With no node or depth limit in reach, only the clock stops the search: it must come back
    (a search that ignored it would run for hours). The bound is loose so that a loaded machine
    cannot fail it: how closely the search keeps to its time (within 10 %) is measured by
    ``benchmarks/bench_renju_search.py``, since no test fails on a time."""
    board = Board.from_moves("h8 h9 j10 i9 j9 j8 k9 i8 g10 i10")
    fast = FastBoard.from_board(board)
    Searcher().search(fast, max_depth=2, seconds=1, nodes=1000)  # compiled before timing
    start = time.perf_counter()
    result = Searcher().search(fast, max_depth=40, seconds=0.5, nodes=10**9)
    assert time.perf_counter() - start < 30
    assert result.nodes < 10**9


def test_the_same_seed_plays_the_same_moves() -> None:
    board = Board.from_moves("h8 h9 j10 i9")
    first = SearchingRenjuEngine("intermediate", seed=5).decide(ChooseMove(board))
    again = SearchingRenjuEngine("intermediate", seed=5).decide(ChooseMove(board))
    assert first == again


@pytest.mark.parametrize("level", list(LEVEL_LIMITS))
@pytest.mark.parametrize("rule", ["renju", "gomoku-freestyle", "gomoku-standard"])
def test_random_games_at_every_level_are_legal(level: str, rule: str) -> None:
    # the level's own search, held to few nodes so that the test is quick
    limits = LEVEL_LIMITS[level]
    engine = SearchingRenjuEngine(
        level,  # type: ignore[arg-type]
        seed=11,
        limits=Limits(limits.depth, 600, 0.5, limits.noise, 200, min(limits.vct_depth, 2)),
    )
    chooser = random.Random(f"{level}{rule}")
    board = Board(rule=rule, forbidden="refuse")
    while board.result is None and len(board.moves) < 80:
        if board.turn == "white" or chooser.random() < 0.3:
            board.play(chooser.choice(board.legal_moves()))
            continue
        move = engine.decide(ChooseMove(board))
        assert move in board.legal_moves(), (board.record(), move)
        board.play(move)
    if board.result is not None and board.result.winner is not None:
        assert board.result.reason == "five"


def test_hint_and_threats() -> None:
    engine = SearchingRenjuEngine("advanced", seed=2)
    board = Board.from_position(
        black=["d4", "e5", "f6", "g8", "g9"], white=["c3", "g11", "a1", "o1", "a15"]
    )
    hints = engine.hint(board, 3)
    assert len(hints) == 3
    assert hints[0].point == "g7" and hints[0].score > WIN - 100
    assert [h.score for h in hints] == sorted((h.score for h in hints), reverse=True)
    threat = engine.threats(board)
    assert threat is not None and threat.to_dict() == {"kind": "vcf", "moves": ["g7", "h8", "g6"]}


def test_draws_and_finished_games() -> None:
    engine = SearchingRenjuEngine("advanced", seed=2)
    assert engine.decide(AnswerDraw(Board.from_moves("h8 h9"))) is False
    over = Board.from_position(black=["h8", "h9", "h10", "h11", "h12"], white=["a1"])
    with pytest.raises(GameError, match="over"):
        engine.threats(over)
    with pytest.raises(GameError, match="searching level"):
        SearchingRenjuEngine("beginner")


def test_find_engine_offers_the_searching_levels_for_renju_and_gomoku() -> None:
    from gamehall.engines import find_engine
    from gamehall.engines.renju_search.factory import SEARCH_LEVEL_NAMES

    assert tuple(LEVEL_LIMITS) == SEARCH_LEVEL_NAMES
    for level in SEARCH_LEVEL_NAMES:
        engine = find_engine("renju", level, seed=1)
        assert isinstance(engine, SearchingRenjuEngine)
        assert engine.limits == LEVEL_LIMITS[level]
    # freestyle: a black overline-to-be still wins, so the engine plays it
    board = Board.from_position(
        black=["h8", "h9", "h10", "h11", "h13"],
        white=["a1", "b1", "c1", "h7"],
        rule="gomoku-freestyle",
    )
    assert find_engine("renju", "advanced", seed=1).decide(ChooseMove(board)) == "h12"
    renju = Board.from_position(
        black=["h8", "h9", "h10", "h11", "h13"], white=["a1", "b1", "c1", "d1", "h7"]
    )
    assert find_engine("renju", "advanced", seed=1).decide(ChooseMove(renju)) != "h12"


def test_limits_round_trip() -> None:
    for limits in LEVEL_LIMITS.values():
        assert Limits.from_dict(limits.to_dict()) == limits


def test_a_lost_black_does_not_block_on_a_forbidden_point() -> None:
    # White's four can only be stopped on j8, a double-three: Black is lost, but must not play
    # there (under forbidden="refuse" it is illegal); seen in a ladder game
    moves = (
        "h8 h9 i10 i9 g9 f10 j6 f8 j9 f11 f9 g10 i8 d10 e10 e9 c11 g11 h12 h11 e11 h10 k5 i7 "
        "f12 h6 g7 c7 d8 k7"
    )
    board = Board.from_moves(moves, opening="free", forbidden="refuse")
    assert "j8" in board.forbidden_points()
    move = SearchingRenjuEngine("advanced", seed=1).decide(ChooseMove(board))
    assert move != "j8" and move in board.legal_moves()


def test_a_protocols_limits_cut_the_levels_own_and_can_be_lifted() -> None:
    engine = SearchingRenjuEngine("expert", seed=1)
    engine.limited(seconds=0.5, nodes=1000)
    assert (engine.limits.seconds, engine.limits.nodes) == (0.5, 1000)
    engine.limited(seconds=60, nodes=None)
    assert engine.limits == LEVEL_LIMITS["expert"]
    top = SearchingRenjuEngine("world-class", seed=1)
    top.limited(seconds=None, nodes=50_000)  # a node cap counts nodes: no uncounted leaf VCFs
    assert (top.limits.nodes, top.limits.threat_nodes, top.limits.leaf_vcf) == (50_000, 12_500, 0)
    top.limited(seconds=None, nodes=None)
    assert top.limits == LEVEL_LIMITS["world-class"]


FULL_BOARD = (
    "h8 i9 j10 i7 i10 i8 h10 g10 h9 h11 j11 k12 k10 l10 j12 j9 i11 k13 g8 f7 f8 g9 k9 h12 h7 "
    "h6 i6 f9 e8 d8 l8 m7 k8 k7 j7 j13 i12 l9 j5 k4 h5 g4 j4 j3 h13 g14 m8 o8 k6 l7 i14 i13 "
    "j6 j8 g12 f11 g5 i5 l5 o7 n7 l13 m13 m4 l11 k11 l6 m6 k15 e9 d9 n8 m9 o9 o6 o11 o10 h3 "
    "f5 e5 g3 e4 e3 c7 b6 d4 f4 f3 b7 b8 d6 c6 c5 g11 f10 e11 d11 e7 f6 d2 c9 e14 e12 g2 d5 "
    "m5 m3 d7 g7 b9 d12 c12 d13 d10 e13 c11 d14 d15 a13 l4 k3 c13 c14 g13 h2 i3 n4 a10 n3 o3 "
    "c8 n5 h14 a6 b4 b5 i15 j15 m12 o14 m11 m14 k14 b10 c10 b11 b12 f15 e15 i1 i2 e2 c2 j1 k1 "
    "l2 k2 c4 d3 l14 o15 a3 a5 a1 b2 f1 g1 a11 a9 l15 n11 n10 f14 d1 o1 m1 c1 n12 e1 h1 a2 l1 "
    "a7 j2 f2 n1 n2 m2 h4 c3 a8 l3 o2 i4 b1 k5 a4 e6 g6 o12 o5 n9 e10 o4 o13 b3 l12 a12 n6 "
    "a14 f13 n13 b14 b13 n14 h15 n15 c15 f12 a15 j14 g15 m15 b15"
)
"""The moves of a game of ``gamehall match`` (intermediate against itself) that filled the
board: the one empty point left, m10, makes an overline for Black, who is to move."""


@pytest.mark.parametrize("level", ["intermediate", "expert"])
def test_black_plays_the_last_point_when_only_forbidden_points_are_left(level: str) -> None:
    board = Board.from_moves(FULL_BOARD.split())
    assert board.turn == "black" and board.legal_moves() == ["m10"]
    assert board.forbidden_points() == {"m10": "overline"}
    # The search found no move that does not lose, and its fallback left the forbidden point
    # out: the brain answered a point off the grid's playable cells (an occupied one).
    assert SearchingRenjuEngine(level, seed=1).choose_move(board, ["m10"]) == "m10"


# Seen in the world-class - expert ladder: White to move, Black threatens a win by threes and
# fours; c7 (world-class's choice then) lets him have it, c4 stops it.
VCT_THREAT = (
    "h8 h9 i8 j8 g9 i7 g8 g7 h6 h7 j7 e7 f7 e8 e6 f6 d8 e5 d4 d5 c5 g5 h5 g4 g3 h4 i3 i4 f4 "
    "c6 e4 d7 b5"
)


def guarded_search(fast: FastBoard, points: tuple[str, ...]) -> SearchResult:
    """World-class's guarded search of ``fast`` among ``points``, 100,000 nodes, no clock."""
    return Searcher().search(
        fast,
        max_depth=20,
        seconds=600,
        nodes=100_000,
        threat_nodes=100_000,
        vct_depth=VCT_GUARD_DEPTH,
        allowed=[cell_of(read_point(p)) for p in points],
    )


def test_world_class_leaves_out_a_move_after_which_the_opponent_wins_by_threes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast = FastBoard.from_board(Board.from_moves(VCT_THREAT))
    losing, holding = cell_of(read_point("c7")), cell_of(read_point("c4"))
    searcher = Searcher()
    assert searcher.opponent_threat(fast, "vct", 4, 100_000)
    assert searcher.opponent_win_after(fast, losing, 100_000, vct_depth=4) is not None
    assert searcher.opponent_win_after(fast, holding, 100_000, vct_depth=4) is None

    def choice() -> str:
        return NAMES[guarded_search(fast, ("c7", "c4")).point]

    assert choice() == "c4"
    with monkeypatch.context() as patched:
        patched.setattr(search, "VCT_GUARD_DEPTH", VCT_GUARD_DEPTH + 1)
        assert choice() == "c7"  # unguarded, the alpha-beta prefers c7


def test_world_class_takes_the_first_move_of_the_opponents_win_before_searching_again() -> None:
    """After c7, Black's win by threes starts at e3: the guard checks e3 next, finds that it
    holds and plays it, with no second alpha-beta (the nodes are the first search's)."""
    fast = FastBoard.from_board(Board.from_moves(VCT_THREAT))
    after_c7 = Searcher().opponent_win_after(fast, cell_of(read_point("c7")), 100_000, vct_depth=4)
    assert after_c7 is not None and NAMES[point_of(after_c7[0])] == "e3"
    result = guarded_search(fast, ("c7", "c4", "e3"))
    assert NAMES[result.point] == "e3"
    assert result.nodes <= 100_001
