"""A failure that repeats is told once (issue 41, fault 5): a database away for a while used to
write a traceback a second from each background loop; now the first failure of an outage is
logged with its context, the rest are counted, and the end is said once."""

import asyncio
import logging

import pytest
from sqlalchemy.exc import OperationalError

from gamehall.server import failures as failures_module
from gamehall.server.failures import FAILURES, Failures
from gamehall.server.seek_keeper import SeekKeeper

DOWN = OperationalError("BEGIN", None, ConnectionRefusedError("the database is down"))


def lines(caplog: pytest.LogCaptureFixture, name: str) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == name]


def failures_counted(part: str) -> float:
    return FAILURES.labels(part)._value.get()


def test_an_outage_is_logged_once_and_its_end_once(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1000.0]
    monkeypatch.setattr(failures_module.time, "monotonic", lambda: now[0])
    log = logging.getLogger("gamehall.test.failures")
    failures = Failures("the test loop", log)
    before = failures_counted("the test loop")
    with caplog.at_level(logging.INFO, logger=log.name):
        for _ in range(15):  # a failure a second for 15 s
            failures.failed(DOWN)
            now[0] += 1
        failures.succeeded()
        failures.succeeded()
    said = [record.getMessage() for record in lines(caplog, log.name)]
    assert said == [
        "the test loop: the database is not answering: the database is down",
        "the test loop works again after 15 failures in 15 s",
    ]
    assert failures_counted("the test loop") == before + 15


def test_a_long_outage_is_recalled_each_minute_and_a_bug_keeps_its_traceback(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [0.0]
    monkeypatch.setattr(failures_module.time, "monotonic", lambda: now[0])
    log = logging.getLogger("gamehall.test.failures.long")
    failures = Failures("requests", log)
    with caplog.at_level(logging.INFO, logger=log.name):
        for _ in range(150):  # 150 s of failures, one a second
            failures.failed(DOWN, "GET /api/seeks")
            now[0] += 1
        now[0] += 300  # quiet for 5 minutes (requests are never told they succeed)
        failures.failed(ValueError("a bug"), "POST /api/seeks")
    records = lines(caplog, log.name)
    assert [record.levelname for record in records] == ["WARNING", "WARNING", "WARNING", "ERROR"]
    assert "still failing (61 times in 60 s)" in records[1].getMessage()
    assert records[3].getMessage() == "requests (POST /api/seeks) failed; trying again"
    assert records[3].exc_info is not None


def test_the_seek_keeper_logs_a_database_outage_once(caplog: pytest.LogCaptureFixture) -> None:
    class Store:
        down = True

        class offers:  # the store's part, as the keeper reads it
            @staticmethod
            def list_seeks() -> list[object]:
                if Store.down:
                    raise DOWN
                return []

    class Workers:
        async def store(self, work, *args):  # type: ignore[no-untyped-def]
            return work(*args)

    class Channels:
        def connected(self, user_id: int) -> bool:
            return True

    async def run() -> None:
        keeper = SeekKeeper(Store(), Channels(), 1.0, Workers(), lambda: 0.0)  # type: ignore[arg-type]
        keeper.start()
        await asyncio.sleep(0.5 * 4 + 0.2)  # four looks with the database away
        Store.down = False
        await asyncio.sleep(0.5)
        await keeper.stop()

    with caplog.at_level(logging.INFO, logger="gamehall.server.seek_keeper"):
        asyncio.run(run())
    said = [record.getMessage() for record in lines(caplog, "gamehall.server.seek_keeper")]
    assert len(said) == 2, said
    assert said[0].startswith("the seek keeper: the database is not answering")
    assert said[1].startswith("the seek keeper works again after ")
