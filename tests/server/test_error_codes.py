"""Every refusal of the server carries a stable machine code beside its words, and the words
are in the reader's language (Accept-Language, or the language cookie the pages set)."""

import json
import re
from contextlib import ExitStack
from pathlib import Path

from gamehall.server.refusals import Refusal
from gamehall.words import LANGUAGES, words
from server.helpers import Hall

SERVER = Path(__file__).parents[2] / "src" / "gamehall" / "server"
ERRORS = Path(__file__).parents[2] / "src" / "gamehall" / "words" / "en" / "errors.json"
CYRILLIC = re.compile("[\u0400-\u04ff]")
GEORGIAN = re.compile("[\u10d0-\u10ff]")
RUSSIAN = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}


def test_a_wrong_password_in_russian(hall: Hall) -> None:
    hall.register("ann")
    client = hall.client()
    answer = client.post(
        "/api/login", json={"name": "ann", "password": "wrong one"}, headers=RUSSIAN
    )
    assert answer.status_code == 401
    assert answer.json() == {"code": "wrong-password", "detail": "неверное имя или пароль"}


def test_not_logged_in_and_no_such_match_in_georgian(hall: Hall) -> None:
    client = hall.client()
    client.cookies.set("gamehall_language", "ka")
    answer = client.post("/api/seeks", json={})
    assert answer.status_code == 401
    body = answer.json()
    assert body["code"] == "login-first"
    assert GEORGIAN.search(body["detail"]), body
    missing = client.get("/api/matches/no-such-one")
    assert missing.status_code == 404
    assert missing.json()["code"] == "no-such-match"
    assert GEORGIAN.search(missing.json()["detail"])
    assert "no-such-one" in missing.json()["detail"]


def test_login_first_in_russian(hall: Hall) -> None:
    answer = hall.client().get("/api/matches/x/hint", headers=RUSSIAN)
    assert answer.status_code == 401
    assert answer.json() == {"code": "login-first", "detail": words("ru").say("error.login-first")}


def test_a_seek_that_cannot_be_accepted_and_a_csrf_failure(hall: Hall) -> None:
    ann = hall.register("ann")
    seek = ann.ok("post", "/api/seeks", {"settings": {}})
    own = ann.client.post(
        f"/api/seeks/{seek['id']}/accept",
        json={},
        headers={"X-CSRF-Token": ann.csrf or "", **RUSSIAN},
    )
    assert own.status_code == 403
    assert own.json()["code"] == "not-allowed"
    assert CYRILLIC.search(own.json()["detail"])
    gone = ann.client.post(
        "/api/seeks/99999/accept", json={}, headers={"X-CSRF-Token": ann.csrf or "", **RUSSIAN}
    )
    assert gone.status_code == 404
    assert gone.json() == {"code": "no-such-seek", "detail": "заявки 99999 нет"}
    ann.client.cookies.set("gamehall_language", "ka")
    forged = ann.client.post("/api/seeks", json={"settings": {}}, headers={"X-CSRF-Token": "x"})
    assert forged.status_code == 403
    assert forged.json()["code"] == "csrf-failed"
    assert GEORGIAN.search(forged.json()["detail"]) and "X-CSRF-Token" in forged.json()["detail"]


def test_a_bad_request_keeps_its_list(hall: Hall) -> None:
    answer = hall.client().post("/api/login", json={"name": 5}, headers=RUSSIAN)
    assert answer.status_code == 422
    body = answer.json()
    assert body["code"] == "invalid-request"
    assert CYRILLIC.search(body["detail"])
    assert isinstance(body["errors"], list) and body["errors"]


def test_an_action_out_of_turn_on_the_socket_in_russian(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    challenge = ann.ok("post", "/api/challenges", {"opponent": "bob", "settings": {}})
    match_id = bob.ok("post", f"/api/challenges/{challenge['id']}/accept")["match_id"]
    players = hall.anonymous().ok("get", f"/api/matches/{match_id}")["match"]["players"]
    by_seat = [{"ann": ann, "bob": bob}[p["name"]] for p in players]
    for player in by_seat:
        player.client.cookies.set("gamehall_language", "ru")
    with ExitStack() as stack:
        sockets = [stack.enter_context(p.socket(match_id)) for p in by_seat]
        to_act = sockets[0].hello["state"]["to_act"]
        legal = sockets[to_act].hello["legal"]
        sockets[1 - to_act].act("play", ref=7, text=legal["plays"][0])
        reply = sockets[1 - to_act].reply()
    assert reply["type"] == "error" and reply["ref"] == 7
    assert reply["code"] == "not-your-turn"
    assert reply["message"].startswith("Сейчас не ваш ход: ")


def test_every_code_has_its_text_in_every_language() -> None:
    keys = json.loads(ERRORS.read_text())
    assert keys and all(re.fullmatch(r"error\.[a-z]+(-[a-z]+)*", key) for key in keys)
    for language in LANGUAGES:
        said = words(language)
        for key in keys:
            text = said.say(key, **dict.fromkeys(re.findall(r"{(\w+)}", keys[key]), "x"))
            assert text and (language == "en" or text != keys[key]), (language, key)


def test_no_route_refuses_without_a_code() -> None:
    for path in SERVER.rglob("*.py"):
        assert "HTTPException(" not in path.read_text(), path
    assert issubclass(Refusal, Exception)
