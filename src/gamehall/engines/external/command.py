"""``gamehall external backgammon``: our engine served to GNU Backgammon as its external
player (``fibs_server.py``), for gnubg users to play against it or measure it inside gnubg."""

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from gamehall.engines import find_engine, levels_of
from gamehall.engines.external.fibs_answer import FibsAnswerer
from gamehall.engines.external.fibs_server import Address, listening, serve
from gamehall.errors import GameError

Say = Callable[..., str]


def add_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]", say: Say) -> None:
    """Add ``external`` to the command line's subcommands."""
    external = sub.add_parser(
        "external", help=say("cli.external.help"), description=say("cli.external.description")
    )
    external.add_argument("game", choices=["backgammon"], help=say("cli.external.game"))
    levels = levels_of("backgammon")
    external.add_argument(
        "--level",
        choices=levels,
        default="expert",
        help=say("cli.external.level", levels=", ".join(levels)),
    )
    where = external.add_mutually_exclusive_group(required=True)
    where.add_argument("--socket", metavar="PATH", type=Path, help=say("cli.external.socket"))
    where.add_argument("--port", metavar="N", type=int, help=say("cli.external.port"))
    external.add_argument("--host", metavar="HOST", help=say("cli.external.host"))
    external.add_argument("--seed", metavar="S", type=int, help=say("cli.external.seed"))


def main(args: argparse.Namespace, stdout: TextIO, stderr: TextIO, say: Say) -> int:
    """Listen, tell the user what to type in gnubg, serve gnubg until it goes; the exit
    status."""
    if args.socket is not None:
        if args.host is not None:
            raise GameError(
                "--host goes with --port: a Unix socket has a path, not a host",
                reason="host-with-socket",
            )
        address = Address(path=args.socket)
    else:
        address = Address(host=args.host or "localhost", port=args.port)
    answerer = FibsAnswerer(find_engine(args.game, args.level, args.seed))
    with listening(address) as listener:
        print(say("cli.external.listening", address=address.for_gnubg), file=stdout, flush=True)
        try:
            serve(listener, answerer, stderr)
        except KeyboardInterrupt:
            return 130  # stopped with Ctrl-C: the socket is closed and its file removed
    print(say("cli.external.done"), file=stdout, flush=True)
    return 0
