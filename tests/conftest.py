"""Test-session settings shared by every part of the suite.

``make test`` runs the suite in parallel (pytest-xdist, one worker a core). Every test works in
any worker: each browser-test worker starts its own server and Chromium, and each worker's
store tests on PostgreSQL use a database of their own (``tests/store/conftest.py``).

Hypothesis profiles (``HYPOTHESIS_PROFILE``): ``full``, the default of a plain ``pytest``, runs
each property test with the examples it asks for (Hypothesis's 100 where it asks for none);
``ci``, which ``make test`` uses, a quarter of them; ``thorough`` ten times as many. Tests that
set their own count scale it with ``support.examples.examples``. No profile has a deadline: no
test fails on a time.
"""

import os

import pytest
from hypothesis import settings

settings.register_profile("full", max_examples=100, deadline=None)
settings.register_profile("ci", max_examples=25, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "full"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the browser tests last: they are the slowest, the rest should fail fast, and
    Playwright's sync API keeps an event loop in the main thread until the session ends."""
    items.sort(key=lambda item: "tests/browser/" in item.nodeid)
