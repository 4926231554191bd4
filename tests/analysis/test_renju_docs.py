"""The examples of the "Renju" section of ``docs/analysis.md`` run as written."""

import doctest
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "analysis.md"


def _section(text: str, title: str) -> str:
    """The text of the ``## title`` section, up to the next section of that level."""
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def test_the_renju_examples_run() -> None:
    text = _section(DOCS.read_text(encoding="utf-8"), "Renju")
    test = doctest.DocTestParser().get_doctest(text, {}, "analysis.md#renju", str(DOCS), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.tries >= 8 and runner.failures == 0
