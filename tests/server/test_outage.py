"""The database going away and coming back, with no restart of the server.

While it is down every request that needs it is answered 503 with the protocol's JSON error and
a ``Retry-After`` (issue 17 saw plain-text 500s), a new socket is closed with 1013, and an action
on an open socket is refused with a message and undone; once it is back everything works again
and the match plays on. On SQLite the outage is a store whose every transaction fails; on
PostgreSQL (when the suite runs with one, as ``make test`` does) a server of the test's own is
really stopped and started again.
"""

import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

from gamehall.server.config import Config
from server.helpers import Choice, Hall, Table, running, tables_choice
from support.postgres import private_postgres

BACKENDS = ["sqlite", "postgresql"] if os.environ.get("GAMEHALL_TEST_POSTGRES_URL") else ["sqlite"]


@dataclass
class Outage:
    """A running server and a way to take its database away and give it back."""

    hall: Hall
    down: Callable[[], None]
    up: Callable[[], None]


def _no_database(*args: Any, **kwargs: Any) -> Any:
    raise OperationalError("BEGIN", None, ConnectionRefusedError("the database is down"))


@pytest.fixture(params=BACKENDS)
def outage(
    request: pytest.FixtureRequest, config: Config, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Outage]:
    if request.param == "sqlite":
        with running(config) as hall:
            sessions = hall.store.transactions.sessions

            connect = hall.store.transactions.engine.connect

            def down() -> None:  # both doors: the ORM's sessions and the appends' connections
                monkeypatch.setattr(hall.store.transactions, "sessions", _no_database)
                monkeypatch.setattr(hall.store.transactions.engine, "connect", _no_database)

            def up() -> None:
                monkeypatch.setattr(hall.store.transactions, "sessions", sessions)
                monkeypatch.setattr(hall.store.transactions.engine, "connect", connect)

            yield Outage(hall, down, up)
    else:
        with private_postgres() as server, running(config, database_url=server.url) as hall:
            yield Outage(hall, server.stop, server.start)


def _tables(seat: int, message: dict[str, Any]) -> Choice:
    return tables_choice(message)


@contextmanager
def _table(hall: Hall) -> Iterator[tuple[str, Table]]:
    settings = {"game": "backgammon", "length": 1, "clock": "fischer:600+5"}
    match_id, players = hall.match_between(settings)
    with ExitStack() as stack:
        sockets = {s: stack.enter_context(p.socket(match_id)) for s, p in players.items()}
        yield match_id, Table(sockets)


def _unavailable(response: Any) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"] == "application/json"
    assert "database" in response.json()["detail"]
    assert int(response.headers["retry-after"]) > 0


def test_the_database_going_away_and_coming_back(outage: Outage) -> None:
    hall = outage.hall
    with _table(hall) as (match_id, table):
        for _ in range(4):
            assert table.step(_tables)
        players = {seat: table.sockets[seat] for seat in (0, 1)}
        seat = next(s for s, m in table.last.items() if tables_choice(m) is not None)
        choice = tables_choice(table.last[seat])
        assert choice is not None
        ann = hall.login("ann")
        outage.down()
        try:
            anyone = hall.anonymous()
            _unavailable(anyone.get("/api/matches"))
            _unavailable(anyone.get("/api/users/ann"))
            _unavailable(anyone.post("/api/guest"))
            _unavailable(ann.post("/api/seeks", {"settings": {"game": "renju"}}))
            _unavailable(hall.client().post("/api/login", json={"name": "ann", "password": "x"}))
            players[seat].act(choice[0], ref=7, **choice[1])
            reply = players[seat].reply(timeout=30)
            assert reply["type"] == "error" and reply["ref"] == 7
            assert "try again" in reply["message"]
            with pytest.raises(WebSocketDisconnect) as closed, ann.socket(match_id):
                pass
            assert closed.value.code == 1013
        finally:
            outage.up()
        # Back, with no restart: the same requests are served, and the match plays on.
        assert hall.anonymous().get("/api/matches").status_code == 200
        assert ann.post("/api/seeks", {"settings": {"game": "renju"}}).status_code == 200
        assert table.play_out(_tables) > 0
        assert table.state["phase"] == "over"
    assert hall.anonymous().ok("get", f"/api/matches/{match_id}")["state"]["phase"] == "over"
