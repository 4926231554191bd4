"""Babel's extraction of the keyed texts (``en/*.json``): each text becomes a message whose
context is its key and whose id is its English text, as ``pgettext(key, text)`` would mark it,
so that ``pybabel extract`` (``babel.cfg``) puts them in the one template with the texts
marked in the code."""

import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO


def _marks(text: str) -> set[str]:
    return {part.split("}")[0] for part in text.split("{")[1:] if "}" in part}


def extract_words(
    fileobj: IO[bytes],
    keywords: Mapping[str, object],
    comment_tags: Collection[str],
    options: Mapping[str, object],
) -> Iterator[tuple[int, str, tuple[str, ...], list[str]]]:
    """The messages of a catalog file: ``(line, "pgettext", (key, text), comments)``, or for a
    counted text (``{"one": …, "other": …}``) ``(line, "npgettext", (key, one, other), …)``,
    whose plural forms each language's catalog then has as many of as its grammar needs; the
    comments name the values a text is said with."""
    source = fileobj.read().decode("utf-8")
    texts: dict[str, str | dict[str, str]] = json.loads(source)
    lines = source.splitlines()
    for key, text in texts.items():
        if not text:  # said as nothing in every language
            continue
        line = next((n for n, row in enumerate(lines, 1) if row.lstrip().startswith(f'"{key}"')), 0)
        forms = (text["one"], text["other"]) if isinstance(text, dict) else (text,)
        marks = sorted(set().union(*(_marks(form) for form in forms)))
        comments = [f"{{{mark}}} is filled in: keep it as it is" for mark in marks]
        if isinstance(text, dict):
            yield line, "npgettext", (key, *forms), comments
        else:
            yield line, "pgettext", (key, text), comments
