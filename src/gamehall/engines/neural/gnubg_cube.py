"""GNU Backgammon's cube decisions, for measuring ours against (never for training or playing).

Drives the PyPI ``gnubg`` package (a test extra): the position and the match go in as a GNUbg
ID, its ``hint`` command gives the cube analysis (its own neural net, cubeful equities at the
plies asked for), and this module reads the proper cube action and the cubeless probabilities
back from the text. The package's ``evaluate`` returns cubeless values only, hence the command.
gnubg runs with one thread: its thread pool hangs inside the Python module.
"""

import ctypes
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from types import ModuleType

from gamehall.backgammon.match_id import MatchState
from gamehall.engines.base import MatchContext
from gamehall.engines.neural.board import Boards
from gamehall.engines.neural.cube import Action, Response
from gamehall.errors import GameError

_LIBC = ctypes.CDLL(None)
_PROBABILITIES = re.compile(
    r"^\s*" + r" ".join([r"(-?[01]\.\d+)"] * 3) + r" - " + r" ".join([r"(-?[01]\.\d+)"] * 3),
    re.M,
)
_PROPER = re.compile(r"Proper cube action: (.+?)(?: \(|$)", re.M)


@dataclass(frozen=True)
class GnubgCube:
    """gnubg's proper cube action for the side on roll, in ``cube.CubeHint``'s words, and the
    cubeless probabilities it saw (win, win gammon, win backgammon, lose gammon, lose
    backgammon; gammons include backgammons)."""

    action: Action
    response: Response
    text: str
    probabilities: tuple[float, float, float, float, float]

    @property
    def optional(self) -> bool:
        """gnubg's "Optional double": doubling and not doubling are worth the same."""
        return self.text.lower().startswith("optional")


def read_action(text: str) -> tuple[Action, Response]:
    """gnubg's proper cube action ("No double, take", "Too good to redouble, pass",
    "Double, beaver", ...) as an action and the receiver's answer. An "Optional double"
    (doubling neither gains nor loses) reads as a double (``GnubgCube.optional`` tells)."""
    lowered = text.lower()
    response: Response = (
        "beaver" if "beaver" in lowered else "pass" if "pass" in lowered else "take"
    )
    if lowered.startswith("too good"):
        return "too-good", response
    if lowered.startswith("no "):
        return "no-double", response
    if lowered.startswith(("double", "redouble", "optional")):
        return ("double-pass" if response == "pass" else "double-take"), response
    raise GameError(f"gnubg gave a cube action this reader does not know: {text!r}")


def gnubg_id(board: Boards, context: MatchContext) -> str:
    """The GNUbg ID (position and match) of ``board`` (the side on roll first) before the roll,
    with the context's engine on roll as gnubg's player 1."""
    import gnubg  # type: ignore[import-untyped]

    if context.variant != "international":
        raise GameError("GNU Backgammon plays International backgammon only")
    me, op = board[0, 1:26].tolist(), board[1, 1:26].tolist()
    owners = {"engine": 1, "opponent": 0, None: None}
    state = MatchState(
        cube_value=context.cube_value,
        cube_owner=owners[context.cube_owner],
        player_on_roll=1,
        crawford=context.crawford,
        turn=1,
        match_length=context.match_length,
        score=(context.score[1], context.score[0]),
        jacoby=context.jacoby,
    )
    return f"{gnubg.position_id([op, me])}:{state.to_id()}"


class Gnubg:
    """One gnubg in this process, set up for cube hints at ``plies`` (0, 1, 2...)."""

    def __init__(self, plies: int = 0) -> None:
        import gnubg

        self.gnubg: ModuleType = gnubg
        self.plies = plies
        for command in (
            "set threads 1",
            "set player 0 human",
            "set player 1 human",
            "set display off",
            f"set evaluation cubedecision evaluation plies {plies}",
            f"set evaluation chequerplay evaluation plies {plies}",
        ):
            self._run(command)

    def _run(self, command: str) -> str:
        """Run a gnubg command, returning what it printed."""
        sys.stdout.flush()
        _LIBC.fflush(None)
        saved = os.dup(1)
        with tempfile.TemporaryFile() as out:
            os.dup2(out.fileno(), 1)
            try:
                self.gnubg.command(command)
            finally:
                _LIBC.fflush(None)
                os.dup2(saved, 1)
                os.close(saved)
            out.seek(0)
            return out.read().decode("utf-8", "replace")

    def cube(self, board: Boards, context: MatchContext) -> GnubgCube:
        """gnubg's cube action for the side on roll (the context's engine)."""
        self._run(f"set beavers {1 if context.beavers else 0}")
        self._run(f"set jacoby {'on' if context.jacoby else 'off'}")
        self._run(f"set gnubgid {gnubg_id(board, context)}")
        text = self._run("hint")
        proper = _PROPER.search(text)
        probs = _PROBABILITIES.search(text)
        if proper is None or probs is None:
            raise GameError(f"gnubg gave no cube analysis: {text.strip()!r}")
        action, response = read_action(proper.group(1).strip())
        values = [abs(float(x)) for x in probs.groups()]  # gnubg prints -0.000
        return GnubgCube(
            action=action,
            response=response,
            text=proper.group(1).strip(),
            probabilities=(values[0], values[1], values[2], values[4], values[5]),
        )
