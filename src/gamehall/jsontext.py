"""JSON text for the server's messages and the store's columns, written by orjson.

Every move of a live match writes its update for each seat and its events for the store:
``json`` took about a tenth of the server's CPU for that, orjson an eighth of ``json``'s time.
The text is the same JSON as ``json.dumps(value, separators=(",", ":"))`` reads back to
(keys that are numbers become strings, as there); the one thing orjson cannot write, an
integer beyond 64 bits, is left to ``json``. A player's frame is read by orjson too, and
whatever it does not read (a number of 20 digits or more, ``NaN``, text that is not JSON)
by ``json``, so that the server reads exactly what ``json`` reads.
"""

import json
import re
from typing import Any, TypeAlias

import orjson
from typing_extensions import TypeAliasType

JsonValue = TypeAliasType(
    "JsonValue", "dict[str, JsonValue] | list[JsonValue] | str | int | float | bool | None"
)
"""A value as JSON holds it: what a stored column or a message reads back to, before it is
read into a typed value (a named alias, so that pydantic reads the views that hold one)."""
JsonObject: TypeAlias = dict[str, JsonValue]
"""A JSON object: what ``to_dict`` writes and ``from_dict`` reads."""

_OPTIONS = orjson.OPT_NON_STR_KEYS
_LONG_NUMBER = re.compile(r"\d{20}")
"""Twenty digits in a row: a number that may not fit in 64 bits."""


def dumps(value: Any) -> str:
    """``value`` as compact JSON text."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, separators=(",", ":"))


def loads(text: str) -> Any:
    """The value of JSON ``text`` as ``json.loads`` reads it; ``ValueError`` if it is none."""
    if _LONG_NUMBER.search(text):  # orjson reads an integer beyond 64 bits as a float
        return json.loads(text)
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
