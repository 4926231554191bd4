"""Tournaments on the server: made, entered and started through the API; the director pairs
round after round as results arrive, starts the matches, tells the players on their own
socket, forfeits a player who does not come, and finishes; a restart loses nothing."""

import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from gamehall.play.settings import MatchSettings
from gamehall.server.config import Config
from gamehall.server.tournament_director import forfeit_of, result_of
from gamehall.store.tournaments import TournamentGame
from gamehall.tournaments import Result, TournamentSettings
from server.helpers import ORIGIN, Hall, Player, Socket, running, tables_choice

RENJU = {"game": "renju", "length": 1}
NAMES = ("ann", "bob", "cid", "dan")


def swiss(**changes: Any) -> dict[str, Any]:
    return {"name": "Autumn Swiss", "format": "swiss", "rounds": 3, "settings": RENJU, **changes}


@contextmanager
def user_socket(player: Player) -> Iterator[Socket]:
    """The player's own socket, its hello read."""
    with player.client.websocket_connect("/ws/user", headers={"Origin": ORIGIN}) as ws:
        yield Socket(ws)


def notice(socket: Socket, kind: str, round: int | None = None) -> dict[str, Any]:
    return socket.until(lambda m: m["type"] == kind and (round is None or m["round"] == round))


def play_round(
    players: dict[str, Player],
    sockets: dict[str, Socket],
    round: int,
    notices: dict[str, dict[str, Any]] | None = None,
) -> list[tuple[str, str]]:
    """Every player learns their match of ``round`` on their own socket (unless ``notices``
    were read already) and comes to it; in each, the player whose name comes later resigns.
    Returns the pairings (first, second)."""
    if notices is None:
        notices = {name: notice(sockets[name], "tournament_match", round) for name in players}
    pairs = []
    for name, told in notices.items():
        if told["seat"] != 0:
            continue
        other = told["opponent"]
        assert notices[other]["match_id"] == told["match_id"] and notices[other]["seat"] == 1
        pairs.append((name, other))
        with (
            players[name].socket(told["match_id"]) as first,
            players[other].socket(told["match_id"]) as second,
        ):
            loser = first if name > other else second
            loser.act("resign")
            assert loser.reply()["state"]["phase"] == "over"
    return pairs


def enter(hall: Hall, body: dict[str, Any]) -> tuple[dict[str, Player], int]:
    players = {name: hall.register(name) for name in NAMES}
    made = players["ann"].ok("post", "/api/tournaments", body)["tournament"]
    for player in players.values():
        player.ok("post", f"/api/tournaments/{made['id']}/join")
    return players, made["id"]


def test_a_rated_swiss_is_played_to_the_end(hall: Hall) -> None:
    players, tid = enter(hall, swiss(rated=True))
    with ExitStack() as stack:
        sockets = {n: stack.enter_context(user_socket(p)) for n, p in players.items()}
        started = players["ann"].ok("post", f"/api/tournaments/{tid}/start")
        assert started["tournament"]["status"] == "running" and started["current_round"] == 1
        met = set()
        for round in (1, 2, 3):
            for name in NAMES:
                assert notice(sockets[name], "tournament_round", round)["byes"] == []
            for pair in play_round(players, sockets, round):
                assert frozenset(pair) not in met  # nobody meets twice
                met.add(frozenset(pair))
        over = notice(sockets["dan"], "tournament_over")
    assert over["winner"] == "ann"
    detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
    assert detail["tournament"]["status"] == "finished" and detail["winner"] == "ann"
    assert len(detail["pairings"]) == 6
    assert all(
        p["result"]["outcome"] in ("1-0", "0-1") and p["match_id"] for p in detail["pairings"]
    )
    rows = detail["standings"]["rows"]
    assert rows[0]["player"] == "ann" and rows[0]["points"] == 3
    assert rows[-1]["player"] == "dan" and rows[-1]["points"] == 0
    assert "buchholz" in detail["standings"]["tiebreaks"] and "buchholz" in rows[0]["tiebreaks"]
    board = hall.anonymous().ok("get", "/api/ratings/renju")["players"]
    assert board[0]["player"] == "ann" and len(board) == 4
    assert all(p["games"] == 3 and p["display"].endswith("?") for p in board)
    ratings = hall.anonymous().ok("get", "/api/users/ann/ratings")
    assert len(ratings["history"]["renju"]) == 3
    lists = hall.anonymous().ok("get", "/api/tournaments")
    assert [t["id"] for t in lists["finished"]] == [tid] and lists["running"] == []


def test_a_swiss_goes_on_after_a_restart(config: Config) -> None:
    with running(config) as hall:
        players, tid = enter(hall, swiss())
        with ExitStack() as stack:
            sockets = {n: stack.enter_context(user_socket(p)) for n, p in players.items()}
            players["ann"].ok("post", f"/api/tournaments/{tid}/start")
            play_round(players, sockets, 1)
            waiting = {n: notice(s, "tournament_match", 2) for n, s in sockets.items()}
    with running(config) as hall:  # a new server on the same database
        players = {name: hall.login(name) for name in NAMES}
        with ExitStack() as stack:
            sockets = {n: stack.enter_context(user_socket(p)) for n, p in players.items()}
            # A player who connects is told the match waiting for them, as before the restart.
            again = {n: notice(s, "tournament_match", 2) for n, s in sockets.items()}
            assert {n: m["match_id"] for n, m in again.items()} == {
                n: m["match_id"] for n, m in waiting.items()
            }
            play_round(players, sockets, 2, again)
            play_round(players, sockets, 3)
            notice(sockets["ann"], "tournament_over")
        detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
    assert detail["tournament"]["status"] == "finished" and len(detail["pairings"]) == 6
    assert detail["standings"]["rows"][0]["player"] == "ann"


def test_a_player_who_does_not_come_loses_by_forfeit(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    body = {
        "name": "Quick",
        "format": "round-robin",
        "settings": RENJU,
        "grace_seconds": 1,
        "rated": True,
    }
    tid = ann.ok("post", "/api/tournaments", body)["tournament"]["id"]
    ann.ok("post", f"/api/tournaments/{tid}/join")
    bob.ok("post", f"/api/tournaments/{tid}/join")
    with user_socket(ann) as mine:
        ann.ok("post", f"/api/tournaments/{tid}/start")
        told = notice(mine, "tournament_match", 1)
        with ann.socket(told["match_id"]) as socket:  # ann comes; bob never does
            ended = socket.until(lambda m: m["type"] == "update" and m["state"]["phase"] == "over")
        assert ended["state"]["end_reason"] == "no-show"
        assert ended["state"]["winner"] == told["seat"]
        assert notice(mine, "tournament_over")["winner"] == "ann"
    detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
    expected = "+-" if told["seat"] == 0 else "-+"
    assert [p["result"]["outcome"] for p in detail["pairings"]] == [expected]
    # A no-show is not a rated result, though the tournament is rated.
    assert hall.anonymous().ok("get", "/api/ratings/renju")["players"] == []


def test_the_user_socket_needs_a_session_and_takes_only_pings(hall: Hall) -> None:
    anonymous = hall.anonymous()
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        anonymous.client.websocket_connect("/ws/user", headers={"Origin": ORIGIN}) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4401
    ann = hall.register("ann")
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        ann.client.websocket_connect("/ws/user", headers={"Origin": "https://evil.example"}) as ws,
    ):
        ws.receive_json()
    assert refused.value.code == 1008
    with user_socket(ann) as socket:
        assert socket.hello == {"type": "hello", "user": "ann"}
        socket.send({"type": "ping"})
        assert socket.receive()["type"] == "pong"
        socket.send({"type": "action", "kind": "resign"})
        assert socket.receive() == {
            "type": "error",
            "ref": None,
            "code": "pings-only",
            "message": "this socket only takes pings",
        }


def test_a_knockout_gives_the_top_seed_a_bye(hall: Hall) -> None:
    players = {name: hall.register(name) for name in NAMES[:3]}
    body = {"name": "Cup", "format": "knockout", "settings": RENJU}
    tid = players["ann"].ok("post", "/api/tournaments", body)["tournament"]["id"]
    for player in players.values():
        player.ok("post", f"/api/tournaments/{tid}/join")
    with ExitStack() as stack:
        sockets = {n: stack.enter_context(user_socket(p)) for n, p in players.items()}
        players["ann"].ok("post", f"/api/tournaments/{tid}/start")
        assert notice(sockets["ann"], "tournament_round", 1)["byes"] == ["ann"]
        told = {n: notice(sockets[n], "tournament_match", 1) for n in ("bob", "cid")}
        first = next(n for n, m in told.items() if m["seat"] == 0)
        second = told[first]["opponent"]
        with (
            players[first].socket(told[first]["match_id"]) as a,
            players[second].socket(told[first]["match_id"]),
        ):
            a.act("resign")
            a.reply()
        final = {n: notice(sockets[n], "tournament_match", 2) for n in ("ann", second)}
        assert final["ann"]["opponent"] == second
    detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
    first_pairing = detail["pairings"][0]
    assert (first_pairing["round"], first_pairing["second"]) == (1, None)
    assert detail["tournament"]["status"] == "running"


def test_tournament_requests_are_checked_in_words(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    for body, status, words in [
        ({**swiss(), "rounds": None}, 400, "a Swiss needs a number of rounds"),
        ({**swiss(), "format": "ladder"}, 422, "format: Input should be"),
        ({**swiss(), "rounds": "3"}, 422, "rounds: Input should be a valid integer"),
        ({**swiss(), "rated": "yes"}, 422, "rated: Input should be a valid boolean"),
        ({**swiss(), "starts_at": "tomorrow"}, 400, "is not a time with its zone"),
        ({**swiss(), "tiebreaks": ["coin"]}, 422, "tiebreaks.0: Input should be"),
        ({**swiss(), "group_size": 2}, 400, "group_size must be a whole number from 3 to 16"),
        (
            {**swiss(), "settings": {"game": "backgammon", "length": 0}},
            400,
            "money play never ends",
        ),
    ]:
        response = ann.post("/api/tournaments", body)
        assert response.status_code == status, (body, response.text)
        assert words in response.json()["detail"], (body, response.text)
    tid = ann.ok("post", "/api/tournaments", swiss())["tournament"]["id"]
    groups = ann.ok("post", "/api/tournaments", {**swiss(), "format": "groups", "rounds": None})
    assert groups["tournament"]["settings"]["group_size"] is None  # groups of 8 to 10
    assert hall.anonymous().post(f"/api/tournaments/{tid}/join").status_code == 401
    ann.ok("post", f"/api/tournaments/{tid}/join")
    refused = ann.post(f"/api/tournaments/{tid}/start")
    assert refused.status_code == 409 and "needs 2 players or more" in refused.text
    bob.ok("post", f"/api/tournaments/{tid}/join")
    refused = bob.post(f"/api/tournaments/{tid}/start")
    assert refused.status_code == 403 and "only the player who made" in refused.text
    assert bob.ok("post", f"/api/tournaments/{tid}/leave")["players"] == ["ann"]
    bob.ok("post", f"/api/tournaments/{tid}/join")
    ann.ok("post", f"/api/tournaments/{tid}/start")
    late = hall.register("cid").post(f"/api/tournaments/{tid}/join")
    assert late.status_code == 409 and "entries are closed" in late.text
    assert hall.anonymous().get("/api/tournaments/999").status_code == 404
    assert "there is no tournament 999" in hall.anonymous().get("/api/tournaments/999").text


def test_guests_play_casual_only_and_rated_seeks_are_rated(hall: Hall) -> None:
    guest = hall.anonymous()
    guest.csrf = guest.client.post("/api/guest").json()["csrf_token"]
    refused = guest.post("/api/tournaments", swiss(rated=True))
    assert refused.status_code == 403 and "guests play casual games only" in refused.text
    ann, bob = hall.register("ann"), hall.register("bob")
    rated = ann.ok("post", "/api/tournaments", swiss(rated=True))["tournament"]["id"]
    refused = guest.post(f"/api/tournaments/{rated}/join")
    assert refused.status_code == 403 and "this tournament is rated" in refused.text
    seek = ann.ok("post", "/api/seeks", {"settings": RENJU, "rated": True})
    assert seek["rated"] is True
    match_id = bob.ok("post", f"/api/seeks/{seek['id']}/accept")["match_id"]
    with ann.socket(match_id) as socket:
        socket.act("resign")
        socket.reply()
    board = hall.anonymous().ok("get", "/api/ratings/renju")["players"]
    assert [p["player"] for p in board] == ["bob", "ann"]
    assert hall.anonymous().ok("get", "/api/users/bob/ratings")["ratings"][0]["games"] == 1


def play_through(hall: Hall, players: dict[str, Player], tid: int) -> dict[str, Any]:
    """Play every match of the tournament as its pairings come, the later name resigning
    each; returns the finished tournament."""
    for _ in range(200):
        detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
        if detail["tournament"]["status"] == "finished":
            return detail
        waiting = [p for p in detail["pairings"] if p["match_status"] == "playing"]
        for pairing in waiting:
            loser = max(pairing["first"], pairing["second"])
            with players[loser].socket(pairing["match_id"]) as socket:
                socket.act("resign")
                socket.reply()
        if not waiting:
            time.sleep(0.1)
    raise AssertionError("the tournament did not finish")


@pytest.mark.parametrize(
    ("body", "count", "rounds"),
    [
        ({"format": "round-robin"}, 3, 3),
        ({"format": "round-robin", "double": True}, 3, 6),
        ({"format": "groups", "group_size": 3, "qualify": 1}, 6, 3),
        ({"format": "knockout"}, 5, 3),
        ({"format": "two-stage", "group_size": 3, "qualify": 1}, 6, 4),
        ({"format": "two-stage", "group_size": 3, "qualify": 1, "final": "round-robin"}, 6, 4),
        ({"format": "swiss", "rounds": 4}, 5, 4),
    ],
)
def test_every_format_runs_to_the_end_on_the_server(
    hall: Hall, body: dict[str, Any], count: int, rounds: int
) -> None:
    names = [f"p{i}{n}" for i, n in enumerate("abcdefgh"[:count])]
    players = {name: hall.register(name) for name in names}
    made = players[names[0]].ok(
        "post", "/api/tournaments", {"name": "All of them", "settings": RENJU, **body}
    )
    tid = made["tournament"]["id"]
    for player in players.values():
        player.ok("post", f"/api/tournaments/{tid}/join")
    players[names[0]].ok("post", f"/api/tournaments/{tid}/start")
    detail = play_through(hall, players, tid)
    assert detail["current_round"] == rounds
    assert all(p["result"] is not None for p in detail["pairings"])
    if body["format"] != "groups":
        assert detail["winner"] == names[0]  # the first name never resigns
    if body["format"] in ("groups", "two-stage"):
        assert len(detail["groups"]) == 2
        assert all(sum(r["qualified"] for r in g["rows"]) == 1 for g in detail["groups"])


def test_a_tournament_starts_by_itself_at_its_time(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    soon = (datetime.now(UTC) + timedelta(seconds=1)).isoformat()
    body = {"name": "At noon", "format": "round-robin", "settings": RENJU, "starts_at": soon}
    made = ann.ok("post", "/api/tournaments", body)["tournament"]
    assert made["starts_at"] is not None and made["status"] == "open"
    ann.ok("post", f"/api/tournaments/{made['id']}/join")
    with user_socket(bob) as socket:
        bob.ok("post", f"/api/tournaments/{made['id']}/join")
        told = notice(socket, "tournament_match", 1)
    assert told["opponent"] == "ann" and told["tournament"]["name"] == "At noon"
    status = hall.anonymous().ok("get", f"/api/tournaments/{made['id']}")["tournament"]["status"]
    assert status == "running"


@pytest.mark.parametrize(
    ("game", "winner", "score", "outcome", "kept"),
    [
        ("renju", 0, (1.0, 0.0), "1-0", (1.0, 0.0)),
        ("renju", None, (0.5, 0.5), "1/2-1/2", (0.5, 0.5)),
        ("backgammon", 1, (3.0, 5.0), "0-1", (3.0, 5.0)),
        ("backgammon", 0, (0.0, 0.0), "1-0", None),  # won on a flag before any point
        ("backgammon", None, None, "--", None),
    ],
)
def test_a_finished_match_gives_its_tournament_result(
    game: str,
    winner: int | None,
    score: tuple[float, float] | None,
    outcome: str,
    kept: tuple[float, float] | None,
) -> None:
    settings = TournamentSettings("knockout", MatchSettings.from_dict({"game": game, "length": 5}))  # type: ignore[arg-type]
    match = TournamentGame(1, 1, 1, "m1", "over", winner, score, datetime.now(UTC))
    assert result_of(match, settings) == Result(outcome, kept)  # type: ignore[arg-type]
    assert forfeit_of([1]) == Result("+-") and forfeit_of([0, 1]) == Result("--")


def test_results_that_came_while_no_director_ran_are_recorded_after_a_restart(
    config: Config,
) -> None:
    with running(config) as hall:
        players, tid = enter(hall, swiss())
        with ExitStack() as stack:
            sockets = {n: stack.enter_context(user_socket(p)) for n, p in players.items()}
            players["ann"].ok("post", f"/api/tournaments/{tid}/start")
            told = {n: notice(s, "tournament_match", 1) for n, s in sockets.items()}
            # The director stops (as if the server died now); the matches are still played.
            hall.main.portal.call(hall.services.director.stop)
            play_round(players, sockets, 1, told)
        stalled = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
        assert stalled["current_round"] == 1
        assert all(p["result"] is None for p in stalled["pairings"])
        assert all(p["match_status"] == "over" for p in stalled["pairings"])
    with running(config) as hall:  # a new server: it records round 1 and pairs round 2
        players = {name: hall.login(name) for name in NAMES}
        with ExitStack() as stack:
            sockets = {n: stack.enter_context(user_socket(p)) for n, p in players.items()}
            play_round(players, sockets, 2)
            play_round(players, sockets, 3)
            assert notice(sockets["bob"], "tournament_over")["winner"] == "ann"
        detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
    assert [p["round"] for p in detail["pairings"]] == [1, 1, 2, 2, 3, 3]
    assert all(p["result"]["outcome"] in ("1-0", "0-1") for p in detail["pairings"])


def test_a_roll_the_rules_make_for_an_absent_player_is_not_his_coming(hall: Hall) -> None:
    # A 1-point backgammon match rolls for the player on turn by itself (no cube to turn):
    # once the first player has played, that roll names the second, who never came, and must
    # not count as his coming.
    players = {name: hall.register(name) for name in ("ann", "bob")}
    settings = {"game": "backgammon", "length": 1}
    body = {"name": "Dice", "format": "round-robin", "settings": settings, "grace_seconds": 2}
    tid = players["ann"].ok("post", "/api/tournaments", body)["tournament"]["id"]
    for player in players.values():
        player.ok("post", f"/api/tournaments/{tid}/join")
    with user_socket(players["ann"]) as ann, user_socket(players["bob"]) as bob:
        players["ann"].ok("post", f"/api/tournaments/{tid}/start")
        told = {
            "ann": notice(ann, "tournament_match", 1),
            "bob": notice(bob, "tournament_match", 1),
        }
    first = next(name for name, m in told.items() if m["seat"] == 0)
    with players[first].socket(told[first]["match_id"]) as socket:
        message = socket.hello
        while message["state"]["phase"] != "over":
            choice = tables_choice(message)
            if choice is not None:
                socket.act(choice[0], **choice[1])
            message = socket.until("update")
    assert message["state"]["end_reason"] == "no-show"
    detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
    assert detail["winner"] == first
    assert detail["pairings"][0]["result"]["outcome"] == "+-"


def test_a_player_who_withdraws_mid_tournament_forfeits_the_rest(hall: Hall) -> None:
    players = {name: hall.register(name) for name in ("ann", "bob", "cid")}
    body = {"name": "Three", "format": "round-robin", "settings": RENJU}
    tid = players["ann"].ok("post", "/api/tournaments", body)["tournament"]["id"]
    for player in players.values():
        player.ok("post", f"/api/tournaments/{tid}/join")
    players["ann"].ok("post", f"/api/tournaments/{tid}/start")
    first = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
    (playing,) = [p for p in first["pairings"] if p["second"] is not None]
    gone = max(playing["first"], playing["second"])  # bob or cid: a player of round 1
    left = players[gone].ok("post", f"/api/tournaments/{tid}/leave")
    assert left["withdrawn"] == [gone]
    refused = players[gone].post(f"/api/tournaments/{tid}/leave")
    assert refused.status_code == 400 and "already withdrawn" in refused.text
    outsider = hall.register("dan").post(f"/api/tournaments/{tid}/leave")
    assert outsider.status_code == 403 and "not in this tournament" in outsider.text
    # The match he was playing ends: he lost it, as a withdrawal.
    state = hall.anonymous().ok("get", f"/api/matches/{playing['match_id']}")["state"]
    assert state["phase"] == "over" and state["end_reason"] == "withdrawn"
    assert state["winner"] == [playing["first"], playing["second"]].index(
        min(playing["first"], playing["second"])
    )
    detail = play_through(hall, players, tid)
    rows = detail["standings"]["rows"]
    assert rows[-1]["player"] == gone and rows[-1]["annulled"] and rows[-1]["points"] == 0
    assert detail["winner"] == "ann"
    assert all(
        p["result"]["outcome"] in ("+-", "-+", "bye")
        for p in detail["pairings"]
        if gone in (p["first"], p["second"])
    )
    # His later pairings were forfeited unplayed: their reason is a code, said by the pages.
    later = [
        p
        for p in detail["pairings"]
        if gone in (p["first"], p["second"]) and p["round"] > 1 and p["second"] is not None
    ]
    assert later and all(p["result"]["reason"] == "withdrawn" for p in later)


def test_a_drawn_renju_pairing_is_recorded_as_a_draw(hall: Hall) -> None:
    players = {name: hall.register(name) for name in ("ann", "bob")}
    made = players["ann"].ok("post", "/api/tournaments", swiss(rounds=1))["tournament"]
    for player in players.values():
        player.ok("post", f"/api/tournaments/{made['id']}/join")
    with ExitStack() as stack:
        sockets = {n: stack.enter_context(user_socket(p)) for n, p in players.items()}
        players["ann"].ok("post", f"/api/tournaments/{made['id']}/start")
        told = {name: notice(sockets[name], "tournament_match", 1) for name in players}
        first = next(name for name in players if told[name]["seat"] == 0)
        second = told[first]["opponent"]
        match_id = told[first]["match_id"]
        with players[first].socket(match_id) as black, players[second].socket(match_id) as white:
            black.act("move", point="h8")
            black.reply()
            white.until("update")
            white.act("offer_draw")
            white.reply()
            black.until("update")
            black.act("accept")
            state = black.reply()["state"]
        assert state["phase"] == "over" and state["winner"] is None
        assert state["score"] == [0.5, 0.5]
        notice(sockets["ann"], "tournament_over")
    detail = hall.anonymous().ok("get", f"/api/tournaments/{made['id']}")
    assert [p["result"]["outcome"] for p in detail["pairings"]] == ["1/2-1/2"]
    assert [row["points"] for row in detail["standings"]["rows"]] == [0.5, 0.5]


def test_a_withdrawal_that_finishes_the_tournament_ends_its_match_and_shows_its_dice(
    hall: Hall,
) -> None:
    """Two players, fair dice, one leaves during round 1: the tournament is over at once, and
    its match must end too (lost by the one who left) with its dice's seed revealed, not stay
    live for ever."""
    players = {name: hall.register(name) for name in ("ann", "bob")}
    settings = {"game": "backgammon", "length": 3, "dice": "fair"}
    body = {"name": "Two", "format": "round-robin", "settings": settings}
    tid = players["ann"].ok("post", "/api/tournaments", body)["tournament"]["id"]
    for player in players.values():
        player.ok("post", f"/api/tournaments/{tid}/join")
    players["ann"].ok("post", f"/api/tournaments/{tid}/start")
    (pairing,) = hall.anonymous().ok("get", f"/api/tournaments/{tid}")["pairings"]
    gone = pairing["second"]
    players[gone].ok("post", f"/api/tournaments/{tid}/leave")
    detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
    assert detail["tournament"]["status"] == "finished" and detail["winner"] == pairing["first"]
    state = hall.anonymous().ok("get", f"/api/matches/{pairing['match_id']}")["state"]
    assert state["phase"] == "over" and state["end_reason"] == "withdrawn"
    assert state["winner"] == 0
    dice = hall.anonymous().ok("get", f"/api/matches/{pairing['match_id']}/dice/1")
    assert dice["verification"]["ok"]
