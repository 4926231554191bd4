"""Which language to speak to a reader: the one he chose, else the first of his browser's (or his
system's) languages that the hall speaks, else English.

A language is named as Babel names it (``en``, ``ru``, ``ka``, ``zh_Hans``); the web's tags
(``zh-CN``, ``ru-RU``) are matched on their language and script, a script a tag leaves out
being the language's usual one (``zh`` and ``zh-CN`` are Simplified Chinese, ``zh-TW``
Traditional, which the hall does not speak).
"""

from collections.abc import Iterable

from babel import Locale, UnknownLocaleError
from babel.core import get_global

DEFAULT = "en"
"""The language of the catalog's source texts, complete by definition."""


def _likely(locale: Locale) -> tuple[str, str]:
    """The language and script of ``locale``, the script filled from CLDR's likely subtags."""
    if locale.script:
        return locale.language, locale.script
    likely: str = get_global("likely_subtags").get(locale.language, locale.language)
    try:
        return locale.language, Locale.parse(likely).script or ""
    except (ValueError, UnknownLocaleError):  # CLDR's likely tag Babel has no data for
        return locale.language, ""


def _parsed(tag: str) -> Locale | None:
    try:
        return Locale.parse(tag.strip().replace("_", "-"), sep="-")
    except (ValueError, TypeError, UnknownLocaleError):
        return None


def preferred(header: str | None) -> list[str]:
    """The language tags of an ``Accept-Language`` header, the most wanted first (ties keep
    their order); malformed entries and ``q=0`` are left out."""
    weighed: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and quality > 0:
            weighed.append((-quality, index, tag.strip()))
    return [tag for _, _, tag in sorted(weighed)]


def negotiate(wanted: Iterable[str], available: Iterable[str]) -> str | None:
    """The first of the ``wanted`` tags (best first) that one of the ``available`` languages
    speaks, as that language's name; ``None`` when none does."""
    spoken = {_likely(locale): name for name in available if (locale := _parsed(name))}
    for tag in wanted:
        locale = _parsed(tag)
        if locale is not None and (found := spoken.get(_likely(locale))) is not None:
            return found
    return None


def html_tag(language: str) -> str:
    """The language as HTML's ``lang`` and HTTP's ``Content-Language`` write it (``zh-Hans``)."""
    return language.replace("_", "-")
