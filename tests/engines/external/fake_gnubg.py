"""A stand-in for ``gnubg -t`` in the tests: told ``external PATH`` on its standard input, it
listens on that Unix socket and answers every line with ``ANSWER`` (its argument), e.g. a play
that is not legal."""

import socket
import sys


def main(answer: str) -> None:
    for line in sys.stdin:
        command, _, path = line.strip().partition(" ")
        if command != "external":
            continue
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(path)
        server.listen(1)
        connection, _ = server.accept()
        with connection, connection.makefile("rw") as stream:
            for _ in stream:
                stream.write(answer + "\n")
                stream.flush()
        return


if __name__ == "__main__":
    main(sys.argv[1])
