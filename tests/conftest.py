"""Test-session settings shared by every part of the suite.

The suite runs in parallel (``make test`` uses pytest-xdist with ``--dist loadgroup``). The tests
that cannot share their resources with a parallel worker are kept together in one worker each:
the browser tests (one server and one Chromium for the session) and the store's tests on the
throwaway PostgreSQL (they empty its tables between tests).

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

GROUPS = {"tests/browser/": "browser", "[postgresql": "postgresql"}
"""Test ids that have to run in one worker, by the text their id contains, and their group."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep the browser and PostgreSQL tests each in one worker, and start with the browser
    tests: they are the slowest, and run beside the rest in a parallel run. In a run of one
    process the browser tests go last instead, so that the rest fails fast."""
    for item in items:
        for text, group in GROUPS.items():
            if text in item.nodeid:
                item.add_marker(pytest.mark.xdist_group(group))
    parallel = os.environ.get("PYTEST_XDIST_WORKER") is not None
    items.sort(key=lambda item: ("tests/browser/" in item.nodeid) != parallel)
