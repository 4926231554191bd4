"""A language's catalog of texts and the sentences built from it.

The English texts are the source (``en/*.json``, keyed, a file for each part of the hall); every
other language is a gettext catalog that Babel manages
(``locale/<language>/LC_MESSAGES/messages.po``, made from the template ``pybabel extract``
writes), where each keyed text is the message whose context is its key. A text a catalog lacks,
or marks fuzzy, is said in English: only a language whose catalog is complete may be offered to
readers."""

import json
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from types import MappingProxyType

from babel.messages.pofile import read_po

from gamehall.errors import GameError

LANGUAGES = ("en", "ru", "ka", "zh_Hans")
"""The languages with a catalog, as Babel names them; the first is the source, complete by
definition."""


class WordsError(GameError):
    """A language without a catalog, a key it lacks, or a text asked without its values."""


@dataclass(frozen=True)
class Words:
    """The texts of one language, by key (``end.resign``, ``notice.rematch``…)."""

    language: str
    texts: Mapping[str, str]
    missing: frozenset[str] = frozenset()
    """The keys said in English because the language's catalog lacks them."""

    @property
    def complete(self) -> bool:
        """Whether every text is said in this language."""
        return not self.missing

    def say(self, key: str, **values: object) -> str:
        """The text ``key`` with its ``{name}`` marks filled from ``values``."""
        try:
            text = self.texts[key]
        except KeyError:
            raise WordsError(f"no text {key!r} in the {self.language!r} words") from None
        try:
            return text.format_map(values)
        except KeyError as missing:
            raise WordsError(f"the text {key!r} needs a value for {missing}") from None

    def end_reason(self, reason: str, loser: str | None = None) -> str:
        """Why a game or match ended (a reason of the play layer: ``resign``, ``five``…), said
        of ``loser`` (a name, or "you") when the reason is something he did; an unknown reason
        is shown as it is."""
        if loser and f"end.{reason}.by" in self.texts:
            return self.say(f"end.{reason}.by", loser=loser)
        return self.texts.get(f"end.{reason}", reason)

    def names(self, key: str) -> tuple[str, ...]:
        """The names of the values the text ``key`` needs."""
        parsed = string.Formatter().parse(self.texts[key])
        return tuple(name for _, name, _, _ in parsed if name)


def _english() -> dict[str, str]:
    """The English texts of every part's file (``en/*.json``); a key is in one file only."""
    texts: dict[str, str] = {}
    parts = sorted(resources.files(__package__).joinpath("en").iterdir(), key=lambda f: f.name)
    for part in parts:
        if not part.name.endswith(".json"):
            continue
        loaded: dict[str, str] = json.loads(part.read_text(encoding="utf-8"))
        if twice := sorted(set(loaded) & set(texts)):
            raise WordsError(f"en/{part.name} repeats the keys {', '.join(twice)}")
        texts.update(loaded)
    return texts


def _catalog_file(language: str) -> Traversable:
    return resources.files(__package__).joinpath("locale", language, "LC_MESSAGES", "messages.po")


def _translated(language: str) -> dict[str, str]:
    """The keyed texts the catalog of ``language`` translates (not fuzzy, not empty)."""
    with _catalog_file(language).open("rb") as file:
        catalog = read_po(file, locale=language)
    return {
        str(message.context): str(message.string)
        for message in catalog
        if message.context and message.string and not message.fuzzy
    }


@cache
def words(language: str = LANGUAGES[0]) -> Words:
    """The catalog of ``language`` (one of ``LANGUAGES``)."""
    if language not in LANGUAGES:
        raise WordsError(f"no words in {language!r}: the languages are {', '.join(LANGUAGES)}")
    english = _english()
    if language == LANGUAGES[0]:
        return Words(language, MappingProxyType(english))
    translated = _translated(language)
    missing = frozenset(key for key, text in english.items() if text and key not in translated)
    texts = {key: translated.get(key, text) for key, text in english.items()}
    return Words(language, MappingProxyType(texts), missing)
