"""The operator's external engines in the lobby: read from GAMEHALL_EXTERNAL_ENGINES, listed
with their names and levels, played through ``POST /api/computer``; one that crashes forfeits
the match with the reason and the server goes on, the next match in a fresh process."""

import json
import os
import shutil
import sys
import time
from pathlib import Path

import pytest

from gamehall.engines.external import ExternalSpec, GnubgPlayer
from gamehall.server.config import Config, ConfigError
from gamehall.server.external_engines import read_engines
from server.helpers import running, tables_choice

SCRIPTED = Path(__file__).parent.parent / "engines" / "scripted_brain.py"


def scripted(mode: str) -> ExternalSpec:
    return ExternalSpec(
        id=f"scripted-{mode}",
        name=f"Scripted {mode}",
        protocol="gomocup",
        command=f"{sys.executable} {SCRIPTED} {mode}",
        level="weak",
        move_seconds=1.0,
        memory_mb=512,
        start_seconds=10.0,
    )


def test_the_engines_are_read_from_toml_json_or_the_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    toml = tmp_path / "engines.toml"
    toml.write_text(
        '[[engines]]\nid = "rapfi"\nname = "Rapfi"\nprotocol = "gomocup"\n'
        'command = "./pbrain-rapfi"\nlevel = "1 s a move"\nmove_seconds = 1\n'
        '[[engines]]\nid = "gnubg"\nname = "GNU Backgammon"\nprotocol = "gnubg"\n'
        'command = "/usr/games/gnubg -t -q"\nmemory_mb = 0\n',
        encoding="utf-8",
    )
    engines = read_engines(str(toml))
    assert [(e.id, e.game, e.move_seconds) for e in engines] == [
        ("rapfi", "renju", 1),
        ("gnubg", "backgammon", 5.0),
    ]
    as_json = json.dumps(
        {"engines": [{"id": "x", "name": "X", "protocol": "gomocup", "command": "c"}]}
    )
    (tmp_path / "engines.json").write_text(as_json, encoding="utf-8")
    assert read_engines(str(tmp_path / "engines.json")) == read_engines(as_json)
    monkeypatch.setenv("GAMEHALL_EXTERNAL_ENGINES", str(toml))
    assert Config.from_env().external_engines == engines
    assert Config.from_env().changed(port=1).external_engines == engines
    monkeypatch.delenv("GAMEHALL_EXTERNAL_ENGINES")
    assert Config.from_env().external_engines == ()  # off by default


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ('[{"id": "x", "name": "X", "protocol": "gomocup"}]', "needs command"),
        (
            '[{"id": "x", "name": "X", "protocol": "gomocup", "command": "c", "nice": 1}]',
            "nice is not a setting",
        ),
        (
            '[{"id": "x", "name": "X", "protocol": "gomocup", "command": "c", '
            '"move_seconds": "2"}]',
            "move_seconds is from 0",
        ),
        (
            '[{"id": "x", "name": "X", "protocol": "gomocup", "command": "c"},'
            ' {"id": "x", "name": "Y", "protocol": "gnubg", "command": "d"}]',
            "x twice",
        ),
        ("/nonexistent/engines.toml", "cannot read"),
        ("[1", "is not JSON"),
    ],
)
def test_unusable_engines_stop_the_server_naming_the_variable(
    value: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAMEHALL_EXTERNAL_ENGINES", value)
    with pytest.raises(ConfigError, match="GAMEHALL_EXTERNAL_ENGINES") as error:
        Config.from_env()
    assert message in str(error.value)


def test_the_lobby_lists_the_engines_and_plays_them(config: Config) -> None:
    engines = (scripted("crash"), scripted("play"))
    with running(config, external_engines=engines) as hall:
        ann = hall.register("ann")
        listed = ann.ok("get", "/api/computer/levels")
        assert listed["engines"]["renju"] == [
            {"id": "scripted-crash", "name": "Scripted crash", "level": "weak"},
            {"id": "scripted-play", "name": "Scripted play", "level": "weak"},
        ]
        assert listed["engines"]["backgammon"] == []
        refused = ann.post(
            "/api/computer", {"settings": {"game": "backgammon"}, "engine": "scripted-play"}
        )
        assert refused.status_code == 400
        assert "there is no external backgammon engine 'scripted-play'" in refused.json()["detail"]

        # The brain crashes at its first move: the match is forfeited by it, with the reason.
        body = {"settings": {"game": "renju"}, "engine": "scripted-crash", "side": 0}
        match_id = ann.ok("post", "/api/computer", body)["match_id"]
        with ann.socket(match_id) as socket:
            assert socket.hello["players"][1] == {
                "name": "Scripted crash",
                "kind": "computer",
                "level": "scripted-crash",
                "bot": False,
            }
            socket.act("move", point="h8")
            state = socket.until(lambda m: m["type"] == "update" and m["state"]["phase"] == "over")[
                "state"
            ]
        stored = hall.store.matches.load(match_id)
        assert stored is not None and stored.status == "over"
        events = stored.as_match_dict(secrets=False)["events"]
        forfeit = next(e for e in events if e["kind"] == "forfeit")
        assert forfeit["data"] == {"player": 1, "reason": "engine-crashed"}
        assert state["phase"] == "over"

        # The server goes on: the next match starts its brain afresh, which answers.
        body = {"settings": {"game": "renju"}, "engine": "scripted-play", "side": 0}
        match_id = ann.ok("post", "/api/computer", body)["match_id"]
        with ann.socket(match_id) as socket:
            socket.act("move", point="h8")
            state = socket.until(lambda m: m["type"] == "update" and len(m["state"]["moves"]) == 2)[
                "state"
            ]
            assert state["moves"][0] == "h8" and state["to_act"] == 0


GNUBG = shutil.which("gnubg") or "/usr/games/gnubg"


@pytest.mark.skipif(not os.access(GNUBG, os.X_OK), reason="GNU Backgammon is not installed")
def test_a_backgammon_match_against_gnubg_through_the_server(config: Config) -> None:
    gnubg = ExternalSpec(
        id="gnubg",
        name="GNU Backgammon",
        protocol="gnubg",
        command=f"{GNUBG} -t -q",
        level="0-ply",
        move_seconds=5.0,
        start_seconds=30.0,
    )
    with running(config, external_engines=(gnubg,)) as hall:
        ann = hall.register("ann")
        body = {"settings": {"game": "backgammon", "length": 1}, "engine": "gnubg", "side": 0}
        match_id = ann.ok("post", "/api/computer", body)["match_id"]
        with ann.socket(match_id) as socket:
            message = socket.hello
            assert message["players"][1]["name"] == "GNU Backgammon"
            for _ in range(2000):
                if message["state"]["phase"] == "over":
                    break
                choice = tables_choice(message)
                if choice is not None:
                    socket.act(choice[0], **choice[1])
                message = socket.reply()
                assert message["type"] == "update", message
            assert message["state"]["phase"] == "over"
            live = hall.services.live.cached(match_id)
            assert live is not None
            engine = live.engines[1]
            assert isinstance(engine, GnubgPlayer)
            for _ in range(100):  # its process is let go once the match is over
                if not engine.supervisor.running:
                    break
                time.sleep(0.05)
            assert not engine.supervisor.running and engine.supervisor.starts == 1
        stored = hall.store.matches.load(match_id)
        assert stored is not None and stored.status == "over"
        events = stored.as_match_dict(secrets=False)["events"]
        assert not any(e["kind"] == "forfeit" for e in events)
        assert any(e["kind"] == "play" and e["player"] == 1 for e in events)


def test_a_match_whose_engine_is_no_longer_configured_is_forfeited(config: Config) -> None:
    """The operator takes an engine out and restarts: its match, resumed, is forfeited by it
    instead of waiting for ever."""
    with running(config, external_engines=(scripted("play"),)) as hall:
        ann = hall.register("ann")
        body = {"settings": {"game": "renju"}, "engine": "scripted-play", "side": 0}
        match_id = ann.ok("post", "/api/computer", body)["match_id"]
    with running(config) as hall:
        ann = hall.login("ann")
        with ann.socket(match_id) as socket:
            socket.act("move", point="h8")
            socket.until(lambda m: m["type"] == "update" and m["state"]["phase"] == "over")
        stored = hall.store.matches.load(match_id)
        assert stored is not None and stored.status == "over"
        events = stored.as_match_dict(secrets=False)["events"]
        forfeit = next(e for e in events if e["kind"] == "forfeit")
        assert forfeit["data"] == {"player": 1, "reason": "engine-crashed"}
