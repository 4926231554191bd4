"""The bot API's requests: tokens made and revoked from a session, bearer requests that need no
CSRF token and are never a session, scopes, actions refused without change, and challenges
between accounts (the streams are run against a real server: ``tests/test_example_bot.py``)."""

from typing import Any

import pytest

from gamehall.server.config import Config
from gamehall.server.live.first_move import FIRST_MOVE_WAIT
from server.helpers import FakeClock, Hall, Player, running
from support.services import wait_for


def _token(player: Player, scopes: list[str] | None = None) -> tuple[str, int]:
    made = player.ok("post", "/api/tokens", {"name": "bot", "scopes": scopes or ["play", "read"]})
    return made["token"], made["entry"]["id"]


def _bearer(hall: Hall, token: str, path: str, body: Any = None) -> Any:
    return hall.client().post(path, json=body or {}, headers={"Authorization": f"Bearer {token}"})


def test_a_token_is_shown_once_and_listed_without_it(hall: Hall) -> None:
    ann = hall.register("ann")
    token, token_id = _token(ann)
    listed = ann.ok("get", "/api/tokens")["tokens"]
    assert [t["id"] for t in listed] == [token_id]
    assert token not in str(listed) and listed[0]["scopes"] == ["play", "read"]


def test_making_a_token_needs_the_session_and_its_csrf_token(hall: Hall) -> None:
    ann = hall.register("ann")
    refused = ann.client.post("/api/tokens", json={"name": "bot"})
    assert (refused.status_code, refused.json()["code"]) == (403, "csrf-failed")
    guest = hall.client()
    csrf = guest.post("/api/guest").json()["csrf_token"]
    answer = guest.post("/api/tokens", json={"name": "bot"}, headers={"X-CSRF-Token": csrf})
    assert (answer.status_code, answer.json()["code"]) == (403, "guests-no-tokens")


def test_a_token_plays_without_csrf_and_a_cookie_is_no_token(hall: Hall) -> None:
    ann = hall.register("ann")
    token, _ = _token(ann)
    started = _bearer(hall, token, "/api/challenge/ai", {"game": "backgammon"})
    assert started.status_code == 200, started.text
    by_cookie = ann.post("/api/challenge/ai", {"game": "backgammon"})
    assert (by_cookie.status_code, by_cookie.json()["code"]) == (401, "token-missing")
    no_session = _bearer(hall, token, "/api/seeks", {"settings": {}})
    assert (no_session.status_code, no_session.json()["code"]) == (401, "login-first")
    me = hall.client().get("/api/me", headers={"Authorization": f"Bearer {token}"})
    assert me.json()["user"] is None


@pytest.mark.parametrize("header", ["Bearer ghb_nothing", "Bearer ", "Basic abc", "ghb_x"])
def test_unknown_and_missing_tokens_are_refused(hall: Hall, header: str) -> None:
    answer = hall.client().post(
        "/api/challenge/ai", json={"game": "nardy"}, headers={"Authorization": header}
    )
    assert answer.status_code == 401
    assert answer.json()["code"] in ("token-invalid", "token-missing")


def test_a_token_without_the_scope_is_refused(hall: Hall) -> None:
    ann = hall.register("ann")
    token, _ = _token(ann, ["read"])
    answer = _bearer(hall, token, "/api/challenge/ai", {"game": "renju"})
    assert (answer.status_code, answer.json()["code"]) == (403, "token-scope")


def test_an_illegal_action_changes_nothing_and_a_revoked_token_is_refused(hall: Hall) -> None:
    ann = hall.register("ann")
    token, token_id = _token(ann)
    match_id = _bearer(hall, token, "/api/challenge/ai", {"game": "renju"}).json()["match_id"]
    before = hall.event_count(match_id)
    unknown = _bearer(hall, token, f"/api/bot/game/{match_id}/action", {"kind": "jump"})
    assert (unknown.status_code, unknown.json()["code"]) == (400, "bad-action")
    offside = _bearer(
        hall, token, f"/api/bot/game/{match_id}/action", {"kind": "move", "data": {"point": "a1"}}
    )
    assert (offside.status_code, offside.json()["code"]) == (400, "illegal-move")
    assert hall.event_count(match_id) == before
    played = _bearer(
        hall, token, f"/api/bot/game/{match_id}/action", {"kind": "move", "data": {"point": "h8"}}
    )
    assert played.json() == {"ok": True}
    assert hall.event_count(match_id) > before
    ann.ok("post", f"/api/tokens/{token_id}/revoke")
    revoked = _bearer(hall, token, f"/api/bot/game/{match_id}/action", {"kind": "resign"})
    assert (revoked.status_code, revoked.json()["code"]) == (401, "token-revoked")


def test_only_a_player_acts_in_a_match(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    token, _ = _token(ann)
    match_id = _bearer(hall, token, "/api/challenge/ai", {"game": "renju"}).json()["match_id"]
    other, _ = _token(bob)
    answer = _bearer(hall, other, f"/api/bot/game/{match_id}/action", {"kind": "resign"})
    assert (answer.status_code, answer.json()["code"]) == (403, "not-a-player")


def test_the_ai_challenge_refuses_two_games(hall: Hall) -> None:
    ann = hall.register("ann")
    token, _ = _token(ann)
    body = {"game": "nardy", "settings": {"game": "renju"}}
    answer = _bearer(hall, token, "/api/challenge/ai", body)
    assert (answer.status_code, answer.json()["code"]) == (400, "game-mismatch")


def test_bots_challenge_accept_and_decline(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    ann_token, _ = _token(ann)
    bob_token, _ = _token(bob)
    made = _bearer(hall, ann_token, "/api/challenge/bob", {"settings": {"game": "nardy"}})
    assert made.status_code == 200, made.text
    assert bob.ok("get", "/api/challenges")["challenges"][0]["from"] == "ann"
    accepted = _bearer(hall, bob_token, f"/api/challenge/{made.json()['id']}/accept")
    match_id = accepted.json()["match_id"]
    players = hall.anonymous().ok("get", f"/api/matches/{match_id}")["match"]["players"]
    assert {p["name"] for p in players} == {"ann", "bob"}
    again = _bearer(hall, ann_token, "/api/challenge/bob", {"settings": {"game": "renju"}})
    declined = _bearer(hall, bob_token, f"/api/challenge/{again.json()['id']}/decline")
    assert declined.json() == {}
    own = _bearer(hall, ann_token, f"/api/challenge/{again.json()['id']}/accept")
    assert own.status_code in (403, 409)
    nobody = _bearer(hall, ann_token, "/api/challenge/nobody", {"settings": {}})
    assert (nobody.status_code, nobody.json()["code"]) == (404, "no-such-player")


def test_a_bot_that_stops_answering_loses_on_time(config: Config) -> None:
    clock = FakeClock()
    with running(config, clock=clock) as hall:
        ann = hall.register("ann")
        token, _ = _token(ann)
        body = {"game": "renju", "settings": {"clock": "fischer:10+0"}, "side": 0}
        match_id = _bearer(hall, token, "/api/challenge/ai", body).json()["match_id"]
        watcher = hall.anonymous()
        state = wait_for("the bot's turn", lambda: _bots_turn(watcher, match_id))
        assert not state["winner"]
        clock.advance(FIRST_MOVE_WAIT + 11)
        over = wait_for("the flag", lambda: _over(watcher, match_id))
        assert over["winner"] == 1 and over["end_reason"] == "time"


def _bots_turn(watcher: Player, match_id: str) -> Any:
    state = watcher.ok("get", f"/api/matches/{match_id}")["state"]
    return state if state["to_act"] == 0 else None


def _over(watcher: Player, match_id: str) -> Any:
    state = watcher.ok("get", f"/api/matches/{match_id}")["state"]
    return state if state["phase"] == "over" else None


def test_a_new_account_becomes_a_bot_and_stays_out_of_the_seeks(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    token, _ = _token(ann)
    made = _bearer(hall, token, "/api/bot/account/upgrade")
    assert made.status_code == 200 and made.json()["bot"] is True
    assert hall.anonymous().ok("get", "/api/users/ann")["user"]["bot"] is True
    seek = bob.ok("post", "/api/seeks", {"settings": {}})
    taken = ann.post(f"/api/seeks/{seek['id']}/accept")
    assert (taken.status_code, taken.json()["code"]) == (403, "bots-no-seeks")
    offered = ann.post("/api/seeks", {"settings": {}})
    assert (offered.status_code, offered.json()["code"]) == (403, "bots-no-seeks")
    assert len(bob.ok("get", "/api/seeks")["seeks"]) == 1


def test_an_account_that_has_played_stays_a_person(hall: Hall) -> None:
    ann = hall.register("ann")
    token, _ = _token(ann)
    _bearer(hall, token, "/api/challenge/ai", {"game": "renju"})
    refused = _bearer(hall, token, "/api/bot/account/upgrade")
    assert (refused.status_code, refused.json()["code"]) == (409, "bot-has-played")
    assert hall.anonymous().ok("get", "/api/users/ann")["user"]["bot"] is False


def test_a_bots_matches_show_it_as_a_bot(hall: Hall) -> None:
    ann = hall.register("ann")
    token, _ = _token(ann)
    _bearer(hall, token, "/api/bot/account/upgrade")
    match_id = _bearer(hall, token, "/api/challenge/ai", {"game": "nardy"}).json()["match_id"]
    players = hall.anonymous().ok("get", f"/api/matches/{match_id}")["match"]["players"]
    assert [(p["name"], p["bot"]) for p in players] == [("ann", True), ("Computer (random)", False)]
    with ann.socket(match_id) as socket:
        assert [p["bot"] for p in socket.hello["players"]] == [True, False]


def test_a_bots_challenge_shows_it_as_a_bot(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    token, _ = _token(ann)
    _bearer(hall, token, "/api/bot/account/upgrade")
    _bearer(hall, token, "/api/challenge/bob", {"settings": {"game": "renju"}})
    (seen,) = bob.ok("get", "/api/challenges")["challenges"]
    assert (seen["from"], seen["from_bot"], seen["to_bot"]) == ("ann", True, False)
