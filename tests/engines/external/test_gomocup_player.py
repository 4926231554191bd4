"""A Gomocup brain as the renju opponent: a whole game against ``gamehall brain``, and the brains
that crash, hang or answer an occupied point forfeit with the reason, the next game in a fresh
process."""

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gamehall.engines import ChooseMove, EngineFault, find_engine
from gamehall.engines.driver import play_out
from gamehall.engines.external import ExternalSpec, GomocupPlayer, external_engine
from gamehall.errors import GameError
from gamehall.play.events import Forfeited
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.settings import MatchSettings
from gamehall.renju.board import Board

SCRIPTED = Path(__file__).parent.parent / "scripted_brain.py"


def brain(mode: str, seconds: float = 1.0) -> ExternalSpec:
    return ExternalSpec(
        id=f"scripted-{mode}",
        name=f"Scripted {mode}",
        protocol="gomocup",
        command=f"{sys.executable} {SCRIPTED} {mode}",
        level="test",
        move_seconds=seconds,
        memory_mb=512,
        start_seconds=10.0,
    )


def renju_match() -> RenjuMatch:
    return RenjuMatch(MatchSettings.from_dict({"game": "renju", "length": 1}))


def test_a_renju_game_against_gamehall_brain_is_played_to_the_end() -> None:
    spec = replace(
        brain("play"),
        id="gamehall-brain",
        name="gamehall brain",
        command=f"{sys.executable} -m gamehall brain renju --level beginner --seed 3",
        memory_mb=2048,
        start_seconds=120.0,
    )
    player = external_engine(spec)
    match = renju_match()
    try:
        play_out(match, {0: player, 1: find_engine("renju", "beginner", 1)})
    finally:
        player.close()
    assert match.is_over
    assert not any(isinstance(e, Forfeited) for e in match.events)
    assert match.board is not None and match.board.result is not None
    assert player.supervisor.starts == 1  # one process for the whole game


@pytest.mark.parametrize(
    ("mode", "kind"),
    [("crash-later", "engine-crashed"), ("hang", "engine-timeout"), ("illegal", "engine-illegal")],
)
def test_a_failing_brain_forfeits_and_the_next_game_starts_afresh(mode: str, kind: str) -> None:
    player = external_engine(brain(mode, seconds=0.5))
    assert isinstance(player, GomocupPlayer)
    for game in (1, 2):
        match = renju_match()
        events = play_out(match, {1: player, 0: find_engine("renju", "beginner", game)})
        assert match.is_over
        forfeits = [e for e in events if isinstance(e, Forfeited)]
        assert [(f.data["player"], f.data["reason"]) for f in forfeits] == [(1, kind)]
        assert match.winner == 0
        assert not player.supervisor.running  # killed at once
        assert player.supervisor.starts == game  # each game in a fresh process
    player.close()


def test_a_brain_is_held_to_its_memory_limit() -> None:
    """256 MB of address space: the brain's 2 GiB allocation fails, it exits, and that is a
    crash."""
    player = external_engine(replace(brain("greedy"), memory_mb=256))
    with pytest.raises(EngineFault, match="crashed") as fault:
        player.decide(ChooseMove(Board()))
    assert fault.value.kind == "engine-crashed"
    assert isinstance(player, GomocupPlayer) and not player.supervisor.running


def test_an_illegal_answer_names_the_point() -> None:
    player = external_engine(brain("illegal"))
    board = Board.from_moves(["h8"])
    with pytest.raises(EngineFault, match=r"h8 .* is occupied") as fault:
        player.decide(ChooseMove(board))
    assert fault.value.kind == "engine-illegal"
    player.close()


def test_a_brain_that_cannot_start_is_a_crash() -> None:
    player = external_engine(replace(brain("play"), command="/nonexistent/pbrain-nothing"))
    with pytest.raises(EngineFault, match="could not start") as fault:
        player.decide(ChooseMove(Board()))
    assert fault.value.kind == "engine-crashed"


def test_a_position_that_does_not_follow_restarts_the_brain_in_its_process() -> None:
    player = external_engine(brain("play"))
    first = player.decide(ChooseMove(Board()))
    assert first == "h8"
    board = Board.from_moves(["h8", "h9", "j10"])  # not a continuation of the brain's game
    point = player.decide(ChooseMove(board))
    assert board.stone_at(point) is None
    assert isinstance(player, GomocupPlayer) and player.supervisor.starts == 1
    player.close()


def test_an_answer_outside_the_opening_rule_is_illegal() -> None:
    player = external_engine(brain("play"))
    with pytest.raises(EngineFault, match="opening rule") as fault:
        player.decide(ChooseMove(Board(), allowed=frozenset({"a1"})))
    assert fault.value.kind == "engine-illegal"
    player.close()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"id": "Bad Id"}, "lowercase"),
        ({"id": "expert"}, "house levels"),
        ({"protocol": "uci"}, "protocol must be"),
        ({"command": " "}, "command line"),
        ({"move_seconds": 0}, "move_seconds"),
        ({"memory_mb": -1}, "memory_mb"),
        ({"name": ""}, "name"),
    ],
)
def test_a_spec_is_checked(change: dict[str, object], message: str) -> None:
    with pytest.raises(GameError, match=message):
        replace(brain("play"), **change)  # type: ignore[arg-type]
