"""House engines in tournaments: the director enters them before the start, they play their
pairings as computer seats at once, stand in the standings like anybody, and their games are
casual; they withdraw as people do."""

import time
from typing import Any

import pytest

from gamehall.server.config import Config
from server.helpers import Hall, Player, running
from server.test_tournaments import RENJU, notice, user_socket

COMPUTER = "Computer (random)"


def _made(director: Player, **changes: Any) -> int:
    body = {"name": "With a computer", "format": "round-robin", "settings": RENJU, **changes}
    made: int = director.ok("post", "/api/tournaments", body)["tournament"]["id"]
    return made


def _play_against_the_computer(player: Player, match_id: str) -> None:
    """The player comes: the computer has played or plays at once; he plays a stone when it is
    his turn, sees the computer answer it, and resigns."""
    with player.socket(match_id) as socket:
        seat = socket.hello["you"]
        kinds = [entry["kind"] for entry in socket.hello["players"]]
        assert kinds[1 - seat] == "computer" and kinds[seat] == "human"
        if seat == 0:  # black: he plays first, and the computer answers
            socket.act("move", point="h8")
        stones = [_stones(socket.hello)]

        def answered(message: dict[str, Any]) -> bool:
            if message["type"] == "update":
                stones[0] += _stones(message)
            return stones[0] >= (2 if seat == 0 else 1)

        if not answered(socket.hello):
            socket.until(answered)
        socket.act("resign")
        assert socket.reply()["state"]["phase"] == "over"


def _stones(message: dict[str, Any]) -> int:
    return sum(1 for event in message["events"] if event["kind"] == "move")


def test_a_round_robin_with_two_people_and_a_computer_is_played_to_the_end(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    tid = _made(ann, rated=True)
    for player in (ann, bob):
        player.ok("post", f"/api/tournaments/{tid}/join")
    entered = ann.ok("post", f"/api/tournaments/{tid}/computers", {"level": "random"})
    assert entered["players"] == ["ann", "bob", COMPUTER]
    assert entered["tournament"]["computers"] == {COMPUTER: "random"}
    assert set(entered["ratings"]) == {"ann", "bob"}  # a house engine has no rating
    ann.ok("post", f"/api/tournaments/{tid}/start")
    for _ in range(3):  # three rounds, each with one pairing and a bye
        detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
        (pairing,) = [p for p in detail["pairings"] if p["match_status"] == "playing"]
        players = {"ann": ann, "bob": bob}
        if COMPUTER in (pairing["first"], pairing["second"]):
            person = pairing["first"] if pairing["second"] == COMPUTER else pairing["second"]
            _play_against_the_computer(players[person], pairing["match_id"])
        else:
            with bob.socket(pairing["match_id"]) as socket:
                socket.act("resign")
                socket.reply()
        for _ in range(100):
            after = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
            if after["current_round"] > detail["current_round"] or after["winner"] is not None:
                break
            time.sleep(0.1)
    finished = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
    assert finished["tournament"]["status"] == "finished"
    rows = {row["player"]: row["points"] for row in finished["standings"]["rows"]}
    assert rows == {COMPUTER: 2, "ann": 1, "bob": 0}
    assert finished["winner"] == COMPUTER
    # Only the people's game is rated: a game against a house engine moves nobody's rating.
    board = hall.anonymous().ok("get", "/api/ratings/renju")["players"]
    assert {p["player"]: p["games"] for p in board} == {"ann": 1, "bob": 1}


def test_only_the_director_enters_a_computer_and_withdraws_it(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    tid = _made(ann)
    path = f"/api/tournaments/{tid}/computers"
    refused = bob.post(path, {"level": "random"})
    assert refused.status_code == 403 and "only the player who made" in refused.text
    assert ann.post(path, {"level": "grandmaster"}).status_code == 422
    ann.ok("post", path, {"level": "beginner"})
    twice = ann.post(path, {"level": "beginner"})
    assert twice.status_code == 409 and "already" in twice.text
    assert bob.post(f"{path}/beginner/withdraw").status_code == 403
    left = ann.ok("post", f"{path}/beginner/withdraw")
    assert left["players"] == [] and left["tournament"]["computers"] == {}
    gone = ann.post(f"{path}/beginner/withdraw")
    assert gone.status_code == 409 and "not in this tournament" in gone.text


def test_a_computer_withdrawn_while_playing_forfeits_the_rest(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    tid = _made(ann, withdrawal="forfeit-remaining")
    ann.ok("post", f"/api/tournaments/{tid}/join")
    bob.ok("post", f"/api/tournaments/{tid}/join")
    ann.ok("post", f"/api/tournaments/{tid}/computers", {"level": "random"})
    ann.ok("post", f"/api/tournaments/{tid}/start")
    left = ann.ok("post", f"/api/tournaments/{tid}/computers/random/withdraw")
    assert left["withdrawn"] == [COMPUTER]
    against = [p for p in left["pairings"] if COMPUTER in (p["first"], p["second"])]
    assert all(p["result"] is not None for p in against if p["round"] == 1)


def test_an_arena_takes_no_computer(hall: Hall) -> None:
    ann = hall.register("ann")
    tid = _made(ann, format="arena", duration=600)
    refused = ann.post(f"/api/tournaments/{tid}/computers", {"level": "random"})
    assert refused.status_code == 403 and "arenas" in refused.text


def test_the_notices_name_the_computer_by_its_level(hall: Hall) -> None:
    ann = hall.register("ann")
    tid = _made(ann)
    ann.ok("post", f"/api/tournaments/{tid}/join")
    ann.ok("post", f"/api/tournaments/{tid}/computers", {"level": "random"})
    with user_socket(ann) as mine:
        ann.ok("post", f"/api/tournaments/{tid}/start")
        told = notice(mine, "tournament_match", 1)
        assert told["opponent"] == COMPUTER and told["opponent_level"] == "random"
        with ann.socket(told["match_id"]) as socket:
            socket.act("resign")
            socket.reply()
        over = notice(mine, "tournament_over")
    assert over["winner"] == COMPUTER and over["winner_level"] == "random"


def test_the_refusals_are_said_in_the_readers_language(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    tid = _made(ann)
    path = f"/api/tournaments/{tid}/computers"
    bob.client.cookies.set("gamehall_language", "ru")
    refused = bob.post(path, {"level": "random"})
    assert refused.status_code == 403
    assert (
        "записать компьютер в турнир или снять его может только создатель турнира"
        in (refused.json()["detail"])
    )
    ann.client.cookies.set("gamehall_language", "zh_Hans")
    gone = ann.post(f"{path}/random/withdraw")
    assert gone.status_code == 409 and "这个电脑选手不在本锦标赛中" in gone.json()["detail"]


def test_a_computer_plays_on_after_a_restart(config: Config) -> None:
    with running(config) as hall:
        ann = hall.register("ann")
        tid = _made(ann)
        ann.ok("post", f"/api/tournaments/{tid}/join")
        ann.ok("post", f"/api/tournaments/{tid}/computers", {"level": "random"})
        ann.ok("post", f"/api/tournaments/{tid}/start")
    with running(config) as hall:  # a new server: the computer is still in it, and plays
        ann = hall.login("ann")
        detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
        assert detail["tournament"]["computers"] == {COMPUTER: "random"}
        (pairing,) = detail["pairings"]
        _play_against_the_computer(ann, pairing["match_id"])
        for _ in range(100):
            detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
            if detail["tournament"]["status"] == "finished":
                break
            time.sleep(0.1)
    assert detail["winner"] == COMPUTER


@pytest.mark.parametrize(
    "body",
    [
        {"format": "swiss", "rounds": 3},
        {"format": "knockout"},
        {"format": "groups", "group_size": 3, "qualify": 1},
        {"format": "two-stage", "group_size": 3, "qualify": 1},
    ],
)
def test_a_computer_plays_in_every_format(hall: Hall, body: dict[str, Any]) -> None:
    """Five people and a computer: every person loses to the computer, and the later name of
    two people resigns; the computer wins every format (groups: its group)."""
    people = {name: hall.register(name) for name in ("ann", "bob", "cid", "dan", "eve")}
    tid = _made(people["ann"], **body)
    for player in people.values():
        player.ok("post", f"/api/tournaments/{tid}/join")
    people["ann"].ok("post", f"/api/tournaments/{tid}/computers", {"level": "random"})
    people["ann"].ok("post", f"/api/tournaments/{tid}/start")
    for _ in range(300):
        detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
        if detail["tournament"]["status"] == "finished":
            break
        waiting = [p for p in detail["pairings"] if p["match_status"] == "playing"]
        for pairing in waiting:
            # "Computer" sorts before the people's names: the person playing it resigns
            loser = max(pairing["first"], pairing["second"])
            with people[loser].socket(pairing["match_id"]) as socket:
                socket.act("resign")
                socket.reply()
        if not waiting:
            time.sleep(0.1)
    assert detail["tournament"]["status"] == "finished"
    assert all(p["result"] is not None for p in detail["pairings"])
    if body["format"] == "groups":
        assert any(g["rows"][0]["player"] == COMPUTER for g in detail["groups"])
    else:
        assert detail["winner"] == COMPUTER
