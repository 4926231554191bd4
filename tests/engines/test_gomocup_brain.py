"""``gamehall brain``: the Gomocup protocol's commands and examples, answered in process and
by the command itself."""

import io
import math
import subprocess
import sys
from dataclasses import replace

import pytest

from gamehall.cli import main
from gamehall.engines.gomocup import point_of_xy, rule_of_bits, xy_of_point
from gamehall.engines.gomocup.brain import ABOUT, MARGIN_SECONDS, Brain, run
from gamehall.engines.renju_search.levels import SearchingRenjuEngine, renju_engine, warm_up
from gamehall.errors import GameError
from gamehall.renju.board import Board
from gamehall.renju.points import NAMES, read_point


@pytest.fixture(autouse=True, scope="module")
def _compiled() -> None:
    """Compile the search here first: the brains started as subprocesses then load it from
    numba's cache instead of compiling it during their first timed move."""
    warm_up()


def _brain(level: str = "intermediate") -> Brain:
    return Brain(renju_engine(level, seed=1))


def _talk(brain: Brain, *lines: str) -> list[str]:
    out = io.StringIO()
    run(brain, [line + "\n" for line in lines], out)
    return out.getvalue().splitlines()


def test_coordinates_are_zero_based_from_the_top_left() -> None:
    assert NAMES[point_of_xy("7,7")] == "h8"
    assert NAMES[point_of_xy("0,0")] == "a15"
    assert NAMES[point_of_xy("14,14")] == "o1"
    assert xy_of_point(read_point("a1")) == "0,14"
    for text in ("15,3", "3", "a,b", "-1,2"):
        with pytest.raises(GameError):
            point_of_xy(text)


def test_rule_bits() -> None:
    assert rule_of_bits(4) == "renju"
    assert rule_of_bits(1) == "gomoku-standard"
    assert rule_of_bits(0) == "gomoku-freestyle"
    with pytest.raises(GameError, match="not one gamehall plays"):
        rule_of_bits(2)


def test_the_protocols_examples() -> None:
    brain = _brain()
    answers = _talk(brain, "START 20", "START 15", "BEGIN")
    assert answers[0].startswith("ERROR")
    assert answers[1] == "OK"
    point_of_xy(answers[2])  # a move
    brain = _brain()
    answers = _talk(brain, "START 15", "TURN 10,10")
    assert answers[0] == "OK"
    move = point_of_xy(answers[1])
    assert move != point_of_xy("10,10")


def test_board_done_answers_a_move_for_the_side_to_move() -> None:
    brain = _brain()
    answers = _talk(brain, "START 15", "BOARD", "7,7,2", "8,7,1", "8,8,2", "DONE")
    assert answers[0] == "OK"
    assert [own for _, own in brain.stones] == [False, True, False, True]
    assert point_of_xy(answers[1]) not in (point_of_xy(x) for x in ("7,7", "8,7", "8,8"))


def test_info_takeback_restart_about_unknown_and_end() -> None:
    brain = _brain()
    answers = _talk(
        brain,
        "START 15",
        "INFO timeout_turn 800",
        "INFO timeout_match 100000",
        "INFO time_left 90000",
        "INFO max_node 3000",
        "INFO rule 1",
        "INFO max_memory 83886080",
        "INFO game_type 1",
        "INFO folder /tmp",
        "TURN 7,7",
        "ABOUT",
        "FROBNICATE",
        "END",
        "ABOUT",  # after END: not answered
    )
    assert answers[0] == "OK"
    first = answers[1]
    assert answers[2] == ABOUT
    assert answers[3].startswith("UNKNOWN")
    assert len(answers) == 4
    assert brain.rule == "gomoku-standard" and brain.max_node == 3000
    assert brain.timeout_turn == 800 and brain.timeout_match == 100000
    assert _talk(brain, f"TAKEBACK {first}", "TAKEBACK 0,0", "RESTART") == [
        "OK",
        "ERROR there is no stone on 0,0 to take back",
        "OK",
    ]
    assert brain.stones == []


def test_errors_in_the_user_s_words() -> None:
    brain = _brain()
    assert _talk(brain, "BEGIN")[0] == "ERROR send START 15 first"
    answers = _talk(brain, "START 15", "TURN 7,7", "TURN 7,7", "INFO timeout_turn soon")
    assert answers[2] == "ERROR 7,7 is occupied"
    assert answers[3].startswith("ERROR INFO timeout_turn takes a whole number")
    answers = _talk(brain, "RESTART", "BOARD", "7,7,5", "DONE")
    assert answers[1].startswith("ERROR")


def test_the_brain_never_plays_a_forbidden_point_as_black() -> None:
    # h5 would make a double four for Black: the brain (Black, to move) must keep off it
    black = ["e5", "f5", "g5", "h2", "h3", "h4"]
    white = ["d5", "h1", "a15", "o15", "o1", "a10"]
    lines = ["START 15", "BOARD"]
    for b, w in zip(black, white, strict=True):
        lines += [f"{xy_of_point(read_point(b))},1", f"{xy_of_point(read_point(w))},2"]
    brain = _brain("expert")
    answers = _talk(brain, *lines, "DONE")
    assert NAMES[point_of_xy(answers[1])] != "h5"
    board = Board.from_position(black=black, white=white)
    assert "h5" in board.forbidden_points()


def test_a_move_keeps_within_timeout_turn() -> None:
    """The protocol's limits cut the level's own time: 70 % of ``timeout_turn`` (less a margin)
    and a twentieth of the match time left. How closely a search keeps to its time is measured
    by the benchmarks (``benchmarks/bench_renju_search.py``), not by a timed test."""
    brain = _brain("world-class")
    _talk(brain, "START 15", "INFO timeout_turn 1000")
    assert brain.seconds_for_move() == pytest.approx(0.7 - MARGIN_SECONDS)
    _talk(brain, "INFO timeout_match 100000", "INFO time_left 10000")
    assert brain.seconds_for_move() == pytest.approx(0.5 - MARGIN_SECONDS)
    answers = _talk(brain, "BOARD", "7,7,2", "8,8,1", "8,7,2", "6,6,1", "9,7,2", "DONE")
    engine = brain.engine
    assert isinstance(engine, SearchingRenjuEngine)
    assert engine.limits.seconds == pytest.approx(0.5 - MARGIN_SECONDS)
    assert len(answers) == 1 and point_of_xy(answers[0]) >= 0


def test_gamehall_brain_answers_on_stdout() -> None:
    commands = "START 15\nINFO timeout_turn 2000\nABOUT\nBEGIN\nTURN 8,6\nEND\n"
    done = subprocess.run(
        [sys.executable, "-m", "gamehall", "brain", "renju", "--level", "intermediate"],
        input=commands,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[0] == "OK"
    assert lines[1].startswith('name="gamehall"')
    point_of_xy(lines[2])
    point_of_xy(lines[3])
    assert len(lines) == 4


def test_a_time_scale_multiplies_the_levels_own_time_cap_alone() -> None:
    engine = renju_engine("world-class", seed=1, time_scale=3)
    assert isinstance(engine, SearchingRenjuEngine)
    assert engine.limits.seconds == 30.0
    plain = renju_engine("world-class", seed=1)
    assert isinstance(plain, SearchingRenjuEngine)
    assert engine.limits == replace(plain.limits, seconds=30.0)
    engine.limited(seconds=2.0)  # the protocol's limits still cut it
    assert engine.limits.seconds == 2.0
    assert renju_engine("beginner", seed=1, time_scale=0.5).level == "beginner"
    for wrong in (0, -1.0, math.nan, math.inf, True, "2"):
        with pytest.raises(GameError, match="time scale is a number above 0"):
            renju_engine("expert", seed=1, time_scale=wrong)  # type: ignore[arg-type]


def test_the_brain_command_refuses_a_time_scale_of_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["brain", "renju", "--time-scale", "0"]) == 1
    assert "the time scale is a number above 0, not 0.0" in capsys.readouterr().err
