"""The server's modules load no engine kernels: the analyses and the hints load them where
they are used (the analyses in their worker processes), so a server that serves neither keeps
its memory (the load benchmark's RSS per game)."""

import subprocess
import sys

PROBE = "import sys, gamehall.server.app; print(sorted({'numba', 'numpy'} & set(sys.modules)))"


def test_importing_the_app_loads_neither_numpy_nor_numba() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]", done.stdout
