"""A challenger withdraws his challenge before it is answered."""

from server.helpers import Hall

BACKGAMMON = {"game": "backgammon", "length": 1}


def test_the_challenger_withdraws_a_challenge(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    challenge = ann.ok("post", "/api/challenges", {"opponent": "bob", "settings": BACKGAMMON})
    refused = bob.post(f"/api/challenges/{challenge['id']}/withdraw")
    assert refused.status_code == 403
    assert "only the player who made a challenge" in refused.json()["detail"]
    assert ann.ok("post", f"/api/challenges/{challenge['id']}/withdraw") == {}
    assert ann.ok("get", "/api/challenges")["challenges"] == []
    assert bob.ok("get", "/api/challenges")["challenges"] == []
    late = bob.post(f"/api/challenges/{challenge['id']}/accept")
    assert late.status_code == 409
    again = ann.post(f"/api/challenges/{challenge['id']}/withdraw")
    assert again.status_code == 409 and "withdrawn already" in again.json()["detail"]
    assert ann.post("/api/challenges/999/withdraw").status_code == 404


def test_an_answered_challenge_cannot_be_withdrawn(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    challenge = ann.ok("post", "/api/challenges", {"opponent": "bob", "settings": BACKGAMMON})
    bob.ok("post", f"/api/challenges/{challenge['id']}/decline")
    late = ann.post(f"/api/challenges/{challenge['id']}/withdraw")
    assert late.status_code == 409 and "declined already" in late.json()["detail"]
