"""``gamehall brain`` and ``gamehall match``: the Gomocup protocol from the command line.

The engine and the manager load when a command runs, so that the rest of ``gamehall`` starts
without numba."""

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from gamehall.engines.renju_search.factory import SEARCH_LEVEL_NAMES
from gamehall.errors import GameError
from gamehall.renju.board import RULES

BRAIN_LEVELS = ("random", "beginner", *SEARCH_LEVEL_NAMES)


def add_parsers(sub: Any, say: Callable[..., str]) -> None:
    """Add ``brain`` and ``match`` to the ``gamehall`` command's subparsers, their help in
    ``say``'s language."""
    brain = sub.add_parser(
        "brain",
        help=say("cli.brain.help"),
        description=say("cli.brain.description"),
    )
    brain.add_argument("game", choices=["renju"])
    brain.add_argument(
        "--level", choices=BRAIN_LEVELS, default="expert", help=say("cli.brain.level")
    )
    brain.add_argument("--rule", choices=RULES, default="renju", help=say("cli.brain.rule"))
    brain.add_argument("--seed", type=int, default=None, help=say("cli.brain.seed"))
    brain.add_argument(
        "--time-scale",
        type=float,
        default=1.0,
        metavar="F",
        help=say("cli.brain.time-scale"),
    )
    match = sub.add_parser(
        "match",
        help=say("cli.match.help"),
        description=say("cli.match.description"),
        epilog=say("cli.match.epilog"),
    )
    match.add_argument("game", choices=["renju"])
    match.add_argument("--black", required=True, metavar="CMD", help=say("cli.match.black"))
    match.add_argument("--white", required=True, metavar="CMD", help=say("cli.match.white"))
    match.add_argument("--games", type=int, default=2, metavar="N", help=say("cli.match.games"))
    match.add_argument("--rule", choices=RULES, default="renju", help=say("cli.match.rule"))
    match.add_argument("--openings", metavar="FILE", help=say("cli.match.openings"))
    match.add_argument(
        "--timeout-turn", type=int, default=5000, metavar="MS", help=say("cli.match.timeout-turn")
    )
    match.add_argument(
        "--timeout-match", type=int, default=0, metavar="MS", help=say("cli.match.timeout-match")
    )
    match.add_argument("--save", metavar="DIR", help=say("cli.match.save"))
    for side in ("black", "white"):
        match.add_argument(
            f"--{side}-max-node",
            type=int,
            default=0,
            metavar="N",
            help=say("cli.match.max-node", side=side),
        )


def brain_main(
    args: argparse.Namespace,
    stdin: TextIO,
    stdout: TextIO,
    said: Callable[[GameError], str] = str,
) -> int:
    """``gamehall brain``: answer the protocol until END, its refusals worded by ``said``."""
    from gamehall.engines.gomocup.brain import Brain, run
    from gamehall.engines.renju_search.levels import renju_engine

    engine = renju_engine(args.level, args.seed, args.time_scale)
    run(Brain(engine, args.rule, said), stdin, stdout)
    return 0


def match_main(
    args: argparse.Namespace, stdout: TextIO, stderr: TextIO, say: Callable[..., str]
) -> int:
    """``gamehall match``: play, show progress, print the score in ``say``'s words."""
    from gamehall.engines.gomocup.manager import MatchSettings, read_openings, run_match

    settings = MatchSettings(
        first=args.black,
        second=args.white,
        games=args.games,
        rule=args.rule,
        timeout_turn=args.timeout_turn,
        timeout_match=args.timeout_match,
        openings=read_openings(Path(args.openings)) if args.openings else (),
        save=Path(args.save) if args.save else None,
        max_nodes=(args.black_max_node, args.white_max_node),
    )
    result = run_match(settings, progress=stderr)
    stdout.write(result.summary(say) + "\n")
    return 0
