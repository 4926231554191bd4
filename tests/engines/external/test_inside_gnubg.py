"""``gamehall external backgammon`` inside Debian's GNU Backgammon: gnubg plays a whole 3-point
match against our engine (its external player, on a Unix socket or a TCP port, as either of its
players), every play of ours legal (the exported match replays under our rules)."""

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from gamehall.cli import main
from gamehall.play.records.mat_import import import_match

GNUBG = shutil.which("gnubg") or "/usr/games/gnubg"

needs_gnubg = pytest.mark.skipif(
    not os.access(GNUBG, os.X_OK), reason="GNU Backgammon is not installed (make system-packages)"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("localhost", 0))
        port: int = probe.getsockname()[1]
        return port


@needs_gnubg
@pytest.mark.parametrize(("ours", "transport"), [(1, "socket"), (0, "port")])
def test_gnubg_plays_a_3_point_match_against_our_engine(
    tmp_path: Path, ours: int, transport: str
) -> None:
    if transport == "socket":
        where = ["--socket", str(tmp_path / "gamehall.socket")]
    else:
        where = ["--port", str(free_port())]
    command = [sys.executable, "-m", "gamehall.cli", "external", "backgammon"]
    server = subprocess.Popen(
        [*command, "--level", "beginner", "--seed", "1", *where],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        ready = server.stdout.readline()
        assert ready.startswith("Listening at "), ready + server.communicate(timeout=10)[1]
        address = ready.rsplit(" ", 1)[1].strip()
        theirs = 1 - ours
        record = tmp_path / "match.mat"
        script = [
            f"set player {ours} external {address}",
            f"set player {theirs} gnubg",
            f"set player {theirs} chequerplay evaluation plies 0",
            f"set player {theirs} cubedecision evaluation plies 0",
            "set seed 3",
            "new match 3",
            f"export match mat {record}",
        ]
        gnubg = subprocess.run(
            [GNUBG, "-t", "-q"],
            input="\n".join(script) + "\n",
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "HOME": str(tmp_path)},  # none of the user's gnubg settings
        )
        out, err = server.communicate(timeout=10)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert gnubg.returncode == 0, gnubg.stderr
    assert "has won the match" in gnubg.stdout
    assert "Warning" not in gnubg.stdout and "Error" not in gnubg.stdout
    assert server.returncode == 0 and err == "", err
    assert out.strip() == "GNU Backgammon closed the connection."
    imported = import_match(record.read_text())
    match = imported.match
    assert match.is_over and max(match.score) >= 3
    played = {turn.player for game in imported.record.games for turn in game.turns if turn.play}
    assert played == {0, 1}


def test_the_command_refuses_an_address_it_cannot_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "taken.socket"
    taken.write_text("")
    assert main(["external", "backgammon", "--socket", str(taken)]) == 1
    assert "is already a file: remove it" in capsys.readouterr().err
    assert taken.read_text() == ""
    path = str(tmp_path / "new.socket")
    assert main(["external", "backgammon", "--socket", path, "--host", "example.org"]) == 1
    assert "--host goes with --port" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["external", "backgammon", "--socket", path, "--port", "4321"])
    assert "not allowed with argument" in capsys.readouterr().err
