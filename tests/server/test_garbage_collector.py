"""The app's start tunes CPython's cyclic garbage collector (``tune_garbage_collector``)."""

import gc

from gamehall.server.app import GC_THRESHOLDS
from gamehall.server.config import Config
from server.helpers import running


def test_start_freezes_what_start_up_made_and_makes_collections_rare(config: Config) -> None:
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        with running(config):
            assert gc.get_threshold() == GC_THRESHOLDS
            assert GC_THRESHOLDS[0] > 700
            assert gc.get_freeze_count() > 0
    finally:
        gc.set_threshold(*saved)
