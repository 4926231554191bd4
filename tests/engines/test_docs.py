"""The examples of ``docs/engines.md`` and of the package docstring run as written."""

import doctest
from pathlib import Path

import gamehall.engines

DOCS = Path(__file__).resolve().parents[2] / "docs" / "engines.md"


def test_the_guide_examples_run() -> None:
    result = doctest.testfile(str(DOCS), module_relative=False, verbose=False)
    assert result.attempted >= 8 and result.failed == 0


def test_the_package_docstring_examples_run() -> None:
    result = doctest.testmod(gamehall.engines, verbose=False)
    assert result.attempted >= 3 and result.failed == 0
