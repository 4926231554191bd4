"""``gamehall brain`` and ``gamehall match``: the Gomocup protocol from the command line.

The engine and the manager load when a command runs, so that the rest of ``gamehall`` starts
without numba."""

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from gamehall.engines.renju_search.factory import SEARCH_LEVEL_NAMES
from gamehall.renju.board import RULES

BRAIN_LEVELS = ("random", "beginner", *SEARCH_LEVEL_NAMES)

MATCH_EPILOG = """\
Each brain is a command line that speaks the Gomocup protocol, e.g. "gamehall brain renju
--level expert" or "./pbrain-rapfi". Colours alternate from game to game (game 1: --black is
Black); with --openings each opening (one move list a line, e.g. "h8 h9 j10") is played twice,
once with each brain as Black. A brain that answers an illegal, occupied or forbidden move,
crashes, or takes more than --timeout-turn (or --timeout-match) plus 10 % loses the game, and
the reason is recorded. --save DIR writes game-001.psq ... and games.jsonl (the reasons).
--black-max-node N (--white-max-node N) holds that brain to N nodes a move (INFO max_node),
e.g. an external engine at 1,000 nodes against a gamehall level at its own limits."""


def add_parsers(sub: Any) -> None:
    """Add ``brain`` and ``match`` to the ``gamehall`` command's subparsers."""
    brain = sub.add_parser(
        "brain",
        help="act as a Gomocup (Piskvork) brain on stdin/stdout",
        description="Read Gomocup protocol commands on standard input and answer on standard "
        "output (START, BEGIN, TURN, BOARD ... DONE, INFO, TAKEBACK, RESTART, ABOUT, END).",
    )
    brain.add_argument("game", choices=["renju"])
    brain.add_argument(
        "--level", choices=BRAIN_LEVELS, default="expert", help="the engine (default expert)"
    )
    brain.add_argument(
        "--rule", choices=RULES, default="renju", help="until INFO rule says (default renju)"
    )
    brain.add_argument("--seed", type=int, default=None, help="seed of the engine's choices")
    brain.add_argument(
        "--time-scale",
        type=float,
        default=1.0,
        metavar="F",
        help="multiply the level's own time cap by F (default 1), e.g. 3 on a machine three "
        "times slower, so that its node limit stops it first; the protocol's limits still apply",
    )
    match = sub.add_parser(
        "match",
        help="run two Gomocup brains against each other",
        description="Play a match between two Gomocup brains under gamehall's renju referee.",
        epilog=MATCH_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    match.add_argument("game", choices=["renju"])
    match.add_argument("--black", required=True, metavar="CMD", help="brain A (Black in game 1)")
    match.add_argument("--white", required=True, metavar="CMD", help="brain B (White in game 1)")
    match.add_argument("--games", type=int, default=2, metavar="N", help="games (default 2)")
    match.add_argument("--rule", choices=RULES, default="renju", help="default renju")
    match.add_argument("--openings", metavar="FILE", help="openings, one move list a line")
    match.add_argument(
        "--timeout-turn", type=int, default=5000, metavar="MS", help="per move (default 5000)"
    )
    match.add_argument(
        "--timeout-match", type=int, default=0, metavar="MS", help="per game (default 0: none)"
    )
    match.add_argument("--save", metavar="DIR", help="write the games (.psq) here")
    for side in ("black", "white"):
        match.add_argument(
            f"--{side}-max-node",
            type=int,
            default=0,
            metavar="N",
            help=f"nodes a move of the --{side} brain (INFO max_node; default 0: none)",
        )


def brain_main(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """``gamehall brain``: answer the protocol until END."""
    from gamehall.engines.gomocup.brain import Brain, run
    from gamehall.engines.renju_search.levels import renju_engine

    run(Brain(renju_engine(args.level, args.seed, args.time_scale), args.rule), stdin, stdout)
    return 0


def match_main(args: argparse.Namespace, stdout: TextIO, stderr: TextIO = sys.stderr) -> int:
    """``gamehall match``: play, show progress, print the score."""
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
    stdout.write(result.summary() + "\n")
    return 0
