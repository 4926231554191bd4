"""``gamehall admin``: the site's operators at the command line.

On the database itself (``GAMEHALL_DATABASE_URL``, else the data folder's SQLite file, or
``--database``): ``operator NAME`` makes a registered account an operator (creating it, with a
password read from ``--password-file`` or asked twice, if there is none), ``ban NAME --reason``
and ``unban NAME --reason``, ``warn NAME --reason``, ``mute NAME --minutes N --reason`` and
``unmute NAME --reason``, ``mark NAME --reason`` and ``unmark NAME --reason`` (the
engine-assisted mark), and ``log`` lists what operators did. On a running server, through
its operators' API with the admin token (``GAMEHALL_ADMIN_TOKEN``; ``--url``, default the
configured address): ``end MATCH --loser SEAT|NAME --reason`` ends a stuck match, ``engines``
lists the computers' decisions waiting for its engine.
"""

import argparse
import getpass
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from gamehall.errors import GameError

if TYPE_CHECKING:
    from gamehall.server.config import Config
    from gamehall.store import Store

Say = Callable[..., str]
BY = "command line"
"""Who the operators' record says acted, for the commands run on the database."""


class AdminError(GameError):
    """A command the server or the database refused, in its words."""


def add_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]", say: Say) -> None:
    """Add ``admin`` and its commands to the command line's subcommands."""
    admin = sub.add_parser(
        "admin", help=say("cli.admin.help"), description=say("cli.admin.description")
    )
    admin.add_argument("--database", metavar="URL", help=say("cli.backup.database"))
    admin.add_argument("--url", metavar="URL", help=say("cli.admin.url"))
    deeds = admin.add_subparsers(dest="deed", required=True, metavar="COMMAND")
    operator = deeds.add_parser("operator", help=say("cli.admin.operator"))
    operator.add_argument("name")
    operator.add_argument("--password-file", type=Path, help=say("cli.admin.password-file"))
    for deed in ("ban", "unban", "warn", "mute", "unmute", "mark", "unmark"):
        acting = deeds.add_parser(deed, help=say(f"cli.admin.{deed}"))
        acting.add_argument("name")
        acting.add_argument("--reason", required=True, help=say("cli.admin.reason"))
        if deed == "mute":
            acting.add_argument("--minutes", type=int, required=True, help=say("cli.admin.minutes"))
    end = deeds.add_parser("end", help=say("cli.admin.end"))
    end.add_argument("match")
    end.add_argument("--loser", required=True, help=say("cli.admin.loser"))
    end.add_argument("--reason", required=True, help=say("cli.admin.reason"))
    deeds.add_parser("engines", help=say("cli.admin.engines"))
    log = deeds.add_parser("log", help=say("cli.admin.log"))
    log.add_argument("--last", type=int, default=50, help=say("cli.admin.last"))


def main(args: argparse.Namespace, stdout: TextIO, say: Say) -> int:
    """Do the operator's command ``args`` asks for; the exit status."""
    # the server's settings and the store load only for this command
    from gamehall.server.config import Config

    config = Config.from_env()
    if args.deed in ("end", "engines"):
        return _on_server(args, config.admin_token, args.url or _address(config), stdout, say)
    from gamehall.store import Store
    from gamehall.store.database import upgrade_database

    url = args.database or config.database_url
    upgrade_database(url)
    with Store(url) as store:
        if args.deed == "operator":
            if store.users.by_name(args.name) is None:
                store.users.create(args.name, _password(args.password_file, say))
                print(say("cli.admin.created", name=args.name), file=stdout)
            user = store.moderation.make_operator(args.name, BY)
            print(say("cli.admin.operator-done", name=user.name), file=stdout)
        elif args.deed == "ban":
            user = store.moderation.ban(args.name, args.reason, BY)
            print(say("cli.admin.ban-done", name=user.name), file=stdout)
        elif args.deed == "unban":
            user = store.moderation.unban(args.name, args.reason, BY)
            print(say("cli.admin.unban-done", name=user.name), file=stdout)
        elif args.deed in ("warn", "mute", "unmute", "mark", "unmark"):
            print(_sanction(store, args, say), file=stdout)
        else:
            for action in store.moderation.actions(args.last):
                when = action.at.isoformat(timespec="seconds")
                line = f"{when}  {action.by}  {action.action}  {action.subject}: {action.reason}"
                print(line, file=stdout)
    return 0


def _sanction(store: "Store", args: argparse.Namespace, say: Say) -> str:
    """Warn, mute, unmute, mark or unmark ``args.name``; what was done, in words."""
    moderation = store.moderation
    if args.deed == "warn":
        moderation.warn(args.name, args.reason, BY)
    elif args.deed == "mute":
        until = moderation.mute(args.name, args.minutes, args.reason, BY)
        return say("cli.admin.mute-done", name=args.name, until=until.isoformat("T", "minutes"))
    elif args.deed == "unmute":
        moderation.unmute(args.name, args.reason, BY)
    else:
        moderation.mark_engine(args.name, args.deed == "mark", args.reason, BY)
    return say(f"cli.admin.{args.deed}-done", name=args.name)


def _password(path: Path | None, say: Say) -> str:
    """The new operator's password: the first line of ``path``, or asked twice."""
    if path is not None:
        lines = path.read_text(encoding="utf-8").splitlines()
        return lines[0] if lines else ""
    first = getpass.getpass(say("cli.admin.password") + " ")
    if getpass.getpass(say("cli.admin.password-again") + " ") != first:
        raise AdminError(say("cli.admin.password-differs"))
    return first


def _address(config: "Config") -> str:
    """The configured server's address, as this machine reaches it."""
    host = "127.0.0.1" if config.host in ("0.0.0.0", "::") else config.host
    return f"http://{host}:{config.port}"


def _on_server(args: argparse.Namespace, token: str, base: str, stdout: TextIO, say: Say) -> int:
    """Call the running server's operators' API with the admin token."""
    if not token:
        raise AdminError(say("cli.admin.no-token"))
    if args.deed == "end":
        loser: int | str = int(args.loser) if args.loser in ("0", "1") else args.loser
        body = {"loser": loser, "reason": args.reason}
        answer = _call(base, f"/api/admin/matches/{args.match}/end", token, body, say)
        key = "cli.admin.end-done" if answer.get("ended") else "cli.admin.end-over"
        print(say(key, match=args.match), file=stdout)
        return 0
    waiting = _call(base, "/api/admin/engines", token, None, say).get("waiting")
    if not isinstance(waiting, list):
        raise AdminError(say("cli.admin.no-waiting-list", server=base))
    print(say("cli.admin.engines-count", count=len(waiting)), file=stdout)
    for decision in waiting:
        print(f"{decision['match_id'] or '-'}  {decision['waiting_seconds']:.3f} s", file=stdout)
    return 0


def _call(base: str, path: str, token: str, body: object, say: Say) -> dict[str, object]:
    """One request to the server; its JSON answer, or ``AdminError`` with its words (the
    server's refusal in its own words, its code beside them)."""
    request = urllib.request.Request(
        base.rstrip("/") + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="GET" if body is None else "POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            found = json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        detail = json.loads(refused.read() or b"{}").get("detail", refused.reason)
        raise AdminError(f"{refused.code}: {detail}") from None
    except urllib.error.URLError as failed:
        raise AdminError(say("cli.admin.unreachable", server=base, error=failed.reason)) from None
    if not isinstance(found, dict):
        raise AdminError(say("cli.admin.not-an-object", server=base))
    return found
