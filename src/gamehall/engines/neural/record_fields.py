"""Reading the fields of a training record's JSON, each refused with the field named when it
is missing, of the wrong kind, or not expected."""

import math
from collections.abc import Mapping
from typing import TypeVar, cast

from gamehall.errors import GameError

Value = TypeVar("Value")


class TrainingRecordError(GameError):
    """A training record that cannot be read: ``field`` names the part at fault."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(
            f"the training record's {field} {problem}", reason="train-record", field=field
        )


def mapping(data: object, where: str) -> Mapping[str, object]:
    """``data`` as a JSON object."""
    if not isinstance(data, Mapping) or not all(isinstance(k, str) for k in data):
        raise TrainingRecordError(where, "is not a JSON object")
    return cast(Mapping[str, object], data)


def keys(found: Mapping[str, object], where: str, expected: set[str]) -> None:
    """Refuse an object whose fields are not exactly ``expected``."""
    missing, extra = expected - set(found), set(found) - expected
    if missing:
        raise TrainingRecordError(where, f"lacks {', '.join(sorted(missing))}")
    if extra:
        raise TrainingRecordError(where, f"has unknown fields: {', '.join(sorted(extra))}")


def _typed(
    found: Mapping[str, object], name: str, where: str, kind: type[Value], said: str
) -> Value:
    value = found[name]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise TrainingRecordError(f"{where}.{name}", f"is not {said}")
    return value


def text(found: Mapping[str, object], name: str, where: str) -> str:
    """The text field ``name``."""
    return _typed(found, name, where, str, "a text")


def whole(found: Mapping[str, object], name: str, where: str) -> int:
    """The whole-number field ``name``."""
    return _typed(found, name, where, int, "a whole number")


def number(found: Mapping[str, object], name: str, where: str) -> float:
    """The finite number field ``name``."""
    value = found[name]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise TrainingRecordError(f"{where}.{name}", "is not a number")
    return float(value)
