"""Test-session settings shared by every part of the suite.

``make test`` runs the suite in parallel (pytest-xdist, one worker a core). Every test works in
any worker: each browser-test worker starts its own server and Chromium, and each worker's
store tests on PostgreSQL use a database of their own (``tests/store/conftest.py``).

Hypothesis profiles (``HYPOTHESIS_PROFILE``): ``full``, the default of a plain ``pytest``, runs
each property test with the examples it asks for (Hypothesis's 100 where it asks for none);
``ci``, which ``make test`` uses, a quarter of them; ``thorough`` ten times as many. Tests that
set their own count scale it with ``support.examples.examples``. No profile has a deadline: no
test fails on a time. The suite runs in English (``LANG=C.UTF-8``) wherever it runs.
"""

import os

import pytest
from hypothesis import settings

settings.register_profile("full", max_examples=100, deadline=None)
settings.register_profile("ci", max_examples=25, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "full"))

# The terminal and the CLI speak the system's language (LANG, LC_MESSAGES, LC_ALL): the tests
# read English unless a test sets another, whatever the machine running them is set to.
for _name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the browser tests last: they are the slowest, the rest should fail fast, and
    Playwright's sync API keeps an event loop in the main thread until the session ends."""
    items.sort(key=lambda item: "tests/browser/" in item.nodeid)
