"""Why a forfeit was given, as a stable code stored with its result (``Result.reason``), which
every face says in its reader's words (``forfeit.<code>`` of the catalog).

Who forfeited is not in the code: the result's outcome says it (``-+``: the first player,
``+-``: the second, ``--``: both). Results stored before the codes carry an English sentence:
``code_of`` maps each sentence the hall used to write to its code and keeps any other text as
it was written.
"""

import re

WITHDRAWN = "withdrawn"
"""The player who forfeits has withdrawn from the tournament."""
BOTH_WITHDRAWN = "both-withdrawn"
"""Both players have withdrawn (in a knockout the first still goes through)."""
DIRECTOR = "director"
"""The director decided, before the event, that the player forfeits the round."""
NO_WINNER = "no-winner"
"""The match ended without a winner where it needs one."""
STALLED = "stalled"
"""The match waited for nobody and could not go on."""
ENGINE_FAILED = "engine-failed"
"""The forfeiting player's engine failed."""
TOO_LONG = "too-long"
"""The match did not end within the decisions it may take."""

CODES = (WITHDRAWN, BOTH_WITHDRAWN, DIRECTOR, NO_WINNER, STALLED, ENGINE_FAILED, TOO_LONG)

_OLD_TEXTS = (
    (re.compile(r".+ and .+ have withdrawn", re.S), BOTH_WITHDRAWN),
    (re.compile(r".+ has withdrawn", re.S), WITHDRAWN),
    (re.compile(r".+ forfeited round \d+ by the director's decision(; .+)?", re.S), DIRECTOR),
    (re.compile(r"the match ended without a winner \(.*\)", re.S), NO_WINNER),
    (re.compile(r"the match waited for nobody and could not go on"), STALLED),
    (re.compile(r".+'s engine failed \(.*\)", re.S), ENGINE_FAILED),
    (re.compile(r"the match did not end within \d+ decisions"), TOO_LONG),
)
"""The English sentences results were stored with before the codes, each with its code."""


def code_of(reason: str) -> str:
    """The code of a stored reason: a code as it is, an old English sentence's code, any other
    text as it is."""
    if reason in CODES:
        return reason
    return next((code for text, code in _OLD_TEXTS if text.fullmatch(reason)), reason)
