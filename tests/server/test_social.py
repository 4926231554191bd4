"""Following players, private messages and blocks through the API and the user socket."""

from collections.abc import Iterator
from contextlib import contextmanager

from gamehall.server.config import Config
from gamehall.server.follow_push import FollowWatch
from server.helpers import Hall, Player, Socket, running

ORIGIN = {"Origin": "http://testserver"}


@contextmanager
def user_socket(player: Player) -> Iterator[Socket]:
    with player.client.websocket_connect("/ws/user", headers=ORIGIN) as ws:
        yield Socket(ws)


def test_follow_list_says_who_is_online_and_what_they_play(hall: Hall) -> None:
    match_id, players = hall.match_between({"game": "renju", "length": 1})
    carol = hall.register("carol")
    assert carol.ok("post", "/api/follows/ANN") == {}
    carol.ok("post", "/api/follows/ann")
    listed = carol.ok("get", "/api/follows")["players"]
    assert listed == [
        {
            "name": "ann",
            "bot": False,
            "online": False,
            "playing": [{"match_id": match_id, "game": "renju", "opponent": "bob"}],
        }
    ]
    ann = next(p for p in players.values() if p.name == "ann")
    with user_socket(ann):
        assert carol.ok("get", "/api/follows")["players"][0]["online"] is True
    carol.ok("delete", "/api/follows/ann")
    assert carol.ok("get", "/api/follows")["players"] == []


def test_following_nobody_oneself_or_without_logging_in_is_refused(hall: Hall) -> None:
    ann = hall.register("ann")
    missing = ann.post("/api/follows/zed")
    assert (missing.status_code, missing.json()["code"]) == (404, "no-such-player")
    own = ann.post("/api/follows/ann")
    assert (own.status_code, own.json()["code"]) == (403, "not-allowed")
    assert hall.anonymous().get("/api/follows").status_code == 401
    assert ann.ok("get", "/api/follows")["players"] == []


def test_the_watch_tells_followers_who_came_online_and_started_a_match(hall: Hall) -> None:
    ann, bob, carol = hall.register("ann"), hall.register("bob"), hall.register("carol")
    carol.ok("post", "/api/follows/ann")
    ann.ok("post", "/api/follows/bob")  # ann plays bob: she is not told of her own match
    services = hall.services
    watch = FollowWatch(services.store, services.channels, services.workers)
    look = lambda: hall.main.portal.call(watch.look)  # noqa: E731
    with user_socket(carol) as carols, user_socket(ann) as anns:
        look()  # the first look only learns what is so
        with user_socket(bob):
            seek = ann.ok("post", "/api/seeks", {"settings": {"game": "renju", "length": 1}})
            match_id = bob.ok("post", f"/api/seeks/{seek['id']}/accept")["match_id"]
            look()
            assert anns.until("followed_online") == {"type": "followed_online", "name": "bob"}
            playing = carols.until("followed_playing")
            assert playing == {
                "type": "followed_playing",
                "name": "ann",
                "match_id": match_id,
                "game": "renju",
                "opponent": "bob",
            }
            look()  # nothing new: nothing told
            anns.send({"type": "ping"})
            assert anns.until(lambda m: m["type"] != "seek_accepted")["type"] == "pong"


def test_a_message_is_stored_then_told_live_and_read(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    with user_socket(bob) as bobs, user_socket(ann) as anns:
        sent = ann.ok("post", "/api/messages/Bob", {"text": " hello\u202e bob\u200b \n"})
        assert sent["from"] == "ann" and sent["to"] == "bob"
        assert sent["text"] == "hello bob" and sent["read"] is False
        assert isinstance(sent["id"], int)
        told = bobs.until("message")
        assert told == {"type": "message", "message": sent}
        assert anns.until("message")["message"]["id"] == sent["id"]  # her other tabs
    listed = bob.ok("get", "/api/messages")
    assert listed["unread"] == 1
    assert listed["conversations"][0]["name"] == "ann"
    assert listed["conversations"][0]["unread"] == 1
    talk = bob.ok("get", "/api/messages/ann")
    assert [m["id"] for m in talk["messages"]] == [sent["id"]]
    assert talk["older"] is False and talk["blocked"] is False
    assert bob.ok("get", "/api/messages")["unread"] == 0


def test_a_conversation_is_paged(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    ids = [ann.ok("post", "/api/messages/bob", {"text": f"m{i}"})["id"] for i in range(5)]
    page = bob.ok("get", "/api/messages/ann?limit=2")
    assert [m["text"] for m in page["messages"]] == ["m3", "m4"] and page["older"] is True
    older = bob.ok("get", f"/api/messages/ann?limit=3&before={ids[3]}")
    assert [m["text"] for m in older["messages"]] == ["m0", "m1", "m2"]
    assert older["older"] is False


def test_bad_messages_are_refused_and_nothing_is_stored(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    for text, code in (
        (" \u200b\n", "message-empty"),
        ("x" * 501, "message-too-long"),
    ):
        answer = ann.post("/api/messages/bob", {"text": text})
        assert (answer.status_code, answer.json()["code"]) == (400, code)
    assert ann.post("/api/messages/zed", {"text": "hi"}).json()["code"] == "no-such-player"
    assert ann.post("/api/messages/ann", {"text": "me"}).status_code == 403
    guest = Player(hall, hall.client(), "", None)
    made = guest.client.post("/api/guest")
    guest.csrf = made.json()["csrf_token"]
    refused = guest.post("/api/messages/bob", {"text": "hi"})
    assert (refused.status_code, refused.json()["code"]) == (403, "guests-no-messages")
    assert bob.ok("get", "/api/messages") == {"conversations": [], "unread": 0}


def test_messages_are_rate_limited_per_account(config: Config) -> None:
    with running(config, rate_messages="2/minute") as hall:
        ann, bob = hall.register("ann"), hall.register("bob")
        ann.ok("post", "/api/messages/bob", {"text": "one"})
        ann.ok("post", "/api/messages/bob", {"text": "two"})
        third = ann.post("/api/messages/bob", {"text": "three"})
        assert third.status_code == 429
        assert "too many private messages" in third.json()["detail"]
        assert len(bob.ok("get", "/api/messages/ann")["messages"]) == 2


def test_a_block_refuses_messages_and_challenges_until_lifted(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    assert bob.ok("post", "/api/blocks/ann") == {"names": ["ann"]}
    assert bob.ok("get", "/api/blocks") == {"names": ["ann"]}
    refused = ann.post("/api/messages/bob", {"text": "hello"})
    assert refused.status_code == 403
    assert refused.json() == {
        "code": "blocked",
        "reason": "message-blocked",
        "detail": "your message was not sent: bob has blocked you",
    }
    russian = ann.client.post(
        "/api/messages/bob",
        json={"text": "hello"},
        headers={"X-CSRF-Token": ann.csrf or "", "Accept-Language": "ru"},
    )
    assert russian.json()["code"] == "blocked" and "bob" in russian.json()["detail"]
    assert "blocked" not in russian.json()["detail"]
    challenge = ann.post("/api/challenges", {"opponent": "bob", "settings": {}})
    assert challenge.status_code == 403
    assert challenge.json() == {
        "code": "blocked",
        "reason": "challenge-blocked",
        "detail": "you cannot challenge bob: they have blocked you",
    }
    assert bob.ok("get", "/api/messages/ann")["blocked"] is True
    bob.ok("post", "/api/messages/ann", {"text": "I may still write"})
    assert bob.ok("delete", "/api/blocks/ann") == {"names": []}
    ann.ok("post", "/api/messages/bob", {"text": "thanks"})
    ann.ok("post", "/api/challenges", {"opponent": "bob", "settings": {}})
    assert bob.ok("get", "/api/messages/ann")["blocked"] is False


def test_the_watch_reads_nothing_while_nobody_is_here_to_tell(hall: Hall) -> None:
    ann, carol = hall.register("ann"), hall.register("carol")
    carol.ok("post", "/api/follows/ann")
    services = hall.services
    watch = FollowWatch(services.store, services.channels, services.workers)
    look = lambda: hall.main.portal.call(watch.look)  # noqa: E731
    look()  # no socket here: nothing is read, so nothing is learnt either
    with user_socket(carol) as carols, user_socket(ann):
        look()  # only learns what is so: ann's coming is not news
        carols.send({"type": "ping"})
        assert carols.receive()["type"] == "pong"
        with user_socket(hall.register("bob")):
            carol.ok("post", "/api/follows/bob")
            look()
            assert carols.until("followed_online") == {"type": "followed_online", "name": "bob"}
