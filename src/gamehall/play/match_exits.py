"""Leaving a match before its end, by a player's choice: resigning the whole match, and
aborting it before both players have moved (``docs/protocol.md``, leaving a match).

*Resigning the match* (``resign_match``) is for the tables games' matches of more than one
point (a single game is resigned as a game; a money session ends between games with
``end_session``; renju has no match resignation): at any time of the match, whoever is to act,
the opponent wins the match. The score stays as it stood; the ``match_end`` says the winner and
the reason ``match resigned``.

*Aborting* (``abort``) is allowed until both players have moved: a tables player has moved once
a turn of his has ended (a confirmed play, or a roll that left him no move); a renju player once
he has placed a stone, passed, offered a fifth move or made a choice of the opening rule (all
of them moves of the opening). Once any game has ended the match can no longer be aborted. The
match then ends with no winner and the reason ``aborted``: no result, no rating.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gamehall.errors import IllegalMoveError
from gamehall.play.events import Event

if TYPE_CHECKING:
    from gamehall.play.match import Match

MATCH_RESIGNED = "match resigned"
"""The end reason of a resigned match."""
ABORTED = "aborted"
"""The end reason of an aborted match."""

_TABLES_MOVES = frozenset({"confirm"})
_RENJU_MOVES = frozenset({"move", "pass", "offer", "opening_choice"})
BOTH = frozenset({0, 1})


def movers_after(match: "Match", events: Sequence[Event]) -> frozenset[int]:
    """The players who have moved, with the match's new ``events`` read."""
    movers = set(match.movers)
    kinds = _RENJU_MOVES if match.game == "renju" else _TABLES_MOVES
    for event in events:
        if event.kind == "game_end":
            return BOTH
        if event.kind in kinds and event.player is not None:
            movers.add(event.player)
    return frozenset(movers)


def why_no_match_resignation(match: "Match") -> IllegalMoveError | None:
    """Why the match cannot be resigned as a whole now, or None when it can."""
    if match.game == "renju":
        return IllegalMoveError(
            "a renju match is not resigned as a whole: resign the game", reason="resign-renju"
        )
    if match.settings.length == 0:
        return IllegalMoveError(
            "a money session is not resigned: end it between games", reason="resign-money"
        )
    if match.settings.length == 1:
        return IllegalMoveError("a single game is resigned as a game", reason="resign-single")
    return None


def why_no_abort(match: "Match") -> IllegalMoveError | None:
    """Why the match cannot be aborted now, or None when it can."""
    if match.movers == BOTH:
        return IllegalMoveError(
            "both players have moved: the match can no longer be aborted", reason="abort-late"
        )
    return None


def exits(match: "Match") -> list[str]:
    """The ways out of the match a player may take now: ``abort``, ``resign_match``."""
    if not match.started or match.is_over:
        return []
    found = [] if why_no_abort(match) is not None else ["abort"]
    if why_no_match_resignation(match) is None:
        found.append("resign_match")
    return found


def check(refusal: IllegalMoveError | None) -> None:
    """Refuse an exit with ``refusal``, if there is one."""
    if refusal is not None:
        raise refusal
