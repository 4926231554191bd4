"""The server's modules load no engine kernels: the analyses and the hints load them where
they are used (the analyses in their worker processes), so a server that serves neither keeps
its memory (the load benchmark's RSS per game)."""

import subprocess
import sys

import pytest

PROBE = "import sys, {}; print(sorted({{'numba', 'numpy'}} & set(sys.modules)))"


@pytest.mark.parametrize("module", ["gamehall.server.app", "gamehall.cli"])
def test_importing_the_server_loads_neither_numpy_nor_numba(module: str) -> None:
    """``gamehall serve`` goes through the CLI, which must not load them either."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(module)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert done.stdout.strip() == "[]", done.stdout
