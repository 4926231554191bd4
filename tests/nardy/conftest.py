"""Shared set-up of the long nardy tests: the public test vectors of ``tests/data``."""

from typing import Any

import pytest

from support.vectors import nardy_legal


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise every test asking for ``sample_case`` with each line of the sample."""
    if "sample_case" in metafunc.fixturenames:
        cases = nardy_legal()
        metafunc.parametrize("sample_case", cases, ids=[f"line{i + 1}" for i in range(len(cases))])


@pytest.fixture(scope="session")
def sample_cases() -> list[dict[str, Any]]:
    """Every line of the sample, for tests that walk them all at once."""
    return nardy_legal()
