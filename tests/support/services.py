"""Real services for the tests of several server processes: a throwaway Redis that a test can
kill and start again on the same port, a throwaway PostgreSQL when ``make test`` has not
started one, and ``gamehall serve`` as a child process.

Each runs from a temporary folder of the test's and is stopped when the test ends; nothing is
left running. Redis and PostgreSQL are Debian's (``make test`` installs the packages
``redis-server`` and ``postgresql``).
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import httpx2

ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")


def free_port() -> int:
    """A TCP port on the loopback that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for(what: str, check: Callable[[], T | None], timeout: float = 15.0) -> T:
    """Call ``check`` until it gives something other than None (or False), polling, and
    return it; ``TimeoutError`` naming ``what`` once ``timeout`` seconds have gone."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value is not None and value is not False:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {timeout} s")
        time.sleep(0.02)


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


class RedisServer:
    """Debian's ``redis-server`` on a port of its own, without persistence, in ``folder``."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (Debian package redis-server)")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start the server (again) on its port and wait until it answers."""
        self.folder.mkdir(parents=True, exist_ok=True)
        command = [
            self.binary,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(self.folder),
            "--save",
            "",
            "--appendonly",
            "no",
        ]
        log = (self.folder / "redis.log").open("ab")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        wait_for(f"Redis on port {self.port}", lambda: _answers(self.port))

    def kill(self) -> None:
        """Kill the server at once (SIGKILL), as a crash would."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


class ThrowawayPostgres:
    """``tools/throwaway-postgres`` in ``folder``: a PostgreSQL server for the test session."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.url = ""

    def start(self) -> str:
        tool = ROOT / "tools" / "throwaway-postgres"
        done = subprocess.run(
            [str(tool), "start", str(self.folder)], capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"PostgreSQL did not start: {done.stderr.strip()}")
        self.url = done.stdout.strip()
        return self.url

    def stop(self) -> None:
        tool = ROOT / "tools" / "throwaway-postgres"
        subprocess.run([str(tool), "stop", str(self.folder)], capture_output=True, check=False)


class ServerProcess:
    """``gamehall serve`` in a child process, with ``env`` added to the ``GAMEHALL_*``
    settings; its output goes to ``folder/server-<port>.log``."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder = folder
        self.port = free_port()
        self.env = env
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = folder / f"server-{self.port}.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until it answers HTTP."""
        self.launch()
        self.wait_ready()

    def launch(self) -> None:
        """Start the server without waiting for it (``wait_ready``)."""
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("GAMEHALL_")},
            "GAMEHALL_HOST": "127.0.0.1",
            "GAMEHALL_PORT": str(self.port),
            "GAMEHALL_DATA_DIR": str(self.folder),
            "GAMEHALL_WARM_ENGINES": "false",  # these servers' players are people
            **self.env,
        }
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gamehall.cli", "serve"],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=self.folder,
        )

    def wait_ready(self) -> None:
        """Wait until the launched server answers HTTP."""
        wait_for(f"the server on port {self.port}", self._ready, timeout=60.0)

    def _ready(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise RuntimeError(f"the server stopped at start-up:\n{self.log()}")
        try:
            return httpx2.get(self.base + "/api/seeks", timeout=1.0).status_code == 200
        except httpx2.HTTPError:
            return False

    def stop(self) -> None:
        """Stop the server as Ctrl+C does (SIGINT), killing it if it lingers."""
        if self.process is None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def log(self) -> str:
        """What the server printed so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
