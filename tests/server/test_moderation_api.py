"""Moderation through the API: reporting a player or a chat line (its sender and words taken
from the room, never from the reporter), the refusals (not an operator, bad input, the same
report twice), the operators' actions, the muted player's chat refused in his words, and
warnings shown until read."""

from typing import Any

from gamehall.server.config import Config
from server.helpers import Hall, Player, running

RENJU = {"game": "renju", "length": 1}
ORIGIN = {"Origin": "http://testserver"}


def _chat(player: Player, match_id: str) -> Any:
    return player.client.websocket_connect(f"/ws/chat/{match_id}", headers=ORIGIN)


def _operator(hall: Hall, name: str = "olga") -> Player:
    hall.register(name)
    hall.store.moderation.make_operator(name, "command line")
    return hall.login(name)


def test_a_chat_line_is_reported_the_sender_muted_and_his_next_line_refused_in_russian(
    hall: Hall,
) -> None:
    match_id, players = hall.match_between(RENJU)
    ann, bob = players[0], players[1]
    olga = _operator(hall)
    with _chat(ann, match_id) as ann_chat, _chat(bob, match_id) as bob_chat:
        ann_chat.receive_json(), bob_chat.receive_json()
        bob_chat.send_json({"type": "say", "text": "you play like a potato"})
        line = ann_chat.receive_json()
        assert line["type"] == "chat" and line["id"]
        bob_chat.receive_json()
        subject = {"kind": "chat", "match_id": match_id, "line_id": line["id"]}
        filed = ann.ok("post", "/api/reports", {"subject": subject, "category": "abuse"})
        again = ann.post("/api/reports", {"subject": subject, "category": "other"})
        assert (again.status_code, again.json()["code"]) == (409, "reported-already")
        groups = olga.ok("get", "/api/operator/reports")["groups"]
        assert len(groups) == 1 and groups[0]["kind"] == "chat"
        assert groups[0]["player"] == bob.name and groups[0]["quoted"] == "you play like a potato"
        assert groups[0]["match_id"] == match_id
        assert groups[0]["reports"][0] | {"at": ""} == {
            "id": filed["id"],
            "at": "",
            "reporter": ann.name,
            "category": "abuse",
            "text": "",
        }
        muted = olga.ok(
            "post", f"/api/operator/players/{bob.name}/mute", {"minutes": 30, "reason": "insults"}
        )
        assert muted["muted_until"] is not None
        bob.client.cookies.set("gamehall_language", "ru")
    with _chat(bob, match_id) as bob_chat:
        bob_chat.receive_json()
        bob_chat.send_json({"type": "say", "text": "sorry"})
        refused = bob_chat.receive_json()
        assert refused["type"] == "error" and refused["code"] == "muted"
        assert refused["message"].startswith("операторы сайта запретили вам писать в чатах")
        assert "30 мин" in refused["message"]
    closed = olga.ok("post", f"/api/operator/reports/{filed['id']}/close", {"resolution": "muted"})
    assert closed == {"closed": 1}
    assert olga.ok("get", "/api/operator/reports")["groups"] == []
    deeds = [a["action"] for a in olga.ok("get", "/api/operator/actions")["actions"]]
    assert deeds[:2] == ["close-report", "mute"]


def test_refusals_of_the_reports_and_of_the_operators_page(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    player = {"kind": "player", "player": "bob", "match_id": None}
    cases: list[tuple[Player, str, Any, int, str]] = [
        (
            ann,
            "/api/reports",
            {"subject": {"kind": "player", "player": "ann"}, "category": "other"},
            403,
            "not-allowed",
        ),
        (
            ann,
            "/api/reports",
            {"subject": {"kind": "player", "player": "nobody"}, "category": "other"},
            404,
            "no-such-player",
        ),
        (ann, "/api/reports", {"subject": player, "category": "boredom"}, 422, "invalid-request"),
        (
            ann,
            "/api/reports",
            {"subject": player, "category": "other", "text": "x" * 301},
            422,
            "invalid-request",
        ),
        (
            ann,
            "/api/reports",
            {"subject": {"kind": "chat", "match_id": "m", "line_id": "gone"}, "category": "abuse"},
            404,
            "no-such-chat-line",
        ),
        (
            ann,
            "/api/reports",
            {"subject": {"kind": "message", "message_id": 5}, "category": "abuse"},
            404,
            "no-such-message",
        ),
        (
            hall.anonymous(),
            "/api/reports",
            {"subject": player, "category": "other"},
            401,
            "login-first",
        ),
        (bob, "/api/operator/players/ann/warn", {"reason": "I say so"}, 403, "operators-only"),
    ]
    for who, path, body, status, code in cases:
        answer = who.post(path, body)
        assert (answer.status_code, answer.json()["code"]) == (status, code), (
            path,
            body,
            answer.text,
        )
    answer = bob.get("/api/operator/reports")
    assert (answer.status_code, answer.json()["code"]) == (403, "operators-only")
    assert hall.store.reports.open_groups() == []
    assert hall.store.moderation.actions() == []
    olga = _operator(hall)
    empty = olga.post("/api/operator/players/ann/mute", {"minutes": 0, "reason": "x"})
    assert (empty.status_code, empty.json()["code"]) == (422, "invalid-request")
    unknown = olga.post("/api/operator/reports/99/close", {"resolution": "done"})
    assert (unknown.status_code, unknown.json()["code"]) == (404, "not-found")


def test_reports_are_limited_per_account(config: Config) -> None:
    with running(config) as hall:
        ann = hall.register("ann")
        for index in range(10):
            hall.register(f"other{index}")
            body = {"subject": {"kind": "player", "player": f"other{index}"}, "category": "other"}
            ann.ok("post", "/api/reports", body)
        hall.register("late")
        body = {"subject": {"kind": "player", "player": "late"}, "category": "other"}
        answer = ann.post("/api/reports", body)
        assert (answer.status_code, answer.json()["code"]) == (429, "too-many-reports")


def test_a_warning_is_shown_until_read_and_the_mark_on_the_profile(hall: Hall) -> None:
    bob = hall.register("bob")
    olga = _operator(hall)
    assert olga.ok("get", "/api/moderation/me")["operator"] is True
    assert bob.ok("get", "/api/moderation/me") == {
        "operator": False,
        "warnings": [],
        "muted_until": None,
    }
    with bob.client.websocket_connect("/ws/user", headers=ORIGIN) as ws:
        olga.ok("post", "/api/operator/players/bob/warn", {"reason": "no insults, please"})
        while (notice := ws.receive_json())["type"] in ("hello", "challenges"):
            pass
    assert notice == {"type": "warned"}  # his pages read his warnings at once
    warnings = bob.ok("get", "/api/moderation/me")["warnings"]
    assert [w["reason"] for w in warnings] == ["no insults, please"]
    seen = olga.post(f"/api/moderation/warnings/{warnings[0]['id']}/seen")
    assert seen.status_code == 404  # not hers
    bob.ok("post", f"/api/moderation/warnings/{warnings[0]['id']}/seen")
    assert bob.ok("get", "/api/moderation/me")["warnings"] == []
    marked = olga.ok(
        "post", "/api/operator/players/bob/engine", {"marked": True, "reason": "engine"}
    )
    assert marked["engine_assisted"] is True and marked["warnings"] == 1
    assert hall.anonymous().ok("get", "/api/users/bob")["engine_assisted"] is True
    twice = olga.post("/api/operator/players/bob/engine", {"marked": True, "reason": "again"})
    assert (twice.status_code, twice.json()["code"]) == (403, "not-allowed")


def test_a_marked_players_rated_challenge_starts_an_unrated_match_and_says_so(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    hall.store.moderation.mark_engine("bob", True, "engine moves", "command line")
    with ann.client.websocket_connect("/ws/user", headers=ORIGIN) as ws:
        body = {"opponent": "bob", "settings": RENJU, "rated": True}
        challenge = ann.ok("post", "/api/challenges", body)
        match_id = bob.ok("post", f"/api/challenges/{challenge['id']}/accept")["match_id"]
        while (notice := ws.receive_json())["type"] != "challenge_accepted":
            pass
    assert notice["match_id"] == match_id and notice["rated"] is False
    assert hall.store.matches.terms(match_id).rated is False
