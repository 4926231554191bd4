"""``gamehall puzzles make``: puzzles made from the matches stored in the database (its URL from
``--database``, else the server's), for seeding a site: the last ``--last`` finished matches (of
``--game`` if given), each renju match from its games, each tables match from its stored
analysis (one not analysed gives none). A puzzle kept already is not added again."""

import argparse
from collections.abc import Callable
from typing import TextIO

Say = Callable[..., str]
GAMES = ("renju", "backgammon", "georgian", "nardy")


def add_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]", say: Say) -> None:
    """Add ``puzzles`` and its command to the command line's subcommands."""
    puzzles = sub.add_parser(
        "puzzles", help=say("cli.puzzles.help"), description=say("cli.puzzles.description")
    )
    puzzles.add_argument("--database", metavar="URL", help=say("cli.backup.database"))
    deeds = puzzles.add_subparsers(dest="deed", required=True, metavar="COMMAND")
    make = deeds.add_parser("make", help=say("cli.puzzles.make"))
    make.add_argument("--game", choices=GAMES, help=say("cli.puzzles.game"))
    make.add_argument("--last", type=int, default=1000, help=say("cli.puzzles.last"))


def main(args: argparse.Namespace, stdout: TextIO, say: Say) -> int:
    """Make the puzzles; say how many were added from how many matches."""
    # the server's settings, the store and the engines load only for this command
    from gamehall.puzzles.of_match import analysed_record_puzzles, renju_record_puzzles
    from gamehall.puzzles.values import Puzzle
    from gamehall.server.config import Config
    from gamehall.store import Store
    from gamehall.store.database import upgrade_database

    url = args.database or Config.from_env().database_url
    upgrade_database(url)
    added = matches = 0
    with Store(url) as store:
        for listed in store.matches.list_matches(status="over", limit=max(args.last, 0)):
            if args.game is not None and listed.game != args.game:
                continue
            stored = store.matches.load(listed.id)
            if stored is None:
                continue
            record = stored.as_match_dict(secrets=False)
            if listed.game == "renju":
                made = renju_record_puzzles(listed.id, record)
            else:
                analysis = store.analyses.load(listed.id)
                if analysis is None:
                    continue
                made = analysed_record_puzzles(listed.id, record, analysis.result.to_dict())
            matches += 1
            added += len(store.puzzles.add([Puzzle.from_dict(plain) for plain in made]))
    print(say("cli.puzzles.made", added=added, matches=matches), file=stdout)
    return 0
