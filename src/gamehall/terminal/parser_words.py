"""argparse's own refusals (``invalid choice``, ``unrecognized arguments``, ``the following
arguments are required``…) in the chosen language.

argparse builds them from fixed English templates passed through gettext's ``_()`` and
``ngettext()`` as it parses, then fills their ``%(name)s`` fields. The catalog keys each
template as ``cli.parser.*`` (its English is argparse's template word for word, its fields kept
in every language), and ``speaking`` hands argparse a ``_()`` and an ``ngettext()`` that look
the template up there while a parser parses; a template the catalog does not key stays as
argparse wrote it.
"""

import argparse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

from gamehall.words import Words, words

PREFIX = "cli.parser."
TYPE_PREFIX = PREFIX + "type."
"""The keys of the names of the values an option takes (``int``: a whole number)."""


@cache
def _templates() -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    """The keys of argparse's templates by their English: the plain ones, and the counted
    ones by their singular and plural."""
    english = words("en")
    plain = {
        text: key
        for key, text in english.texts.items()
        if key.startswith(PREFIX) and not key.startswith(TYPE_PREFIX)
    }
    counted = {
        (forms["one"], forms["other"]): key
        for key, forms in english.counted.items()
        if key.startswith(PREFIX)
    }
    return plain, counted


def translator(said: Words) -> Callable[[str], str]:
    """argparse's ``_()`` in ``said``'s language."""
    plain, _ = _templates()

    def gettext(message: str) -> str:
        key = plain.get(message)
        return message if key is None else said.texts[key]

    return gettext


def plural_translator(said: Words) -> Callable[[str, str, int], str]:
    """argparse's ``ngettext()`` in ``said``'s language."""
    _, counted = _templates()

    def ngettext(singular: str, plural: str, count: int) -> str:
        key = counted.get((singular, plural))
        if key is None:
            return singular if count == 1 else plural
        return said.say_count(key, count)

    return ngettext


def type_name(said: Words, kind: object) -> str | None:
    """The name of the kind of value an option takes (``int``, ``float``) in ``said``'s
    language, if the catalog names it."""
    key = TYPE_PREFIX + str(getattr(kind, "__name__", ""))
    return said.texts.get(key)


@contextmanager
def speaking(said: Words) -> Iterator[None]:
    """While it lasts, argparse's refusals are built in ``said``'s language (argparse's
    ``_`` and ``ngettext`` are put back after, also when the parse exits)."""
    module = vars(argparse)
    before = module["_"], module["ngettext"]
    module["_"], module["ngettext"] = translator(said), plural_translator(said)
    try:
        yield
    finally:
        module["_"], module["ngettext"] = before
