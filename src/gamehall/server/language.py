"""Which language the hall speaks to a request's reader, and the languages it offers.

The reader's choice travels in the ``gamehall_language`` cookie (the pages set it from the
language menu, and from a signed-in player's profile, which remembers it across browsers);
without one, the first of the browser's ``Accept-Language`` languages that the hall speaks;
else English. Only a language whose catalog is complete is offered: a half-translated hall is
worse than an English one.
"""

from functools import cache
from typing import Annotated

from babel import Locale
from fastapi import Depends
from starlette.requests import HTTPConnection

from gamehall.words import LANGUAGES, Words, words
from gamehall.words.languages import DEFAULT, negotiate, preferred

LANGUAGE_COOKIE = "gamehall_language"
GEORGIAN_LETTERS = ("\u10d0", "\u10ff")
"""The Mkhedruli letters, the Georgian alphabet in everyday use."""


@cache
def offered() -> tuple[str, ...]:
    """The languages the hall offers its readers: those whose catalog is complete."""
    return tuple(language for language in LANGUAGES if words(language).complete)


def own_name(language: str) -> str:
    """A language's name in that language (``Русский``, ``ქართული``, ``中文 (简体)``)."""
    locale = Locale.parse(language)
    name = locale.get_display_name(locale) or language
    if GEORGIAN_LETTERS[0] <= name[:1] <= GEORGIAN_LETTERS[1]:
        return name  # Georgian's letters have no capitals (Python's upper() gives Mtavruli)
    return name[:1].upper() + name[1:]  # CLDR writes "русский" as in mid-sentence


def reader_language(connection: HTTPConnection) -> str:
    """The language to speak to the reader of ``connection``: his chosen one (the cookie) if
    the hall offers it, else his browser's first that it offers, else English."""
    chosen = connection.cookies.get(LANGUAGE_COOKIE)
    if chosen in offered():
        return chosen
    wanted = preferred(connection.headers.get("accept-language"))
    return negotiate(wanted, offered()) or DEFAULT


def reader_words(connection: HTTPConnection) -> Words:
    """Dependency: the texts of the reader's language."""
    return words(reader_language(connection))


ReaderWords = Annotated[Words, Depends(reader_words)]
"""A route's parameter: the texts of the language the reader reads."""
