"""The ``gamehall`` command line.

For now it prints the version and the games; the terminal player and the server join it as they
are built.
"""

import argparse
from collections.abc import Sequence

from gamehall import GAMES, __version__


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``gamehall`` command."""
    parser = argparse.ArgumentParser(prog="gamehall", description="Renju, Backgammon, Long Nardy.")
    parser.add_argument("--version", action="version", version=f"gamehall {__version__}")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("info", help="print the version and the games gamehall knows")
    return parser


def info() -> str:
    """The version and the list of games, as ``gamehall info`` prints them."""
    lines = [f"gamehall {__version__}", "games:"]
    lines += [f"  {name:<11} {text}" for name, text in GAMES.items()]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.command in (None, "info"):
        print(info())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
