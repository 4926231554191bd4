"""Shared test data for the renju tests: the public test vectors of ``tests/data``."""

import pytest

from support.vectors import renju_forbidden


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run each test that asks for ``forbidden_case`` once per line of the vectors file."""
    if "forbidden_case" in metafunc.fixturenames:
        cases = renju_forbidden()
        metafunc.parametrize(
            "forbidden_case", cases, ids=[f"line{i + 1}" for i in range(len(cases))]
        )
