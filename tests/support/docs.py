"""Running the examples of a documentation page as doctests, as the pages promise."""

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_page(relative: str) -> doctest.TestResults:
    """Run the ``>>>`` examples of the page at ``relative`` (from the repository's root)."""
    return doctest.testfile(
        str(ROOT / relative), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
