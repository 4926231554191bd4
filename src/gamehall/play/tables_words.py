"""Why a tables match refuses an action now, in a player's words: where the game stands
(``phase_words``), an action out of its phase (``not_now``) and why a double is not allowed
(``no_double``). Kept apart from the phase machine so that the wording has one home; each
refusal carries a reason and values, from which an interface says it in its reader's language
(the catalog's ``refusal.not-now`` fills ``{what}`` and ``{phase}`` from ``refusal.what.<doing>``
and ``refusal.phase.<phase>``)."""

from gamehall.errors import IllegalMoveError
from gamehall.play.tables_snapshot import Phase

DOINGS = {
    "roll": "rolling",
    "move": "moving a checker",
    "play": "playing",
    "undo": "taking a move back",
    "confirm": "confirming the turn",
    "double": "doubling",
    "take": "taking",
    "drop": "dropping",
    "beaver": "beavering",
    "resign": "resigning",
    "accept": "accepting a resignation",
    "decline": "declining a resignation",
}
"""What a player tried, by the action's name, as the refusal says it."""


def phase_words(phase: Phase, mover: str) -> str:
    """Where the game stands, ``mover`` being the name of the player on roll."""
    return {
        "waiting": "the match has not started",
        "roll": f"{mover} is to roll",
        "double": "a double is waiting for an answer",
        "move": f"{mover} is moving",
        "resign": "a resignation is waiting for an answer",
        "between": "the game is over; the next one has not started",
        "over": "the match is over",
    }[phase]


def not_now(doing: str, phase: Phase, mover: str) -> IllegalMoveError:
    """The refusal of ``doing`` (a name of ``DOINGS``, or ``next-game``) while the game is in
    ``phase``."""
    where = phase_words(phase, mover)
    if doing == "next-game":
        message = f"a new game cannot start now ({where})"
        return IllegalMoveError(message, reason="no-new-game-now", phase=phase, name=mover)
    message = f"{DOINGS[doing]} is not possible now ({where})"
    return IllegalMoveError(message, reason="not-now", what=doing, phase=phase, name=mover)


def no_double(*, length: int, crawford: bool, owner: str | None, cube: int) -> IllegalMoveError:
    """Why the player on roll may not double: a 1-point match, the Crawford game, the cube
    owned by the opponent (``owner``, his name), or the stake at its cap."""
    if length == 1:
        return IllegalMoveError(
            "there is no doubling in a 1-point match", reason="no-double-one-point"
        )
    if crawford:
        return IllegalMoveError(
            "this is the Crawford game: nobody may double", reason="no-double-crawford"
        )
    if owner is not None:
        return IllegalMoveError(
            f"{owner} owns the cube: only the owner may double",
            reason="no-double-owner",
            name=owner,
        )
    return IllegalMoveError(
        f"the stake is {cube}, the most it can be", reason="no-double-cap", cube=cube
    )
