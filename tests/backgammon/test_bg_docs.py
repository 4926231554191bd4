"""The examples of ``docs/backgammon.md`` and of the package docstring run as written."""

import doctest
from pathlib import Path

import gamehall.backgammon

DOCS = Path(__file__).resolve().parents[2] / "docs" / "backgammon.md"


def test_the_guide_examples_run() -> None:
    result = doctest.testfile(
        str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 40 and result.failed == 0


def test_the_package_docstring_examples_run() -> None:
    result = doctest.testmod(gamehall.backgammon, verbose=False)
    assert result.attempted > 5 and result.failed == 0
