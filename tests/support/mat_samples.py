"""Shared by the .mat tests: a short match written by hand with the text GNU Backgammon 1.07
exports for it, and running GNU Backgammon itself on the command line."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gamehall.play.records import MatGame, MatRecord, MatTurn

T = MatTurn
A, B = 0, 1

HAND = MatRecord(
    3,
    ("Alice", "Bob"),
    "international",
    [
        MatGame(
            (0, 0),
            [
                T.roll(B, (5, 2), "13/11 13/8"),
                T.roll(A, (6, 4), "24/14*"),
                T.roll(B, (3, 1), "bar/22 6/5"),
                T.double(A, 2),
                T.take(B),
                T.roll(A, (3, 3), "13/10(2) 8/5(2)"),
                T.roll(B, (6, 5), "22/11*"),
                T.roll(A, (2, 1), "bar/23 6/5"),
                T.double(B, 4),
                T.drop(A),
            ],
            winner=B,
            points=2,
        ),
        MatGame(
            (0, 2),  # the Crawford game
            [
                T.roll(A, (3, 1), "8/5 6/5"),
                T.roll(B, (4, 4), "13/9(2) 6/2(2)"),
                T.roll(A, (6, 2), "24/18 13/11"),
                T.resign(B),
            ],
            winner=A,
            points=1,
        ),
        MatGame(
            (1, 2),
            [T.roll(A, (6, 5), "24/13"), T.roll(B, (4, 2), "8/4 6/4"), T.double(A, 2), T.drop(B)],
            winner=A,
            points=1,
        ),
        MatGame(
            (2, 2),
            [
                T.roll(B, (6, 1), "13/7 8/7"),
                T.roll(A, (5, 4), "24/20 13/8"),
                T.roll(B, (3, 2), "24/21 13/11"),
                T.roll(A, (2, 1), None),  # rolled, then resigned without playing
                T.resign(A),
            ],
            winner=B,
            points=1,
        ),
    ],
    {"Site": "gamehall", "EventDate": "2024.05.01"},
)

HAND_TEXT = "\n".join(
    [
        '; [Site "gamehall"]',
        '; [EventDate "2024.05.01"]',
        "",
        " 3 point match",
        "",
        " Game 1",
        " Alice : 0                      Bob : 0",
        "  1)                             52: 13/11 13/8 ",
        "  2) 64: 24/18 18/14*            31: 25/22 6/5 ",
        "  3)  Doubles => 2                Takes",
        "  4) 33: 13/10 13/10 8/5 8/5     65: 22/16 16/11* ",
        "  5) 21: 25/23 6/5                Doubles => 4",
        "  6)  Drops                       Wins 2 points ",
        "",
        " Game 2",
        " Alice : 0                      Bob : 2",
        "  1) 31: 8/5 6/5                 44: 13/9 13/9 6/2 6/2",
        "  2) 62: 24/18 13/11             ",
        "      Wins 1 point",
        "",
        " Game 3",
        " Alice : 1                      Bob : 2",
        "  1) 65: 24/18 18/13             42: 8/4 6/4 ",
        "  2)  Doubles => 2                Drops",
        "      Wins 1 point",
        "",
        " Game 4",
        " Alice : 2                      Bob : 2",
        "  1)                             61: 13/7 8/7 ",
        "  2) 54: 24/20 13/8              32: 24/21 13/11 ",
        "  3) 21:                         Wins 1 point",
        "",
        "",
    ]
)


def gnubg_binary() -> str:
    """The ``gnubg`` program: on the PATH, or where Debian's package puts it."""
    found = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if found is None:
        pytest.fail(
            "GNU Backgammon (gnubg) is needed to check .mat export: install it with "
            "`apt-get install -y gnubg` (make test does so when it is missing)"
        )
    return found


def gnubg(tmp_path: Path, commands: list[str]) -> str:
    """Run GNU Backgammon on the command line with ``commands``; what it printed."""
    env = {**os.environ, "HOME": str(tmp_path), "LANG": "C", "LC_ALL": "C"}
    done = subprocess.run(
        [gnubg_binary(), "-t", "-q", "-r"],
        input="\n".join(commands) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    output = done.stdout + done.stderr
    problems = [
        line
        for line in output.splitlines()
        if re.search(r"warning|unrecognised|invalid|not a valid|error|sure", line, re.IGNORECASE)
    ]
    assert not problems, f"gnubg complained:\n{output}"
    return output
