"""The engine thread takes the players in turn (issue 41, abuse): one guest's 30 world-class
matches delayed another player's beginner move from 0.01 s to 11.2 s, first come first
served; now a player waits for at most one decision of each other player."""

import asyncio
import time

from gamehall.server.live.engine_turns import EngineTurns
from gamehall.server.live.workers import Workers
from gamehall.server.logs import match_context


def test_the_owners_take_turns_whatever_the_order_they_asked_in() -> None:
    workers = Workers()
    workers.owner_of = lambda match_id: (match_id or "").split("-")[0]
    order: list[str] = []

    def think(name: str) -> None:
        time.sleep(0.02)
        order.append(name)

    async def run() -> None:
        asked = []
        for number in range(6):  # the greedy guest's matches ask first
            with match_context(f"greedy-{number}"):
                asked.append(asyncio.create_task(workers.engine(think, f"greedy {number}")))
        await asyncio.sleep(0)
        with match_context("other-0"):
            asked.append(asyncio.create_task(workers.engine(think, "other")))
        await asyncio.gather(*asked)

    try:
        asyncio.run(run())
    finally:
        workers.close()
    assert order.index("other") <= 2, order  # not seventh: after at most one more of the guest's
    assert sorted(order) == sorted([f"greedy {n}" for n in range(6)] + ["other"])


def test_a_waiter_cancelled_passes_its_turn_on() -> None:
    turns = EngineTurns()

    async def run() -> list[str]:
        done: list[str] = []
        await turns.take("a")  # the thread is busy

        async def wait(owner: str) -> None:
            await turns.take(owner)
            done.append(owner)
            turns.give_back()

        gone = asyncio.create_task(wait("b"))
        kept = asyncio.create_task(wait("c"))
        await asyncio.sleep(0)
        gone.cancel()
        await asyncio.sleep(0)
        turns.give_back()
        await asyncio.wait_for(kept, 1)
        await asyncio.gather(gone, return_exceptions=True)
        await asyncio.wait_for(turns.take("d"), 1)  # and the thread is free again after
        return done

    assert asyncio.run(run()) == ["c"]
