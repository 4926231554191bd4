"""The examples of ``docs/nardy.md`` and of the package docstring run as written."""

import doctest

import gamehall.nardy
from support.docs import run_page


def test_the_guide_examples_run() -> None:
    result = run_page("docs/nardy.md")
    assert result.attempted > 5 and result.failed == 0


def test_the_package_docstring_examples_run() -> None:
    result = doctest.testmod(gamehall.nardy, verbose=False)
    assert result.attempted > 3 and result.failed == 0
