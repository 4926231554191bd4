"""Text in a terminal's columns: a wide character (Chinese, full-width punctuation) takes two
columns, so a table's words are padded by the columns they take, not by their length."""

import unicodedata


def width(text: str) -> int:
    """How many columns ``text`` takes on a terminal."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def left(text: str, columns: int) -> str:
    """``text`` padded on the right to ``columns`` columns."""
    return text + " " * max(columns - width(text), 0)


def right(text: str, columns: int) -> str:
    """``text`` padded on the left to ``columns`` columns."""
    return " " * max(columns - width(text), 0) + text
