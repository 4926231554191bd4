"""How many examples a property test tries, scaled by the Hypothesis profile of the run.

A test that sets its own count (``@settings(max_examples=examples(3000))``) gets that count under
the ``full`` profile, a quarter of it under ``ci`` and ten times it under ``thorough``, as the
tests that keep Hypothesis's default get 100, 25 or 1,000 (the profiles are in
``tests/conftest.py``).
"""

from hypothesis import settings

FULL = 100
"""``max_examples`` of the ``full`` profile: a test's own count is meant for it."""


def examples(count: int) -> int:
    """``count`` examples scaled by the loaded profile, at least one."""
    return max(1, round(count * settings.default.max_examples / FULL))
