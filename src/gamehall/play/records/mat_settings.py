"""The match settings a ``.mat`` record is replayed with, and the headers that carry them.

A ``.mat`` file names the variant (``; [Variant "Georgian"]``) and the match length; the rules
a match may change from the variant's defaults travel in comment headers, which GNU Backgammon
keeps as comments::

    ; [Crawford "Off"]        the Crawford rule (default: the variant's, on in International)
    ; [Jacoby "On"]           money play: gammons count only once the cube has been turned
    ; [Beavers "On"]          money play: beavers (also on in a money session that holds one)
    ; [Cube cap "64"]         money play: the most the cube may show (default: no cap)
    ; [Surrender "Mars"]      long nardy: what a resignation costs (default "Oin")
    ; [First move "Winner"]   long nardy: who starts the games after the first (default
                              "Alternate")

The header ``EventDate`` ("2024.05.01") gives the time of a replayed match's events (midnight
UTC that day), so that the match's record says the same date.
"""

import calendar
import re
import time
from collections.abc import Mapping

from gamehall.errors import GameError, RecordError
from gamehall.jsontext import JsonObject
from gamehall.play.records.mat_record import VariantName
from gamehall.play.settings import BackgammonRules, MatchSettings, NardySettings

GAMES: dict[VariantName, str] = {
    "international": "backgammon",
    "georgian": "georgian",
    "nardy": "nardy",
}
"""The play layer's game of each record variant."""

_ON = ("on", "true", "yes", "1")
_OFF = ("off", "false", "no", "0")


def _switch(header: Mapping[str, str], key: str) -> bool | None:
    text = header.get(key)
    if text is None:
        return None
    value = text.strip().lower()
    if value in _ON:
        return True
    if value in _OFF:
        return False
    raise RecordError(f'the header [{key} "{text}"] should say "On" or "Off"')


def _choice(header: Mapping[str, str], key: str, allowed: tuple[str, ...]) -> str | None:
    text = header.get(key)
    if text is None:
        return None
    value = text.strip().lower()
    if value not in allowed:
        words = " or ".join(f'"{a.capitalize()}"' for a in allowed)
        raise RecordError(f'the header [{key} "{text}"] should say {words}')
    return value


def match_settings(
    variant: VariantName, length: int, header: Mapping[str, str], *, beavered: bool
) -> MatchSettings:
    """The settings of the match a record holds: its variant and length, and the rules its
    headers set; ``beavered`` says whether the record holds a beaver (in money play, that turns
    beavers on). ``RecordError`` for a
    header that cannot be read or settings the play layer refuses."""
    data: JsonObject = {"game": GAMES[variant], "length": length}
    crawford = _switch(header, "Crawford")
    if crawford is not None:
        data["crawford"] = crawford
    if _switch(header, "Jacoby"):
        data["jacoby"] = True
    beavers = _switch(header, "Beavers")
    if beavers or (beavers is None and beavered and length == 0):
        data["beavers"] = True
    cap = header.get("Cube cap")
    if cap is not None:
        if not cap.strip().isdigit():
            raise RecordError(f'the header [Cube cap "{cap}"] should give a cube value, like "64"')
        data["cube_cap"] = int(cap)
    surrender = _choice(header, "Surrender", ("oin", "mars"))
    if surrender is not None:
        data["surrender_value"] = surrender
    first = _choice(header, "First move", ("alternate", "winner"))
    if first is not None:
        data["first_move"] = first
    try:
        return MatchSettings.from_dict(data)
    except GameError as error:
        raise RecordError(f"the record's match cannot be played: {error}") from None


def settings_header(settings: MatchSettings) -> dict[str, str]:
    """The headers that carry the settings where they differ from the defaults."""
    header: dict[str, str] = {}
    if isinstance(settings, BackgammonRules):
        default_crawford = settings.game == "backgammon"
        crawford = settings.crawford
        if settings.length and crawford not in (None, default_crawford):
            header["Crawford"] = "On" if settings.crawford else "Off"
        if settings.jacoby:
            header["Jacoby"] = "On"
        if settings.beavers:
            header["Beavers"] = "On"
        if settings.cube_cap is not None:
            header["Cube cap"] = str(settings.cube_cap)
    if isinstance(settings, NardySettings):
        if settings.surrender_value != "oin":
            header["Surrender"] = settings.surrender_value.capitalize()
        if settings.first_move != "alternate":
            header["First move"] = settings.first_move.capitalize()
    return header


_DATE = re.compile(r"^\s*(\d{4})\.(\d{2})\.(\d{2})\s*$")


def event_time(header: Mapping[str, str]) -> float:
    """The time of a replayed match's events: midnight UTC on the header's ``EventDate``, or
    0 (1970) when it has none that can be read."""
    found = _DATE.match(header.get("EventDate", ""))
    if found is None:
        return 0.0
    try:
        day = time.strptime("-".join(found.groups()), "%Y-%m-%d")
    except ValueError:
        return 0.0
    return float(calendar.timegm(day))


def event_date(when: float) -> str:
    """The ``EventDate`` header of a match whose events start at ``when``."""
    return time.strftime("%Y.%m.%d", time.gmtime(when))
