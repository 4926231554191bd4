"""The server's log (issue 41, operations): JSON lines when asked, every line of a request or
a match naming it, and the request's id answered in ``X-Request-ID``."""

import json
import logging
import sys
from pathlib import Path

import httpx2
import pytest
from sqlalchemy.exc import OperationalError

from gamehall.server import outage
from gamehall.server.failures import Failures
from gamehall.server.logs import REQUEST_ID, Ids, JsonLines, match_context
from server.helpers import Hall
from support.services import ServerProcess


def record(message: str, *args: object, name: str = "gamehall.test") -> logging.LogRecord:
    line = logging.LogRecord(name, logging.WARNING, __file__, 1, message, args, None)
    Ids().filter(line)
    return line


def test_a_json_line_names_its_request_and_match() -> None:
    token = REQUEST_ID.set("r-1")
    try:
        with match_context(42):
            inside = json.loads(JsonLines().format(record("match %s: %s", 42, "ünïcode")))
        outside = json.loads(JsonLines().format(record("no match")))
    finally:
        REQUEST_ID.reset(token)
    assert inside["message"] == "match 42: ünïcode"
    assert (inside["request"], inside["match"], inside["level"]) == ("r-1", "42", "WARNING")
    assert inside["logger"] == "gamehall.test" and inside["time"].endswith("+00:00")
    assert "match" not in outside and outside["request"] == "r-1"
    try:
        raise ValueError("a bug")
    except ValueError:
        failed = record("failed")
        failed.exc_info = sys.exc_info()
    assert "ValueError: a bug" in json.loads(JsonLines().format(failed))["exception"]


def test_a_request_gets_an_id_that_its_lines_carry(
    hall: Hall, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    client = hall.anonymous()
    given = client.get("/api/seeks", headers={"X-Request-ID": "proxy-7f3a.1"})
    assert given.headers["X-Request-ID"] == "proxy-7f3a.1"
    forged = client.get("/api/seeks", headers={"X-Request-ID": "a\nb"})
    made = forged.headers["X-Request-ID"]
    assert len(made) == 16 and made != client.get("/api/seeks").headers["X-Request-ID"]

    def no_database(*args: object, **kwargs: object) -> None:
        raise OperationalError("BEGIN", None, ConnectionRefusedError("the database is down"))

    monkeypatch.setattr(outage, "REQUESTS", Failures("requests", outage.log))
    monkeypatch.setattr(hall.store.transactions, "sessions", no_database)
    caplog.handler.addFilter(Ids())  # as the configuration puts it on every handler
    with caplog.at_level(logging.WARNING, logger="gamehall.server.outage"):
        refused = client.get("/api/seeks", headers={"X-Request-ID": "the-failed-one"})
    assert refused.status_code == 503
    lines = [line for line in caplog.records if line.name == "gamehall.server.outage"]
    assert len(lines) == 1
    assert lines[0].request == "the-failed-one"


def test_the_server_writes_json_lines_when_asked(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, {"GAMEHALL_LOG_FORMAT": "json"})
    server.start()
    try:
        answer = httpx2.get(f"{server.base}/api/seeks", headers={"X-Request-ID": "seen-in-log"})
        assert answer.status_code == 200
    finally:
        server.stop()
    lines = [json.loads(line) for line in server.log().splitlines() if line.strip()]
    assert any(line["message"].startswith("gamehall is at http://") for line in lines)
    access = [line for line in lines if line.get("request") == "seen-in-log"]
    assert access and access[0]["logger"] == "uvicorn.access"
    assert (access[0]["method"], access[0]["path"], access[0]["status"]) == (
        "GET",
        "/api/seeks",
        200,
    )
