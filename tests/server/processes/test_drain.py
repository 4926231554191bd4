"""A process told to stop (SIGTERM) drains (``server/drain.py``): the players of the matches
it serves are told to reconnect (1012), go on on another process, and lose nothing; the
process exits by itself within its drain time."""

import asyncio
import signal
import time

from server.processes.clients import Start
from server.processes.players import (
    GuestSession,
    Seen,
    check_against_store,
    new_match,
    play_matches,
)
from support import aio
from support.services import RedisServer

MATCHES = 3


def test_a_drained_process_hands_its_players_to_another(
    start_servers: Start, redis: RedisServer, database_url: str
) -> None:
    one, two = start_servers(2, redis_url=redis.url, drain_seconds=5)
    matches = []
    for _ in range(MATCHES):
        first, second = GuestSession.make(one.base), GuestSession.make(one.base)
        matches.append((Seen(new_match(first, second, one.base)), first, second))
    seen = [m[0] for m in matches]
    serving = [one]  # where the players connect: the draining process, then the other

    async def scenario() -> float:
        deadline = time.monotonic() + 60
        playing = asyncio.ensure_future(play_matches(lambda: serving[0].base, matches, deadline))
        while min(len(s.events) for s in seen) < 10:  # every match under way
            await asyncio.sleep(0.02)
        serving[0] = two
        assert one.process is not None
        one.process.send_signal(signal.SIGTERM)
        told = time.monotonic()
        await playing
        return told

    told = aio.run(scenario())
    assert one.process is not None
    # stopped by itself, uvicorn's way: the signal raised again once it was done
    assert one.process.wait(timeout=15) == -signal.SIGTERM
    assert time.monotonic() - told < 15
    assert "drained" in one.log()
    check_against_store(database_url, seen)
    for one_match in seen:
        assert 1012 in one_match.closes, one_match.closes  # told to reconnect, not cut off
        assert one_match.connections >= 4  # both seats, on each process
