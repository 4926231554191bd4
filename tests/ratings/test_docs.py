"""The examples of ``docs/ratings.md`` and of the package docstring run as written."""

import doctest

import gamehall.ratings
from support.docs import run_page


def test_the_guide_examples_run() -> None:
    result = run_page("docs/ratings.md")
    assert result.attempted > 5 and result.failed == 0


def test_the_package_docstring_examples_run() -> None:
    result = doctest.testmod(gamehall.ratings, verbose=False)
    assert result.attempted >= 3 and result.failed == 0
