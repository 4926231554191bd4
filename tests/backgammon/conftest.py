"""Shared set-up of the backgammon tests: the public test vectors of ``shared/data``.

The repository is checked out with ``shared/`` beside it (``../shared/data``), here and in CI.
"""

import json
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
SAMPLE = DATA / "backgammon_legal_sample.jsonl"


def sample_cases() -> list[dict[str, Any]]:
    """Every line of the legal-play sample: ``{"id", "dice", "results"}``."""
    if not SAMPLE.is_file():
        raise FileNotFoundError(
            f"{SAMPLE} is missing: the backgammon tests need shared/ checked out beside the repo"
        )
    with SAMPLE.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise every test asking for ``legal_case`` with each line of the sample."""
    if "legal_case" in metafunc.fixturenames:
        cases = sample_cases()
        metafunc.parametrize("legal_case", cases, ids=[f"line{i + 1}" for i in range(len(cases))])


@pytest.fixture(scope="session")
def legal_cases() -> list[dict[str, Any]]:
    """Every line of the sample at once, for tests that walk them all."""
    return sample_cases()
