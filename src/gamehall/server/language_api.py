"""The hall's words for the pages, in the reader's language, and a player's choice of it.

``GET /api/words`` answers the texts of the catalog (``gamehall.words``) in the language asked
for (``?language=``), else the reader's (``gamehall.server.language``), with the languages the
hall offers for the pages' menu. ``PUT /api/me/language`` remembers a signed-in player's choice,
so that it follows him to another browser.
"""

from typing import Annotated

from fastapi import APIRouter, Query, Request
from pydantic import Field

from gamehall.server.auth import Acting
from gamehall.server.language import offered, own_name, reader_language
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import Answer, Body, Empty
from gamehall.server.services import Hall, on_store_threads
from gamehall.words import words
from gamehall.words.languages import html_tag

router = APIRouter(prefix="/api")


class LanguageChoice(Answer):
    """A language the hall offers: its catalog name, its HTML tag and its own name."""

    language: str
    tag: str
    name: str


class WordsAnswer(Answer):
    """The pages' texts in one language, by key, with the languages one may choose."""

    language: str
    tag: str
    """The language as ``<html lang>`` writes it."""
    texts: dict[str, str]
    counted: dict[str, dict[str, str]]
    """The texts said of a number, by key, each by the CLDR plural category (``one``, ``few``,
    ``many``, ``other``…) that ``Intl.PluralRules`` gives the number."""
    offered: list[LanguageChoice]


class LanguageBody(Body):
    """A player's choice of language: one the hall offers, or null for his browser's."""

    language: str | None = Field(max_length=16)


def _offered_or_refused(language: str) -> str:
    if language not in offered():
        raise Refusal(
            422, "language-not-spoken", language=repr(language), spoken=", ".join(offered())
        )
    return language


@router.get("/words")
async def words_of(
    request: Request, language: Annotated[str | None, Query(max_length=16)] = None
) -> WordsAnswer:
    """The texts of ``language`` (one the hall offers), else of the reader's language."""
    chosen = _offered_or_refused(language) if language else reader_language(request)
    return WordsAnswer(
        language=chosen,
        tag=html_tag(chosen),
        texts=dict(words(chosen).texts),
        counted={key: dict(forms) for key, forms in words(chosen).counted.items()},
        offered=[
            LanguageChoice(language=name, tag=html_tag(name), name=own_name(name))
            for name in offered()
        ],
    )


@router.put("/me/language")
@on_store_threads
def choose_language(body: LanguageBody, session: Acting, hall: Hall) -> Empty:
    """Remember the language the player chose (null: his browser's) for all his browsers."""
    language = _offered_or_refused(body.language) if body.language else None
    hall.store.users.set_language(session.user.id, language)
    return Empty()
