"""GNU Backgammon running as a subprocess, listening on its ``external`` socket.

``gnubg -t -q`` is started under a memory limit, told ``external PATH`` (a Unix socket in a
folder of its own) on its standard input, and connected to; each question is one line on the
socket and its answer one line back, waited for no longer than the decision's limit.
"""

import contextlib
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from gamehall.engines.base import EngineFault
from gamehall.engines.limits import memory_limit

END_SECONDS = 2.0
"""How long gnubg has to exit when asked before it is killed."""


class GnubgProcess:
    """One gnubg, started by ``command`` after the ``setup`` commands (its strength) and
    connected within ``start_seconds``; ``memory`` bytes of address space (0 no limit)."""

    def __init__(
        self, command: str, memory: int, start_seconds: float, setup: tuple[str, ...] = ()
    ) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="gamehall-gnubg-"))
        path = self.folder / "external.socket"
        try:
            self.process = subprocess.Popen(
                shlex.split(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                text=True,
                preexec_fn=memory_limit(memory) if memory else None,
            )
        except OSError as error:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise EngineFault("engine-crashed", f"could not start {command!r}: {error}") from None
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.buffer = b""
        try:
            assert self.process.stdin is not None
            for line in (*setup, f"external {path}"):
                self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
            self._connect(path, start_seconds)
        except (EngineFault, OSError) as error:
            self.kill()
            if isinstance(error, EngineFault):
                raise
            raise EngineFault("engine-crashed", f"gnubg did not start: {error}") from None

    def _connect(self, path: Path, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while True:
            if self.process.poll() is not None:
                raise EngineFault("engine-crashed", "gnubg exited before it listened")
            if path.exists():
                with contextlib.suppress(ConnectionRefusedError, FileNotFoundError):
                    self.socket.connect(str(path))
                    return
            if time.monotonic() > deadline:
                raise EngineFault(
                    "engine-timeout", f"gnubg did not listen within {seconds * 1000:.0f} ms"
                )
            time.sleep(0.02)

    def ask(self, line: str, seconds: float) -> str:
        """gnubg's answer to ``line``, within ``seconds``; ``EngineFault`` when it ends or is
        late."""
        deadline = time.monotonic() + seconds
        try:
            self.socket.sendall(line.encode("ascii") + b"\n")
            while b"\n" not in self.buffer:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                self.socket.settimeout(left)
                chunk = self.socket.recv(4096)
                if not chunk:
                    raise EngineFault("engine-crashed", "crashed: gnubg closed its socket")
                self.buffer += chunk
        except TimeoutError:
            raise EngineFault(
                "engine-timeout", f"timeout: no answer within {seconds * 1000:.0f} ms"
            ) from None
        except OSError as error:
            raise EngineFault("engine-crashed", f"crashed: {error}") from None
        answer, _, self.buffer = self.buffer.partition(b"\n")
        return answer.decode("ascii", "replace").strip()

    def close(self) -> None:
        """Stop gnubg (it keeps nothing worth saving): terminate it, kill it if it stays."""
        self.process.terminate()
        try:
            self.process.wait(END_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._release()

    def kill(self) -> None:
        """Kill gnubg now (it crashed, hangs or answered nonsense)."""
        self.process.kill()
        self.process.wait()
        self._release()

    def _release(self) -> None:
        self.socket.close()
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        shutil.rmtree(self.folder, ignore_errors=True)
