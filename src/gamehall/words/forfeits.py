"""Why a tournament's forfeit was given, in a reader's words: the result's code
(``gamehall.tournaments.forfeits``) said by the catalog's ``forfeit.<code>``, of the player the
outcome names (``-+`` the first, ``+-`` the second) or of both (``forfeit.<code>.both``, for
``--``); a reason stored as a text the hall no longer writes is shown as it was stored."""

from gamehall.tournaments.pairing import Pairing
from gamehall.words.catalog import Words


def forfeit_reason(said: Words, pairing: Pairing) -> str | None:
    """Why ``pairing``'s result is a forfeit, in ``said``'s language (None if it has no
    reason)."""
    result = pairing.result
    if result is None or result.reason is None:
        return None
    key = f"forfeit.{result.reason}"
    if key not in said.texts:
        return result.reason
    first, second = pairing.first, pairing.second or ""
    if result.outcome == "--" and f"{key}.both" in said.texts:
        key = f"{key}.both"
    player = first if result.outcome == "-+" else second
    return said.say(key, player=player, first=first, second=second)
