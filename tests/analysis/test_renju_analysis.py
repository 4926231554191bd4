"""The renju analysis: a missed VCF and an allowed one flagged as blunders, the win-probability
curve and the bands, opening stones listed but not judged, bad input refused, the value's
round trip, and more errors for the weaker of two engine levels."""

import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.analysis.renju import (
    RenjuAnalysis,
    RenjuDecision,
    RenjuJudging,
    RenjuPlayerSummary,
    analyse_renju,
    opening_stones,
)
from gamehall.analysis.renju_record import move_accuracy
from gamehall.engines.driver import play_out, step, wants_to_act
from gamehall.engines.renju_search.levels import SearchingRenjuEngine, renju_engine
from gamehall.engines.renju_search.scores import WIN
from gamehall.errors import GameError, RecordError
from gamehall.play.actions import Pass, Place
from gamehall.play.records.renju import OpeningStep, PsqOpening, import_psq, renju_game
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import BackgammonSettings, RenjuOpening, RenjuSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.renju.board import Board
from support.renju_threats import five_points

PUZZLES = Path(__file__).parents[1] / "engines" / "data" / "renju_vcf_puzzles.jsonl"
SECONDS = 0.1


def _puzzle() -> tuple[list[str], list[str]]:
    """A composed VCF puzzle (one where White, after a move of Black's elsewhere, can still
    defend): its moves (Black to move) and its solution."""
    case = json.loads(PUZZLES.read_text(encoding="utf-8").splitlines()[37])
    assert case["to_move"] == "black"
    return case["moves"], case["solution"]


def _match(moves: list[str], length: int = 1) -> RenjuMatch:
    match = RenjuMatch(RenjuSettings(length=length), ("Ann", "Bob"), time_source=lambda: 0.0)
    match.start()
    for move in moves:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, Place(move))
    return match


@pytest.fixture(scope="module")
def missed() -> RenjuAnalysis:
    """The puzzle's game, in which Black plays a1 instead of his VCF, then White o1 instead of
    a defence."""
    moves, _ = _puzzle()
    return analyse_renju(_match([*moves, "a1", "o1"]), seconds_per_move=SECONDS)


def _assert_vcf(moves: list[str], line: tuple[str, ...], attacker: str) -> None:
    """``line`` played after ``moves`` is a win by fours for ``attacker``: each of his moves but
    the last makes a four, and the last a five."""
    board = Board.from_moves(moves)
    assert board.turn == attacker
    for index, point in enumerate(line):
        board.play(point)
        if index % 2 == 0 and index < len(line) - 1:
            assert five_points(board), f"{point} is not a four"
    assert board.result is not None
    assert (board.result.winner, board.result.reason) == (attacker, "five")


def test_a_move_that_misses_a_vcf_is_a_blunder_with_the_vcf_given(missed: RenjuAnalysis) -> None:
    moves, solution = _puzzle()
    decision = missed.decisions[len(moves)]
    assert (decision.move, decision.played, decision.colour) == (11, "a1", "black")
    assert decision.forced_win_missed and decision.band == "blunder"
    assert decision.win_before == 1.0 and decision.win_after < 1.0
    assert decision.winning_kind == "vcf" and decision.winning_line is not None
    assert decision.best == solution[0] == decision.winning_line[0]
    _assert_vcf(moves, decision.winning_line, "black")
    assert decision in missed.errors()
    assert missed.players[0].forced_wins_missed >= 1


def test_a_move_that_allows_a_vcf_is_a_blunder_with_the_opponents_vcf(
    missed: RenjuAnalysis,
) -> None:
    moves, _ = _puzzle()
    decision = missed.decisions[-1]
    assert (decision.move, decision.played, decision.player) == (12, "o1", 1)
    assert decision.allowed_forced_win and not decision.forced_win_missed
    assert decision.band == "blunder" and decision.win_after == 0.0
    assert decision.winning_kind == "vcf" and decision.winning_line is not None
    _assert_vcf([*moves, "a1", "o1"], decision.winning_line, "black")
    assert missed.players[1].forced_wins_allowed >= 1


def test_the_engines_own_moves_lose_nothing(missed: RenjuAnalysis) -> None:
    chosen = [d for d in missed.decisions if d.played == d.best]
    assert chosen
    assert all(d.loss == 0.0 and not d.forced_win_missed for d in chosen)
    assert all(d.loss >= 0 and 0 <= d.win_before <= 1 and 0 <= d.win_after <= 1 for d in chosen)


def test_the_centre_openings_first_move_is_listed_but_not_judged(missed: RenjuAnalysis) -> None:
    first = missed.decisions[0]
    assert (first.played, first.forced, first.band) == ("h8", "only-move", None)
    judged = sum(1 for d in missed.decisions if d.player == 0 and d.judged)
    assert missed.players[0].moves == judged == 5  # Black's six moves but h8


def test_the_figures_add_up(missed: RenjuAnalysis) -> None:
    for seat, player in enumerate(missed.players):
        mine = [d for d in missed.decisions if d.player == seat and d.judged]
        assert player.blunders == sum(d.band == "blunder" for d in mine)
        assert player.mistakes == sum(d.band == "mistake" for d in mine)
        assert player.inaccuracies == sum(d.band == "inaccuracy" for d in mine)
        expected = sum(move_accuracy(d.loss) for d in mine) / len(mine)
        assert player.accuracy == pytest.approx(expected, abs=0.05)
    assert [p.name for p in missed.players] == ["Ann", "Bob"]


def test_the_analysis_round_trips_through_json(missed: RenjuAnalysis) -> None:
    data = missed.to_dict()
    assert data["game"] == "renju"
    assert set(data["players"][0]) >= {"name", "accuracy", "blunders", "mistakes", "inaccuracies"}
    assert set(data["decisions"][0]) >= {
        "game", "move", "player", "kind", "played", "best", "loss", "win_before", "win_after",
        "band", "forced_win_missed", "allowed_forced_win", "winning_line",
    }  # fmt: skip
    assert RenjuAnalysis.from_dict(json.loads(json.dumps(data))) == missed


def _verdicts(analysis: RenjuAnalysis) -> list[tuple[object, ...]]:
    """Each decision's move and flags (the probabilities are left out: a search that the clock
    cuts short on a busy machine may score a little differently)."""
    return [
        (d.game, d.move, d.player, d.played, d.forced, d.forced_win_missed, d.allowed_forced_win)
        for d in analysis.decisions
    ]


def test_the_records_of_a_match_are_judged_as_the_match(missed: RenjuAnalysis) -> None:
    """One game of its log, its ``.psq`` file and its JSON record read back."""
    moves, _ = _puzzle()
    match = _match([*moves, "a1", "o1"])
    game = renju_game(match.settings, match.events)
    alone = analyse_renju(game, seconds_per_move=SECONDS)
    assert [p.name for p in alone.players] == ["Black", "White"]
    assert _verdicts(alone) == _verdicts(missed)
    psq = analyse_renju(import_psq(game.to_psq(match.players)), seconds_per_move=SECONDS)
    assert _verdicts(psq) == _verdicts(missed)
    assert [p.name for p in psq.players] == ["Ann", "Bob"]
    record = RenjuMatch.from_dict(json.loads(json.dumps(match.to_dict())))
    assert _verdicts(analyse_renju(record, seconds_per_move=SECONDS)) == _verdicts(missed)


def test_progress_is_reported_move_by_move() -> None:
    calls: list[tuple[int, int]] = []
    analyse_renju(
        _match(["h8", "h9", "i8"]), seconds_per_move=0.02, progress=lambda *c: calls.append(c)
    )
    assert calls == [(1, 3), (2, 3), (3, 3)]


def test_a_pass_is_judged_as_a_move_of_its_own_kind() -> None:
    match = _match(["h8", "h9", "i8"])
    match.apply(1, Pass())
    decision = analyse_renju(match, seconds_per_move=0.02).decisions[-1]
    assert (decision.kind, decision.played, decision.player) == ("pass", "pass", 1)
    assert decision.best != "pass" and decision.judged


def test_the_logistic_curve_has_its_scale() -> None:
    judging = RenjuJudging()
    assert judging.scale == 1000
    assert judging.win_probability(0) == 0.5
    assert judging.win_probability(1000) == pytest.approx(1 / (1 + math.exp(-1)))
    assert judging.win_probability(300) + judging.win_probability(-300) == pytest.approx(1)
    assert judging.win_probability(WIN - 3) == 1.0 and judging.win_probability(-WIN + 4) == 0.0
    assert RenjuJudging(scale=2000).win_probability(2000) == judging.win_probability(1000)


def test_the_bands_follow_the_thresholds() -> None:
    judging = RenjuJudging(inaccuracy=0.05, mistake=0.15)
    assert judging.band(0.04, blunder=False) is None
    assert judging.band(0.05, blunder=False) == "inaccuracy"
    assert judging.band(0.15, blunder=False) == "mistake"
    assert judging.band(0.0, blunder=True) == "blunder"
    assert RenjuJudging().band(0.12, blunder=False) == "inaccuracy"
    with pytest.raises(GameError, match="thresholds"):
        RenjuJudging(inaccuracy=0.3, mistake=0.2)
    with pytest.raises(GameError, match="scale"):
        RenjuJudging(scale=0)


def test_accuracy_is_lichess_curve() -> None:
    assert move_accuracy(0.0) == pytest.approx(100, abs=0.01)
    assert move_accuracy(0.1) == pytest.approx(103.1668 * math.exp(-0.4354) - 3.1669)
    assert move_accuracy(1.0) == 0.0


def test_the_opening_rules_stones_are_not_judged() -> None:
    assert opening_stones(None) == frozenset()
    assert opening_stones(PsqOpening("swap2", (OpeningStep(3, "choose", "white"),))) == {1, 2, 3}
    assert opening_stones(PsqOpening("swap2", (OpeningStep(3, "choose", "place2"),))) == {
        1, 2, 3, 4, 5,
    }  # fmt: skip
    offers = (OpeningStep(4, "offer", "g7"), OpeningStep(4, "offer", "i11"))
    assert opening_stones(PsqOpening("yamaguchi", offers)) == {1, 2, 3, 5}
    assert opening_stones(PsqOpening("soosorv-8", ())) == {1, 2, 3}
    assert opening_stones(PsqOpening("taraguchi-10", offers)) == {1, 2, 3, 4, 5}
    assert opening_stones(PsqOpening("taraguchi-10", ())) == {1, 2, 3, 4}


def _opening_game(rule: RenjuOpening, stones: int) -> RenjuMatch:
    """A match under the opening ``rule`` that beginners have played to ``stones`` stones."""
    settings = RenjuSettings(length=1, opening=rule)
    match = RenjuMatch(settings, ("Ann", "Bob"), time_source=lambda: 0.0)
    engine = renju_engine("beginner", 1)
    match.start()
    while match.board is not None and len(match.board.moves) < stones:
        seat = next(p for p in (0, 1) if wants_to_act(match, p))
        step(match, seat, engine)
    return match


@pytest.mark.parametrize(
    ("rule", "stones", "steps"),
    [
        ("swap2", [1, 2, 3], [(3, "choice", "black")]),
        (
            "soosorv-8",
            [1, 2, 3, 5],
            [
                (3, "choice", "black"),
                (4, "choice", "1"),
                (4, "choice", "white"),
                (4, "offer", "g6"),
            ],
        ),
    ],
)
def test_an_opening_rules_stones_and_steps_are_listed_as_opening(
    rule: RenjuOpening, stones: list[int], steps: list[tuple[int, str, str]]
) -> None:
    analysis = analyse_renju(_opening_game(rule, 7), seconds_per_move=0.02)
    moves = [d for d in analysis.decisions if d.kind == "move"]
    assert [d.move for d in moves if d.forced == "opening"] == stones
    listed = [d for d in analysis.decisions if d.kind in ("choice", "offer")]
    assert [(d.move, d.kind, d.played) for d in listed] == steps
    assert all(d.forced == "opening" for d in listed)
    assert all(d.band is None and not d.forced_win_missed for d in analysis.decisions if d.forced)
    assert len(moves) == 7
    assert [d.player for d in moves[:3]] == [0, 0, 0]  # the first player's, of both colours
    assert analysis.players[0].moves + analysis.players[1].moves == 7 - len(stones)


def test_bad_input_is_refused_with_a_clear_error() -> None:
    with pytest.raises(RecordError, match="renju match or game"):
        analyse_renju("h8 h9")  # type: ignore[arg-type]
    tables = TablesMatch(BackgammonSettings(length=1), ("Ann", "Bob"))
    with pytest.raises(RecordError, match="a backgammon match is not a renju match"):
        analyse_renju(tables)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="nothing to analyse"):
        analyse_renju(_match([]))
    with pytest.raises(RecordError, match="seconds"):
        analyse_renju(_match(["h8"]), seconds_per_move=0)
    with pytest.raises(RecordError, match="not a renju analysis"):
        RenjuAnalysis.from_dict({"game": "backgammon"})
    with pytest.raises(RecordError, match="'loss'"):
        RenjuDecision.from_dict({"game": 1, "move": 1, "player": 0, "colour": "black"} | _KIND)


_KIND: dict[str, str | int | None] = {"kind": "move", "played": "h8", "best": None, "loss": "x"}


def test_the_weaker_level_errs_more() -> None:
    """Two games of a beginner against a node-limited expert, each taking both colours."""
    match = RenjuMatch(RenjuSettings(length=2), ("Beginner", "Expert"))
    expert = SearchingRenjuEngine("expert", seed=3)
    expert.limited(nodes=10_000)
    play_out(match, {0: renju_engine("beginner", 3), 1: expert})
    assert match.is_over and len(match.games) == 2
    beginner, strong = analyse_renju(match, seconds_per_move=SECONDS).players
    assert beginner.accuracy is not None and strong.accuracy is not None
    assert beginner.accuracy < strong.accuracy
    assert _errors(beginner) > _errors(strong)
    assert beginner.average_loss is not None and strong.average_loss is not None
    assert beginner.average_loss > strong.average_loss


def _errors(player: RenjuPlayerSummary) -> int:
    return player.blunders + player.mistakes + player.inaccuracies


_UNIT = st.floats(min_value=0, max_value=1, allow_nan=False)
_POINTS = st.sampled_from(["h8", "a1", "o15", "j10"])
_DECISIONS = st.builds(
    RenjuDecision,
    game=st.integers(1, 9),
    move=st.integers(1, 225),
    player=st.integers(0, 1),
    colour=st.sampled_from(["black", "white"]),
    kind=st.sampled_from(["move", "pass", "choice", "offer"]),
    played=_POINTS,
    best=st.none() | _POINTS,
    loss=_UNIT,
    win_before=_UNIT,
    win_after=_UNIT,
    band=st.none() | st.sampled_from(["blunder", "mistake", "inaccuracy"]),
    forced_win_missed=st.booleans(),
    allowed_forced_win=st.booleans(),
    winning_line=st.none() | st.lists(_POINTS, max_size=5).map(tuple),
    winning_kind=st.none() | st.sampled_from(["vcf", "vct"]),
    forced=st.none() | st.sampled_from(["opening", "only-move"]),
)
_PLAYERS = st.builds(
    RenjuPlayerSummary,
    name=st.text(max_size=8),
    moves=st.integers(0, 200),
    blunders=st.integers(0, 9),
    mistakes=st.integers(0, 9),
    inaccuracies=st.integers(0, 9),
    forced_wins_missed=st.integers(0, 9),
    forced_wins_allowed=st.integers(0, 9),
    average_loss=st.none() | _UNIT,
    accuracy=st.none() | st.floats(0, 100),
)


@given(
    st.tuples(_PLAYERS, _PLAYERS),
    st.lists(_DECISIONS, max_size=4).map(tuple),
    st.builds(
        RenjuJudging,
        inaccuracy=st.floats(0.01, 0.2),
        mistake=st.floats(0.2, 1.0),
        scale=st.floats(1, 1e4),
    ),
    st.floats(0.01, 10),
)
def test_any_analysis_round_trips(
    players: tuple[RenjuPlayerSummary, RenjuPlayerSummary],
    decisions: tuple[RenjuDecision, ...],
    judging: RenjuJudging,
    seconds: float,
) -> None:
    analysis = RenjuAnalysis(players, decisions, judging, seconds)
    assert RenjuAnalysis.from_dict(json.loads(json.dumps(analysis.to_dict()))) == analysis


def test_the_graph_is_the_first_players_chance_after_each_stone(missed: RenjuAnalysis) -> None:
    graph = missed.graph()
    stones = [d for d in missed.decisions if d.kind == "move"]
    assert [(p.game, p.move, p.player) for p in graph] == [
        (d.game, d.move, d.player) for d in stones
    ]
    for point, decision in zip(graph, stones, strict=True):
        mine = decision.win_after if decision.player == 0 else 1 - decision.win_after
        assert point.value == round(mine, 4)
    assert graph[-1].value == 1.0  # White let Black's VCF in: Black (the first player) wins
