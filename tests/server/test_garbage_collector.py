"""The server keeps CPython's cyclic garbage collector from pausing it (``collector.py``)."""

import asyncio
import gc
import logging
import re
import weakref

import pytest

from gamehall.server.collector import THRESHOLDS, GarbageKeeper
from gamehall.server.config import Config
from server.helpers import running
from support import aio


def test_start_freezes_what_start_up_made_and_makes_collections_rare(config: Config) -> None:
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        with running(config):
            assert gc.get_threshold() == THRESHOLDS
            assert THRESHOLDS[0] > 700
            assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (700, 10, 10)  # given back at the server's stop
        assert gc.get_freeze_count() == 0
    finally:
        gc.set_threshold(*saved)


class Node:
    """An object in a reference cycle."""

    def __init__(self) -> None:
        self.me = self


def test_what_lives_past_a_round_is_frozen_and_a_full_round_frees_frozen_cycles() -> None:
    saved = gc.get_threshold()

    async def scenario() -> tuple[bool, bool, int]:
        keeper = GarbageKeeper(freeze_seconds=0.01, full_seconds=3600)
        keeper.start()
        try:
            node = Node()
            gone = weakref.ref(node)
            await asyncio.sleep(0.05)  # a few rounds: the node is frozen now
            frozen = gc.is_tracked(node) and gc.get_freeze_count() > 0
            del node
            gc.collect()  # an ordinary collection does not look at frozen objects
            kept = gone() is not None
            keeper.collect_all()
            return frozen and kept, gone() is None, keeper.full_collections
        finally:
            await keeper.stop()

    try:
        frozen_and_kept, freed, full = aio.run(scenario())
    finally:
        gc.set_threshold(*saved)
        gc.unfreeze()
    assert frozen_and_kept
    assert freed and full == 1


def test_the_full_round_comes_after_its_interval() -> None:
    saved = gc.get_threshold()

    async def scenario() -> int:
        keeper = GarbageKeeper(freeze_seconds=0.01, full_seconds=0.03)
        keeper.start()
        for _ in range(1000):  # a busy machine's collections may take longer than the rounds
            await asyncio.sleep(0.01)
            if keeper.full_collections:
                break
        await keeper.stop()
        return keeper.full_collections

    try:
        assert aio.run(scenario()) >= 1
    finally:
        gc.set_threshold(*saved)
        gc.unfreeze()


def test_a_full_collection_logs_how_long_it_held_the_process(
    caplog: pytest.LogCaptureFixture,
) -> None:
    keeper = GarbageKeeper()
    try:
        with caplog.at_level(logging.INFO, logger="gamehall.server.collector"):
            keeper.collect_all()
    finally:
        gc.unfreeze()
    [line] = [r.getMessage() for r in caplog.records if "full garbage collection" in r.message]
    assert re.fullmatch(r"full garbage collection: \d+ ms, \d+ objects kept", line), line
