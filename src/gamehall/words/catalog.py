"""A language's catalog of texts and the sentences built from it.

The English texts are the source (``en/*.json``, keyed, a file for each part of the hall); every
other language is a gettext catalog that Babel manages
(``locale/<language>/LC_MESSAGES/messages.po``, made from the template ``pybabel extract``
writes), where each keyed text is the message whose context is its key. A text a catalog lacks,
or marks fuzzy, is said in English: only a language whose catalog is complete may be offered to
readers."""

import json
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from gettext import c2py
from importlib import resources
from importlib.resources.abc import Traversable
from types import MappingProxyType

from babel import Locale
from babel.messages.pofile import read_po

from gamehall.errors import GameError


def _catalogs() -> tuple[str, ...]:
    folder = resources.files(__package__).joinpath("locale")
    return tuple(
        sorted(
            entry.name
            for entry in folder.iterdir()
            if entry.joinpath("LC_MESSAGES", "messages.po").is_file()
        )
    )


LANGUAGES = ("en", *_catalogs())
"""The languages with a catalog, as Babel names them: English, the source and complete by
definition, then every language with a catalog in ``locale/`` (adding a language is adding its
catalog)."""


class WordsError(GameError):
    """A language without a catalog, a key it lacks, or a text asked without its values."""


@dataclass(frozen=True)
class Words:
    """The texts of one language, by key (``end.resign``, ``notice.rematch``…)."""

    language: str
    texts: Mapping[str, str]
    missing: frozenset[str] = frozenset()
    """The keys said in English because the language's catalog lacks them."""
    counted: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: MappingProxyType({}))
    """The texts said of a number (``{count} points``), by key, each by the plural category of
    the language (CLDR's ``one``, ``few``, ``many``, ``other``…) its number falls in."""

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

    def say_count(self, key: str, count: int, **values: object) -> str:
        """The counted text ``key`` in the form the language gives ``count`` (its ``{count}``
        mark filled with it), its other marks filled from ``values``."""
        try:
            forms = self.counted[key]
        except KeyError:
            raise WordsError(f"no counted text {key!r} in the {self.language!r} words") from None
        category = Locale.parse(self.language).plural_form(abs(count))
        text = forms.get(category, forms["other"])
        try:
            return text.format_map({**values, "count": count})
        except KeyError as missing:
            raise WordsError(f"the text {key!r} needs a value for {missing}") from None

    def end_reason(self, reason: str, loser: str | None = None) -> str:
        """Why a game or match ended (a reason of the play layer: ``resign``, ``five``…), said
        of ``loser`` (a name, or "you") when the reason is something he did; an unknown reason
        is shown as it is."""
        if loser and f"end.{reason}.by" in self.texts:
            return self.say(f"end.{reason}.by", loser=loser)
        return self.texts.get(f"end.{reason}", reason)

    def refusal(self, error: GameError) -> str:
        """Why ``error`` refused, in this language: the text ``refusal.<reason>`` filled with
        the error's values (in the form its ``count`` asks, if it has one; a value ``v`` that is
        a code with a text ``refusal.<v>.<code>`` is said by that text); the error's own English
        message in English, or when it has no reason or the catalog no text for it."""
        key = f"refusal.{error.reason}"
        if self.language == "en" or error.reason is None:
            return str(error)
        values: dict[str, object] = dict(error.values)
        for name, value in error.values.items():
            if f"refusal.{name}.{value}" in self.texts:
                values[name] = self.say(f"refusal.{name}.{value}", **error.values)
        if key in self.counted and isinstance(count := values.pop("count", None), int):
            return self.say_count(key, count, **values)
        if key in self.texts:
            return self.say(key, **values)
        return str(error)

    def names(self, key: str) -> tuple[str, ...]:
        """The names of the values the text ``key`` needs."""
        parsed = string.Formatter().parse(self.texts[key])
        return tuple(name for _, name, _, _ in parsed if name)


Text = str | dict[str, str]
"""An English text: a sentence, or a counted one's two forms (``{"one": …, "other": …}``)."""

CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories, in the order gettext numbers a catalog's plural forms."""


def _english() -> dict[str, Text]:
    """The English texts of every part's file (``en/*.json``); a key is in one file only."""
    texts: dict[str, Text] = {}
    parts = sorted(resources.files(__package__).joinpath("en").iterdir(), key=lambda f: f.name)
    for part in parts:
        if not part.name.endswith(".json"):
            continue
        loaded: dict[str, Text] = json.loads(part.read_text(encoding="utf-8"))
        if twice := sorted(set(loaded) & set(texts)):
            raise WordsError(f"en/{part.name} repeats the keys {', '.join(twice)}")
        texts.update(loaded)
    return texts


def _catalog_file(language: str) -> Traversable:
    return resources.files(__package__).joinpath("locale", language, "LC_MESSAGES", "messages.po")


def _by_category(language: str, forms: Sequence[str], plural_expr: str) -> dict[str, str]:
    """A catalog's plural forms of one text (numbered by its ``Plural-Forms`` expression) by
    the CLDR category of the numbers each is said of: the category of the first whole number
    in it picks the form; a category of no whole number (Russian's fractions) takes the last."""
    form_of = c2py(plural_expr)
    rule = Locale.parse(language).plural_form
    named = {category: forms[-1] for category in rule.tags | {"other"}}
    for category in CATEGORIES:
        sample = next((n for n in range(1000) if rule(n) == category), None)
        if sample is not None and category in named:
            named[category] = forms[min(form_of(sample), len(forms) - 1)]
    return named


def _translated(language: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The keyed texts the catalog of ``language`` translates (not fuzzy, not empty), and its
    counted texts by plural category."""
    with _catalog_file(language).open("rb") as file:
        catalog = read_po(file, locale=language)
    texts: dict[str, str] = {}
    counted: dict[str, dict[str, str]] = {}
    for message in catalog:
        if not message.context or message.fuzzy:
            continue
        if isinstance(message.string, tuple):
            forms = [str(form) for form in message.string]
            if forms and all(forms):
                counted[str(message.context)] = _by_category(language, forms, catalog.plural_expr)
        elif message.string:
            texts[str(message.context)] = str(message.string)
    return texts, counted


@cache
def words(language: str = LANGUAGES[0]) -> Words:
    """The catalog of ``language`` (one of ``LANGUAGES``)."""
    if language not in LANGUAGES:
        raise WordsError(f"no words in {language!r}: the languages are {', '.join(LANGUAGES)}")
    english = _english()
    plain = {key: text for key, text in english.items() if isinstance(text, str)}
    counts = {key: text for key, text in english.items() if isinstance(text, dict)}
    if language == LANGUAGES[0]:
        return Words(language, MappingProxyType(plain), counted=MappingProxyType(counts))
    translated, counted = _translated(language)
    missing = frozenset(
        [key for key, text in plain.items() if text and key not in translated]
        + [key for key in counts if key not in counted]
    )
    texts = {key: translated.get(key, text) for key, text in plain.items()}
    forms = {key: counted.get(key, text) for key, text in counts.items()}
    return Words(language, MappingProxyType(texts), missing, MappingProxyType(forms))
