"""The clock's timer in process: one task a match kept while the flag moves later, replaced
when it comes sooner, and a player flagged when their time runs out all the same."""

import asyncio

from gamehall.play.actions import action_from_dict
from gamehall.server.live.clock_watch import MARGIN
from gamehall.server.live.manager import LiveMatches
from gamehall.server.live.matches import LiveMatch
from gamehall.store import Store
from server.helpers import FakeClock, Inbox, live_backgammon, tables_choice
from support import aio


async def _turn(live_matches: LiveMatches, live: LiveMatch, inboxes: list[Inbox]) -> None:
    """The player to act acts until the other one is to act."""
    seat = live.match.to_act
    assert seat is not None
    while live.match.to_act == seat:
        choice = tables_choice(inboxes[seat].last_view())
        assert choice is not None
        action = action_from_dict({"kind": choice[0], **choice[1]})
        await live_matches.act(live, inboxes[seat], action, None)


async def _settle() -> None:
    """Let the timer's task, woken by the fake clock, run (its sleep polls every 2 ms)."""
    await asyncio.sleep(0.05)


def test_the_timer_is_kept_while_the_flag_moves_later_and_the_player_still_flags(
    store: Store,
) -> None:
    async def scenario() -> None:
        live_matches, live, inboxes = await live_backgammon(
            store, "fair", (0, 1), clock="fischer:60+5"
        )
        wall = live_matches.clock
        assert isinstance(wall, FakeClock)
        start = wall()
        first = live.timer
        assert first is not None and live.timer_at == start + 60 + MARGIN
        wall.advance(50)
        await _turn(live_matches, live, inboxes)  # the other's flag is later: kept
        assert live.timer is first and live.timer_at == start + 60 + MARGIN
        wall.advance(10.5)  # the kept timer wakes, finds no flag, and is set again
        await _settle()
        second = live.timer
        assert second is not None and second is not first and first.done()
        assert live.timer_at == start + 50 + 60 + MARGIN
        events = len(live.match.events)
        assert not any(e.kind == "flag" for e in live.match.events)
        await _turn(live_matches, live, inboxes)  # 10 s + 5 s left: sooner, replaced
        assert live.timer is not None and live.timer is not second
        assert live.timer_at == start + 60.5 + 15 + MARGIN
        assert len(live.match.events) > events
        wall.advance(14.9)
        await _settle()
        assert second.cancelled() and not live.match.is_over
        wall.advance(0.2)
        await _settle()
        kinds = [e.kind for e in live.match.events]
        assert kinds[-2:] == ["flag", "match_end"]
        assert live.match.end_reason == "time"
        assert live.timer is None
        for _ in range(500):  # the store's writer runs in a thread of its own: wait for it
            stored = store.matches.load(live.id)
            if stored is not None and stored.status == "over":
                break
            await asyncio.sleep(0.01)
        assert stored is not None and stored.status == "over"
        await live_matches.stop()

    aio.run(scenario())
