"""A complete gamehall bot, written from docs/bot-api.md alone, with Python's standard library.

It logs in to (or registers) an account, makes an API token, challenges the house engine and
plays the match from the streams' legal actions until it is over:

    python examples/bot.py --server http://127.0.0.1:8000 --name mybot --password "…" \\
        --game nardy --level random

In backgammon and nardy it takes the first whole play the server lists (or the first single
checker move), rolls, takes every double and never doubles; in renju it completes a five of
its own when it can, else plays the empty point nearest the centre that is not forbidden to it.
It also accepts the challenges made to it while it plays (``--accept``).
"""

import argparse
import http.client
import json
import queue
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.cookiejar import CookieJar
from typing import Any
from urllib.parse import urlsplit

Json = dict[str, Any]
Choice = tuple[str, Json]

KEEP_ALIVE_TIMEOUT = 60.0
"""Seconds without a line (the server sends one every few) after which a stream is dead."""
LETTERS = "abcdefghjklmnop"
"""Renju's column letters (there is no i)."""


class ApiError(Exception):
    """A refusal of the server: its HTTP status, stable code and words, and for 429 the
    seconds to wait."""

    def __init__(self, status: int, code: str, detail: str, retry_after: float = 0.0) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status, self.code, self.detail = status, code, detail
        self.retry_after = retry_after


def _call(opener: urllib.request.OpenerDirector, request: urllib.request.Request) -> Json:
    try:
        with opener.open(request, timeout=30) as answer:
            body: Json = json.loads(answer.read() or b"{}")
            return body
    except urllib.error.HTTPError as refusal:
        text = refusal.read()
        try:
            said = json.loads(text)
        except ValueError:
            said = {"code": f"http-{refusal.code}", "detail": text.decode(errors="replace")}
        wait = float(refusal.headers.get("Retry-After") or 0)
        raise ApiError(refusal.code, str(said.get("code")), str(said.get("detail")), wait) from None


class Account:
    """A session of the pages (a cookie and its CSRF token): only to make or revoke tokens."""

    def __init__(self, server: str, name: str, password: str) -> None:
        self.server = server.rstrip("/")
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        credentials = {"name": name, "password": password}
        try:
            logged_in = self.post("/api/login", credentials)
        except ApiError as refusal:
            if refusal.code != "wrong-password":
                raise
            logged_in = self.post("/api/register", credentials)
        self.csrf = str(logged_in["csrf_token"])

    def post(self, path: str, body: Json) -> Json:
        headers = {"Content-Type": "application/json"}
        if hasattr(self, "csrf"):
            headers["X-CSRF-Token"] = self.csrf
        request = urllib.request.Request(
            self.server + path, data=json.dumps(body).encode(), headers=headers, method="POST"
        )
        return _call(self.opener, request)

    def make_token(self, name: str = "example bot") -> tuple[str, int]:
        """A new token with both scopes: the token and its id (to revoke it)."""
        made = self.post("/api/tokens", {"name": name, "scopes": ["play", "read"]})
        return str(made["token"]), int(made["entry"]["id"])

    def revoke(self, token_id: int) -> None:
        self.post(f"/api/tokens/{token_id}/revoke", {})


class Bot:
    """The bot API with one token."""

    def __init__(self, server: str, token: str) -> None:
        self.server = server.rstrip("/")
        self.token = token
        self.opener = urllib.request.build_opener()

    def post(self, path: str, body: Json | None = None) -> Json:
        """POST ``body``; over the token's rate limit, wait as told and send it again."""
        request = urllib.request.Request(
            self.server + path,
            data=json.dumps(body or {}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"},
            method="POST",
        )
        while True:
            try:
                return _call(self.opener, request)
            except ApiError as refusal:
                if refusal.status != 429:
                    raise
                time.sleep(refusal.retry_after)

    def stream(self, path: str) -> Iterator[Json]:
        """The lines of an NDJSON stream, one JSON object each, until the server ends it."""
        parts = urlsplit(self.server)
        connection = http.client.HTTPConnection(
            parts.hostname or "localhost", parts.port or 80, timeout=KEEP_ALIVE_TIMEOUT
        )
        connection.request("GET", path, headers={"Authorization": f"Bearer {self.token}"})
        answer = connection.getresponse()
        if answer.status != 200:
            said = json.loads(answer.read() or b"{}")
            raise ApiError(answer.status, str(said.get("code")), str(said.get("detail")))
        try:
            while line := answer.readline():
                if line.strip():
                    yield json.loads(line)
        finally:
            connection.close()

    def act(self, match_id: str, kind: str, data: Json | None = None) -> None:
        self.post(f"/api/bot/game/{match_id}/action", {"kind": kind, "data": data or {}})


# -- choosing -----------------------------------------------------------------------------------


def choose_tables(actions: list[str], legal: Json | None) -> Choice | None:
    """Backgammon and nardy: what to do with these legal actions, or None (wait)."""
    if "play" in actions and legal and legal["plays"]:
        return "play", {"text": legal["plays"][0]}
    if "move" in actions and legal and legal["moves"]:
        move = legal["moves"][0]
        return "move", {"src": move["src"], "die": move["die"]}
    for kind in ("confirm", "roll", "take", "next_game", "accept"):
        if kind in actions:
            return kind, {}
    return None


def _point(column: int, row: int) -> str:
    return f"{LETTERS[column]}{row + 1}"


def _fives(stones: dict[str, str], colour: str) -> list[str]:
    """The empty points where ``colour`` would have five in a row."""
    mine = {p for p, c in stones.items() if c == colour}
    found = []
    for column in range(15):
        for row in range(15):
            point = _point(column, row)
            if point in stones:
                continue
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                count = 1
                for sign in (1, -1):
                    c, r = column + sign * dc, row + sign * dr
                    while 0 <= c < 15 and 0 <= r < 15 and _point(c, r) in mine:
                        count, c, r = count + 1, c + sign * dc, r + sign * dr
                if count == 5:
                    found.append(point)
                    break
    return found


def renju_candidates(state: Json) -> list[str]:
    """Renju: the points to try, best first: fives, then the empty points nearest the centre
    that are not forbidden."""
    stones: dict[str, str] = state.get("stones", {})
    forbidden = set(state.get("forbidden", {}))
    colour = state.get("turn", "black")
    empty = [
        _point(column, row)
        for column in range(15)
        for row in range(15)
        if _point(column, row) not in stones and _point(column, row) not in forbidden
    ]
    empty.sort(key=lambda p: max(abs(LETTERS.index(p[0]) - 7), abs(int(p[1:]) - 8)))
    fives = [p for p in _fives(stones, colour) if p not in forbidden]
    return fives + [p for p in empty if p not in fives]


# -- playing ------------------------------------------------------------------------------------


def play_renju(bot: Bot, match_id: str, message: Json) -> None:
    """Renju's turn: the first candidate the server takes (a refused point changes nothing)."""
    actions = message["actions"]
    if "opening_choice" in actions:
        choices = message["state"]["opening"]["choices"]
        bot.act(match_id, "opening_choice", {"choice": choices[0]})
    elif "accept" in actions:  # a draw offered: play on
        bot.act(match_id, "decline")
    elif "move" in actions:
        for point in renju_candidates(message["state"]):
            try:
                bot.act(match_id, "move", {"point": point})
                return
            except ApiError as refusal:
                if refusal.code != "illegal-move":
                    raise


def play_match(bot: Bot, match_id: str) -> Json:
    """Play one match from its game stream until it is over (opening the stream again if it
    ends sooner: a server restarting, a proxy's timeout); returns its last state."""
    state: Json = {}
    while state.get("phase") != "over":
        state = play_stream(bot, match_id, state)
    return state


def play_stream(bot: Bot, match_id: str, state: Json) -> Json:
    """Play from one opening of the match's game stream until it ends; returns the last state."""
    you = None
    for message in bot.stream(f"/api/bot/game/stream/{match_id}"):
        if message["type"] == "hello":
            you = message["you"]
        if message["type"] not in ("hello", "update"):
            continue
        state = message["state"]
        if state["phase"] == "over" or you is None:
            continue
        try:
            if state["game"] == "renju":
                play_renju(bot, match_id, message)
            else:
                choice = choose_tables(message["actions"], message["legal"])
                if choice is not None:
                    bot.act(match_id, *choice)
        except ApiError as refusal:
            if refusal.status in (401, 403):
                raise
            print(f"refused: {refusal}", file=sys.stderr)  # a stale view: the next one follows
    return state


def listen(bot: Bot, events: "queue.Queue[Json]") -> None:
    """Read the event stream into ``events`` (in a thread of its own)."""
    for event in bot.stream("/api/stream/event"):
        events.put(event)


def wait_for(events: "queue.Queue[Json]", kind: str, match_id: str) -> Json:
    while True:
        event = events.get(timeout=KEEP_ALIVE_TIMEOUT)
        if event["type"] == kind and event.get("match_id") == match_id:
            return event


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--name", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--game", default="backgammon")
    parser.add_argument("--level", default="random")
    parser.add_argument("--length", type=int, default=1)
    args = parser.parse_args(argv)
    token, _ = Account(args.server, args.name, args.password).make_token()
    bot = Bot(args.server, token)
    events: queue.Queue[Json] = queue.Queue()
    threading.Thread(target=listen, args=(bot, events), daemon=True).start()
    created = bot.post(
        "/api/challenge/ai",
        {"game": args.game, "level": args.level, "settings": {"length": args.length}},
    )
    match_id = str(created["match_id"])
    wait_for(events, "game_start", match_id)
    state = play_match(bot, match_id)
    wait_for(events, "game_finish", match_id)
    print(json.dumps({"match_id": match_id, "score": state["score"], "winner": state["winner"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
