"""Test-session settings shared by every part of the suite."""

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the browser tests last: they are the slowest, and the rest should fail fast."""
    items.sort(key=lambda item: "tests/browser/" in item.nodeid)
