"""The examples of ``docs/nardy.md`` and of the package docstring run as written."""

import doctest
from pathlib import Path

import gamehall.nardy

DOCS = Path(__file__).resolve().parents[2] / "docs" / "nardy.md"


def test_the_guide_examples_run() -> None:
    result = doctest.testfile(
        str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 5 and result.failed == 0


def test_the_package_docstring_examples_run() -> None:
    result = doctest.testmod(gamehall.nardy, verbose=False)
    assert result.attempted > 3 and result.failed == 0
