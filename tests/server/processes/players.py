"""Players who keep playing through a process killed or drained under them: each seat of a
match has its own socket, acts whenever its last message gives it something to do, and, when
the socket closes (1012 from a draining process, or a dead connection), connects again (to
another process, or through the proxy) and goes on from the hello it gets there.

``Seen`` is what the two seats of a match were sent: every event an ``update`` or a ``hello``
carried (an event is acknowledged once sent: the server sends it only after storing it), the
refusals of their actions, and the close codes of their sockets. ``check_against_store`` then
checks that no acknowledged event was lost and that nothing legal was refused.
"""

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.typing import Origin

from gamehall.server.auth import SESSION_COOKIE
from gamehall.server.live.manager import MOVED_ON, NOT_SAVED
from gamehall.store import Store
from server.processes.clients import choice

TRY_AGAIN = {MOVED_ON, NOT_SAVED}
"""The refusals of an action that was legal on the state the player saw: the process's copy was
behind (another process stored events it did not hear of) or the store failed; they say "look
again" (the player reconnects for a new hello)."""


class LookAgain(Exception):
    """The server said to look again: reconnect for a fresh hello."""


@dataclass
class GuestSession:
    """A guest's session, usable on every process (sessions are in the shared store)."""

    name: str
    csrf: str
    token: str

    @classmethod
    def make(cls, base: str) -> "GuestSession":
        answer = _post(base + "/api/guest", headers={"Origin": base})
        body = answer.json()
        return cls(body["user"]["name"], body["csrf_token"], answer.cookies[SESSION_COOKIE])

    def call(self, base: str, path: str, body: Any) -> Any:
        headers = {"Origin": base, "X-CSRF-Token": self.csrf}
        cookies = {SESSION_COOKIE: self.token}
        return _post(base + path, json=body, headers=headers, cookies=cookies).json()


def _post(url: str, **options: Any) -> httpx2.Response:
    """POST, tried again while no process answers (one going down behind the proxy: a 502 or
    503 of the proxy, or a dropped connection); any other answer than 200 fails the test."""
    for _ in range(20):
        try:
            answer = httpx2.post(url, timeout=10.0, **options)
        except httpx2.TransportError:
            time.sleep(0.25)
            continue
        if answer.status_code not in (502, 503):
            break
        time.sleep(0.25)
    assert answer.status_code == 200, answer.text
    return answer


def new_match(first: GuestSession, second: GuestSession, base: str, length: int = 1) -> str:
    """A backgammon match of ``first``'s seek accepted by ``second``."""
    settings = {"game": "backgammon", "length": length}
    seek = first.call(base, "/api/seeks", {"settings": settings})
    answer = second.call(base, f"/api/seeks/{seek['id']}/accept", {})
    match_id: str = answer["match_id"]
    return match_id


@dataclass
class Seen:
    """What the players of one match were sent."""

    match_id: str
    events: dict[int, dict[str, Any]] = field(default_factory=dict)
    refusals: list[tuple[str, str]] = field(default_factory=list)
    closes: list[int | None] = field(default_factory=list)
    connections: int = 0
    over: bool = False

    def absorb(self, message: dict[str, Any]) -> None:
        """Note the events of a hello or an update; one seq is always the same event."""
        for event in message.get("events") or []:
            known = self.events.setdefault(event["seq"], event)
            assert known == event, f"match {self.match_id}: event {event['seq']} changed"


async def play_seat(
    where: Callable[[], str],
    session: GuestSession,
    seen: Seen,
    deadline: float,
    pause: float = 0.0,
) -> None:
    """Play one seat of ``seen``'s match until it is over, reconnecting (to ``where()``, a
    base URL) whenever the socket closes, waiting ``pause`` seconds before each action;
    ``TimeoutError`` past ``deadline``."""
    while not seen.over:
        if time.monotonic() > deadline:
            raise TimeoutError(f"match {seen.match_id} not over: {len(seen.events)} events")
        base = where()
        url = base.replace("http", "ws", 1) + f"/ws/matches/{seen.match_id}"
        try:
            async with connect(
                url,
                additional_headers={"Cookie": f"{SESSION_COOKIE}={session.token}"},
                origin=Origin(base),
                open_timeout=5,
                close_timeout=2,
            ) as ws:
                seen.connections += 1
                await _play_on(ws, seen, deadline, pause)
        except ConnectionClosed as exc:
            seen.closes.append(exc.rcvd.code if exc.rcvd else None)
        except (OSError, InvalidHandshake, InvalidStatus, TimeoutError, LookAgain):
            seen.closes.append(None)
        if not seen.over:
            await asyncio.sleep(0.05)


async def _play_on(ws: ClientConnection, seen: Seen, deadline: float, pause: float) -> None:
    """Act on every message that gives this seat something to do, until the match is over."""
    seat: int | None = None
    waiting = False
    while True:
        left = max(deadline - time.monotonic(), 0.1)
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=min(left, 10.0)))
        kind = message.get("type")
        if kind == "error":
            seen.refusals.append((message.get("code"), message.get("message")))
            if message.get("message") in TRY_AGAIN:
                raise LookAgain
            waiting = False
        elif kind in ("hello", "update"):
            seen.absorb(message)
            if kind == "hello":
                seat, waiting = message["you"], False
            elif any(e.get("player") == seat for e in message.get("events") or []):
                waiting = False  # the answer to this seat's action
            if message["state"]["phase"] == "over":
                seen.over = True
                return
        else:
            continue
        picked = None if waiting else choice(message)
        if picked is not None:
            await asyncio.sleep(pause)
            await ws.send(json.dumps({"type": "action", "kind": picked[0], "data": picked[1]}))
            waiting = True


async def play_matches(
    where: Callable[[], str],
    matches: list[tuple[Seen, GuestSession, GuestSession]],
    deadline: float,
) -> None:
    """Play every match to its end, each seat on its own socket."""
    await asyncio.gather(
        *(
            play_seat(where, session, seen, deadline)
            for seen, first, second in matches
            for session in (first, second)
        )
    )


def check_against_store(database_url: str, seen: list[Seen]) -> None:
    """Every match is over; every event its players were sent is in the store, the same and in
    the same place; no action was refused but for "look again" (``TRY_AGAIN``)."""
    with Store(database_url) as store:
        for one in seen:
            assert one.over, f"match {one.match_id} is not over"
            stored = store.matches.load(one.match_id)
            assert stored is not None and stored.events is not None
            by_seq = {event["seq"]: event for event in stored.events}
            lost = sorted(seq for seq in one.events if seq not in by_seq)
            assert not lost, f"match {one.match_id}: acknowledged events {lost} were lost"
            assert all(by_seq[seq] == event for seq, event in one.events.items())
            assert stored.status != "playing"
            refused = [r for r in one.refusals if r[1] not in TRY_AGAIN]
            assert not refused, f"match {one.match_id}: legal actions refused: {refused}"
