"""The shapes of JSON handed to the store, told apart without reading anything as ``Any``.

A match's dict, its events and their outcomes come from the play layer as JSON objects; the
store reads the few fields it needs from them (a seq, a kind, the winner) after checking
their shape here. Each function is a type guard: it says what the value is, so that the
caller reads it typed.
"""

from collections.abc import Mapping, Sequence
from typing import TypeGuard


def is_object(value: object) -> TypeGuard[Mapping[str, object]]:
    """Whether ``value`` is a JSON object (a mapping whose keys are text)."""
    return isinstance(value, Mapping) and all(isinstance(key, str) for key in value)


def is_array(value: object) -> TypeGuard[Sequence[object]]:
    """Whether ``value`` is a JSON array (a list or a tuple, not text)."""
    return isinstance(value, list | tuple)
