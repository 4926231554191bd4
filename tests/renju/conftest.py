"""Shared test data for the renju tests: the public test vectors of ``shared/data``."""

import json
from pathlib import Path
from typing import Any

import pytest

DATA_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "data"
"""``shared/data`` beside the repository (the CI clone has ``shared/`` next to it)."""
FORBIDDEN_SAMPLE = DATA_DIR / "renju_forbidden_sample.jsonl"


def _forbidden_cases() -> list[Any]:
    """Every line of the forbidden-point vectors, as one pytest parameter each."""
    lines = FORBIDDEN_SAMPLE.read_text(encoding="utf-8").splitlines()
    return [
        pytest.param(json.loads(line), id=f"line{number}")
        for number, line in enumerate(lines, start=1)
        if line.strip()
    ]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run each test that asks for ``forbidden_case`` once per line of the vectors file."""
    if "forbidden_case" in metafunc.fixturenames:
        metafunc.parametrize("forbidden_case", _forbidden_cases())
