"""Several processes on PostgreSQL without Redis: a drained process lets the others carry its
matches on, their clocks running, as with Redis (it used to pause them, as a lone process
does); the last process to stop still pauses them."""

import signal
import time

from gamehall.store import Store
from server.processes.clients import Start
from server.processes.players import GuestSession, new_match
from support.services import ServerProcess

HEARD = 6.0
"""Seconds for two processes to hear each other's beats (``bus.ALIVE_EVERY`` is 5)."""


def _drain(server: ServerProcess) -> None:
    assert server.process is not None
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(timeout=20) == -signal.SIGTERM
    assert "drained" in server.log()


def _paused(database_url: str, match_id: str) -> bool:
    with Store(database_url) as store:
        stored = store.matches.load(match_id)
        assert stored is not None and stored.status == "playing"
        return stored.summary.get("paused_at") is not None


def test_the_others_carry_on_and_the_last_one_pauses(
    start_servers: Start, database_url: str
) -> None:
    one, two = start_servers(2, drain_seconds=5)
    first, second = GuestSession.make(one.base), GuestSession.make(one.base)
    handed_over = new_match(first, second, one.base)  # held by the first process
    time.sleep(HEARD)
    _drain(one)
    assert not _paused(database_url, handed_over), "the drained process paused the clocks"
    last = new_match(first, second, two.base)
    _drain(two)  # the last one: nobody carries its matches on
    assert _paused(database_url, last)
