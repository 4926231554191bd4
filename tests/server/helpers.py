"""Helpers of the server tests: a running app, players with their own cookies, match sockets.

``running`` starts an app (a temporary SQLite file, cheap password hashing); ``Hall`` is a
running app; ``Hall.register`` gives a ``Player`` with its own cookies (a client
sharing the app's event loop), who can call the API with the CSRF token and open match sockets.
Socket reads time out instead of hanging a test: a thread of the test reads the socket (with
the test client's public ``receive_json``) into a queue, which the test reads with a timeout.
"""

import asyncio
import queue
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Literal

import httpx2
from argon2 import PasswordHasher
from starlette.testclient import TestClient, WebSocketTestSession

from gamehall.play.clock import TimeControl
from gamehall.play.settings import BackgammonSettings
from gamehall.server.app import create_app
from gamehall.server.config import Config
from gamehall.server.live import Broker, LiveMatch, LiveMatches
from gamehall.server.services import Services
from gamehall.store import PlayerSeat, Store


class FakeClock:
    """A wall clock for the server that moves only when the test says so (``advance``); the
    server's sleeps on it (the clock's timer, a computer's delay) end once it has moved far
    enough."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    async def sleep(self, seconds: float) -> None:
        until = self.now + seconds
        await asyncio.sleep(0)
        while self.now < until:
            await asyncio.sleep(0.002)


class Inbox:
    """A socket of a test that drives ``LiveMatches`` in process: it keeps every message it
    is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.language = "en"
        self.messages: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def last_view(self) -> dict[str, Any]:
        """The latest hello or update."""
        return [m for m in self.messages if m["type"] in ("hello", "update")][-1]


async def live_backgammon(
    store: Store,
    dice: Literal["secure", "fair"],
    readers: tuple[int | None, ...],
    clock: str | None = None,
) -> tuple[LiveMatches, LiveMatch, list[Inbox]]:
    """A 3-point backgammon match with ``dice`` (and the time control ``clock``) between two
    new users, live in process on ``store`` (a ``FakeClock`` for the server's wall clock, no
    computer delay), with an ``Inbox`` joined for each seat of ``readers`` (None: a
    spectator)."""
    users = [store.users.create(name, "password-long") for name in ("ann", "bob")]
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in users]
    config = Config(database_url=store.url, bot_delay=0)
    live_matches = LiveMatches(store, config, clock=FakeClock())
    settings = BackgammonSettings(
        length=3, dice=dice, clock=None if clock is None else TimeControl.parse(clock)
    )
    live = await live_matches.get(await live_matches.create(settings, seats))
    inboxes = [Inbox(seat) for seat in readers]
    for inbox in inboxes:
        await live_matches.join(live, inbox)
    return live_matches, live, inboxes


CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
ORIGIN = "http://testserver"
PASSWORD = "correct horse"


class Socket:
    """A match socket of a test, whose reads time out instead of hanging the test."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self._inbox: queue.Queue[Any] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.hello = self.until("hello")

    def _read(self) -> None:
        """Put every message of the socket in the inbox, then what ended the reading (the
        ``WebSocketDisconnect`` of a closed socket, or the end of the test's session)."""
        while True:
            try:
                self._inbox.put(self.ws.receive_json())
            except BaseException as exc:  # handed to the test that reads next
                self._inbox.put(exc)
                return

    def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message; raises what closed the socket, or ``TimeoutError``."""
        try:
            item = self._inbox.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"no message in {timeout} s") from None
        if isinstance(item, BaseException):
            self._inbox.put(item)  # every later read raises it too
            raise item
        assert isinstance(item, dict), item
        return item

    def until(
        self, wanted: str | Callable[[dict[str, Any]], bool], timeout: float = 10.0
    ) -> dict[str, Any]:
        """Read messages until one of type ``wanted`` (or for which it is true); returns it."""
        test = (lambda m: m["type"] == wanted) if isinstance(wanted, str) else wanted
        while True:
            message = self.receive(timeout)
            if test(message):
                return message

    def send(self, message: Any) -> None:
        self.ws.send_json(message)

    def act(self, kind: str, ref: Any = None, **data: Any) -> None:
        self.send({"type": "action", "kind": kind, "data": data, "ref": ref})

    def reply(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next update or error (what answers an action), skipping presence messages."""
        return self.until(lambda m: m["type"] in ("update", "error"), timeout)


class Player:
    """A user with a session of their own."""

    def __init__(self, hall: "Hall", client: TestClient, name: str, csrf: str | None) -> None:
        self.hall = hall
        self.client = client
        self.name = name
        self.csrf = csrf

    def get(self, path: str, **kwargs: Any) -> httpx2.Response:
        return self.client.get(path, **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> httpx2.Response:
        headers = {"X-CSRF-Token": self.csrf or ""}
        return self.client.post(path, json=body if body is not None else {}, headers=headers)

    def delete(self, path: str) -> httpx2.Response:
        return self.client.delete(path, headers={"X-CSRF-Token": self.csrf or ""})

    def ok(self, method: str, path: str, body: Any = None) -> Any:
        """Call the API and expect success; returns the JSON answer."""
        call = {"get": self.get, "post": self.post, "delete": self.delete}[method]
        response = call(path, body) if method == "post" else call(path)
        assert response.status_code == 200, response.text
        return response.json()

    @contextmanager
    def socket(self, match_id: str) -> Iterator[Socket]:
        """The match's socket, its hello read (``Socket.hello``)."""
        with self.client.websocket_connect(
            f"/ws/matches/{match_id}", headers={"Origin": ORIGIN}
        ) as ws:
            yield Socket(ws)


class Hall:
    """A running app (its lifespan started) and the store under it."""

    def __init__(self, main: TestClient, store: Store) -> None:
        self.main = main
        self.store = store

    @property
    def services(self) -> Services:
        """The running app's services."""
        services = self.main.app.state.services
        assert isinstance(services, Services)
        return services

    def client(self, address: str = "testclient") -> TestClient:
        """A client with its own cookies, on the app's event loop, connecting from
        ``address``."""
        client = TestClient(self.main.app, client=(address, 50000))
        client.portal = self.main.portal
        return client

    def register(self, name: str | None = None) -> Player:
        name = name or "u" + secrets.token_hex(4)
        client = self.client()
        response = client.post("/api/register", json={"name": name, "password": PASSWORD})
        assert response.status_code == 200, response.text
        return Player(self, client, name, response.json()["csrf_token"])

    def login(self, name: str) -> Player:
        """A new session of an existing user."""
        client = self.client()
        response = client.post("/api/login", json={"name": name, "password": PASSWORD})
        assert response.status_code == 200, response.text
        return Player(self, client, name, response.json()["csrf_token"])

    def match_between(self, settings: dict[str, Any]) -> tuple[str, dict[int, Player]]:
        """A match made from ann's seek, accepted by bob; the players by seat."""
        ann, bob = self.register("ann"), self.register("bob")
        seek = ann.ok("post", "/api/seeks", {"settings": settings})
        match_id = bob.ok("post", f"/api/seeks/{seek['id']}/accept")["match_id"]
        return match_id, self.seats(match_id, {"ann": ann, "bob": bob})

    def seats(self, match_id: str, players: dict[str, Player]) -> dict[int, Player]:
        """``players`` (by name) by their seats in the match."""
        seats = self.anonymous().ok("get", f"/api/matches/{match_id}")["match"]["players"]
        return {seat: players[p["name"]] for seat, p in enumerate(seats)}

    def anonymous(self) -> Player:
        return Player(self, self.client(), "", None)

    def event_count(self, match_id: str) -> int:
        stored = self.store.matches.load(match_id)
        assert stored is not None and stored.events is not None
        return len(stored.events)


Choice = tuple[str, dict[str, Any]] | None


def tables_choice(message: dict[str, Any]) -> Choice:
    """What a player of a tables game does on ``message``: the first legal play, confirm,
    roll, take a double, decline a resignation; None when it is not their turn."""
    actions = message["actions"]
    legal = message.get("legal")
    if legal and legal["plays"] and "play" in actions:
        return "play", {"text": legal["plays"][0]}
    for kind in ("confirm", "roll", "take", "decline"):
        if kind in actions:
            return kind, {}
    return None


class Table:
    """The two players' sockets of a match (and spectators), driven one action at a time."""

    def __init__(self, sockets: dict[int, Socket], watchers: tuple[Socket, ...] = ()) -> None:
        self.sockets = sockets
        self.watchers = watchers
        self.last = {seat: socket.hello for seat, socket in sockets.items()}

    @property
    def state(self) -> dict[str, Any]:
        return self.last[0]["state"]

    def step(self, choose: Callable[[int, dict[str, Any]], Choice]) -> bool:
        """One action of the player who has one to take; False once the match is over."""
        if self.state["phase"] == "over":
            return False
        for seat, message in self.last.items():
            choice = choose(seat, message)
            if choice is not None:
                break
        else:
            raise AssertionError(f"nobody can act in {self.state}")
        kind, data = choice
        self.sockets[seat].act(kind, **data)
        reply = self.sockets[seat].reply()
        assert reply["type"] == "update", reply
        self.last[seat] = reply
        for other, socket in self.sockets.items():
            if other != seat:
                self.last[other] = socket.until("update")
        for watcher in self.watchers:
            watcher.until("update")
        return True

    def play_out(self, choose: Callable[[int, dict[str, Any]], Choice], limit: int = 3000) -> int:
        """Act until the match is over; returns the number of actions."""
        for count in range(limit):
            if not self.step(choose):
                return count
        raise AssertionError("the match did not end")


@contextmanager
def running(
    config: Config,
    broker: Broker | None = None,
    clock: FakeClock | None = None,
    **changes: Any,
) -> Iterator[Hall]:
    """The app on ``config`` (with ``changes``), running until the block ends; on ``clock``
    instead of the real time if given."""
    config = config.changed(**changes)
    store = Store(config.database_url, password_hasher=CHEAP_HASHER)
    try:
        with TestClient(create_app(config, store=store, broker=broker, clock=clock)) as main:
            yield Hall(main, store)
    finally:
        store.close()
