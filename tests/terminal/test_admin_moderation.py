"""``gamehall admin`` warns, mutes, unmutes, marks and unmarks a player on the database."""

import argparse
import io
from pathlib import Path

from gamehall.cli import build_parser
from gamehall.store import Store
from gamehall.store.database import upgrade_database
from gamehall.terminal import admin
from gamehall.words import words

SAY = words("en").say


def _command(*argv: str) -> argparse.Namespace:
    return build_parser("en").parse_args(["admin", *argv])


def test_warn_mute_and_mark_from_the_command_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    upgrade_database(url)
    with Store(url) as store:
        ivan = store.users.create("ivan", "another long secret")
    out = io.StringIO()
    for deed in (
        ["warn", "ivan", "--reason", "mind your words"],
        ["mute", "ivan", "--minutes", "15", "--reason", "insults"],
        ["unmute", "ivan", "--reason", "apologised"],
        ["mark", "ivan", "--reason", "engine moves"],
        ["unmark", "ivan", "--reason", "a mistake"],
    ):
        assert admin.main(_command("--database", url, *deed), out, SAY) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "ivan is warned."
    assert lines[1].startswith("ivan is muted until 20") and lines[2:] == [
        "ivan may write in the chats again.",
        "ivan is marked engine-assisted; the ratings are worked out again.",
        "ivan is no longer marked engine-assisted; the ratings are worked out again.",
    ]
    with Store(url) as store:
        deeds = [action.action for action in store.moderation.actions()]
        assert deeds == ["unmark-engine", "mark-engine", "unmute", "mute", "warn"]
        assert [w.reason for w in store.moderation.warnings(ivan.id)] == ["mind your words"]
