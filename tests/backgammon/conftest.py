"""Shared set-up of the backgammon tests: the public test vectors of ``tests/data``."""

from typing import Any

import pytest

from support.vectors import backgammon_legal


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise every test asking for ``legal_case`` with each line of the sample."""
    if "legal_case" in metafunc.fixturenames:
        cases = backgammon_legal()
        metafunc.parametrize("legal_case", cases, ids=[f"line{i + 1}" for i in range(len(cases))])


@pytest.fixture(scope="session")
def legal_cases() -> list[dict[str, Any]]:
    """Every line of the sample at once, for tests that walk them all."""
    return backgammon_legal()
