"""A long help text (an epilog) laid out for the terminal: each line wrapped on its own."""

import textwrap

WIDTH = 95


def paragraphs(text: str, width: int = WIDTH) -> str:
    """``text`` with each of its lines wrapped to ``width`` columns (an indented line keeps its
    indent; the blank lines between paragraphs stay)."""
    return "\n".join(textwrap.fill(line, width) for line in text.split("\n"))
