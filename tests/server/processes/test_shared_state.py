"""What used to live in one process's memory, shared by two real server processes through
Redis: chat, rematch offers and their notices, who is online, and seek expiry."""

import time

import httpx2

from server.processes.clients import Guest, Start, match_between
from support.services import RedisServer, ServerProcess, wait_for


def test_chat_and_a_rematch_across_two_processes(start_servers: Start, redis: RedisServer) -> None:
    """Ann on one process and Bob on the other read each other in the players' chat; Ann
    offers a rematch on hers, Bob hears of it on his user socket and accepts on his, and both
    are told the new match (one match, though each process holds an offer)."""
    one, two = start_servers(2, redis_url=redis.url)
    ann, bob = Guest(one), Guest(two)
    match_id = match_between(ann, one, bob, two, "renju")
    chat = f"/ws/chat/{match_id}"
    with (
        ann.socket(one, chat) as ann_chat,
        bob.socket(two, chat) as bob_chat,
        ann.socket(one, "/ws/user") as ann_user,
        bob.socket(two, "/ws/user") as bob_user,
        ann.socket(one, f"/ws/matches/{match_id}") as board,
    ):
        assert ann_chat.of_type("hello")["room"] == bob_chat.of_type("hello")["room"] == "players"
        ann_user.of_type("hello")
        bob_user.of_type("hello")
        ann_chat.send({"type": "say", "text": "good luck"})
        heard = bob_chat.of_type("chat")
        assert (heard["from"], heard["text"]) == (ann.name, "good luck")
        bob_chat.send({"type": "say", "text": "you too"})
        ann_chat.until(lambda m: m["type"] == "chat" and m["text"] == "you too")

        board.of_type("hello")
        board.act("resign")
        board.until(lambda m: m["type"] == "update" and m["state"]["phase"] == "over")
        path = f"/api/matches/{match_id}/rematch"
        assert ann.call(one, "post", path, {})["status"] == "offered"
        offer = bob_user.of_type("rematch_offer")
        assert (offer["of"], offer["opponent"]) == (match_id, ann.name)
        started = bob.call(two, "post", path, {})
        assert started["status"] == "started"
        told = ann_user.of_type("rematch")
        assert told["match_id"] == bob_user.of_type("rematch")["match_id"] == started["match_id"]
        assert ann.call(one, "post", path, {}) == started  # Ann's process knows it started


def _seeks(server: ServerProcess) -> list[int]:
    return [
        seek["id"] for seek in httpx2.get(server.base + "/api/seeks", timeout=5).json()["seeks"]
    ]


def test_a_seek_stays_while_its_owner_is_on_another_process(
    start_servers: Start, redis: RedisServer
) -> None:
    """With a grace period of 1 s: Ann's seek, made on one process while her user socket is
    on the other, is still up after several looks of every process's keeper; the lobby of
    the first process lists her as online; when Bob accepts another of her seeks there, she is
    told on her socket. Once she closes her socket the seek goes."""
    one, two = start_servers(2, redis_url=redis.url, grace_seconds=1)
    ann, bob = Guest(two), Guest(one)
    with ann.socket(two, "/ws/user") as user, ann.socket(one, "/ws/lobby") as lobby:
        user.of_type("hello")
        lobby.until(lambda m: m["type"] == "online" and ann.name in m["players"])
        seek = ann.call(one, "post", "/api/seeks", {"settings": {"game": "renju"}})
        time.sleep(3.0)  # two grace periods and more: each keeper looked several times
        assert seek["id"] in _seeks(one)
        other = ann.call(one, "post", "/api/seeks", {"settings": {"game": "backgammon"}})
        started = bob.call(one, "post", f"/api/seeks/{other['id']}/accept", {})
        told = user.of_type("seek_accepted")
        assert (told["match_id"], told["opponent"]) == (started["match_id"], bob.name)
    wait_for("the seek taken down", lambda: seek["id"] not in _seeks(one), timeout=15)


def test_a_tournaments_chat_across_two_processes(start_servers: Start, redis: RedisServer) -> None:
    """Ann writes in a tournament's chat on one process, Bob reads it live on the other and
    answers; a page opened later on either reads both lines, from the database."""
    one, two = start_servers(2, redis_url=redis.url)
    ann, bob = Guest(one), Guest(two)
    body = {"name": "Two halls", "format": "round-robin", "settings": {"game": "renju"}}
    tournament = ann.call(one, "post", "/api/tournaments", body)["tournament"]["id"]
    ann.call(one, "post", f"/api/tournaments/{tournament}/join", {})
    bob.call(two, "post", f"/api/tournaments/{tournament}/join", {})
    chat = f"/ws/tournaments/{tournament}/chat"
    with ann.socket(one, chat) as ann_chat, bob.socket(two, chat) as bob_chat:
        assert ann_chat.of_type("hello")["can_write"] and bob_chat.of_type("hello")["can_write"]
        ann_chat.send({"type": "say", "text": "good luck"})
        heard = bob_chat.of_type("chat")
        assert (heard["from"], heard["text"]) == (ann.name, "good luck")
        bob_chat.send({"type": "say", "text": "you too"})
        ann_chat.until(lambda m: m["type"] == "chat" and m["text"] == "you too")
    for server in (one, two):
        with Guest(server).socket(server, chat) as later:
            lines = [(m["from"], m["text"]) for m in later.of_type("hello")["messages"]]
        assert lines == [(ann.name, "good luck"), (bob.name, "you too")]
