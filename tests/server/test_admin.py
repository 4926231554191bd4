"""The site's operators (issue 41, operations): bans that take effect at once, the operators'
API ending a stuck match with its reason recorded, the engines' queue, and ``gamehall
admin`` driving both."""

import argparse
import asyncio
import io
import threading
from pathlib import Path
from typing import Any

import pytest

from gamehall.cli import build_parser
from gamehall.server.config import Config
from gamehall.server.live.workers import Workers
from gamehall.server.logs import match_context
from gamehall.store import NotAllowedError, NotFoundError, Store, StoreError
from gamehall.terminal import admin
from gamehall.words import words
from server.helpers import PASSWORD, Hall, running

TOKEN = "an-admin-token-for-the-tests"
SAY = words("en").say


def test_a_ban_ends_sessions_tokens_and_offers_at_once_and_refuses_the_login(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    token = ann.ok("post", "/api/tokens", {"name": "my bot", "scopes": ["play"]})["token"]
    ann.ok("post", "/api/seeks", {"settings": {"game": "renju"}})
    bob.ok("post", "/api/challenges", {"opponent": "ann", "settings": {"game": "renju"}})
    assert ann.ok("get", "/api/me")["user"]["name"] == "ann"
    user = hall.store.moderation.ban("Ann", "abusive chat", "command line")
    assert user.banned and user.name == "ann"
    assert ann.ok("get", "/api/me")["user"] is None  # the session is gone
    use = hall.store.tokens.use(token)
    assert use is not None and use.revoked
    assert hall.store.offers.list_seeks() == []
    assert hall.store.offers.list_challenges(hall.store.users.by_name("bob").id) == []
    refused = hall.anonymous().post("/api/login", {"name": "ann", "password": PASSWORD})
    assert refused.status_code == 403, refused.text
    assert refused.json()["code"] == "banned" and "abusive chat" in refused.json()["detail"]
    wrong = hall.anonymous().post("/api/login", {"name": "ann", "password": "not the one"})
    assert wrong.json()["code"] == "wrong-password"  # a ban is told only to who knows the password
    hall.store.moderation.unban("ann", "apologised", "command line")
    assert hall.login("ann").ok("get", "/api/me")["user"]["name"] == "ann"
    record = hall.store.moderation.actions()
    assert [(a.action, a.subject, a.reason) for a in record] == [
        ("unban", "ann", "apologised"),
        ("ban", "ann", "abusive chat"),
    ]


def test_what_the_store_refuses(hall: Hall) -> None:
    hall.register("ann")
    guest = hall.store.users.create_guest()
    moderation = hall.store.moderation
    with pytest.raises(NotFoundError, match="there is no player nobody"):
        moderation.ban("nobody", "spam", "command line")
    with pytest.raises(StoreError, match="say why"):
        moderation.ban("ann", "  ", "command line")
    with pytest.raises(NotAllowedError, match="is a guest"):
        moderation.make_operator(guest.name, "command line")
    with pytest.raises(NotAllowedError, match="is not banned"):
        moderation.unban("ann", "by mistake", "command line")
    moderation.make_operator("ann", "command line")
    with pytest.raises(NotAllowedError, match="an operator cannot be banned"):
        moderation.ban("ann", "spam", "command line")
    assert moderation.actions()[0].action == "operator"


def test_an_operator_ends_a_stuck_match_and_the_reason_is_kept(config: Config) -> None:
    with running(config, admin_token=TOKEN) as hall:
        match_id, players = hall.match_between({"game": "backgammon", "length": 3})
        path = f"/api/admin/matches/{match_id}/end"
        body = {"loser": players[1].name, "reason": "both gone for a week"}
        anonymous = hall.anonymous()
        assert anonymous.post(path, body).json()["code"] == "login-first"
        wrong = anonymous.client.post(path, json=body, headers={"Authorization": "Bearer guess"})
        assert (wrong.status_code, wrong.json()["code"]) == (401, "admin-token")
        assert players[0].post(path, body).json()["code"] == "operators-only"
        bad = anonymous.client.post(
            path, json={**body, "loser": "carol"}, headers={"Authorization": f"Bearer {TOKEN}"}
        )
        assert bad.status_code == 400 and "carol does not play it" in bad.json()["detail"]
        done = anonymous.client.post(path, json=body, headers={"Authorization": f"Bearer {TOKEN}"})
        assert done.json() == {"ended": True}
        stored = hall.store.matches.load(match_id)
        assert stored is not None and stored.status == "over"
        assert (stored.summary["winner"], stored.summary["end_reason"]) == (0, "operator")
        forfeits = [e for e in stored.events or () if e["kind"] == "forfeit"]
        assert [e["data"] for e in forfeits] == [{"player": 1, "reason": "operator"}]
        again = anonymous.client.post(path, json=body, headers={"Authorization": f"Bearer {TOKEN}"})
        assert again.json() == {"ended": False}
        (action,) = hall.store.moderation.actions()
        assert (action.by, action.action, action.subject) == ("admin token", "end-match", match_id)
        assert action.reason == f"{players[1].name} loses: both gone for a week"


def test_an_operators_session_may_end_a_match_with_its_csrf_token(config: Config) -> None:
    with running(config) as hall:
        match_id, _ = hall.match_between({"game": "backgammon", "length": 1})
        hall.register("olga")
        hall.store.moderation.make_operator("olga", "command line")
        olga = hall.login("olga")
        path = f"/api/admin/matches/{match_id}/end"
        forged = olga.client.post(path, json={"loser": 0, "reason": "stuck"})
        assert forged.json()["code"] == "csrf-failed"
        assert olga.ok("post", path, {"loser": 0, "reason": "stuck"}) == {"ended": True}
        assert hall.store.moderation.actions()[0].by == "olga"
        assert olga.ok("get", "/api/admin/engines") == {"waiting": []}


def test_the_engines_queue_lists_the_waiting_decisions_by_match() -> None:
    workers = Workers()
    busy = threading.Event()
    release = threading.Event()

    def think() -> None:
        busy.set()
        release.wait(10)

    async def run() -> list[tuple[str | None, bool]]:
        with match_context("AbCd1234"):
            first = asyncio.create_task(workers.engine(think))
        await asyncio.to_thread(busy.wait, 10)
        with match_context("EfGh5678"):
            second = asyncio.create_task(workers.engine(lambda: None))
        await asyncio.sleep(0.05)
        waiting = [(d.match_id, d.queued > 0) for d in workers.engine_queue()]
        release.set()
        await asyncio.gather(first, second)
        assert workers.engine_queue() == []
        return waiting

    try:
        assert asyncio.run(run()) == [("EfGh5678", True)]
    finally:
        workers.close()


def command(*argv: str) -> argparse.Namespace:
    return build_parser("en").parse_args(["admin", *argv])


def test_gamehall_admin_on_the_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    secret = tmp_path / "password"
    secret.write_text("a long enough secret\n")
    out = io.StringIO()
    made = command("--database", url, "operator", "olga", "--password-file", str(secret))
    assert admin.main(made, out, SAY) == 0
    assert out.getvalue() == "Account olga created.\nolga is an operator.\n"
    out = io.StringIO()
    with Store(url) as store:
        store.users.create("ivan", "another long secret")
    admin.main(command("--database", url, "ban", "ivan", "--reason", "cheating"), out, SAY)
    admin.main(command("--database", url, "unban", "ivan", "--reason", "an error"), out, SAY)
    assert out.getvalue().endswith("ivan is banned.\nivan is no longer banned.\n")
    out = io.StringIO()
    admin.main(command("--database", url, "log", "--last", "2"), out, SAY)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and lines[0].endswith("command line  unban  ivan: an error")


def test_gamehall_admin_on_a_running_server(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(config, admin_token=TOKEN) as hall:
        match_id, _ = hall.match_between({"game": "renju"})
        client = hall.anonymous().client

        def call(base: str, path: str, token: str, body: object, say: object) -> Any:  # in-process
            headers = {"Authorization": f"Bearer {token}"}
            answer = (
                client.get(path, headers=headers)
                if body is None
                else client.post(path, json=body, headers=headers)
            )
            assert answer.status_code == 200, answer.text
            return answer.json()

        monkeypatch.setattr(admin, "_call", call)
        monkeypatch.setenv("GAMEHALL_ADMIN_TOKEN", TOKEN)
        out = io.StringIO()
        # "--": a match id may begin with "-", which would read as an option
        end = command("end", "--loser", "1", "--reason", "stuck", "--", match_id)
        assert admin.main(end, out, SAY) == 0
        assert admin.main(command("engines"), out, SAY) == 0
        assert out.getvalue() == f"Match {match_id} ended.\nDecisions waiting for the engine: 0\n"
        monkeypatch.delenv("GAMEHALL_ADMIN_TOKEN")
        with pytest.raises(admin.AdminError, match="needs its token"):
            admin.main(command("engines"), out, SAY)
