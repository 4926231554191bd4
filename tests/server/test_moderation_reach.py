"""An operator's mute reaches every place a player writes (a match's chat, a tournament's, a
private message), and a private message is reported by its recipient, its sender and words
read from the store."""

from typing import Any

from server.helpers import ORIGIN, Hall, Player

RENJU = {"game": "renju", "length": 1}


def _muted(hall: Hall, name: str) -> Player:
    """An operator (``olga``) mutes ``name`` for 30 minutes."""
    hall.register("olga")
    hall.store.moderation.make_operator("olga", "command line")
    olga = hall.login("olga")
    olga.ok("post", f"/api/operator/players/{name}/mute", {"minutes": 30, "reason": "insults"})
    return olga


def _tournament_chat(player: Player, tournament_id: int) -> Any:
    return player.client.websocket_connect(
        f"/ws/tournaments/{tournament_id}/chat", headers={"Origin": ORIGIN}
    )


def test_a_muted_maker_is_refused_in_his_tournaments_chat(hall: Hall) -> None:
    mia = hall.register("mia")
    body = {"name": "Winter Swiss", "format": "swiss", "rounds": 2, "settings": RENJU}
    tournament = int(mia.ok("post", "/api/tournaments", body)["tournament"]["id"])
    _muted(hall, "mia")
    with _tournament_chat(mia, tournament) as chat:
        assert chat.receive_json()["can_write"]
        chat.send_json({"type": "say", "text": "welcome"})
        refused = chat.receive_json()
    assert (refused["type"], refused["code"]) == ("error", "muted")
    with _tournament_chat(hall.anonymous(), tournament) as later:
        assert later.receive_json()["messages"] == []


def test_a_muted_player_sends_no_private_message(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    ann.ok("post", "/api/messages/bob", {"text": "before"})
    _muted(hall, "ann")
    refused = ann.client.post(
        "/api/messages/bob",
        json={"text": "after"},
        headers={"X-CSRF-Token": ann.csrf or "", "Accept-Language": "ru"},
    )
    assert (refused.status_code, refused.json()["code"]) == (403, "muted")
    assert "операторы сайта" in refused.json()["detail"]
    assert [m["text"] for m in bob.ok("get", "/api/messages/ann")["messages"]] == ["before"]


def test_a_private_message_is_reported_by_its_recipient_only(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    hall.register("cid")
    cid = hall.login("cid")
    sent = ann.ok("post", "/api/messages/bob", {"text": "you are a potato"})
    subject = {"kind": "message", "message_id": sent["id"]}
    for stranger in (ann, cid):  # the sender, and one it was not sent to
        answer = stranger.post("/api/reports", {"subject": subject, "category": "abuse"})
        assert (answer.status_code, answer.json()["code"]) == (404, "no-such-message")
    bob.ok("post", "/api/reports", {"subject": subject, "category": "abuse"})
    olga = _muted(hall, "cid")
    groups = olga.ok("get", "/api/operator/reports")["groups"]
    assert len(groups) == 1
    assert (groups[0]["kind"], groups[0]["player"]) == ("message", "ann")
    assert groups[0]["quoted"] == "you are a potato"
