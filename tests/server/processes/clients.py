"""Players of the multi-process tests: a guest session used against any server process (the
sessions are in the shared database), its HTTP calls and its WebSockets, as a browser makes
them (the ``Origin`` of the server it talks to, the session cookie)."""

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx2
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from gamehall.server.auth import SESSION_COOKIE
from support.services import ServerProcess

Start = Callable[..., list[ServerProcess]]
"""The ``start_servers`` fixture: ``start_servers(count, **settings)`` gives the processes."""


class Socket:
    """A WebSocket whose reads wait at most until a deadline."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []

    def until(self, wanted: Callable[[dict[str, Any]], bool], timeout: float = 10.0) -> Any:
        """Read until a message for which ``wanted`` is true; returns it (``TimeoutError``
        naming the messages read, once ``timeout`` seconds have gone)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                message = json.loads(self.ws.recv(timeout=max(left, 0.001)))
            except TimeoutError:
                kinds = [m.get("type") for m in self.seen[-10:]]
                raise TimeoutError(f"not within {timeout} s; last read: {kinds}") from None
            self.seen.append(message)
            if wanted(message):
                return message

    def of_type(self, kind: str, timeout: float = 10.0) -> Any:
        return self.until(lambda m: m.get("type") == kind, timeout)

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def act(self, kind: str, **data: Any) -> None:
        self.send({"type": "action", "kind": kind, "data": data})


class Guest:
    """A guest player (made on ``server``) who can use any server process."""

    def __init__(self, server: ServerProcess) -> None:
        answer = httpx2.post(server.base + "/api/guest", headers={"Origin": server.base})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        self.name: str = body["user"]["name"]
        self.csrf: str = body["csrf_token"]
        self.token: str = answer.cookies[SESSION_COOKIE]

    def call(self, server: ServerProcess, method: str, path: str, body: Any = None) -> Any:
        """Call the API of ``server``; expects success and returns the JSON answer."""
        answer = httpx2.request(
            method,
            server.base + path,
            json=body,
            headers={"Origin": server.base, "X-CSRF-Token": self.csrf},
            cookies={SESSION_COOKIE: self.token},
            timeout=10.0,
        )
        assert answer.status_code == 200, answer.text
        return answer.json()

    @contextmanager
    def socket(self, server: ServerProcess, path: str) -> Iterator[Socket]:
        """The WebSocket ``path`` of ``server``, as this player."""
        with connect(
            f"ws://127.0.0.1:{server.port}{path}",
            additional_headers={"Cookie": f"{SESSION_COOKIE}={self.token}"},
            origin=Origin(server.base),
            open_timeout=10,
        ) as ws:
            yield Socket(ws)


def match_between(
    first: Guest, here: ServerProcess, second: Guest, there: ServerProcess, game: str
) -> str:
    """A match from ``first``'s seek on ``here``, accepted by ``second`` on ``there``."""
    seek = first.call(here, "post", "/api/seeks", {"settings": {"game": game}})
    answer = second.call(there, "post", f"/api/seeks/{seek['id']}/accept", {})
    match_id: str = answer["match_id"]
    return match_id


def last_seq(message: dict[str, Any]) -> int:
    """The seq of the last event a hello or an update carries (-1: none)."""
    events = message.get("events") or []
    return int(events[-1]["seq"]) if events else -1


def choice(message: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A tables player's action on ``message``: the first legal play, else confirm, roll,
    take, decline, the next game; None when it is not their turn."""
    actions = message.get("actions", [])
    legal = message.get("legal")
    if legal and legal.get("plays") and "play" in actions:
        return "play", {"text": legal["plays"][0]}
    for kind in ("confirm", "roll", "take", "decline", "next_game"):
        if kind in actions:
            return kind, {}
    return None


class Table:
    """The two players' match sockets (on any processes), played one action at a time; every
    action's update must reach both."""

    def __init__(self, sockets: dict[int, Socket], hellos: dict[int, dict[str, Any]]) -> None:
        self.sockets = sockets
        self.last = dict(hellos)
        self.seq = {seat: last_seq(hello) for seat, hello in hellos.items()}

    def over(self) -> bool:
        return bool(self.last[0]["state"]["phase"] == "over")

    def step(self, timeout: float = 10.0) -> None:
        """One action of the player whose turn it is; waits until both sockets have its
        events (however they came: a message of the other process, or a catch-up)."""
        for seat in (0, 1):
            picked = choice(self.last[seat])
            if picked is not None:
                break
        else:
            raise AssertionError(f"nobody can act: {self.last[0].get('state')}")
        self.sockets[seat].act(picked[0], **picked[1])
        reply = self.sockets[seat].until(lambda m: m["type"] in ("update", "error"), timeout)
        assert reply["type"] == "update", reply
        self.absorb(seat, reply)
        self.catch_up(1 - seat, timeout)

    def absorb(self, seat: int, update: dict[str, Any]) -> None:
        self.last[seat] = update
        self.seq[seat] = max(self.seq[seat], last_seq(update))

    def catch_up(self, seat: int, timeout: float = 10.0) -> None:
        """Read ``seat``'s socket until it has every event the other seat has."""
        wanted = self.seq[1 - seat]
        while self.seq[seat] < wanted:
            self.absorb(seat, self.sockets[seat].of_type("update", timeout))
        assert self.last[seat]["state"] == self.last[1 - seat]["state"]
