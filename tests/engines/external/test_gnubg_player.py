"""GNU Backgammon as the backgammon opponent through its ``external`` socket: a whole match
played to the end, its cube answers, and a gnubg that hangs (stopped) or is gone forfeits with
the reason, the next decision in a fresh process."""

import os
import shutil
import signal
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gamehall.backgammon.position import Position
from gamehall.engines import (
    AnswerDouble,
    ChoosePlay,
    EngineFault,
    MatchContext,
    OfferDouble,
    find_engine,
)
from gamehall.engines.driver import play_out
from gamehall.engines.external import ExternalSpec, GnubgPlayer, external_engine
from gamehall.engines.external.fibs_line import fibs_line
from gamehall.play.dice import SeededDice
from gamehall.play.events import Forfeited
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch

GNUBG = shutil.which("gnubg") or "/usr/games/gnubg"

needs_gnubg = pytest.mark.skipif(
    not os.access(GNUBG, os.X_OK), reason="GNU Backgammon is not installed (make system-packages)"
)

SPEC = ExternalSpec(
    id="gnubg",
    name="GNU Backgammon",
    protocol="gnubg",
    command=f"{GNUBG} -t -q",
    level="0-ply",
    move_seconds=5.0,
    memory_mb=1024,
    start_seconds=30.0,
    setup=(
        "set evaluation chequerplay evaluation plies 0",
        "set evaluation cubedecision evaluation plies 0",
    ),
)


def gnubg() -> GnubgPlayer:
    player = external_engine(SPEC)
    assert isinstance(player, GnubgPlayer)
    return player


def test_the_fibs_line_of_the_starting_position() -> None:
    line = fibs_line(Position.initial(), MatchContext(), (3, 1))
    assert line == (
        "board:You:Opponent:9999:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:"
        "1:3:1:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0 jacobyrule off crawfordrule on beavers off"
    )
    # A match at 4-2 to 5 after the Crawford game, the cube the engine's; seen from the
    # opponent on roll.
    context = MatchContext(match_length=5, score=(4, 2), cube_value=2, cube_owner="engine")
    fields = fibs_line(Position.initial(), context, roller="opponent").split(" ")[0].split(":")
    assert fields[3:6] == ["5", "2", "4"]
    assert fields[37:41] == ["2", "0", "1", "0"]  # cube 2: the engine may double, he not
    assert fields[-1] == "1"  # post-Crawford


@needs_gnubg
@pytest.mark.parametrize("length", [1, 3])
def test_a_match_against_gnubg_is_played_to_the_end(length: int) -> None:
    player = gnubg()
    match = TablesMatch(
        MatchSettings.from_dict({"game": "backgammon", "length": length}), dice=SeededDice(7)
    )
    try:
        play_out(match, {0: player, 1: find_engine("backgammon", "beginner", 7)})
    finally:
        player.close()
    assert match.is_over and match.winner in (0, 1)
    assert not any(isinstance(e, Forfeited) for e in match.events)
    assert sum(1 for e in match.events if e.kind == "play" and e.player == 0) > 5
    assert player.supervisor.starts == 1


@needs_gnubg
def test_gnubg_plays_and_answers_the_cube() -> None:
    player = gnubg()
    try:
        play = player.decide(ChoosePlay.roll(Position.initial(), (3, 1)))
        assert play.notation == "8/5 6/5"
        assert player.decide(OfferDouble(Position.initial())) is False
        beavers = MatchContext(beavers=True)
        assert player.decide(AnswerDouble(Position.initial(), beavers)) == "beaver"
        assert player.decide(AnswerDouble(Position.initial())) == "take"
        # The opponent, on roll, bears off his last two checkers with any roll: a pass; and
        # with them still far from home, his double is taken.
        doubler = [2] + [0] * 24
        mine = [0] * 5 + [15] + [0] * 19
        won = Position.from_board(doubler, mine)
        assert player.decide(AnswerDouble(won, MatchContext())) == "drop"
        behind = Position.from_board([0] * 23 + [15, 0], [0, 0, 14, 1] + [0] * 21)
        assert player.decide(AnswerDouble(behind, MatchContext())) == "take"
        leading = Position.from_board([0, 0, 14, 1] + [0] * 21, [0] * 23 + [15, 0])
        # Sure to win a backgammon: too good to double, unless the Jacoby rule holds (then a
        # gammon or backgammon counts only once the cube is turned).
        assert player.decide(OfferDouble(leading, MatchContext())) is False
        assert player.decide(OfferDouble(leading, MatchContext(jacoby=True))) is True
    finally:
        player.close()


@needs_gnubg
def test_a_stopped_gnubg_forfeits_for_time_and_the_next_decision_starts_afresh() -> None:
    player = external_engine(replace(SPEC, move_seconds=0.5))
    assert isinstance(player, GnubgPlayer)
    match = TablesMatch(
        MatchSettings.from_dict({"game": "backgammon", "length": 1}), dice=SeededDice(3)
    )
    match.start()
    assert player.decide(ChoosePlay.roll(Position.initial(), (3, 1))).notation == "8/5 6/5"
    assert player.supervisor.starts == 1
    process = player.supervisor.child
    assert process is not None
    os.kill(process.process.pid, signal.SIGSTOP)
    events = play_out(match, {0: player, 1: find_engine("backgammon", "beginner", 3)})
    forfeits = [e for e in events if isinstance(e, Forfeited)]
    assert match.is_over and match.winner == 1
    assert [(f.data["player"], f.data["reason"]) for f in forfeits] == [(0, "engine-timeout")]
    assert process.process.poll() is not None  # killed, stopped as it was
    assert not player.supervisor.running
    assert player.decide(ChoosePlay.roll(Position.initial(), (3, 1))).notation == "8/5 6/5"
    assert player.supervisor.starts == 2
    player.close()


def test_a_gnubg_that_cannot_start_is_a_crash() -> None:
    player = external_engine(replace(SPEC, command="/nonexistent/gnubg -t"))
    with pytest.raises(EngineFault, match="could not start") as fault:
        player.decide(ChoosePlay.roll(Position.initial(), (3, 1)))
    assert fault.value.kind == "engine-crashed"


FAKE = Path(__file__).with_name("fake_gnubg.py")


@pytest.mark.parametrize(
    ("answer", "message"),
    [("13/3", "not a legal play"), ("24/23 24/22", "not a legal play"), ("Error: x", "not a")],
)
def test_an_answer_that_is_not_a_legal_play_forfeits(answer: str, message: str) -> None:
    player = external_engine(replace(SPEC, command=f"{sys.executable} {FAKE} '{answer}'"))
    assert isinstance(player, GnubgPlayer)
    match = TablesMatch(
        MatchSettings.from_dict({"game": "backgammon", "length": 1}), dice=SeededDice(3)
    )
    events = play_out(match, {0: player, 1: find_engine("backgammon", "beginner", 3)})
    forfeits = [e for e in events if isinstance(e, Forfeited)]
    assert [(f.data["player"], f.data["reason"]) for f in forfeits] == [(0, "engine-illegal")]
    assert not player.supervisor.running
    with pytest.raises(EngineFault, match=message):
        player.decide(ChoosePlay.roll(Position.initial(), (3, 1)))
    assert player.supervisor.starts == 2


@needs_gnubg
def test_a_killed_gnubg_is_a_crash_and_the_next_decision_starts_afresh() -> None:
    player = gnubg()
    player.decide(ChoosePlay.roll(Position.initial(), (3, 1)))
    process = player.supervisor.child
    assert process is not None
    os.kill(process.process.pid, signal.SIGKILL)
    process.process.wait()
    with pytest.raises(EngineFault, match="crashed") as fault:
        player.decide(ChoosePlay.roll(Position.initial(), (3, 1)))
    assert fault.value.kind == "engine-crashed"
    assert player.decide(ChoosePlay.roll(Position.initial(), (3, 1))).notation == "8/5 6/5"
    assert player.supervisor.starts == 2
    player.close()
