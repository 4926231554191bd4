"""``gamehall backup PATH`` and ``gamehall restore PATH``: the server's database saved while it
runs, and put back with the servers stopped (``gamehall.store.backup``).

The database is the server's own (``GAMEHALL_DATABASE_URL``, else ``gamehall.db`` in
``GAMEHALL_DATA_DIR``) unless ``--database`` names another.
"""

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

Say = Callable[..., str]


def add_parsers(sub: "argparse._SubParsersAction[argparse.ArgumentParser]", say: Say) -> None:
    """Add ``backup`` and ``restore`` to the command line's subcommands."""
    backup = sub.add_parser(
        "backup", help=say("cli.backup.help"), description=say("cli.backup.description")
    )
    backup.add_argument("path", type=Path, help=say("cli.backup.path"))
    backup.add_argument("--database", metavar="URL", help=say("cli.backup.database"))
    put_back = sub.add_parser(
        "restore", help=say("cli.restore.help"), description=say("cli.restore.description")
    )
    put_back.add_argument("path", type=Path, help=say("cli.restore.path"))
    put_back.add_argument("--database", metavar="URL", help=say("cli.backup.database"))
    put_back.add_argument("--yes", action="store_true", help=say("cli.restore.yes"))


def main(args: argparse.Namespace, stdout: TextIO, stderr: TextIO, say: Say) -> int:
    """Make the backup or the restore ``args`` ask for; the exit status."""
    # the server's settings and the store load only for these commands, not for ``play``
    from gamehall.server.config import Config
    from gamehall.store.backup import back_up, restore
    from gamehall.store.database import upgrade_database

    url = args.database or Config.from_env().database_url
    if args.command == "backup":
        made = back_up(url, args.path)
        print(say("cli.backup.done", path=str(made.path), size=made.size), file=stdout)
        return 0
    if not args.yes:
        print(say("cli.restore.confirm", path=str(args.path)), file=stderr)
        return 2
    done = restore(url, args.path)
    # a backup made by an older gamehall is brought to this one's schema
    upgrade_database(url)
    print(say("cli.restore.done", path=str(done.path)), file=stdout)
    return 0
