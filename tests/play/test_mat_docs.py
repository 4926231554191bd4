"""The examples of ``docs/records.md`` run as written."""

from support.docs import run_page


def test_the_records_page_examples_run() -> None:
    result = run_page("docs/records.md")
    assert result.attempted >= 10 and result.failed == 0
