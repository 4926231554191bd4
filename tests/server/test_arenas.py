"""Arenas on the server: six accounts play an arena of 20 seconds for its whole duration (two of
them joining after the start, one pausing and coming back), paired as their games end; the
leaderboard, its streaks and the end are checked, and a spectator's arena socket follows it.
Also: joining, pausing and leaving through the API, and the scheduled arenas."""

import queue
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from itertools import pairwise
from typing import Any

import pytest

from gamehall.errors import GameError
from gamehall.server.arena_schedule import ArenaSchedule, ArenaScheduler, read_schedules
from gamehall.server.config import Config
from server.helpers import ORIGIN, Hall, Player, Socket, running

RENJU = {"game": "renju", "length": 1}
NAMES = ("ann", "bob", "cid", "dan", "eve", "fay")
DURATION = 20


def arena(**changes: Any) -> dict[str, Any]:
    return {
        "name": "Flash arena",
        "format": "arena",
        "duration": DURATION,
        "settings": RENJU,
        "grace_seconds": 30,
        **changes,
    }


class BoardSocket(Socket):
    """An arena's socket: its first message is the board, not a hello."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self._inbox: queue.Queue[Any] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.hello = self.until("arena")


@contextmanager
def user_socket(player: Player) -> Iterator[Socket]:
    with player.client.websocket_connect("/ws/user", headers={"Origin": ORIGIN}) as ws:
        yield Socket(ws)


def drain(socket: Socket) -> list[dict[str, Any]]:
    """The messages waiting on ``socket``."""
    out = []
    while True:
        try:
            out.append(socket.receive(timeout=0.01))
        except TimeoutError:
            return out


def play_game(players: dict[str, Player], game: dict[str, Any]) -> None:
    """Both players come to the game's match; the one whose name comes later resigns."""
    first, second = game["first"], game["second"]
    with (
        players[first].socket(game["match_id"]) as a,
        players[second].socket(game["match_id"]) as b,
    ):
        loser = a if first > second else b
        loser.act("resign")
        assert loser.reply()["state"]["phase"] == "over"


def test_an_arena_of_six_plays_for_its_whole_duration(hall: Hall) -> None:
    players = {name: hall.register(name) for name in NAMES}
    made = players["ann"].ok("post", "/api/tournaments", arena())
    tid = made["tournament"]["id"]
    assert made["arena"]["started_at"] is None and made["arena"]["duration"] == DURATION
    for name in NAMES[:4]:
        players[name].ok("post", f"/api/tournaments/{tid}/join")
    played: set[str] = set()
    games: dict[int, dict[str, Any]] = {}
    """Every game seen (the page shows those under way and the latest finished)."""
    paused_games: set[int] = set()
    pause_mark = 0
    with ExitStack() as stack:
        sockets = {n: stack.enter_context(user_socket(p)) for n, p in players.items()}
        ws = stack.enter_context(
            hall.anonymous().client.websocket_connect(
                f"/ws/arenas/{tid}", headers={"Origin": ORIGIN}
            )
        )
        spectator = BoardSocket(ws)
        assert spectator.hello["status"] == "open"
        started = players["ann"].ok("post", f"/api/tournaments/{tid}/start")
        assert started["tournament"]["status"] == "running"
        begun = time.monotonic()
        joined_late = paused = back = False
        detail = started
        while detail["tournament"]["status"] != "finished":
            assert time.monotonic() - begun < DURATION + 20, "the arena did not end"
            elapsed = time.monotonic() - begun
            if elapsed > 3 and not joined_late:
                joined_late = True
                for name in NAMES[4:]:
                    players[name].ok("post", f"/api/tournaments/{tid}/join")
            if elapsed > 7 and not paused:
                paused = True
                told = players["dan"].ok("post", f"/api/tournaments/{tid}/pause")
                pause_mark = max((g["number"] for g in told["arena"]["games"]), default=0)
            if elapsed > 11 and not back:
                back = True
                now = players["dan"].ok("get", f"/api/tournaments/{tid}")
                last = max(g["number"] for g in now["arena"]["games"])
                paused_games = set(range(pause_mark + 1, last + 1))
                players["dan"].ok("post", f"/api/tournaments/{tid}/join")
            detail = hall.anonymous().ok("get", f"/api/tournaments/{tid}")
            games.update({g["number"]: g for g in detail["arena"]["games"]})
            for game in detail["arena"]["games"]:
                if game["result"] is None and game["match_id"] and game["match_id"] not in played:
                    played.add(game["match_id"])
                    play_game(players, game)
            time.sleep(0.1)
        notices = {name: drain(socket) for name, socket in sockets.items()}
        boards: list[dict[str, Any]] = []
        while not boards or boards[-1]["status"] != "finished":  # the hub reads every second
            boards.append(spectator.receive(timeout=5))

    final = detail["arena"]
    assert (
        sorted(games) == list(range(1, len(games) + 1))
        and len(games) >= 12
        and all(g["result"] in ("1-0", "0-1") for g in games.values())
    )
    # dan was not paired while paused (and the others were)
    assert len(paused_games) >= 3
    assert all("dan" not in (games[n]["first"], games[n]["second"]) for n in paused_games)
    # nobody met the same opponent twice in a row
    for name in NAMES:
        mine = [g for _, g in sorted(games.items()) if name in (g["first"], g["second"])]
        opponents = [g["second"] if g["first"] == name else g["first"] for g in mine]
        assert all(a != b for a, b in pairwise(opponents)), (name, opponents)
    rows = {row["player"]: row for row in final["leaderboard"]}
    assert set(rows) == set(NAMES) and final["winner"] == "ann" == final["leaderboard"][0]["player"]
    ann = rows["ann"]
    # ann wins every game: 2, 2, then 4 a win on fire
    assert [m["points"] for m in ann["sheet"]] == [2, 2] + [4] * (ann["games"] - 2)
    assert ann["fire"] and ann["wins"] == ann["games"]
    assert rows["fay"]["score"] == 0 and rows["fay"]["games"] >= 1
    assert sum(row["games"] for row in rows.values()) == 2 * len(games)
    for row in rows.values():
        assert row["score"] == sum(m["points"] for m in row["sheet"])
    scores = [(row["score"], -row["games"]) for row in final["leaderboard"]]
    assert scores == sorted(scores, reverse=True)
    # the players were told of each game and of the end, the spectator saw it live
    for name in NAMES:
        told = [n for n in notices[name] if n["type"] == "tournament_match"]
        assert told and all(n["arena"] for n in told)
        assert any(n["type"] == "tournament_over" and n["winner"] == "ann" for n in notices[name])
    assert len(boards) >= 5 and boards[-1]["status"] == "finished"
    assert boards[-1]["arena"]["leaderboard"] == final["leaderboard"]
    assert players["bob"].post(f"/api/tournaments/{tid}/join").status_code == 409


def test_join_pause_and_leave_a_running_arena(hall: Hall) -> None:
    ann, bob, cid = (hall.register(n) for n in ("ann", "bob", "cid"))
    tid = ann.ok("post", "/api/tournaments", arena(duration=600))["tournament"]["id"]
    started = ann.ok("post", f"/api/tournaments/{tid}/start")
    assert started["arena"]["leaderboard"] == [] and started["arena"]["ends_at"]
    bob.ok("post", f"/api/tournaments/{tid}/join")
    cid.ok("post", f"/api/tournaments/{tid}/join")
    detail = ann.ok("get", f"/api/tournaments/{tid}")
    (game,) = detail["arena"]["games"]
    assert {game["first"], game["second"]} == {"bob", "cid"} and game["match_id"]
    assert all(row["playing"] for row in detail["arena"]["leaderboard"])
    paused = bob.ok("post", f"/api/tournaments/{tid}/pause")
    assert {r["player"]: r["paused"] for r in paused["arena"]["leaderboard"]}["bob"]
    again = bob.post(f"/api/tournaments/{tid}/pause")
    assert again.status_code == 400 and "paused already" in again.text
    assert ann.post(f"/api/tournaments/{tid}/pause").status_code == 403
    ann.ok("post", f"/api/tournaments/{tid}/join")
    left = ann.ok("post", f"/api/tournaments/{tid}/leave")  # no game yet: taken off
    assert "ann" not in left["players"] and "ann" not in left["tournament"]["entries"]
    left = cid.ok("post", f"/api/tournaments/{tid}/leave")  # a game: he pauses
    assert "cid" in left["players"]
    wrong = ann.post("/api/tournaments", arena(duration=None))
    assert wrong.status_code == 400 and "needs a duration" in wrong.text
    swiss = ann.post("/api/tournaments", {**arena(), "format": "swiss", "rounds": 3})
    assert swiss.status_code == 400 and "only an arena has a duration" in swiss.text


def test_an_arena_starts_on_time_with_nobody_and_ends_empty(hall: Hall) -> None:
    ann = hall.register("ann")
    soon = datetime.now(UTC).isoformat()
    tid = ann.ok("post", "/api/tournaments", arena(duration=10, starts_at=soon))["tournament"]["id"]
    deadline = time.monotonic() + 20
    while ann.ok("get", f"/api/tournaments/{tid}")["tournament"]["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.5)
    assert ann.ok("get", f"/api/tournaments/{tid}")["arena"]["winner"] is None


def test_schedules_are_read_and_refused_in_words() -> None:
    (hourly, daily) = read_schedules("renju hourly 30 fischer:180+2; nardy daily 60 fischer:120+12")
    assert hourly.name == "Hourly renju arena" and hourly.settings().duration == 1800
    assert daily.settings().match.length == 3
    now = datetime(2026, 12, 6, 17, 20, tzinfo=UTC)
    assert hourly.next_start(now) == datetime(2026, 12, 6, 18, 0, tzinfo=UTC)
    assert daily.next_start(now) == datetime(2026, 12, 6, 18, 0, tzinfo=UTC)
    assert daily.next_start(now.replace(hour=19)) == datetime(2026, 12, 7, 18, 0, tzinfo=UTC)
    for text, words in [
        ("renju weekly 30 fischer:180+2", "hourly or daily"),
        ("chess hourly 30 fischer:180+2", "not a game"),
        ("renju hourly 30", "GAME EVERY MINUTES CLOCK"),
        ("renju hourly 0 fischer:180+2", "duration"),
    ]:
        with pytest.raises(GameError, match=words):
            ArenaSchedule.parse(text)


def test_the_server_makes_the_scheduled_arenas_once(config: Config, hall: Hall) -> None:
    schedules = read_schedules("renju hourly 30 fischer:180+2; backgammon daily 60 fischer:120+12")
    scheduler = ArenaScheduler(hall.store, hall.services.workers, schedules)
    made = scheduler.make_due()
    assert len(made) == 2 and scheduler.make_due() == []
    upcoming = hall.anonymous().ok("get", "/api/tournaments")["upcoming"]
    names = {t["name"]: t for t in upcoming}
    renju = names["Hourly renju arena"]
    assert renju["format"] == "arena" and renju["created_by"] is None and renju["rated"]
    assert renju["settings"]["duration"] == 1800 and renju["starts_at"]
    assert names["Daily backgammon arena"]["settings"]["match"]["length"] == 3


def test_players_who_do_not_come_lose_by_forfeit_and_are_paused(hall: Hall) -> None:
    ann, bob = hall.register("ann"), hall.register("bob")
    tid = ann.ok("post", "/api/tournaments", arena(duration=600, grace_seconds=1, rated=True))[
        "tournament"
    ]
    for player in (ann, bob):
        player.ok("post", f"/api/tournaments/{tid['id']}/join")
    ann.ok("post", f"/api/tournaments/{tid['id']}/start")
    deadline = time.monotonic() + 15
    while True:
        detail = ann.ok("get", f"/api/tournaments/{tid['id']}")["arena"]
        if detail["games"] and detail["games"][0]["result"] is not None:
            break
        assert time.monotonic() < deadline, "the no-show was not forfeited"
        time.sleep(0.2)
    (game,) = detail["games"]
    assert game["result"] == "--"
    assert all(row["paused"] and row["score"] == 0 for row in detail["leaderboard"])
    ended = ann.ok("get", f"/api/matches/{game['match_id']}")
    assert ended["state"]["phase"] == "over" and ended["state"]["end_reason"] == "no-show"
    assert hall.anonymous().ok("get", "/api/ratings/renju")["players"] == []  # not rated
    back = ann.ok("post", f"/api/tournaments/{tid['id']}/join")  # coming back from the pause
    assert not {r["player"]: r["paused"] for r in back["arena"]["leaderboard"]}["ann"]


def test_an_arena_goes_on_after_a_restart(config: Config) -> None:
    with running(config) as hall:
        players = {name: hall.register(name) for name in ("ann", "bob")}
        tid = players["ann"].ok("post", "/api/tournaments", arena(duration=600))["tournament"]["id"]
        for player in players.values():
            player.ok("post", f"/api/tournaments/{tid}/join")
        started = players["ann"].ok("post", f"/api/tournaments/{tid}/start")
        (game,) = started["arena"]["games"]
    with running(config) as hall:  # a new server on the same database
        players = {name: hall.login(name) for name in ("ann", "bob")}
        detail = players["ann"].ok("get", f"/api/tournaments/{tid}")
        assert detail["tournament"]["status"] == "running"
        (again,) = detail["arena"]["games"]
        assert again | {"score": None} == game | {"score": None}  # the score: once it is saved
        assert again["score"] in (None, [0, 0])
        play_game(players, game)
        deadline = time.monotonic() + 10
        while (
            players["ann"].ok("get", f"/api/tournaments/{tid}")["arena"]["games"][-1]["result"]
            is None
        ):
            assert time.monotonic() < deadline, "the result was not recorded"
            time.sleep(0.2)
        board = players["ann"].ok("get", f"/api/tournaments/{tid}")["arena"]["leaderboard"]
        assert [(r["player"], r["score"]) for r in board] == [("ann", 2), ("bob", 0)]


def test_a_server_with_schedules_lists_their_next_arenas(config: Config) -> None:
    schedules = read_schedules("renju hourly 30 fischer:180+2")
    with running(config, arenas=schedules) as hall:
        deadline = time.monotonic() + 10
        while not hall.anonymous().ok("get", "/api/tournaments")["upcoming"]:
            assert time.monotonic() < deadline, "the scheduled arena was not made"
            time.sleep(0.2)
        (made,) = hall.anonymous().ok("get", "/api/tournaments")["upcoming"]
        assert made["name"] == "Hourly renju arena" and made["format"] == "arena"
        starts = datetime.fromisoformat(made["starts_at"])
        assert starts.minute == 0 and starts > datetime.now(UTC)
