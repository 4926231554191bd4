"""A language's catalog of texts, read once from its JSON file, and the sentences built from it."""

import json
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType

from gamehall.errors import GameError

LANGUAGES = ("en",)
"""The languages with a catalog; the first is the default and is complete."""


class WordsError(GameError):
    """A language without a catalog, a key it lacks, or a text asked without its values."""


@dataclass(frozen=True)
class Words:
    """The texts of one language, by key (``end.resign``, ``notice.rematch``…)."""

    language: str
    texts: Mapping[str, str]

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


@cache
def words(language: str = LANGUAGES[0]) -> Words:
    """The catalog of ``language`` (one of ``LANGUAGES``)."""
    if language not in LANGUAGES:
        raise WordsError(f"no words in {language!r}: the languages are {', '.join(LANGUAGES)}")
    text = resources.files(__package__).joinpath(f"{language}.json").read_text(encoding="utf-8")
    loaded: dict[str, str] = json.loads(text)
    return Words(language, MappingProxyType(loaded))
