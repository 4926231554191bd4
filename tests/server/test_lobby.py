"""The lobby: seeks, challenges and games against the computer, each ending in a match."""

from typing import Any

import pytest

from gamehall.engines import ENGINES, LEVELS, levels_of
from gamehall.play.settings import GAME_NAMES
from gamehall.store import new_matches
from server.helpers import ORIGIN, Hall

BACKGAMMON = {"game": "backgammon", "length": 1}


def test_a_seek_is_listed_and_accepted_by_another_player(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    seek = ann.ok("post", "/api/seeks", {"settings": BACKGAMMON})
    assert seek["user"] == "ann" and seek["settings"]["game"] == "backgammon"
    listed = hall.anonymous().ok("get", "/api/seeks")["seeks"]
    assert [s["id"] for s in listed] == [seek["id"]]

    own = ann.post(f"/api/seeks/{seek['id']}/accept")
    assert own.status_code == 403
    assert own.json()["detail"] == "you cannot accept your own seek"

    match_id = bob.ok("post", f"/api/seeks/{seek['id']}/accept")["match_id"]
    assert hall.anonymous().ok("get", "/api/seeks")["seeks"] == []
    match = hall.anonymous().ok("get", f"/api/matches/{match_id}")
    assert sorted(p["name"] for p in match["match"]["players"]) == ["ann", "bob"]
    assert match["match"]["status"] == "playing"
    assert match["state"]["phase"] == "move"  # the opening roll is made at once

    again = hall.register("carol").post(f"/api/seeks/{seek['id']}/accept")
    assert again.status_code == 409
    live = hall.anonymous().ok("get", "/api/matches?status=live")["matches"]
    assert [m["id"] for m in live] == [match_id]
    mine = hall.anonymous().ok("get", "/api/matches?status=live&user=ann")["matches"]
    assert [m["id"] for m in mine] == [match_id]


def test_only_the_owner_deletes_a_seek(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    seek = ann.ok("post", "/api/seeks", {"settings": {"game": "renju", "length": 2}})
    refused = bob.delete(f"/api/seeks/{seek['id']}")
    assert refused.status_code == 403
    assert "only the player who made a seek" in refused.json()["detail"]
    assert ann.ok("delete", f"/api/seeks/{seek['id']}") == {}
    assert hall.anonymous().ok("get", "/api/seeks")["seeks"] == []
    assert ann.delete(f"/api/seeks/{seek['id']}").status_code == 404


def test_seek_settings_are_checked(hall: Hall) -> None:
    ann = hall.register("ann")
    for settings, status, words in [
        ({"game": "chess"}, 422, "settings.game: Input should be 'backgammon'"),
        ({"game": "renju", "length": 0}, 400, "no money play"),
        ({"game": "nardy", "clock": "fast"}, 400, "is not a time control"),
        ({"game": "nardy", "clock": "fischer:99999999999+0"}, 400, "at most 7 days"),
        ({"game": "renju", "clock": "byoyomi:600+99x30"}, 400, "at most 30 periods"),
        ({"game": "backgammon", "colour": "red"}, 422, "settings.colour: Extra inputs"),
        ({"game": "backgammon", "length": "seven"}, 422, "settings.length: Input should be"),
        ({"game": "backgammon", "length": True}, 422, "settings.length: Input should be"),
        ({"game": "backgammon", "length": 65}, 400, "match length 65"),
        ({"game": "renju", "dice": "fair"}, 400, "renju has no dice"),
    ]:
        response = ann.post("/api/seeks", {"settings": settings})
        assert response.status_code == status, (settings, response.text)
        assert words in response.json()["detail"], (settings, response.text)
    guest = hall.anonymous()
    guest.csrf = guest.client.post("/api/guest").json()["csrf_token"]
    rated = guest.post("/api/seeks", {"settings": BACKGAMMON, "rated": True})
    assert rated.status_code == 403 and "guests play casual games only" in rated.text
    assert hall.anonymous().ok("get", "/api/seeks")["seeks"] == []


def test_a_challenge_accepted(hall: Hall) -> None:
    ann, bob, carol = hall.register("ann"), hall.register("bob"), hall.register("carol")
    challenge = ann.ok("post", "/api/challenges", {"opponent": "bob", "settings": BACKGAMMON})
    assert (challenge["from"], challenge["to"], challenge["status"]) == ("ann", "bob", "open")
    assert [c["id"] for c in bob.ok("get", "/api/challenges")["challenges"]] == [challenge["id"]]
    assert [c["id"] for c in ann.ok("get", "/api/challenges")["challenges"]] == [challenge["id"]]
    assert carol.ok("get", "/api/challenges")["challenges"] == []

    for someone in (ann, carol):
        refused = someone.post(f"/api/challenges/{challenge['id']}/accept")
        assert refused.status_code == 403
        assert refused.json()["detail"] == "only the challenged player can answer a challenge"

    match_id = bob.ok("post", f"/api/challenges/{challenge['id']}/accept")["match_id"]
    players = hall.anonymous().ok("get", f"/api/matches/{match_id}")["match"]["players"]
    assert sorted(p["name"] for p in players) == ["ann", "bob"]
    assert bob.ok("get", "/api/challenges")["challenges"] == []
    twice = bob.post(f"/api/challenges/{challenge['id']}/decline")
    assert twice.status_code == 409


def test_a_challenge_declined(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    challenge = ann.ok("post", "/api/challenges", {"opponent": "BOB", "settings": BACKGAMMON})
    assert ann.post(f"/api/challenges/{challenge['id']}/decline").status_code == 403
    with ann.client.websocket_connect("/ws/user", headers={"Origin": ORIGIN}) as ws:
        assert ws.receive_json()["type"] == "hello"
        assert bob.ok("post", f"/api/challenges/{challenge['id']}/decline") == {}
        notice = ws.receive_json()
    assert notice == {
        "type": "challenge_declined",
        "opponent": "bob",
        "settings": notice["settings"],
        "rated": False,
    }
    assert notice["settings"]["game"] == "backgammon"
    assert ann.ok("get", "/api/challenges")["challenges"] == []
    assert hall.anonymous().ok("get", "/api/matches?status=all")["matches"] == []


def test_challenges_to_nobody_or_oneself(hall: Hall) -> None:
    ann = hall.register("ann")
    nobody = ann.post("/api/challenges", {"opponent": "zed", "settings": BACKGAMMON})
    assert nobody.status_code == 404
    assert nobody.json()["detail"] == "there is no player named zed"
    myself = ann.post("/api/challenges", {"opponent": "ann", "settings": BACKGAMMON})
    assert myself.status_code == 403
    assert myself.json()["detail"] == "you cannot challenge yourself"


def test_a_game_against_the_computer(hall: Hall) -> None:
    ann = hall.register("ann")
    body = {"settings": {"game": "renju"}, "level": "random", "side": 1}
    match_id = ann.ok("post", "/api/computer", body)["match_id"]
    with ann.socket(match_id) as socket:
        assert socket.hello["you"] == 1
        assert socket.hello["players"][0] == {
            "name": "Computer (random)",
            "kind": "computer",
            "level": "random",
            "bot": False,
        }
        state = socket.hello["state"]
        if not state["moves"]:  # the computer, Black, had not moved yet
            state = socket.until("update")["state"]
        assert state["moves"] == ["h8"] and state["to_act"] == 1
    refused = ann.post("/api/computer", {"settings": {"game": "renju"}, "level": "grandmaster"})
    assert refused.status_code == 422 and "level: Input should be" in refused.json()["detail"]


def test_the_computer_plays_every_level_its_engines_have(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The levels the API lists are the engines' levels of each game; a level the game's
    computer does not play is refused in words, one it plays starts a match."""
    ann = hall.register("ann")
    levels = ann.ok("get", "/api/computer/levels")["levels"]
    assert levels == {game: list(levels_of(game)) for game in GAME_NAMES}
    assert all(levels[game] == list(LEVELS) for game in GAME_NAMES)
    # Every game has every level now: take one away to see the refusal.
    game, level = "nardy", "world-class"
    monkeypatch.delitem(ENGINES, (game, level))
    refused = ann.post("/api/computer", {"settings": {"game": game}, "level": level})
    assert refused.status_code == 400
    assert refused.json()["detail"].startswith(
        f"the computer does not play {game} at the {level} level: choose "
    )
    body = {"settings": {"game": "renju"}, "level": "expert", "side": 0}
    match_id = ann.ok("post", "/api/computer", body)["match_id"]
    with ann.socket(match_id) as socket:
        assert socket.hello["players"][1]["level"] == "expert"


def test_the_lobby_needs_a_session(hall: Hall) -> None:
    anonymous = hall.anonymous()
    assert anonymous.post("/api/seeks", {"settings": BACKGAMMON}).status_code == 401
    assert anonymous.post("/api/computer", {"settings": BACKGAMMON}).status_code == 401
    assert anonymous.get("/api/challenges").status_code == 401
    guest = hall.client()
    csrf = guest.post("/api/guest", json={}).json()["csrf_token"]
    response = guest.post(
        "/api/seeks", json={"settings": BACKGAMMON}, headers={"X-CSRF-Token": csrf}
    )
    assert response.status_code == 200


def test_a_seek_or_challenge_whose_match_fails_stays_open(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug 7: accepting took the seek (or challenge) in one transaction and stored the match in
    another; a failure in between lost the offer and made no match. Now both or neither."""
    ann, bob = hall.register("ann"), hall.register("bob")
    seek = ann.ok("post", "/api/seeks", {"settings": BACKGAMMON})
    challenge = ann.ok("post", "/api/challenges", {"opponent": "bob", "settings": BACKGAMMON})

    def broken(*args: Any) -> Any:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(new_matches, "event_rows", broken)
    with pytest.raises(RuntimeError, match="disk is full"):
        bob.post(f"/api/seeks/{seek['id']}/accept")
    with pytest.raises(RuntimeError, match="disk is full"):
        bob.post(f"/api/challenges/{challenge['id']}/accept")
    monkeypatch.undo()
    assert [s["id"] for s in hall.anonymous().ok("get", "/api/seeks")["seeks"]] == [seek["id"]]
    assert [c["id"] for c in bob.ok("get", "/api/challenges")["challenges"]] == [challenge["id"]]
    assert hall.anonymous().ok("get", "/api/matches?status=all")["matches"] == []
    bob.ok("post", f"/api/seeks/{seek['id']}/accept")
    bob.ok("post", f"/api/challenges/{challenge['id']}/accept")
    assert len(hall.anonymous().ok("get", "/api/matches?status=all")["matches"]) == 2


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"crawford": "off"}, "crawford"),
        ({"length": 0, "jacoby": "no"}, "jacoby"),
        ({"clock": 5}, "clock"),
        ({"length": 0, "beavers": 1}, "beavers"),
        ({"length": 0, "cube_cap": "64"}, "cube_cap"),
        ({"game": "nardy", "options": {"bearoff": 1}}, "options.bearoff"),
    ],
)
def test_wrongly_typed_settings_are_refused_not_coerced(
    hall: Hall, settings: dict[str, Any], field: str
) -> None:
    """Bugs 1 and 2: ``"crawford": "off"`` was stored as a truthy string (the Crawford rule
    on), ``"jacoby": "no"`` turned Jacoby on, ``"clock": 5`` answered 500. Each is refused
    with 422, naming the field, from every form that takes settings."""
    ann, bob = hall.register("ann"), hall.register("bob")
    for path, body in [
        ("/api/seeks", {"settings": settings}),
        ("/api/challenges", {"opponent": "bob", "settings": settings}),
        ("/api/computer", {"settings": settings}),
    ]:
        response = ann.post(path, body)
        assert response.status_code == 422, (path, response.text)
        assert f"settings.{field}: " in response.json()["detail"], response.text
    assert hall.anonymous().ok("get", "/api/seeks")["seeks"] == []
    assert bob.ok("get", "/api/challenges")["challenges"] == []
    seek = ann.ok("post", "/api/seeks", {"settings": {"length": 3, "crawford": False}})
    assert seek["settings"]["crawford"] is False
