"""numba's ``njit`` with a type the checker understands: the compiled function keeps the
signature of the Python one. Compiled code is cached beside the sources, so only the first
run of a fresh checkout pays for compiling."""

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])


def njit(function: F) -> F:
    """Compile ``function`` in nopython mode, cached on disk."""
    return cast(F, numba.njit(cache=True)(function))
