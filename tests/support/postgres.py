"""A PostgreSQL server of a test's own, that the test may stop and start again.

The suite's shared throwaway server (``tools/throwaway-postgres``, started by ``make test``)
serves every worker's store tests, so a test must not stop it; a test of what the server does
while its database is down makes its own cluster (``initdb``, a second or two) on a free port
in a temporary folder, with Debian's postgresql package as ``make test`` installs it. As root
the cluster runs as the ``postgres`` user, as PostgreSQL requires.
"""

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path


def _bin_dir() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed (Debian package postgresql)")
    return found[-1].parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_owner(*command: str) -> None:
    """Run a PostgreSQL program as the cluster's owner (``postgres`` when we are root)."""
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=60)


@dataclass
class PrivateServer:
    """A PostgreSQL cluster in ``folder`` listening on ``port``."""

    folder: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql://gamehall@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        """Start the server (again) on its port; returns once it accepts connections."""
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        _as_owner(
            str(_bin_dir() / "pg_ctl"),
            *("-D", str(self.folder / "data"), "-l", str(self.folder / "log")),
            *("-w", "-o", options, "start"),
        )

    def stop(self, mode: str = "immediate") -> None:
        """Stop the server (``immediate``: as a crash, dropping every connection)."""
        _as_owner(str(_bin_dir() / "pg_ctl"), "-D", str(self.folder / "data"), "-m", mode, "stop")


@contextmanager
def private_postgres() -> Iterator[PrivateServer]:
    """A fresh cluster in a new folder of the system's temporary one (which the ``postgres``
    user can reach, unlike pytest's), running; stopped and removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="gamehall-pg-"))
    server = PrivateServer(folder, _free_port())
    try:
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres")
        _as_owner(
            str(_bin_dir() / "initdb"), "-D", str(folder / "data"), "-A", "trust", "-U", "gamehall"
        )
        server.start()
        yield server
    finally:
        with suppress(subprocess.CalledProcessError):  # stopped already, or never started
            server.stop("fast")
        shutil.rmtree(folder, ignore_errors=True)
