"""Every load after a restart holds the clock, whoever triggers it.

Issue 41 (fault 1): after a kill -9 and 40 s down, 91 of 199 matches on ``fischer:30+10`` were
charged up to 44 s and their players lost on time; after a clean restart most were charged the
0.3-3.1 s until the player came back. The start-up resume reloads matches one after another, and
a socket that reached a match first loaded it as if nothing had happened: the stored clock
offset kept (the downtime charged), no hold. Here many matches are restarted with every player
reconnecting at once, before the resume reaches their matches.
"""

import asyncio
from typing import Any

from gamehall.play.actions import action_from_dict
from gamehall.play.settings import MatchSettings
from gamehall.play.views import state_of
from gamehall.server.config import Config
from gamehall.server.live import LiveMatches
from gamehall.server.live.manager import RESTART_GRACE
from gamehall.store import PlayerSeat, Store
from server.helpers import FakeClock, Inbox
from support import aio

MATCHES = 50
DOWNTIME = 40.0


async def _started(store: Store, config: Config, clock: FakeClock) -> dict[str, list[float]]:
    """``MATCHES`` renju matches on ``fischer:30+10``, Black's first move played in each (White's
    clock runs); the clocks' remaining times by match."""
    users = [store.users.create(name, "password-long") for name in ("ann", "bob")]
    seats = [PlayerSeat(u.id, "human", None, u.name) for u in users]
    settings = MatchSettings.from_dict({"game": "renju", "clock": "fischer:30+10"})
    live_matches = LiveMatches(store, config, clock=clock)
    remaining: dict[str, list[float]] = {}
    for _ in range(MATCHES):
        live = await live_matches.get(await live_matches.create(settings, seats))
        black = Inbox(0)
        await live_matches.join(live, black)
        await live_matches.act(live, black, action_from_dict({"kind": "move", "point": "h8"}), 1)
        clocks = state_of(live.match)["clocks"]
        assert clocks["running"] == 1
        remaining[live.id] = list(clocks["remaining"])
    await live_matches.stop()
    return remaining


def _crash(store: Store, match_ids: list[str]) -> None:
    """Make the store look as a killed server leaves it: no pause noted."""
    for match_id in match_ids:
        stored = store.matches.load(match_id)
        assert stored is not None and "paused_at" in stored.summary
        summary = {k: v for k, v in stored.summary.items() if k != "paused_at"}
        store.matches.append(
            match_id, [], secrets=stored.secrets, status="playing", summary=summary
        )


async def _restarted(store: Store, config: Config, clock: FakeClock, seat: int) -> Any:
    """Start again, every match's player at ``seat`` reconnecting at once (before the resume
    reaches most matches); the manager and the sockets by match."""
    live_matches = LiveMatches(store, config, clock=clock)
    assert await live_matches.start() == MATCHES
    live_matches.serving()
    ids = [m.id for m in store.matches.list_matches(status="playing", limit=MATCHES)]

    async def reconnect(match_id: str) -> tuple[str, Inbox]:
        inbox = Inbox(seat)
        await live_matches.join(await live_matches.get(match_id), inbox)
        return match_id, inbox

    sockets = dict(await asyncio.gather(*(reconnect(i) for i in reversed(ids))))
    return live_matches, sockets


def _charged(live_matches: LiveMatches, before: dict[str, list[float]]) -> list[float]:
    """White's time charged since the stop, in every match (none may have flagged)."""
    charged = []
    for match_id, remaining in before.items():
        live = live_matches.cached(match_id)
        assert live is not None and not live.match.is_over, "a player lost on time"
        charged.append(remaining[1] - state_of(live.match)["clocks"]["remaining"][1])
    return charged


def _scenario(store: Store, config: Config, *, crash: bool) -> None:
    clock = FakeClock()

    async def scenario() -> None:
        before = await _started(store, config, clock)
        if crash:
            _crash(store, list(before))
        clock.advance(DOWNTIME)
        live_matches, _ = await _restarted(store, config, clock, seat=0)  # Black comes back
        clock.advance(RESTART_GRACE - 10)
        await asyncio.sleep(0.05)  # any timer due runs
        assert max(_charged(live_matches, before)) == 0  # nobody charged the downtime
        for match_id in before:  # White comes back: their clock goes on from here
            live = live_matches.cached(match_id)
            assert live is not None
            await live_matches.join(live, Inbox(1))
        clock.advance(3)
        await asyncio.sleep(0.05)
        assert _charged(live_matches, before) == [3.0] * MATCHES
        await live_matches.stop()

    aio.run(scenario())


def test_after_a_crash_nobody_is_charged_the_downtime(store: Store, config: Config) -> None:
    _scenario(store, config, crash=True)


def test_after_a_clean_restart_the_time_until_the_player_is_back_is_free(
    store: Store, config: Config
) -> None:
    _scenario(store, config, crash=False)
