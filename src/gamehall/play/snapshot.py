"""Reading a match's snapshot (``Match.snapshot``) back, field by field, with its types checked.

A snapshot is the match as it stands, saved so that it can be restored without replaying its
log; it is read only from the server's own store, but a snapshot of another version or of the
wrong shape must be refused (``RecordError``) rather than half-restored, so that the caller
replays the log instead.
"""

import math
from collections.abc import Mapping
from typing import TypeGuard, TypeVar

from gamehall.errors import RecordError
from gamehall.jsontext import JsonObject, JsonValue

SNAPSHOT_VERSION = 1
"""The version of ``Match.snapshot``'s form; another version is refused."""

T = TypeVar("T", bound=str)


def is_object(value: object) -> TypeGuard[Mapping[str, JsonValue]]:
    """Whether ``value`` is a JSON object as read (a mapping; its keys are texts in JSON)."""
    return isinstance(value, Mapping)


def is_array(value: object) -> TypeGuard[list[JsonValue]]:
    """Whether ``value`` is a JSON array as read."""
    return isinstance(value, list)


class Fields:
    """A mapping of a snapshot, whose fields are read with the type each must have."""

    def __init__(self, data: object, where: str = "the snapshot") -> None:
        if not is_object(data):
            raise RecordError(f"{where} must be a mapping, not {type(data).__name__}")
        self.data: Mapping[str, JsonValue] = data
        self.where = where

    def value(self, name: str) -> JsonValue:
        """The field ``name`` as it is; RecordError when it is missing."""
        if name not in self.data:
            raise RecordError(f"{self.where} has no {name!r}")
        return self.data[name]

    def _wrong(self, name: str, what: str) -> RecordError:
        return RecordError(f"{self.where}: {name!r} must be {what}, not {self.data.get(name)!r}")

    def integer(self, name: str, *, low: int = 0) -> int:
        """A whole number from ``low`` on (a bool is not one)."""
        value = self.value(name)
        if type(value) is not int or value < low:
            raise self._wrong(name, f"a whole number from {low}")
        return value

    def seat(self, name: str) -> int | None:
        """A player, 0 or 1, or None."""
        value = self.value(name)
        if value is None:
            return None
        if type(value) is not int or value not in (0, 1):
            raise self._wrong(name, "0, 1 or null")
        return value

    def number(self, name: str) -> int | float:
        """A finite number (int or float; not a bool)."""
        value = self.value(name)
        if type(value) is int:
            return value
        if type(value) is not float or not math.isfinite(value):
            raise self._wrong(name, "a number")
        return value

    def flag(self, name: str) -> bool:
        """True or false."""
        value = self.value(name)
        if not isinstance(value, bool):
            raise self._wrong(name, "true or false")
        return value

    def text(self, name: str, *, optional: bool = False) -> str | None:
        """A text, or None when ``optional``."""
        value = self.value(name)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise self._wrong(name, "a text")
        return value

    def choice(self, name: str, allowed: tuple[T, ...]) -> T:
        """One of the texts ``allowed``."""
        value = self.value(name)
        for option in allowed:
            if value == option:
                return option
        raise self._wrong(name, "one of " + ", ".join(allowed))

    def items(self, name: str) -> list[JsonValue]:
        """A list."""
        value = self.value(name)
        if not is_array(value):
            raise self._wrong(name, "a list")
        return value

    def texts(self, name: str) -> list[str]:
        """A list of texts."""
        value = self.items(name)
        texts = [item for item in value if isinstance(item, str)]
        if len(texts) != len(value):
            raise self._wrong(name, "a list of texts")
        return texts

    def pair(self, name: str) -> tuple[int | float, int | float]:
        """A list of two numbers (a score)."""
        value = self.items(name)
        if len(value) != 2:
            raise self._wrong(name, "a list of two numbers")
        both = Fields({"0": value[0], "1": value[1]}, f"{self.where}'s {name}")
        return both.number("0"), both.number("1")

    def fields(self, name: str) -> "Fields":
        """A mapping, read as ``Fields``."""
        return Fields(self.value(name), f"{self.where}'s {name}")

    def maybe_fields(self, name: str) -> "Fields | None":
        """A mapping read as ``Fields``, or None."""
        return None if self.value(name) is None else self.fields(name)

    def object(self, name: str) -> JsonObject | None:
        """A mapping as it is (a copy), or None."""
        fields = self.maybe_fields(name)
        return None if fields is None else dict(fields.data)


def check_version(snapshot: object) -> Fields:
    """The snapshot's fields, once its version is this module's; RecordError otherwise."""
    fields = Fields(snapshot)
    version = fields.data.get("version")
    if type(version) is not int or version != SNAPSHOT_VERSION:
        raise RecordError(
            f"this is not a version {SNAPSHOT_VERSION} match snapshot (its version is "
            f"{version!r}): replay the log instead"
        )
    return fields


def pair_of_seats(value: JsonValue, what: str) -> tuple[int, int]:
    """A ``[player, value]`` pair of whole numbers (a resignation offer)."""
    if is_array(value) and len(value) == 2:
        player, offered = value
        if type(player) is int and type(offered) is int and player in (0, 1):
            return player, offered
    raise RecordError(f"{what} must be a pair [player, value], not {value!r}")
