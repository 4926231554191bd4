"""The README's examples run as shown."""

from support.docs import run_page


def test_readme_examples() -> None:
    failures, tried = run_page("README.md")
    assert tried > 10
    assert failures == 0
