"""Which language the terminal and the command line speak: the one ``--lang`` names, else the
system's (``LC_ALL``, else ``LC_MESSAGES``, else ``LANG``, as POSIX orders them), else English.

``ru_RU.UTF-8`` is Russian; ``C``, ``POSIX`` and an unset or unknown locale are English.
"""

from collections.abc import Mapping

from gamehall.errors import GameError
from gamehall.words import LANGUAGES
from gamehall.words.languages import DEFAULT, negotiate

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment's variables naming the language of messages, the strongest first."""


class UnknownLanguageError(GameError):
    """``--lang`` names a language the hall does not speak."""


def system_language(environment: Mapping[str, str]) -> str:
    """The language the system's locale asks for, if the hall speaks it; else English."""
    for variable in LOCALE_VARIABLES:
        value = environment.get(variable, "")
        if value:  # the first set one decides, as in POSIX
            tag = value.partition(".")[0].partition("@")[0]
            if tag in ("C", "POSIX"):
                return DEFAULT
            return negotiate([tag], LANGUAGES) or DEFAULT
    return DEFAULT


def chosen_language(option: str | None, environment: Mapping[str, str]) -> str:
    """The language of ``--lang`` (a name the hall uses, ``ru``, or a tag, ``ru-RU``); without
    it, the system's. Raises ``UnknownLanguageError`` naming the languages spoken."""
    if option is None:
        return system_language(environment)
    found = option if option in LANGUAGES else negotiate([option], LANGUAGES)
    if found is None:
        raise UnknownLanguageError(
            f"the hall does not speak {option!r}: choose one of {', '.join(LANGUAGES)}"
        )
    return found
