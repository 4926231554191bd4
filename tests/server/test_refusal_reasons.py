"""A refusal of the rules, play or store layers carries its reason beside its code, and its
words in the reader's language: a name and a password refused at registration, a level the
computer does not play, a bot's malformed action and a spectator's action on the socket."""

from typing import Any

from server.helpers import ORIGIN, Hall

RUSSIAN = {"Accept-Language": "ru-RU,ru;q=0.9"}
GEORGIAN = {"Accept-Language": "ka-GE,ka;q=0.9"}


def test_a_bad_name_and_a_short_password_in_russian(hall: Hall) -> None:
    client = hall.client()
    name = client.post(
        "/api/register", json={"name": "a b", "password": "a-good-password"}, headers=RUSSIAN
    )
    assert name.status_code == 400, name.text
    assert name.json() == {
        "code": "bad-name",
        "reason": "bad-name",
        "detail": "Это имя нельзя использовать: 'a b' — недопустимое имя: используйте от 3 до 20 "
        "букв, цифр, _ или - (без пробелов)",
    }
    short = client.post("/api/register", json={"name": "ann", "password": "abc"}, headers=GEORGIAN)
    body = short.json()
    assert (body["code"], body["reason"]) == ("bad-password", "password-short")
    assert "პაროლს სჭირდება სულ მცირე 8 სიმბოლო" in body["detail"]


def test_an_engine_the_server_does_not_have_in_russian(hall: Hall) -> None:
    ann = hall.register("ann")
    answer = ann.client.post(
        "/api/computer",
        json={"settings": {"game": "renju"}, "engine": "rapfi"},
        headers={"X-CSRF-Token": ann.csrf or "", **RUSSIAN},
    )
    body = answer.json()
    assert (body["code"], body["reason"]) == ("refused", "no-such-engine"), body
    assert body["detail"].endswith(
        "внешнего движка 'rapfi' для игры «рэндзю» нет: ни один не настроен"
    )


def _bot_action(hall: Hall, token: str, match_id: str, action: dict[str, Any]) -> Any:
    return hall.client().post(
        f"/api/bot/game/{match_id}/action",
        json=action,
        headers={"Authorization": f"Bearer {token}", **RUSSIAN},
    )


def test_a_bot_s_malformed_action_says_its_reason(hall: Hall) -> None:
    ann = hall.register("ann")
    token = ann.ok("post", "/api/tokens", {"name": "bot", "scopes": ["play", "read"]})["token"]
    started = hall.client().post(
        "/api/challenge/ai", json={"game": "renju"}, headers={"Authorization": f"Bearer {token}"}
    )
    match_id = started.json()["match_id"]
    answer = _bot_action(hall, token, match_id, {"kind": "pass", "data": {"now": True}})
    assert answer.status_code == 400
    body = answer.json()
    assert (body["code"], body["reason"]) == ("bad-action", "takes-no-data")
    assert body["detail"].endswith("pass не принимает данных"), body
    usage = _bot_action(hall, token, match_id, {"kind": "offer", "data": {}}).json()
    assert (usage["code"], usage["reason"]) == ("bad-action", "action-usage")
    assert usage["detail"].endswith("предложению offer нужно поле 'point', например 'h8'")


def test_a_spectator_s_action_is_refused_with_its_reason(hall: Hall) -> None:
    match_id, _ = hall.match_between({"game": "renju"})
    watcher = hall.client()
    watcher.cookies.set("gamehall_language", "ru")
    with watcher.websocket_connect(f"/ws/matches/{match_id}", headers={"Origin": ORIGIN}) as ws:
        ws.receive_json()  # hello
        ws.send_json({"type": "action", "kind": "move", "data": {"point": "h8"}, "ref": 3})
        reply = ws.receive_json()
        while reply.get("type") != "error":
            reply = ws.receive_json()
    assert (reply["ref"], reply["code"], reply["reason"]) == (3, "illegal-move", "spectator-acts")
    assert reply["message"].endswith("зрители не могут действовать: это могут только два игрока")
