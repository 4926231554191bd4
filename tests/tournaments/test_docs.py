"""The examples of ``docs/tournaments.md`` and of the package docstring run as written."""

import doctest

import gamehall.tournaments
from support.docs import run_page


def test_the_guide_examples_run() -> None:
    result = run_page("docs/tournaments.md")
    assert result.attempted >= 7 and result.failed == 0


def test_the_package_docstring_examples_run() -> None:
    result = doctest.testmod(gamehall.tournaments, verbose=False)
    assert result.attempted >= 5 and result.failed == 0
