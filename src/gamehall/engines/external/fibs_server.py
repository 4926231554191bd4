"""The socket GNU Backgammon's external player connects to: a Unix socket or a TCP port, one
connection served at a time, each line answered by a ``FibsAnswerer``.

gnubg connects when told ``set player N external ADDRESS`` (a path, or ``host:port``), so the
server listens first. It ends when gnubg says ``exit`` or closes the connection (gnubg quit, or
was told ``set player N human``). A line that cannot be answered is logged and answered with
``Error: ...``, which gnubg shows, and nothing else changes: gnubg stops and waits for its user.
"""

import contextlib
import socket
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from gamehall.engines.external.fibs_answer import FibsAnswerer
from gamehall.errors import GameError

LINE_LIMIT = 4096
"""The longest line read; a board line is under 200 characters."""


@dataclass(frozen=True)
class Address:
    """Where to listen: a Unix socket at ``path``, else TCP ``host``:``port``."""

    path: Path | None = None
    host: str = "localhost"
    port: int = 0

    def __post_init__(self) -> None:
        if self.path is None and not 0 < self.port < 65536:
            raise GameError(f"the port must be a number from 1 to 65535, not {self.port}")

    @property
    def for_gnubg(self) -> str:
        """The address as gnubg's ``set player N external`` takes it."""
        return str(self.path) if self.path is not None else f"{self.host}:{self.port}"


@contextlib.contextmanager
def listening(address: Address) -> Iterator[socket.socket]:
    """A socket listening at ``address``, closed (its file removed) on leaving; ``GameError``
    when the address cannot be had."""
    path = address.path
    try:
        if path is None:
            listener = socket.create_server((address.host, address.port))
        else:
            if path.exists() or path.is_symlink():
                kind = "a socket" if stat.S_ISSOCK(path.lstat().st_mode) else "a file"
                raise GameError(
                    f"{path} is already {kind}: remove it (a server that did not end cleanly "
                    "leaves its socket behind) or choose another path"
                )
            listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            listener.bind(str(path))
            listener.listen(1)
    except OSError as error:
        raise GameError(f"cannot listen at {address.for_gnubg}: {error.strerror}") from None
    try:
        yield listener
    finally:
        listener.close()
        if path is not None:
            path.unlink(missing_ok=True)


def serve(listener: socket.socket, answerer: FibsAnswerer, log: TextIO) -> None:
    """Accept one connection and answer its lines until ``exit`` or its end."""
    connection, _ = listener.accept()
    with connection:
        for line in _lines(connection):
            try:
                answer = answerer.answer(line)
            except GameError as error:
                print(f"refused {line.strip(chr(0)).strip()!r}: {error}", file=log, flush=True)
                connection.sendall(f"Error: {error}\n".encode())
                continue
            if answer.text is not None:
                connection.sendall(answer.text.encode("ascii") + b"\n")
            if answer.done:
                return


def _lines(connection: socket.socket) -> Iterator[str]:
    """The lines read from ``connection`` until it closes (an unfinished last line is
    dropped)."""
    buffer = b""
    while True:
        try:
            chunk = connection.recv(LINE_LIMIT)
        except ConnectionResetError:
            return
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, _, buffer = buffer.partition(b"\n")
            yield line.decode("ascii", "replace")
        if len(buffer) > LINE_LIMIT:
            buffer = b""
            yield "(a line too long to be a board)"
