"""Why a tables match refuses an action now, in a player's words: where the game stands
(``phase_words``) and why a double is not allowed (``why_no_double``). Kept apart from the
phase machine so that the wording has one home, where a message catalog will plug in."""

from gamehall.play.tables_snapshot import Phase


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


def why_no_double(*, length: int, crawford: bool, owner: str | None, cube: int) -> str:
    """Why the player on roll may not double: a 1-point match, the Crawford game, the cube
    owned by the opponent (``owner``, his name), or the stake at its cap."""
    if length == 1:
        return "there is no doubling in a 1-point match"
    if crawford:
        return "this is the Crawford game: nobody may double"
    if owner is not None:
        return f"{owner} owns the cube: only the owner may double"
    return f"the stake is {cube}, the most it can be"
