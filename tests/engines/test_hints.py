"""Hints: the registry, backgammon's ranked plays with the network's figures, renju's moves and
its forced wins played out to the five (each checked on the rules layer's board)."""

import json
from pathlib import Path
from typing import cast

import numpy as np
import pytest

from gamehall.backgammon.position import Position
from gamehall.engines.hints import (
    HINTS,
    Candidate,
    HintError,
    HintOptions,
    Hints,
    WinningLine,
    hint_for,
    prepare_hint,
)
from gamehall.engines.neural.hints import PROBABILITIES, hint
from gamehall.engines.neural.levels import NeuralBackgammonEngine
from gamehall.engines.renju_search.hints import hint as renju_hint
from gamehall.engines.renju_search.levels import SearchingRenjuEngine
from gamehall.errors import GameError
from gamehall.nardy import Position as NardyPosition
from gamehall.play.actions import Place, Start
from gamehall.play.dice import SeededDice
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings, RenjuSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.renju.board import Board
from gamehall.tables.position import Play, TablesPosition
from support.renju_threats import five_points

PUZZLES = Path(__file__).parent / "data" / "renju_vcf_puzzles.jsonl"
PLENTY = 120.0
"""Seconds for searches in tests: only the node limits bind, so the results do not depend on
the machine's load."""


# -- backgammon ---------------------------------------------------------------------------------


def test_the_plays_are_ranked_by_equity_with_the_five_probabilities() -> None:
    position = Position.initial()
    hints = hint(position, (3, 1), count=5, ply=0)
    assert hints.game == "backgammon" and hints.method == "network, 0-ply"
    legal = {p.notation: p for p in position.legal_plays((3, 1))}
    assert len(hints.candidates) == 5
    equities = [c.equity for c in hints.candidates]
    assert equities == sorted(equities, reverse=True)  # type: ignore[type-var]
    assert hints.candidates[0].move == "8/5 6/5"  # the point every player makes
    best = hints.candidates[0].equity
    assert best is not None
    for candidate in hints.candidates:
        assert candidate.move in legal and candidate.ply == 0
        assert candidate.steps == tuple((s, d) for s, d, _, _ in legal[candidate.move].path)
        p = dict(candidate.probabilities)
        assert tuple(p) == PROBABILITIES
        assert 0 <= p["win_backgammon"] <= p["win_gammon"] <= p["win"] <= 1
        assert 0 <= p["lose_backgammon"] <= p["lose_gammon"] <= 1 - p["win"]
        cubeless = 2 * p["win"] - 1 + p["win_gammon"] - p["lose_gammon"]
        cubeless += p["win_backgammon"] - p["lose_backgammon"]
        assert candidate.equity == pytest.approx(cubeless, abs=1e-3)
        assert candidate.difference == pytest.approx(candidate.equity - best, abs=1e-3)  # type: ignore[operator]
        assert candidate.text == f"{candidate.equity:+.3f}"


def test_the_best_hint_at_0_ply_is_the_expert_engines_play() -> None:
    engine = NeuralBackgammonEngine("backgammon", "expert", seed=0)
    position = Position.initial()
    for dice in ((6, 5), (4, 2), (5, 5), (2, 1)):
        plays = [Play(p.path, cast(TablesPosition, p.result)) for p in position.legal_plays(dice)]
        order, _ = engine.rank(plays)
        assert hint(position, dice, ply=0).candidates[0].move == plays[order[0]].notation


def test_deeper_plies_rank_the_leaders_again_and_say_so() -> None:
    position = Position.from_id("4HPwATDgc/ABMA")
    hints = hint(position, (6, 2), count=3, ply=2, seconds=PLENTY)
    assert hints.method == "network, 2-ply"
    assert [c.ply for c in hints.candidates] == [2, 2, 2]
    equities = [c.equity for c in hints.candidates]
    assert equities == sorted(equities, reverse=True)  # type: ignore[type-var]
    quick = hint(position, (6, 2), count=3, ply=2, seconds=0.0)
    assert quick.method == "network, 0-ply"  # no time: the 0-ply ranking as it is


def test_georgian_and_nardy_hints_and_other_games_refused() -> None:
    hints = hint(Position.initial("georgian"), (6, 5), count=2, ply=1)
    assert hints.game == "georgian" and len(hints.candidates) == 2
    nardy = hint(NardyPosition.initial(), (6, 5), count=2, ply=0)
    assert nardy.game == "nardy" and dict(nardy.candidates[0].probabilities).keys() == {
        "win",
        "win_mars",
        "lose_mars",
    }
    with pytest.raises(GameError, match="long nardy positions only"):
        hint(object(), (6, 5))  # type: ignore[arg-type]
    with pytest.raises(GameError, match="0, 1 or 2 plies"):
        hint(Position.initial(), (6, 5), ply=3)


def test_a_roll_that_cannot_move_has_one_hint() -> None:
    # the side on roll has a checker on the bar against a closed board
    closed = [0, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 3] + [0] * 12
    mover = [0] * 25 + [1]
    mover[6] = 14
    position = Position(tuple(mover), tuple(closed), Position.initial().rules)
    (only,) = hint(position, (6, 6), ply=1).candidates
    assert only.move == "no move" and only.steps == () and only.difference == 0.0


def test_hints_round_trip_through_plain_values() -> None:
    hints = hint(Position.initial(), (6, 4), count=3, ply=0)
    assert Hints.from_dict(json.loads(json.dumps(hints.to_dict()))) == hints
    line = WinningLine("vct", "white", ("h8", "h9", "h10"), "five")
    renju = Hints("renju", "search", (Candidate("h8", "forced win", score=1),), line)
    assert Hints.from_dict(json.loads(json.dumps(renju.to_dict()))) == renju
    assert line.stones() == [("h8", "white", 1), ("h9", "black", 2), ("h10", "white", 3)]


# -- the registry -------------------------------------------------------------------------------


def _tables_match(game: str = "backgammon") -> TablesMatch:
    match = TablesMatch(MatchSettings.from_dict({"game": game, "length": 1}), dice=SeededDice(1))  # type: ignore[arg-type]
    match.apply(None, Start())
    return match


def test_the_registry_gives_the_player_on_roll_the_hints_of_his_roll() -> None:
    assert {"backgammon", "georgian", "renju"} <= set(HINTS)
    match = _tables_match()
    seat = match.to_act
    assert seat is not None and match.dice is not None and match.position is not None
    hints = hint_for(match, seat, HintOptions(count=2, ply=0))
    assert hints.candidates[0] == hint(match.position, match.dice, count=2, ply=0).candidates[0]
    with pytest.raises(HintError, match="wait for your turn"):
        prepare_hint(match, 1 - seat)


def test_no_hint_once_the_match_is_over() -> None:
    match = RenjuMatch(RenjuSettings(length=1))
    match.apply(None, Start())
    black = match.to_act
    assert black is not None
    match.act(black, "resign")
    with pytest.raises(HintError, match="the match is over"):
        prepare_hint(match, black)


def test_options_are_checked_by_type() -> None:
    with pytest.raises(GameError, match="0, 1 or 2 plies"):
        HintOptions(ply=True)
    with pytest.raises(GameError, match="1 to 20 choices"):
        HintOptions(count=0)
    with pytest.raises(GameError, match="seconds"):
        HintOptions(seconds="3")  # type: ignore[arg-type]


def test_renju_hints_for_the_player_to_move() -> None:
    match = RenjuMatch(RenjuSettings(length=1))
    match.apply(None, Start())
    black = match.to_act
    assert black is not None
    for point in ("h8", "g9", "i8", "a1", "j8", "a3"):
        match.apply(match.to_act, Place(point))
    hints = hint_for(match, black, HintOptions(count=2, seconds=30))
    assert hints.game == "renju" and hints.candidates[0].move in ("g8", "k8")
    assert hints.candidates[0].text == "forced win"
    assert hints.winning is not None and hints.winning.moves[0] in ("g8", "k8")
    with pytest.raises(HintError, match="wait for your turn"):
        prepare_hint(match, 1 - black)


# -- renju: the winning line played out ---------------------------------------------------------


def check_line(board: Board, line: WinningLine) -> None:
    """The line is legal on the rules layer's board from ``board``: neither side plays a point
    forbidden to Black, and it ends in the attacker's five (or in White's four that only a
    point forbidden to Black stops)."""
    board = board.copy()
    attacker = board.turn
    assert line.attacker == attacker
    for move in line.moves:
        assert board.result is None, f"the game ended before {move}"
        assert move in board.legal_moves()
        if board.turn == "black":
            assert move not in board.forbidden_points(), f"Black plays forbidden {move}"
        board.play(move)
    if line.ending == "five":
        assert board.result is not None and board.result.reason == "five"
        assert board.result.winner == attacker
    else:
        assert attacker == "white" and board.result is None and board.turn == "black"
        assert five_points(board) == {line.trap}
        assert line.trap in board.forbidden_points()


def _puzzle_board(index: int, back: int) -> Board:
    puzzle = json.loads(PUZZLES.read_text().splitlines()[index])
    return Board.from_moves(" ".join(puzzle["moves"][: len(puzzle["moves"]) - back]))


VCT_POSITIONS = [(0, 2), (2, 4), (5, 6), (22, 2), (31, 2), (49, 2), (63, 4), (90, 6), (105, 6)]
"""Real-game positions (a VCF puzzle with its last moves taken back) where the side to move
wins by threes and fours; (31, 2), (49, 2) and (105, 6) are White's, and (31, 2) ends in a four
that only a point forbidden to Black would stop."""


@pytest.mark.parametrize(("index", "back"), VCT_POSITIONS)
def test_a_vct_is_played_out_to_the_end(index: int, back: int) -> None:
    board = _puzzle_board(index, back)
    line = SearchingRenjuEngine("expert", seed=0).winning_line(board, PLENTY)
    assert line is not None and line.kind == "vct"
    check_line(board, line)


@pytest.mark.parametrize("index", range(0, 125, 12))
def test_a_vcf_is_played_out_to_the_five(index: int) -> None:
    board = _puzzle_board(index, 0)
    engine = SearchingRenjuEngine("expert", seed=0)
    line = engine.winning_line(board, PLENTY)
    assert line is not None and line.kind == "vcf"
    check_line(board, line)
    threats = engine.threats(board)
    assert threats is not None and line.moves[: len(threats.moves)] == threats.moves


def test_an_open_four_is_blocked_on_one_side_and_won_on_the_other() -> None:
    board = Board.from_position(
        black=["d4", "e5", "f6", "g8", "g9"], white=["c3", "g11", "a1", "o1", "a15"]
    )
    line = SearchingRenjuEngine("expert", seed=0).winning_line(board, PLENTY)
    assert line == WinningLine("vcf", "black", ("g7", "h8", "g6", "g5", "g10"), "five")
    check_line(board, line)


def test_whites_four_against_a_forbidden_defence_ends_the_line() -> None:
    board = Board.from_position(
        black=["f9", "g9", "h10", "h11", "c4"], white=["d5", "e6", "f7", "a1", "o15"], turn="white"
    )
    line = SearchingRenjuEngine("expert", seed=0).winning_line(board, PLENTY)
    assert line == WinningLine("vcf", "white", ("g8",), "forbidden", "h9")
    check_line(board, line)


def test_black_never_wins_through_a_forbidden_point() -> None:
    # h5 would be Black's four-four: a win in gomoku, forbidden in renju
    black = ["e5", "f5", "g5", "h2", "h3", "h4"]
    white = ["d5", "h1", "a15", "o15", "o1", "a10"]
    engine = SearchingRenjuEngine("expert", seed=0)
    renju = Board.from_position(black=black, white=white)
    line = engine.winning_line(renju, PLENTY)
    assert line is not None and "h5" not in line.moves[::2]  # Black wins by threes instead
    check_line(renju, line)
    freestyle = Board.from_position(black=black, white=white, rule="gomoku-freestyle")
    line = engine.winning_line(freestyle, PLENTY)
    assert line is not None and line.moves[0] == "h5"
    check_line(freestyle, line)


def test_a_gomoku_vct_from_two_crossing_twos() -> None:
    board = Board.from_position(
        black=["a1", "o1", "a15", "o15", "b2"],
        white=["h8", "i8", "h9"],
        turn="white",
        rule="gomoku-freestyle",
    )
    line = SearchingRenjuEngine("expert", seed=0).winning_line(board, PLENTY)
    assert line is not None and line.kind == "vct"
    check_line(board, line)


def test_renju_hint_lists_moves_and_the_line() -> None:
    board = Board.from_position(
        black=["d4", "e5", "f6", "g8", "g9"], white=["c3", "g11", "a1", "o1", "a15"]
    )
    hints = renju_hint(board, count=3, seconds=PLENTY / 10)
    assert hints.candidates[0].move == "g7" and len(hints.candidates) == 3
    scores = [c.score for c in hints.candidates]
    assert scores == sorted(scores, reverse=True)  # type: ignore[type-var]
    assert hints.winning is not None and hints.winning.moves[:3] == ("g7", "h8", "g6")
    quiet = renju_hint(Board.from_moves("h8 h9 j10"), count=2, seconds=1.0)
    assert quiet.winning is None and len(quiet.candidates) == 2
    assert np.isfinite([c.score for c in quiet.candidates]).all()  # type: ignore[arg-type]
