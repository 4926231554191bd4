"""The server's refusals: each answer of an error carries a stable machine ``code`` (kebab-case,
e.g. ``login-first``) beside its ``detail``, the message in the reader's language.

Programs read the code; people read the detail. A route refuses by raising ``Refusal(status,
code, **values)``: its text is ``error.<code>`` of the catalog (``words/en/errors.json``),
filled with ``values``. Errors of the rules, play and store layers (``GameError``) get a code
by their class; their detail is their own English text or, for other languages, a translated
sentence saying what kind of refusal it is followed by the error's reason in the reader's words
(``Words.refusal``: the catalog's text of the error's ``reason``, else its English message).
"""

from collections.abc import Mapping

from fastapi import HTTPException
from starlette.requests import HTTPConnection

from gamehall.errors import GameError
from gamehall.jsontext import JsonObject, JsonValue
from gamehall.server.language import reader_language
from gamehall.words import words
from gamehall.words.languages import DEFAULT

JsonBody = JsonObject


class Refusal(HTTPException):
    """An HTTP refusal with a stable ``code``; its detail is the text ``error.<code>`` filled
    with ``values``, said in the reader's language (``detail`` holds the English). A refusal
    passing on the ``reason`` of a lower layer (in English) gives ``as_is=True``: English
    readers get the reason alone, others the translated lead-in before it. A value that is a
    ``GameError`` is said in the reader's words (``Words.refusal``). ``reason_code`` is the
    lower layer's reason code, answered beside the code (``reason``)."""

    def __init__(
        self,
        status: int,
        code: str,
        headers: Mapping[str, str] | None = None,
        *,
        as_is: bool = False,
        reason_code: str | None = None,
        **values: object,
    ) -> None:
        self.code = code
        self.values = values
        self.as_is = as_is
        self.reason_code = reason_code
        super().__init__(status, self.said(DEFAULT), dict(headers or {}) or None)

    def said(self, language: str) -> str:
        """The refusal's message in ``language``."""
        if self.as_is and language == DEFAULT:
            return str(self.values["reason"])
        said = words(language)
        values = {
            name: said.refusal(value) if isinstance(value, GameError) else value
            for name, value in self.values.items()
        }
        return said.say(f"error.{self.code}", **values)


def game_code(exc: GameError) -> str:
    """The stable code of a refusal of the rules, play or store layers (by its class, the
    most particular first; another's: ``refused``)."""
    # imported here: the server's modules import this one, and these import theirs
    from gamehall.engines.hints import HintError
    from gamehall.errors import IllegalMoveError, InvalidPositionError, RecordError
    from gamehall.play.clock import ClockError
    from gamehall.play.dice import DiceError
    from gamehall.play.review import EndedGameError
    from gamehall.server.live.persistence import NoSuchMatchError
    from gamehall.store.errors import (
        BadNameError,
        BadPasswordError,
        BlockedError,
        ConflictError,
        NameTakenError,
        NotAllowedError,
        NotFoundError,
        StoreError,
    )
    from gamehall.tournaments.errors import TournamentError

    codes: tuple[tuple[type[GameError], str], ...] = (
        (NameTakenError, "name-taken"),
        (BadNameError, "bad-name"),
        (BadPasswordError, "bad-password"),
        (NotFoundError, "not-found"),
        (BlockedError, "blocked"),
        (NotAllowedError, "not-allowed"),
        (ConflictError, "conflict"),
        (StoreError, "refused"),
        (IllegalMoveError, "illegal-move"),
        (InvalidPositionError, "invalid-position"),
        (RecordError, "bad-record"),
        (HintError, "no-hint"),
        (TournamentError, "tournament-refused"),
        (ClockError, "clock-refused"),
        (DiceError, "dice-refused"),
        (EndedGameError, "game-over"),
    )
    for kind, code in codes:
        if isinstance(exc, kind):
            return code
    if isinstance(exc, NoSuchMatchError):
        return "no-such-match"
    return "refused"


def action_refusal(exc: GameError, seat: int | None, to_act: int | None) -> str:
    """The code of a player's action the match refused: ``not-your-turn`` for a move made out
    of turn, else its class's (``game_code``)."""
    from gamehall.errors import IllegalMoveError  # as in game_code

    if isinstance(exc, IllegalMoveError) and None not in (seat, to_act) and seat != to_act:
        return "not-your-turn"
    return game_code(exc)


def game_said(exc: GameError, language: str, code: str | None = None) -> str:
    """A ``GameError``'s message in ``language``: its own (English) words, or, outside
    English, a translated sentence (that of ``code``, else of its class's code) led before its
    reason in the reader's words."""
    if language == DEFAULT:
        return str(exc)
    said = words(language)
    return said.say(f"error.{code or game_code(exc)}", reason=said.refusal(exc))


STATUS_CODES = {
    400: "bad-request",
    401: "login-first",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    413: "too-large",
    429: "too-many-requests",
    503: "unavailable",
}


def status_code(status: int) -> str:
    """The code of a refusal of the framework (no such page, a wrong method): by its status."""
    return STATUS_CODES.get(status, f"http-{status}")


def body(code: str, detail: JsonValue, reason: str | None = None) -> JsonBody:
    """The JSON body of every refusal: ``{"code": ..., "detail": ...}``, and ``"reason"``, the
    finer code of a refusal of the rules, play or store layers, when it has one."""
    answer: JsonBody = {"code": code, "detail": detail}
    if reason is not None:
        answer["reason"] = reason
    return answer


def refusal_said(connection: HTTPConnection, exc: Refusal) -> JsonBody:
    """The body of ``exc`` for the reader of ``connection``."""
    return body(exc.code, exc.said(reader_language(connection)), exc.reason_code)
