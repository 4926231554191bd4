"""numba's ``njit`` with a type the checker understands: the compiled function keeps the
signature of the Python one. Compiled code is cached beside the sources, so only the first
run of a fresh checkout pays for compiling."""

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])

OPTIONS: dict[str, Any] = {"cache": True, "_nrt": False}
"""Cached on disk, and without numba's reference counting of arrays (``_nrt``, an option of
numba's that its type stubs leave out): its atomic counts on every array passed to a compiled
call took half of the search's time, and the compiled code allocates no arrays, so it needs
none. A kernel that allocated one would not compile."""


def njit(function: F) -> F:
    """Compile ``function`` in nopython mode with :data:`OPTIONS`."""
    return cast(F, numba.njit(**OPTIONS)(function))


def inline(function: F) -> F:
    """As :func:`njit`, and written into each compiled caller (numba's ``inline="always"``):
    a call of a kernel hands over every array of the board's tuples one by one, which in the
    small functions called for every point of a line cost more than their work."""
    return cast(F, numba.njit(inline="always", **OPTIONS)(function))
