"""GNU Backgammon's analysis of a ``.mat`` match, read from its ``show statistics match``: the
figures our analysis is compared with (tests/analysis, benchmarks/analysis_backgammon.py)."""

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

_NUMBER = r"([+-]?\d+\.\d+)"
_TWO = re.compile(rf"{_NUMBER}\s+\([^)]*\)\s+{_NUMBER}\s+\(")
_COUNTS = re.compile(r"(\d+)\s+(\d+)\s*$")


@dataclass(frozen=True)
class GnubgFigures:
    """One player's figures by gnubg (rates in mEMG, errors as positive numbers)."""

    unforced_moves: int
    close_cube_decisions: int
    checker_error_rate: float
    cube_error_rate: float
    error_rate: float
    luck_rate: float


def gnubg_program() -> str:
    """The ``gnubg`` program: on the PATH, or where Debian's package puts it."""
    found = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if found is None:
        raise RuntimeError(
            "GNU Backgammon (gnubg) is needed to compare analyses: `apt-get install -y gnubg` "
            "(make test installs it when it is missing)"
        )
    return found


def gnubg_statistics(mat_text: str, plies: int = 0) -> tuple[GnubgFigures, GnubgFigures]:
    """gnubg's figures of the two players of a ``.mat`` match (the left column first), its
    checker plays and cube decisions analysed at ``plies``."""
    with tempfile.TemporaryDirectory() as home:
        path = Path(home) / "match.mat"
        path.write_text(mat_text)
        commands = [
            "set threads 1",
            f"set analysis chequerplay evaluation plies {plies}",
            f"set analysis cubedecision evaluation plies {plies}",
            f"import mat {path}",
            "analyse match",
            "show statistics match",
        ]
        done = subprocess.run(
            [gnubg_program(), "-t", "-q", "-r"],
            input="\n".join(commands) + "\n",
            capture_output=True,
            text=True,
            timeout=300,
            cwd=home,
            env={**os.environ, "HOME": home, "LANG": "C", "LC_ALL": "C"},
            check=False,
        )
    return _read(done.stdout + done.stderr)


def _read(output: str) -> tuple[GnubgFigures, GnubgFigures]:
    rates: list[tuple[float, float]] = []
    luck: tuple[float, float] | None = None
    counts: dict[str, tuple[int, int]] = {}
    for line in output.splitlines():
        if line.startswith("Error rate mEMG"):
            found = _TWO.search(line)
            if found:
                rates.append((-float(found.group(1)), -float(found.group(2))))
        elif line.startswith("Luck rate mEMG"):
            found = _TWO.search(line)
            if found:
                luck = (float(found.group(1)), float(found.group(2)))
        elif line.startswith(("Unforced moves", "Close or actual cube decisions")):
            found = _COUNTS.search(line)
            if found:
                counts[line.split()[0]] = (int(found.group(1)), int(found.group(2)))
    if len(rates) != 3 or luck is None or len(counts) != 2:
        raise RuntimeError(f"gnubg gave no statistics:\n{output}")
    checker, cube, overall = rates

    def side(seat: int, luck: tuple[float, float]) -> GnubgFigures:
        return GnubgFigures(
            unforced_moves=counts["Unforced"][seat],
            close_cube_decisions=counts["Close"][seat],
            checker_error_rate=checker[seat],
            cube_error_rate=cube[seat],
            error_rate=overall[seat],
            luck_rate=luck[seat],
        )

    return side(0, luck), side(1, luck)
